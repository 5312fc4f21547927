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
            return enabled == true ? amount : tr("unlimited (\(amount) when enabled)")
        }
        func onOff(_ flag: Bool?) -> String { flag.map { $0 ? tr("on") : tr("off") } ?? "?" }
        var rows: [(String, String)] = []
        rows.append((tr("Server"), server))
        rows.append((tr("Version"), TerminalText.safe(info.version ?? "?")))
        var rpc = info.rpcVersion.map(String.init) ?? "?"
        if let semver = info.rpcVersionSemver { rpc += " (\(TerminalText.safe(semver)))" }
        rows.append((tr("RPC version"), rpc))
        var directory = TerminalText.safe(info.downloadDir ?? "?")
        if let freeSpace { directory += " " + tr("(\(Units.bytes(freeSpace)) free)") }
        rows.append((tr("Download dir"), directory))
        rows.append((tr("Download limit"), limit(info.speedLimitDown, enabled: info.speedLimitDownEnabled)))
        rows.append((tr("Upload limit"), limit(info.speedLimitUp, enabled: info.speedLimitUpEnabled)))
        let (altDown, altUp) = (info.altSpeedDown.map(Units.limit) ?? "?", info.altSpeedUp.map(Units.limit) ?? "?")
        rows.append((tr("Alt speed"), "\(onOff(info.altSpeedEnabled)) (" + tr("down \(altDown), up \(altUp)") + ")"))
        if info.altSpeedTimeEnabled == true, let begin = info.altSpeedTimeBegin, let end = info.altSpeedTimeEnd {
            rows.append((tr("Alt schedule"), "\(Self.minutesText(begin))–\(Self.minutesText(end))"))
        }
        rows.append((tr("Peer port"), info.peerPort.map(String.init) ?? "?"))
        rows.append((tr("Encryption"), info.encryption.map { Self.encryptionText($0.rawValue) } ?? "?"))
        let global = info.peerLimitGlobal.map(String.init) ?? "?"
        let perTorrent = info.peerLimitPerTorrent.map(String.init) ?? "?"
        rows.append((tr("Peer limits"), tr("\(global) global, \(perTorrent) per torrent")))
        let ratio = info.seedRatioLimit.map(Units.ratio) ?? "?"
        rows.append(
            (tr("Seed ratio"), info.seedRatioLimited == true ? ratio : tr("unlimited (\(ratio) when enabled)")))
        let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
        let lines = rows.map { label, value in
            terminal.styled(label + ":", .bold) + String(repeating: " ", count: width - TerminalText.width(label) + 1)
                + value
        }
        return (changed ? tr("Changed. The daemon now reports:") + "\n" : "") + lines.joined(separator: "\n")
    }

    /// The daemon's encryption setting in words (`required`, `preferred`, `tolerated`).
    static func encryptionText(_ value: String) -> String {
        switch value {
        case "required": return tr("required")
        case "preferred": return tr("preferred")
        case "tolerated": return tr("tolerated")
        default: return TerminalText.safe(value)
        }

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
