import Logging
import RemissionModel
import RemissionTransport

/// A Transmission RPC client for one endpoint (the transport is bound to it).
///
/// It performs the 409 `X-Transmission-Session-Id` handshake on any call (the id rotates: the same
/// request is resent with the new one), picks the dialect (classic until the server shows it speaks
/// JSON-RPC 2.0, see `dialect`) and gates on the rpc-version, all decided by `CallStateMachine`;
/// retries transient faults per `retryPolicy` (a request that is not idempotent only when it never
/// left), maps every failure to one `RPCError`, and logs each exchange at debug level with secrets
/// masked. `reporting` returns what a call's replies showed (`CallReport`).
///
/// Not thread-safe: one client is used from one task or thread at a time, as the CLI does.
public final class RPCClient {
    public static let sessionIdHeader = "X-Transmission-Session-Id"
    public static let rpcVersionHeader = "X-Transmission-Rpc-Version"
    /// Above this (or for torrent-add), a first request waits for a small `session-get` to learn the
    /// session id first.
    static let largeFirstRequestBytes = 4096

    let transport: any HTTPTransport
    /// Sent with every request (the transport sends them only once trust is decided).
    public var credentials: BasicCredentials?
    /// An authentication gateway's headers, sent with every request (after trust, like credentials);
    /// the log shows a secret one's name only.
    public var gatewayHeaders: [GatewayHeader] = []
    public var retryPolicy: RetryPolicy
    /// What the client knows of the server between calls (session id, dialect, versions): changed
    /// only by `CallStateMachine` and `session-get` replies. Decisions about a call's outcome read the
    /// call's `CallReport` (`reporting`), never this: it may hold what an earlier run remembered.
    var knowledge: ServerKnowledge

    /// The wire format in use: classic until the server shows it speaks JSON-RPC 2.0 (a 409 with
    /// `X-Transmission-Rpc-Version`, or `session-get` reporting rpc-version ≥ 18), or remembered.
    var dialect: RPCDialect { knowledge.dialect }
    /// The current session id, from the last 409.
    var sessionId: String? { knowledge.sessionId }
    /// The `X-Transmission-Rpc-Version` semver from a 409 (Transmission 4.1+), or remembered.
    var headerRPCVersion: String? { knowledge.headerSemver }
    /// The rpc-version a `session-get` reported, or the remembered one (`assume`).
    var rpcVersion: Int? { knowledge.rpcVersion }
    /// Transmission's version text from the last `session-get` that reported it.
    var serverVersion: String? { knowledge.serverVersion }

    /// The oldest rpc-version this client works with, or nil to ask nothing. When set, the first
    /// call that is not `session-get` is preceded by a small `session-get` (rpc-version, its minimum,
    /// the version), and every `session-get` reply must report an rpc-version at least this:
    /// otherwise `.unsupportedVersion` (or `.malformed` when it reports none), before anything else
    /// is sent. The same small request settles the session id and the dialect.
    public var requiredRPCVersion: Int?

    /// When the whole operation must be over (`clock`'s monotonic milliseconds): `--timeout` bounds
    /// a command, retries included, not each attempt. Requests get what is left; no retry starts
    /// after it.
    public var deadline: Double?

    /// A deadline `seconds` from now on this client's clock.
    public func deadline(inSeconds seconds: Double) -> Double {
        clock.monotonicMilliseconds + max(0, min(seconds, 86_400)) * 1000
    }

    let logger: Logger
    private var random: any RandomSource
    /// Deadlines, the log's elapsed times and the waits between retries; the session's poll reads
    /// it too (`RemoteSession.pollTorrents`).
    public let clock: any TimeSource
    private var nextTag = 1
    /// What the calls of the innermost `reporting` block showed so far (nil outside one).
    private var ongoing: CallReport?

    /// - Parameters:
    ///   - transport: sends requests to the server's RPC URL.
    ///   - credentials: for HTTP Basic authentication; nil when the server needs none.
    ///   - retryPolicy: retries for transient faults; `.none` to report the first failure.
    ///   - dialect: the starting dialect; keep `.classic` unless the server is known to be 4.1+.
    ///   - logger: receives the masked request log at debug (and headers at trace) level.
    public init(
        transport: any HTTPTransport,
        credentials: BasicCredentials? = nil,
        retryPolicy: RetryPolicy = .standard,
        dialect: RPCDialect = .classic,
        random: any RandomSource = SystemRandomSource(),
        clock: any TimeSource = SystemClock(),
        logger: Logger
    ) {
        self.transport = transport
        self.credentials = credentials
        self.retryPolicy = retryPolicy
        self.knowledge = ServerKnowledge(dialect: dialect)
        self.random = random
        self.clock = clock
        self.logger = logger
    }

    /// Takes what an earlier run learned of this server instead of asking it again: the first call
    /// goes first, in `known.dialect` (an upload still waits for a small `session-get`, for the
    /// session id). The 409 that answers a fresh process is compared with it: another
    /// `X-Transmission-Rpc-Version`, one where there was none or none where there was one, means
    /// another server answers at this address now, and the version is asked before the resend,
    /// as without it. Ignored without `requiredRPCVersion`, or below it. What is assumed is never in
    /// a `CallReport`: only what replies show is.
    public func assume(_ known: KnownServer) {
        guard let required = requiredRPCVersion, known.rpcVersion >= required, rpcVersion == nil else { return }
        knowledge.assume(known)
    }

    /// Runs `body` (any calls of this client) and returns its result with what the replies of those
    /// calls showed: whether a request with credentials was answered 2xx, the rpc-version, dialect
    /// and session id seen. Also when a call failed.
    public func reporting<T>(_ body: (RPCClient) throws(RPCError) -> T) -> Reported<T> {
        let outer = ongoing
        ongoing = CallReport()
        let result: Result<T, RPCError>
        do { result = .success(try body(self)) } catch { result = .failure(error) }
        let report = ongoing ?? CallReport()
        ongoing = outer.map { $0.followed(by: report) }
        return Reported(result, report: report)
    }

    /// Calls any method. Top-level argument keys are given in classic spelling and respelled for
    /// JSON-RPC; values are sent as they are. Returns the reply's `arguments` (classic) or
    /// `result` (JSON-RPC) object.
    public func call(_ method: RPCMethod, arguments: JSONObject = JSONObject()) throws(RPCError) -> JSONValue {
        let reply = try perform(method) { dialect in
            var respelled = JSONObject()
            for (key, value) in arguments { respelled[dialect.spell(key)] = value }
            return respelled
        }
        return .object(reply)
    }

    /// Sends one call, retrying transient faults, and returns the reply's payload object.
    /// `arguments` is asked again for each attempt, because the dialect may change in between.
    func perform(_ method: RPCMethod, arguments: (RPCDialect) -> JSONObject) throws(RPCError) -> JSONObject {
        try perform(method, arguments: arguments) { (body: [UInt8]?) throws(RPCError) -> JSONObject in
            guard let body else { return JSONObject() }
            let reply = try RPCEnvelope.parse(body)
            logReply(method, reply: reply)
            return try RPCEnvelope.payload(of: reply).object
        }
    }

    /// `perform` with the reply read by `read`: given the body of a 200, or nil for a 204.
    ///
    /// A transient fault is retried (`retryPolicy`) only when the request that failed is idempotent,
    /// or the fault shows it never left (PRODUCT.md §2): a `torrent-remove` whose answer never came
    /// is not sent again.
    func perform<Reply>(
        _ method: RPCMethod, arguments: (RPCDialect) -> JSONObject, read: ([UInt8]?) throws(RPCError) -> Reply
    ) throws(RPCError) -> Reply {
        var attempt = 1
        while true {
            // An upload waits for a session id (the first request of a process is answered 409, and
            // by Transmission 4.1 in the other dialect), so its body is sent once.
            let upload = sessionId == nil && method != .sessionGet && isUpload(arguments(dialect))
            var machine = CallStateMachine(
                method: method, knowledge: knowledge, requiredRPCVersion: requiredRPCVersion,
                sendsCredentials: credentials != nil, upload: upload)
            do {
                defer { ongoing = ongoing?.followed(by: machine.report) }
                return try drive(&machine, attempt: attempt, arguments: arguments, read: read)
            } catch {
                let idempotent = machine.lastSentIsIdempotent
                guard retryPolicy.allowsRetry(after: error, attempt: attempt, idempotent: idempotent) else {
                    if error.isTransient, !idempotent, attempt < retryPolicy.maxAttempts {
                        logNotResent(method, error: error)
                    }
                    throw error
                }
                let delay = retryPolicy.delayMilliseconds(beforeRetry: attempt, randomFraction: random.nextFraction())
                if let left = millisecondsLeft(), left <= delay { throw error }  // no time for another try
                logRetry(method, attempt: attempt, delay: delay, error: error)
                clock.sleep(milliseconds: delay)
                attempt += 1
            }
        }
    }

    /// One attempt: the steps of `machine`, each request sent and its response handed back.
    private func drive<Reply>(
        _ machine: inout CallStateMachine, attempt: Int, arguments: (RPCDialect) -> JSONObject,
        read: ([UInt8]?) throws(RPCError) -> Reply
    ) throws(RPCError) -> Reply {
        var step = machine.start()
        while true {
            switch step {
            case .send(let request, let sessionId, let dialect):
                let response: HTTPResponse
                switch request {
                case .call:
                    response = try exchange(
                        machine.method, attempt: attempt, arguments: arguments(dialect), sessionId: sessionId,
                        dialect: dialect, idempotent: machine.method.isIdempotent)
                case .versionQuery:
                    let fields = requiredRPCVersion == nil ? [SessionField.rpcVersion] : SessionField.versionInfo
                    let query: JSONObject = ["fields": JSONValue(fields.map { $0.name(in: dialect) })]
                    response = try exchange(
                        .sessionGet, attempt: attempt, arguments: query, sessionId: sessionId, dialect: dialect,
                        idempotent: true)
                }
                step = machine.next(after: response)
                adopt(machine.knowledge, after: response)
            case .answered(let response, .versionQuery):
                let body = try interpret(response)
                let reply = try RPCEnvelope.parse(body ?? [])
                logReply(.sessionGet, reply: reply)
                let session = SessionInfo(json: try RPCEnvelope.payload(of: reply).object)
                step = machine.next(afterVersion: session.rpcVersion, version: session.version)
                adopt(machine.knowledge, after: nil)
                if case .send = step, let rpcVersion = session.rpcVersion { learned(rpcVersion) }
            case .answered(let response, .call):
                return try read(try interpret(response))
            case .failed(let error):
                throw error
            }
        }
    }

    /// Takes what the machine knows now, logging a new session id and a change of dialect.
    private func adopt(_ next: ServerKnowledge, after response: HTTPResponse?) {
        if response?.status == 409, let id = next.sessionId {
            logger.debug("RPC session id received", metadata: ["rpc.session_id": .string(LogMasking.mask(id))])
        }
        if next.dialect != knowledge.dialect {
            let reason: String
            if response == nil {
                reason = "session-get reported rpc-version \(next.rpcVersion ?? 0)"
            } else {
                reason =
                    next.headerSemver.map { "409 carried \(Self.rpcVersionHeader): \($0)" }
                    ?? "409 carried no \(Self.rpcVersionHeader)"
            }
            logger.debug(
                "RPC dialect switched",
                metadata: ["rpc.dialect": .string(next.dialect.description), "rpc.reason": .string(reason)])
        }
        knowledge = next
    }

    /// A `session-get` reported `rpcVersion` and it passed `requiredRPCVersion`: what a later run may
    /// `assume`.
    func learned(_ rpcVersion: Int) {
        var seen = CallReport()
        seen.learned = KnownServer(rpcVersion: rpcVersion, headerSemver: headerRPCVersion, dialect: dialect)
        ongoing = ongoing?.followed(by: seen)
    }

    /// Builds, sends and logs one HTTP request.
    private func exchange(
        _ method: RPCMethod, attempt: Int, arguments: JSONObject, sessionId: String?, dialect: RPCDialect,
        idempotent: Bool
    ) throws(RPCError) -> HTTPResponse {
        let tag = nextTag
        nextTag += 1
        let envelope = RPCEnvelope.request(method: method, arguments: arguments, tag: tag, dialect: dialect)
        var headers = [HTTPHeader("Content-Type", "application/json")]
        if let sessionId { headers.append(HTTPHeader(Self.sessionIdHeader, sessionId)) }
        var request = HTTPRequest(method: "POST", headers: headers, body: envelope.serialized(), idempotent: idempotent)
        request.gatewayHeaders = gatewayHeaders
        if let left = millisecondsLeft() {
            guard left > 0 else {
                throw .transport(.timeout(phase: .commandDeadline, detail: "the command's --timeout elapsed"))
            }
            request.timeoutMilliseconds = left
        }
        logRequest(method, attempt: attempt, request: request, envelope: envelope)

        let start = clock.monotonicMilliseconds
        do {
            let exchanged = try transport.send(request, credentials: credentials)
            noteConnection(exchanged.connection)
            logResponse(method, response: exchanged.response, start: start)
            return exchanged.response
        } catch {
            noteConnection(error.connection)
            logFailure(method, error: error.error, start: start)
            throw .transport(error.error)
        }
    }

    /// Whether a request is worth a handshake of its own first: it uploads a .torrent (metainfo, of
    /// any size), or its body is large.
    private func isUpload(_ arguments: JSONObject) -> Bool {
        if arguments["metainfo"] != nil { return true }
        return JSONValue.object(arguments).serialized().count > Self.largeFirstRequestBytes
    }

    /// Milliseconds until `deadline`; nil without one.
    private func millisecondsLeft() -> Int? {
        guard let deadline else { return nil }
        let now = clock.monotonicMilliseconds
        return now >= deadline ? 0 : Int(deadline - now)
    }

    /// Maps a non-409 response to the body of a 200, nil for a 204, or an error.
    private func interpret(_ response: HTTPResponse) throws(RPCError) -> [UInt8]? {
        if var gateway = AuthenticationGateway.recognize(
            response, host: (transport as? any ServerTransport)?.endpoint.host)
        {
            gateway.sentHeaders = gatewayHeaders.map(\.name)
            throw .gateway(gateway)
        }
        switch response.status {
        case 200:
            return response.body
        case 204:
            return nil
        case 401:
            throw .unauthorized(user: credentials?.user)
        case 403:
            throw .forbidden(detail: BodyText.summary(response.body, limit: 160))
        case 421:
            throw .misdirected(detail: BodyText.summary(response.body, limit: 160))
        default:
            throw .http(status: response.status, snippet: BodyText.summary(response.body, limit: 200) ?? "")
        }
    }

    /// The connection report of an exchange of this call, for its `CallReport`.
    private func noteConnection(_ connection: ConnectionReport) {
        var seen = CallReport()
        seen.connection = connection
        ongoing = ongoing?.followed(by: seen)
    }

    /// A `session-get` reply (the call itself) reported these: known from now on, and in this call's
    /// report.
    func note(rpcVersion: Int?, version: String?) {
        var next = knowledge
        next.learn(rpcVersion: rpcVersion, version: version)
        adopt(next, after: nil)
        var seen = CallReport()
        seen.rpcVersion = rpcVersion
        seen.serverVersion = version
        if let rpcVersion, rpcVersion >= 18 { seen.dialect = .jsonRPC }
        ongoing = ongoing?.followed(by: seen)
    }
}
