import Logging
import RemissionModel
import RemissionRPC
import RemissionStorage
import RemissionTransport
import RemissionTrust
import Synchronization

/// A connected RPC client for the torrent commands, with the same trust, credentials and failures as
/// `check`: an untrusted or offline server gives the same `Failure`, so the same words and exit code.
public struct RemoteSession {
    public let target: ServerTarget
    public let transport: any ServerTransport
    public let client: RPCClient
    /// Where this run's diagnostics record is noted (nil: no log).
    public let journal: DiagnosticsJournal?
    /// What the calls of this run returned, folded (`answered`).
    private let answers = RunAnswers()
    /// The incremental polling of this server's torrent list (`pollTorrents`).
    let polls = TorrentPolls()
    /// What runs remember of the server: read when the session opens, written from what calls learned.
    let facts: ServerFacts?

    init(
        target: ServerTarget, transport: any ServerTransport, client: RPCClient, journal: DiagnosticsJournal?,
        facts: ServerFacts? = nil
    ) {
        self.target = target
        self.transport = transport
        self.client = client
        self.journal = journal
        self.facts = facts
    }

    /// Resolves NAME (or the context's default target), builds the client. Says nothing: plain HTTP
    /// to a remote host is a view's warning (`target.needsPlainHTTPWarning`).
    public static func open(
        _ context: SessionContext, server name: String?, overrides: TrustOverrides = TrustOverrides(),
        auth: AuthRequest = AuthRequest(), prompt: PasswordPrompt?
    ) throws(Failure) -> RemoteSession {
        let target = try context.resolveTarget(name, overrides: overrides, auth: auth, prompt: prompt)
        let transport: any ServerTransport
        do { transport = try makeTransport(target, options: context.transportOptions) } catch {
            throw target.failure(cause: .transport(error))
        }
        let client = RPCClient(transport: transport, credentials: target.credentials, logger: context.logger)
        client.gatewayHeaders = target.headers
        client.requiredRPCVersion = RPCError.minimumRPCVersion  // refused before any torrent request, as `check` does
        client.deadline = client.deadline(inSeconds: context.transportOptions.timeoutSeconds)
        let facts = ServerFacts(
            cache: ServerFactsCache(paths: context.paths), endpoint: target.endpoint, logger: context.logger)
        if let known = facts.known { client.assume(known) }
        return RemoteSession(
            target: target, transport: transport, client: client, journal: context.journal, facts: facts)
    }

    /// Gives the next operation the whole `--timeout` again (each refresh of `watch` is one).
    public func restartDeadline(seconds: Double) {
        client.deadline = client.deadline(inSeconds: seconds)
    }

    /// Notes, for the diagnostics log, the ids of the torrents the command acts on or shows.
    public func noteTorrents(_ ids: [Int]) {
        journal?.noteTorrents(ids)
    }

    /// Adds to the noted ids (`watch`: each action on torrents, as it goes).
    public func noteMoreTorrents(_ ids: [Int]) {
        journal?.noteMoreTorrents(ids)
    }

    /// Runs RPC calls; an error becomes this server's `Failure`. What their replies showed (version,
    /// dialect; never what the cache assumed), the timings and the failure are noted for the
    /// diagnostics log, and kept for `answered`.
    public func run<T>(_ body: (RPCClient) throws(RPCError) -> T) throws(Failure) -> T {
        let reported = client.reporting(body)
        answers.add(reported.report)
        if let learned = reported.report.learned { facts?.keep(learned) }
        switch reported.result {
        case .success(let value):
            journal?.noteProgress(reported.report, failure: nil)
            return value
        case .failure(let error):
            let failure = target.failure(error)
            journal?.noteProgress(reported.report, failure: failure)
            throw failure
        }
    }

    /// What the calls of this run (every `run`) returned, folded: `authenticated` when any request with
    /// credentials was answered 2xx, so a password typed at the prompt worked (`StoredPasswords.offer`).
    public var answered: CallReport { answers.report }
}

/// The fold of the `CallReport`s one `RemoteSession` got back. A class, so that the session value
/// can be copied into `watch`'s jobs and still add to one record; they run one at a time.
private final class RunAnswers: Sendable {
    private let state = Mutex(CallReport())

    func add(_ report: CallReport) { state.withLock { $0 = $0.followed(by: report) } }

    var report: CallReport { state.withLock { $0 } }
}

extension ServerTarget {
    /// Plain HTTP to a non-loopback host that the user has not acknowledged: every command warns
    /// (PRODUCT.md §2).
    public var needsPlainHTTPWarning: Bool {
        endpoint.scheme == .http && !endpoint.isLoopback && !trust.httpAcknowledged
    }
}

/// What an earlier run learned of the server (its rpc-version and dialect), which spares this one the
/// `session-get` before its request, and what this run learns, kept for the next. A cache: a failed
/// write costs the next run one exchange, so it is logged, not reported.
struct ServerFacts {
    let cache: ServerFactsCache
    let endpoint: ServerEndpoint
    let logger: Logger
    /// What the cache held when the session opened.
    let known: KnownServer?

    init(cache: ServerFactsCache, endpoint: ServerEndpoint, logger: Logger) {
        self.cache = cache
        self.endpoint = endpoint
        self.logger = logger
        known = cache.load(for: endpoint)
    }

    /// Saves what a call's replies showed, unless the cache already holds it.
    func keep(_ learned: KnownServer) {
        guard learned != known else { return }
        do { try cache.save(learned, for: endpoint) } catch {
            logger.debug("server facts not cached", metadata: ["cache.error": .string("\(error)")])
        }
    }
}
