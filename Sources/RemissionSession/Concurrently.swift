import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `body` for each element on its own thread and returns the results in order.
///
/// One thread per element, not a task group: the checks block in libcurl, and the cooperative pool
/// has one thread per core (two here), which would check two servers at a time.
public func concurrently<Element: Sendable, Result: Sendable>(
    _ elements: [Element], _ body: @escaping @Sendable (Element) -> Result
) -> [Result] {
    guard elements.count > 1 else { return elements.map(body) }
    let results = Mutex<[Int: Result]>([:])
    var threads: [pthread_t] = []
    for (index, element) in elements.enumerated() {
        let job = ThreadJob {
            let result = body(element)
            results.withLock { $0[index] = result }
        }
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { raw in
                Unmanaged<ThreadJob>.fromOpaque(raw!).takeRetainedValue().work()
                return nil
            }, Unmanaged.passRetained(job).toOpaque())
        if started == 0 {
            threads.append(thread)
        } else {
            job.work()  // no thread to be had: run it here rather than lose it
        }
    }
    for thread in threads { pthread_join(thread, nil) }
    return results.withLock { collected in elements.indices.map { collected[$0]! } }
}

private final class ThreadJob: Sendable {
    public let work: @Sendable () -> Void
    public init(_ work: @escaping @Sendable () -> Void) { self.work = work }
}
