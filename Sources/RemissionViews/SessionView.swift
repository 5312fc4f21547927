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
        let rows =
            [(tr("Server"), server)] + versionRows() + directoryRows() + speedRows() + peerRows()
            + queueRows() + seedingRows() + fileRows()
        let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
        let lines = rows.map { label, value in
            terminal.styled(label + ":", .bold) + String(repeating: " ", count: width - TerminalText.width(label) + 1)
                + value
        }
        return (changed ? tr("Changed. The daemon now reports:") + "\n" : "") + lines.joined(separator: "\n")
    }

    private func versionRows() -> [(String, String)] {
        var rpc = info.rpcVersion.map(String.init) ?? "?"
        if let semver = info.rpcVersionSemver { rpc += " (\(TerminalText.safe(semver)))" }
        return [(tr("Version"), TerminalText.safe(info.version ?? "?")), (tr("RPC version"), rpc)]
    }

    private func directoryRows() -> [(String, String)] {
        var directory = TerminalText.safe(info.downloadDir ?? "?")
        if let freeSpace { directory += " " + tr("(\(Units.bytes(freeSpace)) free)") }
        return [
            (tr("Download dir"), directory),
            (tr("Incomplete dir"), Self.switched(info.incompleteDirEnabled, info.incompleteDir.map(TerminalText.safe))),
        ]
    }

    private func speedRows() -> [(String, String)] {
        func limit(_ value: Int?, enabled: Bool?) -> String {
            let amount = value.map(Units.limit) ?? "?"
            return enabled == true ? amount : tr("unlimited (\(amount) when enabled)")
        }
        let (altDown, altUp) = (info.altSpeedDown.map(Units.limit) ?? "?", info.altSpeedUp.map(Units.limit) ?? "?")
        var schedule = Self.onOff(info.altSpeedTimeEnabled)
        if let begin = info.altSpeedTimeBegin, let end = info.altSpeedTimeEnd {
            let days = info.altSpeedTimeDay.map(Self.daysText) ?? "?"
            let times = "\(Self.minutesText(begin))–\(Self.minutesText(end)), \(days)"
            schedule = info.altSpeedTimeEnabled == true ? tr("on, \(times)") : tr("off (\(times) when enabled)")
        }
        return [
            (tr("Download limit"), limit(info.speedLimitDown, enabled: info.speedLimitDownEnabled)),
            (tr("Upload limit"), limit(info.speedLimitUp, enabled: info.speedLimitUpEnabled)),
            (tr("Alt speed"), "\(Self.onOff(info.altSpeedEnabled)) (" + tr("down \(altDown), up \(altUp)") + ")"),
            (tr("Alt schedule"), schedule),
        ]
    }

    private func peerRows() -> [(String, String)] {
        let global = info.peerLimitGlobal.map(String.init) ?? "?"
        let perTorrent = info.peerLimitPerTorrent.map(String.init) ?? "?"
        let protocols = [
            ("DHT", info.dhtEnabled), ("PEX", info.pexEnabled), ("LPD", info.lpdEnabled), ("µTP", info.utpEnabled),
        ].map { "\($0.0) \(Self.onOff($0.1))" }.joined(separator: ", ")
        return [
            (tr("Peer port"), info.peerPort.map(String.init) ?? "?"),
            (tr("Random port"), Self.onOff(info.peerPortRandomOnStart)),
            (tr("Port forwarding"), Self.onOff(info.portForwardingEnabled)),
            (tr("Encryption"), info.encryption.map { Self.encryptionText($0.rawValue) } ?? "?"),
            (tr("Protocols"), protocols),
            (tr("Peer limits"), tr("\(global) global, \(perTorrent) per torrent")),
        ]
    }

    private func queueRows() -> [(String, String)] {
        let stalled = info.queueStalledMinutes.map { Units.duration($0 * 60) }
        return [
            (tr("Download queue"), Self.switched(info.downloadQueueEnabled, info.downloadQueueSize.map(String.init))),
            (tr("Seed queue"), Self.switched(info.seedQueueEnabled, info.seedQueueSize.map(String.init))),
            (tr("Stalled after"), Self.switched(info.queueStalledEnabled, stalled)),
        ]
    }

    private func seedingRows() -> [(String, String)] {
        let ratio = info.seedRatioLimit.map(Units.ratio) ?? "?"
        let idle = info.idleSeedingLimit.map { Units.duration($0 * 60) } ?? "?"
        return [
            (tr("Seed ratio"), info.seedRatioLimited == true ? ratio : tr("unlimited (\(ratio) when enabled)")),
            (tr("Seed idle"), info.idleSeedingLimitEnabled == true ? idle : tr("unlimited (\(idle) when enabled)")),
        ]
    }

    private func fileRows() -> [(String, String)] {
        var blocklist = Self.onOff(info.blocklistEnabled)
        if let size = info.blocklistSize { blocklist += " (" + tr("\(count: size, "rule", "rules")") + ")" }
        return [
            (tr("Start added"), Self.onOff(info.startAddedTorrents)),
            (tr("Rename partial"), Self.onOff(info.renamePartialFiles)),
            (tr("Trash .torrent"), Self.onOff(info.trashOriginalTorrentFiles)),
            (
                tr("Done script"),
                Self.switched(info.scriptTorrentDoneEnabled, info.scriptTorrentDoneFilename.map(TerminalText.safe))
            ),
            (tr("Cache"), info.cacheSizeMB.map { "\($0) " + tr(context: "unit", "MiB") } ?? "?"),
            (tr("Blocklist"), blocklist),
            (tr("Blocklist URL"), info.blocklistUrl.map(TerminalText.safe) ?? "?"),
        ]
    }

    /// `on` / `off` / `?`.
    static func onOff(_ flag: Bool?) -> String { flag.map { $0 ? tr("on") : tr("off") } ?? "?" }

    /// A setting with a switch and a value: the value when on, else `off (VALUE when enabled)`
    /// (`off` alone when there is no value to show).
    static func switched(_ enabled: Bool?, _ value: String?) -> String {
        guard let enabled else { return value ?? "?" }
        if enabled { return value ?? "?" }
        guard let value, !value.isEmpty else { return tr("off") }
        return tr("off (\(value) when enabled)")
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
    public static func minutesText(_ minutes: Int) -> String { TimeOfDay.text(minutes) }

    /// The alt-speed days (bitmask, Sunday = 1 … Saturday = 64) in words: `every day`, `weekdays`,
    /// `weekends`, or the days from Monday, e.g. `Mon, Wed`.
    public static func daysText(_ mask: Int) -> String {
        switch mask & AltSpeedDay.everyDay {
        case AltSpeedDay.everyDay: return tr("every day")
        case AltSpeedDay.weekdays: return tr("weekdays")
        case AltSpeedDay.weekend: return tr("weekends")
        case 0: return tr("no day")
        default: return AltSpeedDay.days(in: mask).map(dayName).joined(separator: ", ")
        }
    }

    static func dayName(_ day: AltSpeedDay) -> String {
        switch day {
        case .monday: tr("Mon")
        case .tuesday: tr("Tue")
        case .wednesday: tr("Wed")
        case .thursday: tr("Thu")
        case .friday: tr("Fri")
        case .saturday: tr("Sat")
        case .sunday: tr("Sun")
        }
    }
}
