import Logging
import RemissionModel
import RemissionTransport

/// A Transmission RPC client for one endpoint (the transport is bound to it).
///
/// It performs the 409 `X-Transmission-Session-Id` handshake on any call (the id rotates), picks
/// the dialect (classic until the server shows it speaks JSON-RPC 2.0, see `dialect`), retries
/// transient faults per `retryPolicy`, maps every failure to one `RPCError`, and logs each exchange
/// at debug level with secrets masked.
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
    public var retryPolicy: RetryPolicy
    /// The wire format in use. Starts as given (classic by default) and switches to JSON-RPC when a
    /// 409 carries `X-Transmission-Rpc-Version` or `session-get` reports rpc-version ≥ 18.
    public private(set) var dialect: RPCDialect
    /// The current session id, learned from the last 409.
    public private(set) var sessionId: String?
    /// The `X-Transmission-Rpc-Version` semver from a 409 (Transmission 4.1+).
    public private(set) var headerRPCVersion: String?
    /// The rpc-version from the last `session-get` that reported it.
    public private(set) var rpcVersion: Int?
    /// Transmission's version text from the last `session-get` that reported it.
    public private(set) var serverVersion: String?

    /// The oldest rpc-version this client works with, or nil to ask nothing. When set, the first
    /// call that is not `session-get` is preceded by a small `session-get` (rpc-version, its minimum,
    /// the version), and every `session-get` reply must report an rpc-version at least this:
    /// otherwise `.unsupportedVersion` (or `.malformed` when it reports none), before anything else
    /// is sent. The same small request settles the session id and the dialect.
    public var requiredRPCVersion: Int?

    /// What an earlier run learned of this server (`assume`), until the first 409 confirms or
    /// contradicts it.
    private(set) var assumed: KnownServer?

    /// Told what a `session-get` reported, once it passed `requiredRPCVersion`: what a later run may
    /// `assume`.
    public var onServerLearned: ((KnownServer) -> Void)?

    /// When the whole operation must be over (`clock` nanoseconds): `--timeout` bounds a command,
    /// retries included, not each attempt. Requests get what is left; no retry starts after it.
    public var deadline: UInt64?

    /// A deadline `seconds` from now on this client's clock.
    public func deadline(inSeconds seconds: Double) -> UInt64 {
        clock.nanoseconds() &+ UInt64(max(0, min(seconds, 86_400)) * 1e9)
    }

    let logger: Logger
    private let sleeper: any Sleeper
    private var random: any RandomSource
    let clock: any MonotonicClock
    private var nextTag = 1

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
        sleeper: any Sleeper = ThreadSleeper(),
        random: any RandomSource = SystemRandomSource(),
        clock: any MonotonicClock = SystemMonotonicClock(),
        logger: Logger
    ) {
        self.transport = transport
        self.credentials = credentials
        self.retryPolicy = retryPolicy
        self.dialect = dialect
        self.sleeper = sleeper
        self.random = random
        self.clock = clock
        self.logger = logger
    }

    /// Takes what an earlier run learned of this server instead of asking it again: the first call
    /// goes first, in `known.dialect` (an upload still waits for a small `session-get`, for the
    /// session id). The 409 that answers a fresh process is compared with it: another
    /// `X-Transmission-Rpc-Version`, one where there was none or none where there was one, means
    /// another server answers at this address now, and the version is asked before the resend,
    /// as without it. Ignored without `requiredRPCVersion`, or below it.
    public func assume(_ known: KnownServer) {
        guard let required = requiredRPCVersion, known.rpcVersion >= required, rpcVersion == nil else { return }
        assumed = known
        rpcVersion = known.rpcVersion
        headerRPCVersion = known.headerSemver
        dialect = known.dialect
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
    func perform<Reply>(
        _ method: RPCMethod, arguments: (RPCDialect) -> JSONObject, read: ([UInt8]?) throws(RPCError) -> Reply
    ) throws(RPCError) -> Reply {
        if requiredRPCVersion != nil, rpcVersion == nil, method != .sessionGet {
            // Every command refuses a server too old for it before it sends its own request; the
            // first request of a process is answered 409 anyway, so this costs one small exchange.
            _ = try sessionGet(fields: SessionField.versionInfo)
        } else if sessionId == nil, method != .sessionGet, isUpload(arguments(dialect)) {
            // The first request of a process is answered 409 (and, by Transmission 4.1, in the other
            // dialect): a small session-get learns the session id and the dialect, so an upload (a
            // .torrent's metainfo, of any size) or any large body is sent once, not twice. check,
            // list, info and the actions start with a small request, and pay nothing.
            _ = try sessionGet(fields: [.rpcVersion])
        }
        var attempt = 1
        while true {
            do {
                return try performWithHandshake(method, attempt: attempt, arguments: arguments, read: read)
            } catch {
                guard error.isTransient, attempt < retryPolicy.maxAttempts else { throw error }
                let delay = retryPolicy.delayMilliseconds(beforeRetry: attempt, randomFraction: random.nextFraction())
                if let left = millisecondsLeft(), left <= delay { throw error }  // no time for another try
                logRetry(method, attempt: attempt, delay: delay, error: error)
                sleeper.sleep(milliseconds: delay)
                attempt += 1
            }
        }
    }

    /// One attempt: the request, and at most one resend after a 409 with a new session id.
    private func performWithHandshake<Reply>(
        _ method: RPCMethod, attempt: Int, arguments: (RPCDialect) -> JSONObject,
        read: ([UInt8]?) throws(RPCError) -> Reply
    ) throws(RPCError) -> Reply {
        var answeredHandshake = false
        while true {
            let sentSessionId = sessionId
            let response = try exchange(method, attempt: attempt, arguments: arguments(dialect))
            guard response.status == 409 else { return try read(try interpret(response)) }

            guard let newId = response.header(Self.sessionIdHeader)?.trimmingASCIIWhitespace(), !newId.isEmpty else {
                throw .sessionHandshakeLoop(.missingHeader)
            }
            if answeredHandshake || newId == sentSessionId {
                throw .sessionHandshakeLoop(.repeated)
            }
            answeredHandshake = true
            sessionId = newId
            logger.debug(
                "RPC session id received", metadata: ["rpc.session_id": .string(LogMasking.mask(newId))])
            let semver = response.header(Self.rpcVersionHeader)?.trimmingASCIIWhitespace()
            let headerSemver = semver?.isEmpty == false ? semver : nil
            if let headerSemver {
                headerRPCVersion = headerSemver
                switchDialect(to: .jsonRPC, reason: "409 carried \(Self.rpcVersionHeader): \(headerSemver)")
            }
            let contradicted = assumed.map { $0.headerSemver != headerSemver } ?? false
            assumed = nil
            if contradicted { forgetAssumedServer(headerSemver: headerSemver) }
            if sentSessionId != nil || contradicted, requiredRPCVersion != nil, method != .sessionGet {
                // A new id: an hour went by (Transmission renews it hourly) or the daemon restarted,
                // perhaps as another version (`watch` runs for days); or the server is not the one
                // an earlier run remembered. Ask again before resending.
                rpcVersion = nil
                _ = try sessionGet(fields: SessionField.versionInfo)
            }
        }
    }

    /// Builds, sends and logs one HTTP request.
    private func exchange(_ method: RPCMethod, attempt: Int, arguments: JSONObject) throws(RPCError) -> HTTPResponse {
        let tag = nextTag
        nextTag += 1
        let envelope = RPCEnvelope.request(method: method, arguments: arguments, tag: tag, dialect: dialect)
        var headers = [HTTPHeader("Content-Type", "application/json")]
        if let sessionId { headers.append(HTTPHeader(Self.sessionIdHeader, sessionId)) }
        var request = HTTPRequest(method: "POST", headers: headers, body: envelope.serialized())
        if let left = millisecondsLeft() {
            guard left > 0 else {
                throw .transport(.timeout(phase: "response", detail: "the command's --timeout elapsed"))
            }
            request.timeoutMilliseconds = left
        }
        logRequest(method, attempt: attempt, request: request, envelope: envelope)

        let start = clock.nanoseconds()
        do {
            let response = try transport.send(request, credentials: credentials)
            logResponse(method, response: response, start: start)
            return response
        } catch {
            logFailure(method, error: error, start: start)
            throw .transport(error)
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
        let now = clock.nanoseconds()
        return now >= deadline ? 0 : Int((deadline - now) / 1_000_000)
    }

    /// Maps a non-409 response to the body of a 200, nil for a 204, or an error.
    private func interpret(_ response: HTTPResponse) throws(RPCError) -> [UInt8]? {
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

    func switchDialect(to newDialect: RPCDialect, reason: String) {
        guard dialect != newDialect else { return }
        dialect = newDialect
        logger.debug(
            "RPC dialect switched",
            metadata: ["rpc.dialect": .string(newDialect.description), "rpc.reason": .string(reason)])
    }

    /// The 409 says another server answers here than the one `assume` was given: back to what a
    /// fresh client knows, with the dialect the 409 shows.
    private func forgetAssumedServer(headerSemver: String?) {
        logger.debug(
            "RPC remembered server contradicted",
            metadata: ["rpc.header_version": .string(headerSemver ?? "none")])
        if headerSemver == nil {
            headerRPCVersion = nil
            switchDialect(to: .classic, reason: "409 carried no \(Self.rpcVersionHeader)")
        }
    }

    func noteVersion(_ text: String?) {
        if let text { serverVersion = text }
    }

    func noteRPCVersion(_ version: Int?) {
        guard let version else { return }
        rpcVersion = version
        if version >= 18 { switchDialect(to: .jsonRPC, reason: "session-get reported rpc-version \(version)") }
    }
}
