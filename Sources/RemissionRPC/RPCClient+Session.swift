import RemissionModel

/// What the version check found out about a server.
public struct ServerInfo: Sendable, Equatable {
    /// Transmission's version text, e.g. "3.00 (bb6b5a062e)".
    public var version: String
    public var rpcVersion: Int
    /// The oldest rpc-version the server still accepts.
    public var rpcVersionMinimum: Int
    /// `rpc-version-semver` (4.0+), or the `X-Transmission-Rpc-Version` header (4.1+).
    public var rpcVersionSemver: String?
    /// The dialect the client now speaks with this server.
    public var dialect: RPCDialect

    public init(
        version: String, rpcVersion: Int, rpcVersionMinimum: Int, rpcVersionSemver: String?, dialect: RPCDialect
    ) {
        self.version = version
        self.rpcVersion = rpcVersion
        self.rpcVersionMinimum = rpcVersionMinimum
        self.rpcVersionSemver = rpcVersionSemver
        self.dialect = dialect
    }
}

/// What `free-space` reports.
public struct FreeSpace: Sendable, Equatable {
    public var path: String
    /// Free bytes; −1 when the server could not tell.
    public var sizeBytes: Int
    /// Total bytes of the file system (4.0+).
    public var totalSize: Int?

    public init(path: String, sizeBytes: Int, totalSize: Int? = nil) {
        self.path = path
        self.sizeBytes = sizeBytes
        self.totalSize = totalSize
    }
}

extension RPCClient {
    /// Performs `session-get` for the version fields and checks that Remission can speak with the
    /// server (rpc-version ≥ 14). Also settles the dialect: after this call `dialect` is final.
    public func serverInfo() throws(RPCError) -> ServerInfo {
        let session = try sessionGet(fields: SessionField.versionInfo)
        let rpcVersion = try Self.requireVersion(session.rpcVersion, RPCError.minimumRPCVersion)
        return ServerInfo(
            version: session.version ?? "unknown",
            rpcVersion: rpcVersion,
            rpcVersionMinimum: session.rpcVersionMinimum ?? 1,
            rpcVersionSemver: session.rpcVersionSemver ?? headerRPCVersion,
            dialect: dialect)
    }

    /// `rpcVersion`, or the error `check` and every command report for a server that does not say
    /// its rpc-version or is older than `minimum`.
    @discardableResult
    static func requireVersion(_ rpcVersion: Int?, _ minimum: Int) throws(RPCError) -> Int {
        guard let rpcVersion else {
            throw .malformed(detail: "session-get did not report rpc-version", offset: nil)
        }
        guard rpcVersion >= minimum else { throw .unsupportedVersion(found: rpcVersion, minimum: minimum) }
        return rpcVersion
    }

    /// `session-get`; `fields` empty asks for everything. (Servers before rpc-version 16 ignore
    /// `fields` and send everything.)
    public func sessionGet(fields: [SessionField] = []) throws(RPCError) -> SessionInfo {
        var fields = fields
        if requiredRPCVersion != nil, !fields.isEmpty, !fields.contains(.rpcVersion) { fields.append(.rpcVersion) }
        let reply = try perform(.sessionGet) { dialect in
            var arguments = JSONObject()
            if !fields.isEmpty { arguments["fields"] = JSONValue(fields.map { $0.name(in: dialect) }) }
            return arguments
        }
        let session = SessionInfo(json: reply)
        note(rpcVersion: session.rpcVersion, version: session.version)
        if let required = requiredRPCVersion { try Self.requireVersion(session.rpcVersion, required) }
        if let rpcVersion = session.rpcVersion { learned(rpcVersion) }
        return session
    }

    /// `session-set`. Does nothing when `changes` is empty.
    public func sessionSet(_ changes: SessionChanges) throws(RPCError) {
        guard !changes.isEmpty else { return }
        _ = try perform(.sessionSet) { dialect in changes.arguments(in: dialect) }
    }

    /// `session-stats`.
    public func sessionStats() throws(RPCError) -> SessionStats {
        SessionStats(json: try perform(.sessionStats) { _ in JSONObject() })
    }

    /// `free-space` for an absolute path on the server (rpc-version 15+).
    public func freeSpace(path: String) throws(RPCError) -> FreeSpace {
        let reply = try perform(.freeSpace) { _ in ["path": .string(path)] }
        guard let size = reply[rpc: "size-bytes"]?.int else {
            throw .malformed(detail: "free-space did not report size-bytes", offset: nil)
        }
        return FreeSpace(
            path: reply["path"]?.string ?? path, sizeBytes: size,
            totalSize: reply["total_size"]?.int ?? reply["totalSize"]?.int)
    }

    /// `port-test`: whether the daemon's peer port is reachable from the internet (asks a web
    /// service run by the Transmission project). `family` (Transmission 4.1+, `ip_protocol`) tests
    /// over IPv4 or IPv6 only; older daemons ignore it. A failed test is an `rpcFailure`.
    public func portTest(family: IPFamily? = nil) throws(RPCError) -> Bool {
        let reply = try perform(.portTest) { _ in
            var arguments = JSONObject()
            if let family { arguments["ip_protocol"] = .string(family.rawValue) }
            return arguments
        }
        guard let open = reply[rpc: "port-is-open"]?.bool else {
            throw .malformed(detail: "port-test did not report port-is-open", offset: nil)
        }
        return open
    }

    /// `blocklist-update`: the daemon fetches its `blocklist-url` and loads it; the number of rules
    /// it now holds. A failed fetch is an `rpcFailure`.
    public func blocklistUpdate() throws(RPCError) -> Int {
        let reply = try perform(.blocklistUpdate) { _ in JSONObject() }
        guard let size = reply[rpc: "blocklist-size"]?.int else {
            throw .malformed(detail: "blocklist-update did not report blocklist-size", offset: nil)
        }
        return size
    }
}
