import RemissionModel

/// What `remission session` prints: the settings of `session-get` plus the free space of the
/// download directory (from `free-space`, falling back to `download-dir-free-space`).
public struct SessionView: Equatable {
    public var info: SessionInfo
    public var freeSpace: Int?

    public init(info: SessionInfo, freeSpace: Int?) {
        self.info = info
        self.freeSpace = freeSpace
    }

    /// The text view: one setting a line, labels aligned.
    public func text(on terminal: Terminal, server: String, changed: Bool = false) -> String {
        func limit(_ value: Int?, enabled: Bool?) -> String {
            let amount = value.map(Units.limit) ?? "?"
            return enabled == true ? amount : "unlimited (\(amount) when enabled)"
        }
        func onOff(_ flag: Bool?) -> String { flag.map { $0 ? "on" : "off" } ?? "?" }
        var rows: [(String, String)] = []
        rows.append(("Server", server))
        rows.append(("Version", TerminalText.safe(info.version ?? "?")))
        var rpc = info.rpcVersion.map(String.init) ?? "?"
        if let semver = info.rpcVersionSemver { rpc += " (\(TerminalText.safe(semver)))" }
        rows.append(("RPC version", rpc))
        var directory = TerminalText.safe(info.downloadDir ?? "?")
        if let freeSpace { directory += " (\(Units.bytes(freeSpace)) free)" }
        rows.append(("Download dir", directory))
        rows.append(("Download limit", limit(info.speedLimitDown, enabled: info.speedLimitDownEnabled)))
        rows.append(("Upload limit", limit(info.speedLimitUp, enabled: info.speedLimitUpEnabled)))
        let altLimits =
            "down \(info.altSpeedDown.map(Units.limit) ?? "?"), up \(info.altSpeedUp.map(Units.limit) ?? "?")"
        rows.append(("Alt speed", "\(onOff(info.altSpeedEnabled)) (\(altLimits))"))
        if info.altSpeedTimeEnabled == true, let begin = info.altSpeedTimeBegin, let end = info.altSpeedTimeEnd {
            rows.append(("Alt schedule", "\(Self.minutesText(begin))–\(Self.minutesText(end))"))
        }
        rows.append(("Peer port", info.peerPort.map(String.init) ?? "?"))
        rows.append(("Encryption", info.encryption?.rawValue ?? "?"))
        let global = info.peerLimitGlobal.map(String.init) ?? "?"
        let perTorrent = info.peerLimitPerTorrent.map(String.init) ?? "?"
        rows.append(("Peer limits", "\(global) global, \(perTorrent) per torrent"))
        let ratio = info.seedRatioLimit.map(Units.ratio) ?? "?"
        rows.append(("Seed ratio", info.seedRatioLimited == true ? ratio : "unlimited (\(ratio) when enabled)"))
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { label, value in
            terminal.styled(label + ":", .bold) + String(repeating: " ", count: width - label.count + 1) + value
        }
        return (changed ? "Changed. The daemon now reports:\n" : "") + lines.joined(separator: "\n")
    }

    /// "HH:MM" for minutes after midnight.
    public static func minutesText(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }

    /// `session --json`: `{"version","rpcVersion","downloadDir","downloadDirFreeBytes","speedLimitDown":{"kBps","enabled"},
    /// "speedLimitUp":{…},"altSpeed":{"enabled","downKBps","upKBps"},"peerPort","encryption",
    /// "peerLimitGlobal","peerLimitPerTorrent","seedRatio":{"limit","enabled"}}`; unknown values are null.
    public func jsonValue() -> JSONValue {
        func int(_ value: Int?) -> JSONValue { value.map { JSONValue($0) } ?? .null }
        func bool(_ value: Bool?) -> JSONValue { value.map { .bool($0) } ?? .null }
        func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        let object: JSONObject = [
            "version": string(info.version),
            "rpcVersion": int(info.rpcVersion),
            "downloadDir": string(info.downloadDir),
            "downloadDirFreeBytes": int(freeSpace),
            "speedLimitDown": ["kBps": int(info.speedLimitDown), "enabled": bool(info.speedLimitDownEnabled)],
            "speedLimitUp": ["kBps": int(info.speedLimitUp), "enabled": bool(info.speedLimitUpEnabled)],
            "altSpeed": [
                "enabled": bool(info.altSpeedEnabled), "downKBps": int(info.altSpeedDown),
                "upKBps": int(info.altSpeedUp),
            ],
            "peerPort": int(info.peerPort),
            "encryption": string(info.encryption?.rawValue),
            "peerLimitGlobal": int(info.peerLimitGlobal),
            "peerLimitPerTorrent": int(info.peerLimitPerTorrent),
            "seedRatio": [
                "limit": info.seedRatioLimit.map { .double($0) } ?? .null, "enabled": bool(info.seedRatioLimited),
            ],
        ]
        return .object(object)
    }
}
