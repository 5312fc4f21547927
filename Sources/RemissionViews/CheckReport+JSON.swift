import RemissionModel
import RemissionRPC
import RemissionTrust

extension CheckReport {
    /// `check --json`: one stable object per server (documented in README):
    /// `{"server","url","status":"online"|"offline"|"untrusted"|"certificate-changed","insecure","exitCode","failedStep","reason","hint",
    ///   "steps":[{"name","state","summary","details","ms"}],"transmission":{"version","rpcVersion",…},
    ///   "certificates":[{"role","subject","notAfter","expiring"}],"expiring","warnExpiryDays"}`.
    public func jsonValue() -> JSONValue {
        var object: JSONObject = [
            "server": .string(server),
            "url": .string(url),
            "status": .string(status.rawValue),
            "insecure": .bool(insecure),
            "exitCode": .int(Int64(exitStatus.rawValue)),
            "failedStep": failedStep.map { .string($0.rawValue) } ?? .null,
            "reason": reason.map { .string($0) } ?? .null,
            "hint": hint.map { .string($0) } ?? .null,
        ]
        object["steps"] = .array(steps.map(\.jsonValue))
        object["certificates"] = .array(certificates.map(\.jsonValue))
        object["expiring"] = .bool(expiring)
        object["warnExpiryDays"] = warnExpiryDays.map { .int(Int64($0)) } ?? .null
        if let serverVersion {
            object["transmission"] = .object([
                "version": .string(serverVersion.version),
                "rpcVersion": .int(Int64(serverVersion.rpcVersion)),
                "rpcVersionMinimum": .int(Int64(serverVersion.rpcVersionMinimum)),
                "semver": serverVersion.rpcVersionSemver.map { .string($0) } ?? .null,
                "dialect": .string(serverVersion.dialect == .classic ? "classic" : "jsonrpc"),
            ])
        } else {
            object["transmission"] = .null
        }
        return .object(object)
    }

    public func jsonText() -> String { jsonValue().serializedString(pretty: false) }
}

extension CheckStep {
    public var jsonValue: JSONValue {
        .object([
            "name": .string(name.rawValue),
            "state": .string(state.rawValue),
            "summary": .string(summary),
            "details": .array(details.map { .string($0) }),
            "ms": milliseconds.map { .double(($0 * 10).rounded() / 10) } ?? .null,
        ])
    }
}
