import RemissionModel
import RemissionSession

/// The words of `remission set`: its refused values, what changed per torrent, and `--json`.
/// Names, labels and group names pass through `TerminalText.safe`; `--json` keeps them exact.
public enum SetText {
    /// A value refused before connecting (exit 2), naming the option and the forms it takes.
    public static func inputReason(_ error: SettingInputError) -> String {
        func safe(_ text: String) -> String { TerminalText.safe(text) }
        switch error {
        case .speed(let option, let text):
            return tr(
                "\(option) takes a speed in kB/s (a whole number from 1 to ",
                "\(TorrentSettingsInput.maximumSpeed)) or off, not '\(safe(text))'.")
        case .onOff(let option, let text): return tr("\(option) takes on or off, not '\(safe(text))'.")
        case .priority(let text): return tr("--bandwidth-priority takes low, normal or high, not '\(safe(text))'.")
        case .ratio(let text):
            return tr(
                "--seed-ratio takes a ratio such as 1.5 (from 0 to 10000), global (the session's) or unlimited, ",
                "not '\(safe(text))'.")
        case .idleMinutes(let text):
            return tr(
                "--seed-idle takes minutes (from 1 to 65535), global (the session's) or unlimited, ",
                "not '\(safe(text))'.")
        case .peerLimit(let text):
            return tr("--peer-limit takes a number of peers from 1 to 65535, not '\(safe(text))'.")
        case .emptyGroup: return tr("--group takes the name of a bandwidth group, or none.")
        case .label(let label): return CommandText.badLabel(label)
        case .labelOptionsTogether:
            return tr(
                "--label and --no-labels replace a torrent's labels, --add-label and --remove-label edit them: ",
                "give one of --label or --no-labels, or the edits.")
        case .nothingToSet:
            return tr("Nothing to set: give at least one setting, e.g. --down-limit 500 or --add-label iso.")
        }
    }

    /// "--sequential needs Transmission 4.1 or later (rpc-version 18); the server runs 3.00 (bb6b5a062e)
    /// (rpc-version 16). Nothing was sent." The one refusal of an option or command a daemon is too old for.
    public static func needsNewerServer(_ need: NewerServerNeed) -> String {
        let needed = tr(
            "\(need.feature) needs Transmission \(need.transmission) or later (rpc-version \(need.rpcVersion));")
        guard let version = need.serverVersion else {
            return needed + " " + tr("the server speaks rpc-version \(need.found). Nothing was sent.")
        }
        return needed + " "
            + tr("the server runs \(TerminalText.safe(version)) (rpc-version \(need.found)). Nothing was sent.")
    }

    /// "No torrents active; nothing set.": `all` or `active` found nothing.
    public static func noneFound(_ selection: TorrentSelection) -> String {
        selection == .recentlyActive ? tr("No torrents active; nothing set.") : tr("No torrents at all; nothing set.")
    }

    /// "download limit", "labels", …
    public static func name(_ setting: TorrentSetting) -> String {
        switch setting {
        case .labels: tr("labels")
        case .downloadLimit: tr("download limit")
        case .uploadLimit: tr("upload limit")
        case .honorsSessionLimits: tr("session limits")
        case .bandwidthPriority: tr("bandwidth priority")
        case .seedRatio: tr("seed ratio")
        case .seedIdle: tr("seed idle limit")
        case .peerLimit: tr("peer limit")
        case .sequentialDownload: tr("sequential download")
        case .group: tr("bandwidth group")
        }
    }

    /// A value as the report shows it: "100 kB/s", "unlimited", "global", "30 min", "iso, linux", "none".
    public static func value(_ value: TorrentSettingValue?, of setting: TorrentSetting) -> String {
        guard let value else { return "?" }
        switch value {
        case .labels(let labels):
            return labels.isEmpty ? tr("none") : labels.map(TerminalText.safe).joined(separator: ", ")
        case .speed(.limited(let kBps)): return Units.limit(kBps)
        case .speed(.unlimited): return tr("unlimited")
        case .flag(let on):
            if setting == .honorsSessionLimits { return on ? tr("honored") : tr("ignored") }
            return on ? tr("on") : tr("off")
        case .priority(let priority): return TorrentText.priority(priority)
        case .ratio(let limit): return seed(limit, Units.ratio)
        case .minutes(let limit): return seed(limit) { tr("\($0) min") }
        case .count(let count): return String(count)
        case .group(let group): return group.isEmpty ? tr("none") : TerminalText.safe(group)
        }
    }

    private static func seed<Value>(_ limit: SeedLimitSetting<Value>, _ text: (Value) -> String) -> String {
        switch limit {
        case .limit(let value): text(value)
        case .global: tr("global")
        case .unlimited: tr("unlimited")
        }
    }

    /// "5 name: download limit 100 kB/s (was unlimited); labels iso (was none)", or "5 name: unchanged
    /// (already so)".
    public static func line(_ result: TorrentSettingsResult) -> String {
        let head = "\(result.after.id) \(TerminalText.safe(result.after.name))"
        let changed = result.changed
        guard !changed.isEmpty else { return tr("\(head): unchanged (already so)") }
        let parts = changed.map { setting in
            let now = value(result.after.value(of: setting), of: setting)
            let before = value(result.before.value(of: setting), of: setting)
            return tr("\(name(setting)) \(now) (was \(before))")
        }
        return head + ": " + parts.joined(separator: "; ")
    }

    /// More than this many torrents get one line (`summary`) instead of one each.
    public static let linesAtMost = 10

    /// "changed 118 of 120 torrents: download limit 100 kB/s; labels +iso −old".
    public static func summary(_ results: [TorrentSettingsResult], _ request: TorrentSettingsRequest) -> String {
        let changed = results.filter { !$0.changed.isEmpty }.count
        let parts = request.settings.map { setting in "\(name(setting)) \(requested(setting, request))" }
        return tr("changed \(changed) of \(count: results.count, "torrent", "torrents"):") + " "
            + parts.joined(separator: "; ")
    }

    /// The value asked for, as `value(_:of:)` words it; label edits as "+add −remove".
    static func requested(_ setting: TorrentSetting, _ request: TorrentSettingsRequest) -> String {
        let asked: TorrentSettingValue? =
            switch setting {
            case .labels:
                switch request.labels {
                case .replace(let labels)?: .labels(labels)
                case .edit(let add, let remove)?:
                    .labels(add.map { "+" + $0 } + remove.map { "−" + $0 })
                case nil: nil
                }
            case .downloadLimit: request.downloadLimit.map(TorrentSettingValue.speed)
            case .uploadLimit: request.uploadLimit.map(TorrentSettingValue.speed)
            case .honorsSessionLimits: request.honorsSessionLimits.map(TorrentSettingValue.flag)
            case .bandwidthPriority: request.bandwidthPriority.map(TorrentSettingValue.priority)
            case .seedRatio: request.seedRatio.map(TorrentSettingValue.ratio)
            case .seedIdle: request.seedIdle.map(TorrentSettingValue.minutes)
            case .peerLimit: request.peerLimit.map(TorrentSettingValue.count)
            case .sequentialDownload: request.sequentialDownload.map(TorrentSettingValue.flag)
            case .group: request.group.map(TorrentSettingValue.group)
            }
        return value(asked, of: setting)
    }

    /// `--json`: `{"torrents":[…]}`, each torrent with every setting the server has, as read back,
    /// and `changed` (the names of the settings that differ now).
    public static func json(_ results: [TorrentSettingsResult]) -> JSONValue {
        .object(["torrents": .array(results.map(torrentJSON))])
    }

    private static func torrentJSON(_ result: TorrentSettingsResult) -> JSONValue {
        let torrent = result.after
        var object: JSONObject = [
            "id": JSONValue(torrent.id), "name": .string(torrent.name), "hash": .string(torrent.hashString),
        ]
        func speed(_ kBps: Int?, _ enabled: Bool?) -> JSONValue {
            .object(["kBps": JSONValue(kBps ?? 0), "enabled": .bool(enabled ?? false)])
        }
        func seed(_ mode: Int?, _ key: String, _ limit: JSONValue) -> JSONValue {
            let name =
                switch mode {
                case 0?: "global"
                case 1?: "limit"
                case 2?: "unlimited"
                default: "unknown"
                }
            return .object(["mode": .string(name), key: limit])
        }
        for setting in result.settings {
            switch setting {
            case .labels: object["labels"] = JSONValue(torrent.labels)
            case .downloadLimit: object["downloadLimit"] = speed(torrent.downloadLimit, torrent.downloadLimited)
            case .uploadLimit: object["uploadLimit"] = speed(torrent.uploadLimit, torrent.uploadLimited)
            case .honorsSessionLimits: object["honorsSessionLimits"] = .bool(torrent.honorsSessionLimits ?? true)
            case .bandwidthPriority:
                object["bandwidthPriority"] = .string((torrent.bandwidthPriority ?? .normal).wireName)
            case .seedRatio:
                object["seedRatio"] = seed(torrent.seedRatioMode, "ratio", .double(torrent.seedRatioLimit ?? 0))
            case .seedIdle:
                object["seedIdle"] = seed(torrent.seedIdleMode, "minutes", JSONValue(torrent.seedIdleLimit ?? 0))
            case .peerLimit: object["peerLimit"] = JSONValue(torrent.peerLimit ?? 0)
            case .sequentialDownload: object["sequentialDownload"] = .bool(torrent.sequentialDownload ?? false)
            case .group: object["group"] = .string(torrent.group ?? "")
            }
        }
        object["changed"] = JSONValue(result.changed.map(\.rawValue))
        return .object(object)
    }
}

extension FilePriority {
    /// The stable English word of `--json`: low, normal, high.
    var wireName: String {
        switch self {
        case .low: "low"
        case .normal: "normal"
        case .high: "high"
        }
    }
}
