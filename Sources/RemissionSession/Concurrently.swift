import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `body` for each element on its own thread and returns the results in order.
///
/// One thread per element, not a task group: the checks block in their transport, and the cooperative pool
/// has one thread per core (two here), which would check two servers at a time.
public func concurrently<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ body: @escaping @Sendable (Element) -> Result
) -> [Result] {
    guard elements.count > 1 else { return elements.map(body) }
    let results = Mutex<[Int: Result]>([:])
    var threads: [pthread_t] = []
    for (index, element) in elements.enumerated() {
        let work: @Sendable () -> Void = {
            let result = body(element)
            results.withLock { $0[index] = result }
        }
        if let thread = startThread(work) {
            threads.append(thread)
        } else {
            work()  // no thread to be had: run it here rather than lose it
        }
    }
    for thread in threads { pthread_join(thread, nil) }
    return results.withLock { collected in elements.indices.map { collected[$0]! } }
}

/// Runs `work` on a new thread and returns it (to join or detach), or nil when no thread can be had
/// (the caller decides whether to run `work` itself).
public func startThread(_ work: @escaping @Sendable () -> Void) -> pthread_t? {
    let job = ThreadJob(work)
    var thread = pthread_t()
    let started = pthread_create(
        &thread, nil,
        { raw in
            Unmanaged<ThreadJob>.fromOpaque(raw!).takeRetainedValue().work()
            return nil
        }, Unmanaged.passRetained(job).toOpaque())
    guard started == 0 else {
        Unmanaged.passUnretained(job).release()
        return nil
    }
    return thread
}

private final class ThreadJob: Sendable {
    let work: @Sendable () -> Void
    init(_ work: @escaping @Sendable () -> Void) { self.work = work }
}
