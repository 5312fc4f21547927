import RemissionModel
import RemissionTransport

/// What a client knows of its server between calls. `CallStateMachine` takes it at the start of a
/// call and gives it back, changed by what the replies showed.
public struct ServerKnowledge: Sendable, Equatable {
    /// The session id to send, from the last 409.
    public var sessionId: String?
    /// The wire format to speak.
    public var dialect: RPCDialect
    /// The `X-Transmission-Rpc-Version` of the last 409 (or of the remembered server), when
    /// `headerKnown`: what the next 409 is compared with.
    public var headerSemver: String?
    /// Whether a 409 was seen (or a server remembered), so that `headerSemver` means something.
    public var headerKnown = false
    /// The rpc-version: reported by a `session-get`, or remembered (`assumed`).
    public var rpcVersion: Int?
    /// Transmission's version text from a `session-get`.
    public var serverVersion: String?
    /// What an earlier run remembered, until a 409 confirms or contradicts it.
    public var assumed: KnownServer?

    public init(dialect: RPCDialect = .classic) {
        self.dialect = dialect
    }

    /// Takes what an earlier run learned: its rpc-version, its 409's header, its dialect.
    public mutating func assume(_ known: KnownServer) {
        assumed = known
        rpcVersion = known.rpcVersion
        headerSemver = known.headerSemver
        headerKnown = true
        dialect = known.dialect
    }

    /// A `session-get` reported these: rpc-version 18 and later speak JSON-RPC 2.0.
    public mutating func learn(rpcVersion reported: Int?, version: String?) {
        if let version { serverVersion = version }
        guard let reported else { return }
        rpcVersion = reported
        if reported >= 18 { dialect = .jsonRPC }
    }
}

/// One call's 409 handshake, dialect and version gate, as a pure state machine: it says what to send
/// next (`Step`) after each response, and never does I/O. `RPCClient` drives it.
///
/// - A 409 with a session id: the SAME request is resent with that id, once. A second 409 for that
///   request, or one naming the id just sent, is a handshake loop. A server that issues a new id after
///   every request costs exactly one 409 per call.
/// - The 409's `X-Transmission-Rpc-Version` (4.1+) switches to JSON-RPC. When it differs from what was
///   known (a remembered server, or the previous 409), another daemon answers at this address: a
///   gated call (`requiredRPCVersion`) asks the version before its resend.
/// - A gated call whose server's rpc-version is not known asks it first (`versionQuery`); so does an
///   upload while no session id is known, so that its body is sent once.
public struct CallStateMachine: Sendable {
    /// Which request to send: the call itself, or the small `session-get` for the version.
    public enum Request: Sendable, Equatable {
        case call
        case versionQuery
    }

    public enum Step: Sendable, Equatable {
        /// Send `request` with this session id (none: nil), in this dialect; then `next(after:)`.
        case send(Request, sessionId: String?, dialect: RPCDialect)
        /// A response that is not a 409. For the call: its answer, to interpret. For the version query:
        /// interpret it, read its rpc-version and version, and give them to `next(afterVersion:version:)`.
        case answered(HTTPResponse, to: Request)
        case failed(RPCError)
    }

    public let method: RPCMethod
    public let requiredRPCVersion: Int?
    /// Whether every request carries credentials (then a 2xx answer authenticates).
    public let sendsCredentials: Bool
    private let upload: Bool
    public private(set) var knowledge: ServerKnowledge
    /// What this call's replies showed.
    public private(set) var report = CallReport()
    /// The request sent last.
    public private(set) var lastSent: Request?
    private var sentSessionId: String?
    private var sentDialect: RPCDialect = .classic
    /// The last send answered a 409 for the same request: another 409 is a loop.
    private var answeringConflict = false

    /// - Parameter upload: the call's body is large (a .torrent's metainfo): it waits for a session id.
    public init(
        method: RPCMethod, knowledge: ServerKnowledge, requiredRPCVersion: Int? = nil, sendsCredentials: Bool,
        upload: Bool = false
    ) {
        self.method = method
        self.knowledge = knowledge
        self.requiredRPCVersion = requiredRPCVersion
        self.sendsCredentials = sendsCredentials
        self.upload = upload
    }

    /// Whether the request sent last may be sent again after it may have reached the server.
    public var lastSentIsIdempotent: Bool {
        lastSent == .versionQuery || method.isIdempotent
    }

    /// The first request of the call.
    public mutating func start() -> Step {
        let gated = requiredRPCVersion != nil && knowledge.rpcVersion == nil
        if method != .sessionGet, gated || (upload && knowledge.sessionId == nil) {
            return send(.versionQuery, answeringConflict: false)
        }
        return send(.call, answeringConflict: false)
    }

    /// What to do after `response` to the request sent last.
    public mutating func next(after response: HTTPResponse) -> Step {
        let request = lastSent ?? .call
        guard response.status == 409 else {
            if (200..<300).contains(response.status) {
                if sendsCredentials { report.authenticated = true }
                report.dialect = sentDialect
            }
            return .answered(response, to: request)
        }
        guard let id = Self.value(response, RPCClient.sessionIdHeader) else {
            return .failed(.sessionHandshakeLoop(.missingHeader))
        }
        if answeringConflict || id == sentSessionId { return .failed(.sessionHandshakeLoop(.repeated)) }
        knowledge.sessionId = id
        report.sessionId = id
        let semver = Self.value(response, RPCClient.rpcVersionHeader)
        report.headerSemver = semver
        let contradicted = knowledge.headerKnown && knowledge.headerSemver != semver
        knowledge.headerSemver = semver
        knowledge.headerKnown = true
        knowledge.assumed = nil
        if semver != nil {
            knowledge.dialect = .jsonRPC
        } else if contradicted {
            knowledge.dialect = .classic
        }
        if contradicted, requiredRPCVersion != nil, request == .call, method != .sessionGet {
            // Another daemon answers here than the one known: its version is asked before the resend.
            knowledge.rpcVersion = nil
            knowledge.serverVersion = nil
            return send(.versionQuery, answeringConflict: true)
        }
        return send(request, answeringConflict: true)
    }

    /// The version query's reply reported these: the call goes next, unless the server is older than
    /// `requiredRPCVersion` or does not say.
    public mutating func next(afterVersion rpcVersion: Int?, version: String?) -> Step {
        knowledge.learn(rpcVersion: rpcVersion, version: version)
        report.rpcVersion = rpcVersion ?? report.rpcVersion
        report.serverVersion = version ?? report.serverVersion
        if let rpcVersion, rpcVersion >= 18 { report.dialect = .jsonRPC }
        if let required = requiredRPCVersion {
            guard let rpcVersion else {
                return .failed(.malformed(detail: "session-get did not report rpc-version", offset: nil))
            }
            guard rpcVersion >= required else {
                return .failed(.unsupportedVersion(found: rpcVersion, minimum: required))
            }
        }
        return send(.call, answeringConflict: false)
    }

    private mutating func send(_ request: Request, answeringConflict: Bool) -> Step {
        lastSent = request
        sentSessionId = knowledge.sessionId
        sentDialect = knowledge.dialect
        self.answeringConflict = answeringConflict
        return .send(request, sessionId: knowledge.sessionId, dialect: knowledge.dialect)
    }

    /// A header's value trimmed of whitespace; nil when absent or empty.
    private static func value(_ response: HTTPResponse, _ name: String) -> String? {
        guard let value = response.header(name)?.trimmingASCIIWhitespace(), !value.isEmpty else { return nil }
        return value
    }
}
