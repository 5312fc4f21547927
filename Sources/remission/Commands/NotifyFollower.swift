import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

/// One server `notify` follows, polled on a thread of its own, so that a hung server never delays
/// another beyond its own `--timeout`. The session is kept between polls (one connection, one
/// session id) and opened again after a failed poll, so trust accepted or a password stored
/// meanwhile is taken up.
///
/// `@unchecked Sendable`: `session` and `stateFailing` are used by the follower's one thread only
/// (or by `concurrently`'s one task for it with `--once`).
final class NotifyFollower: @unchecked Sendable {
    let name: String
    private let context: SessionContext
    private let store: NotifyMemoryStore
    private var session: RemoteSession?
    private var stateFailing = false

    init(name: String, context: SessionContext) {
        self.name = name
        var context = context
        context.journal = nil  // a service that runs for weeks writes no record per poll
        self.context = context
        store = NotifyMemoryStore(paths: context.paths)
    }

    /// Polls once: the events to report, and the problem lines to show.
    func poll() -> (events: [NotifyEvent], problems: [String]) {
        let (sighting, url) = observe()
        do throws(StorageError) {
            let events = try NotifyPoll.record(
                sighting, server: name, url: url, store: store, now: currentUnixTime())
            stateFailing = false
            return (events, [])
        } catch {
            defer { stateFailing = true }
            return (
                [],
                stateFailing
                    ? []
                    : [
                        NotifyText.stateProblem(
                            server: name, FailureText.message(Failure(.storage(error)), now: currentUnixTime()))
                    ]
            )
        }
    }

    /// What the server showed this time, and its URL.
    private func observe() -> (ServerSighting, String) {
        let describe: (Failure) -> String = { FailureText.reason($0) }
        let opened: RemoteSession
        if let session {
            opened = session
            opened.restartDeadline(seconds: context.transportOptions.timeoutSeconds)
        } else {
            do throws(Failure) {
                opened = try RemoteSession.open(context, server: name, prompt: nil)
            } catch {
                let url = (try? context.locate(name))?.endpoint.url ?? name
                return (NotifyPoll.sighting(.failure(error), certificates: [], describe: describe), url)
            }
        }
        let fetched: Result<[Torrent], Failure>
        do throws(Failure) { fetched = .success(try NotifyPoll.fetch(opened)) } catch { fetched = .failure(error) }
        session = (try? fetched.get()) == nil ? nil : opened
        let certificates = NotifyPoll.presentedCertificates(opened)
        return (
            NotifyPoll.sighting(fetched, certificates: certificates, describe: describe), opened.target.endpoint.url
        )
    }
}
