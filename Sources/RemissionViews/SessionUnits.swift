#if canImport(Glibc)
    import Glibc
#endif

/// Human units for `session`, `stats` and `watch`: sizes and rates with k = 1000, as Transmission's
/// own `units` report them; durations in the largest two units.
public enum SessionUnits {
    /// "0 B", "999 B", "1.2 kB", "34.5 MB", "1.00 TB".
    public static func bytes(_ count: Int) -> String {
        if count < 0 { return "?" }
        if count < 1000 { return "\(count) B" }
        let units = ["kB", "MB", "GB", "TB", "PB", "EB"]
        var value = Double(count) / 1000
        var index = 0
        while value >= 999.95, index < units.count - 1 {
            value /= 1000
            index += 1
        }
        return decimal(value, places: value < 100 ? 1 : 0) + " " + units[index]
    }

    /// Bytes per second: "0 B/s", "12.3 kB/s".
    public static func rate(_ bytesPerSecond: Int) -> String { bytes(bytesPerSecond) + "/s" }

    /// A speed limit as the daemon states it, in kB/s (k = 1000).
    public static func limit(_ kBps: Int) -> String { "\(kBps) kB/s" }

    /// "45s", "12m 5s", "3h 20m", "2d 4h".
    public static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return "\(max(0, seconds))s" }
        let minutes = seconds / 60
        let hours = minutes / 60
        let days = hours / 24
        if days > 0 { return hours % 24 == 0 ? "\(days)d" : "\(days)d \(hours % 24)h" }
        if hours > 0 { return minutes % 60 == 0 ? "\(hours)h" : "\(hours)h \(minutes % 60)m" }
        return seconds % 60 == 0 ? "\(minutes)m" : "\(minutes)m \(seconds % 60)s"
    }

    /// A ratio with two decimals; "None" when nothing was downloaded, "Inf" for infinite (−2).
    public static func ratio(_ value: Double) -> String { TorrentText.ratio(value) }

    public static func decimal(_ value: Double, places: Int) -> String { TorrentText.decimal(value, places: places) }

    /// Local wall-clock time of a Unix time: "14:03:27".
    public static func clock(_ unixTime: Int64) -> String {
        var seconds = time_t(unixTime)
        var parts = tm()
        guard localtime_r(&seconds, &parts) != nil else { return "?" }
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
