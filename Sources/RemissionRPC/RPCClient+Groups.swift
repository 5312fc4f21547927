import RemissionModel

/// Changes to one bandwidth group with `group-set` (Transmission 4.0+); nil means leave as is.
/// Speeds in kB/s (k = 1000). The daemon creates a group it does not have yet.
public struct GroupChanges: Sendable, Equatable {
    public var name: String
    public var speedLimitDown: Int?
    public var speedLimitDownEnabled: Bool?
    public var speedLimitUp: Int?
    public var speedLimitUpEnabled: Bool?
    public var honorsSessionLimits: Bool?

    public init(name: String) { self.name = name }

    /// Whether nothing but the name is given.
    public var isEmpty: Bool { arguments(in: .classic).count == 1 }

    /// The `group-set` arguments in `dialect`'s spelling (`speed-limit-down`, `honorsSessionLimits`
    /// classic; `speed_limit_down`, `honors_session_limits` JSON-RPC).
    public func arguments(in dialect: RPCDialect) -> JSONObject {
        var members: [(String, JSONValue)] = [("name", .string(name))]
        func add(_ key: String, _ value: JSONValue?) { if let value { members.append((dialect.spell(key), value)) } }
        add("speed-limit-down", speedLimitDown.map { JSONValue($0) })
        add("speed-limit-down-enabled", speedLimitDownEnabled.map { .bool($0) })
        add("speed-limit-up", speedLimitUp.map { JSONValue($0) })
        add("speed-limit-up-enabled", speedLimitUpEnabled.map { .bool($0) })
        add("honorsSessionLimits", honorsSessionLimits.map { .bool($0) })
        return JSONObject(members)
    }
}

extension RPCClient {
    /// The oldest rpc-version with bandwidth groups (`group-get`, `group-set`): Transmission 4.0.
    public static let bandwidthGroupsRPCVersion = 17

    /// The rpc-version of the server: what a reply (or an earlier run) told, else a small `session-get`.
    public func knownRPCVersion() throws(RPCError) -> Int {
        if let rpcVersion { return rpcVersion }
        return try serverInfo().rpcVersion
    }

    /// Transmission's version text ("3.00 (bb6b5a062e)"): what a `session-get` of this run told, else
    /// a small `session-get`.
    public func knownServerVersion() throws(RPCError) -> String {
        if let serverVersion { return serverVersion }
        return try serverInfo().version
    }

    /// `group-get`: the bandwidth groups (Transmission 4.0+), all of them or those named; entries
    /// without a name are skipped.
    public func groupGet(names: [String] = []) throws(RPCError) -> [BandwidthGroup] {
        let reply = try perform(.groupGet) { _ in
            names.isEmpty ? JSONObject() : ["name": JSONValue(names)]
        }
        guard let entries = reply["group"]?.array else {
            throw .malformed(detail: "group-get did not report group", offset: nil)
        }
        return entries.compactMap { $0.object.flatMap(BandwidthGroup.init(json:)) }
    }

    /// `group-set` (Transmission 4.0+).
    public func groupSet(_ changes: GroupChanges) throws(RPCError) {
        _ = try perform(.groupSet) { dialect in changes.arguments(in: dialect) }
    }
}
