import RemissionModel
import RemissionTransport

/// What the replies to one call (or to the calls of one `RPCClient.reporting` block) showed: whether
/// the server accepted the credentials, and what it said of itself. Only what was seen in those
/// replies: nothing an earlier run left in the cache (`RPCClient.assume`) and nothing an earlier call
/// of this client learned.
public struct CallReport: Sendable, Equatable, CustomStringConvertible {
    /// A 2xx answer came to a request that carried credentials: the password worked.
    public var authenticated = false
    /// A 409 gave a session id (the handshake happened).
    public var sawHandshake: Bool { sessionId != nil }
    /// The last session id a 409 gave. A bearer token: never printed (`description` masks it).
    public var sessionId: String?
    /// The `X-Transmission-Rpc-Version` of the last 409 (4.1+); nil when none came or it had none.
    public var headerSemver: String?
    /// The rpc-version a `session-get` reply reported.
    public var rpcVersion: Int?
    /// Transmission's version text a `session-get` reply reported.
    public var serverVersion: String?
    /// The dialect of the last request answered 2xx (JSON-RPC too when a `session-get` reported
    /// rpc-version 18 or later).
    public var dialect: RPCDialect?
    /// How the connection went: the report of the last exchange of these calls that opened a
    /// connection (DNS, TCP, the route, TLS and the trust decision happen only there), else of the
    /// last exchange; with a failure, how far it got. Nil when nothing was sent.
    public var connection: ConnectionReport?
    /// What a later run may `assume` of the server (`RPCClient.assume`): set when a `session-get`
    /// of these calls reported an rpc-version that passed `requiredRPCVersion`.
    public var learned: KnownServer?

    public init() {}

    /// This report followed by `later`: flags add up, later facts replace earlier ones.
    public func followed(by later: CallReport) -> CallReport {
        var merged = self
        merged.authenticated = authenticated || later.authenticated
        merged.sessionId = later.sessionId ?? sessionId
        merged.headerSemver = later.headerSemver ?? headerSemver
        merged.rpcVersion = later.rpcVersion ?? rpcVersion
        merged.serverVersion = later.serverVersion ?? serverVersion
        merged.dialect = later.dialect ?? dialect
        merged.connection = Self.telling(connection, later.connection)
        merged.learned = later.learned ?? learned
        return merged
    }

    /// The later report, unless it reused a connection an earlier one opened.
    private static func telling(_ earlier: ConnectionReport?, _ later: ConnectionReport?) -> ConnectionReport? {
        guard let later else { return earlier }
        guard let earlier, later.reusedConnection, !earlier.reusedConnection else { return later }
        return earlier
    }

    public var description: String {
        "CallReport(authenticated: \(authenticated), handshake: \(sawHandshake), "
            + "rpcVersion: \(rpcVersion.map(String.init) ?? "-"), dialect: \(dialect.map { "\($0)" } ?? "-"))"
    }
}

/// A call's outcome with what its replies showed, also when it failed (a 2xx that carried an RPC
/// error still authenticated).
public struct Reported<Value> {
    public var result: Result<Value, RPCError>
    public var report: CallReport

    public init(_ result: Result<Value, RPCError>, report: CallReport) {
        self.result = result
        self.report = report
    }

    /// The value, or the call's error.
    public func get() throws(RPCError) -> Value { try result.get() }
}

extension Reported: Sendable where Value: Sendable {}
