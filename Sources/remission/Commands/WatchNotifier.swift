import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionViews
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `watch --notify`: each refresh's torrents go through `notify`'s use case (`NotifyPoll`, the same
/// state files, so a `notify` running at once reports nothing twice) and its events become desktop
/// notifications. Recording and notifying run on a thread of their own, never in the screen's loop;
/// a refresh that comes while the last one is still being reported is skipped (the next carries
/// the same news, as the state remembers what was reported).
final class WatchNotifier: Sendable {
    private let server: String
    private let url: String
    private let store: NotifyMemoryStore
    private let delivery: NotifyDelivery
    /// Whether a report runs, and the problem line it left for the status line.
    private let state = Mutex<(busy: Bool, note: String?)>((false, nil))

    /// `exec`: `--notify-exec`'s command, run per event as `notify --exec` runs it (its output
    /// never reaches the screen: stdout goes to /dev/null, stderr to the status line's problem).
    init(session: RemoteSession, paths: StoragePaths, exec: String?) {
        server = session.target.label
        url = session.target.endpoint.url
        store = NotifyMemoryStore(paths: paths)
        delivery = NotifyDelivery(
            desktop: DesktopNotifier(), exec: exec.map { ExecHook(command: $0) }, writesLines: false)
    }

    /// Takes one refresh (the torrents, or why it failed) and the chain the session's connection
    /// presented (read here, between jobs: the session is otherwise the running job's); returns a
    /// problem to show on the status line, once, if the last report had one.
    func refreshed(_ result: Result<[Torrent], Failure>, session: RemoteSession) -> String? {
        let certificates = NotifyPoll.presentedCertificates(session)
        let sighting = NotifyPoll.sighting(result, certificates: certificates) { FailureText.reason($0) }
        let start: Bool = state.withLock { state in
            guard !state.busy else { return false }
            state.busy = true
            return true
        }
        if start, let thread = startThread({ self.report(sighting) }) { pthread_detach(thread) }
        return state.withLock { state in
            defer { state.note = nil }
            return state.note
        }
    }

    private func report(_ sighting: ServerSighting) {
        var note: String?
        do {
            let events = try NotifyPoll.record(sighting, server: server, url: url, store: store, now: currentUnixTime())
            note = delivery.deliver(events).first
        } catch {
            note = NotifyText.stateProblem(
                server: server, FailureText.message(Failure(.storage(error)), now: currentUnixTime()))
        }
        state.withLock { state in
            state.busy = false
            if let note { state.note = note }
        }
    }
}
