/// The words of the commands' own checks and banners: argument validation (ArgumentParser prints
/// them as usage errors, exit 2), list's offline banner and empty-list hint, watch's view line. The
/// commands hold no sentences of their own.
public enum CommandText {
    public static var timeoutRange: String { tr("--timeout takes seconds between 0 and 3600, e.g. --timeout 10.") }
    public static var widthNegative: String { tr("--width takes a number of columns, 0 for no limit.") }
    public static var pinNeedsKey: String { tr("Give --spki sha256//BASE64 or --current (or both).") }
    public static var oneTorrent: String { tr("Give one torrent: an id such as 3, or a 40-character info hash.") }
    public static var addNeedsSource: String {
        tr("Give at least one .torrent file, magnet: link or http(s):// URL.")
    }
    public static func badLabel(_ label: String) -> String {
        tr("No label in \"\(TerminalText.safe(label))\": give labels separated by commas, e.g. linux,iso.")
    }
    public static func altSpeed(_ text: String) -> String {
        tr("--alt-speed takes on or off, not '\(TerminalText.safe(text))'.")
    }
    public static func relativeDownloadDir(_ directory: String) -> String {
        tr(
            "--download-dir must be an absolute path on the daemon's machine (starting with /), ",
            "not '\(TerminalText.safe(directory))'.")
    }
    public static var namesOrAll: String { tr("Give server names or --all, not both.") }
    public static var checkWatchRange: String { tr("--watch takes 1 to 86400 seconds, e.g. --watch 10.") }
    public static var pinWhat: String {
        tr("Give --spki sha256//BASE64, --current, --issuer, --root or --generate-backup FILE.")
    }
    public static var warnExpiryRange: String { tr("--warn-expiry takes 0 to 3650 days, e.g. --warn-expiry 14.") }
    public static var watchIntervalRange: String {
        tr("--interval takes seconds between 0.5 and 3600, e.g. --interval 2.")
    }
    public static var notifyIntervalRange: String {
        tr("--interval takes seconds between 2 and 86400, e.g. --interval 60.")
    }
    public static func serverAndName(server: String, name: String) -> String {
        tr(
            "--server \(TerminalText.safe(server)) updates that saved server and --name \(TerminalText.safe(name)) ",
            "names another: give one of them.")
    }
    public static var priorityNeedsFiles: String {
        tr("--priority needs the files it applies to, e.g. --priority high 0,2.")
    }
    public static func priorityBeforeIndexes(_ indexes: String) -> String {
        tr("Give --priority before the indexes \(TerminalText.safe(indexes)), or use --skip/--get INDEXES.")
    }

    /// After an empty list, on stderr.
    public static var listEmptyHint: String { tr("hint: no torrents yet; add one with: remission add FILE|MAGNET") }

    /// `OFFLINE — data from 2026-11-21 22:30 CET (5 minutes ago)`.
    public static func offlineBanner(savedAt: Int64, now: Int64, zone: TimeZoneChoice) -> String {
        let minutes = Int(clamping: max(0, (now - savedAt) / 60))
        let time = Units.dateTime(WallClock(unixSeconds: savedAt, zone), seconds: false)
        return tr("OFFLINE — data from \(time) (\(count: minutes, "minute", "minutes") ago)")
    }
}
