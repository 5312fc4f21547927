import RemissionModel

#if canImport(Glibc)
    import Glibc
#endif

/// The one units vocabulary for people: how `info`, `watch`, `stats`, `session` and the messages of
/// the torrent commands write sizes, rates, durations, ratios, percentages and times. Each
/// formatter takes numbers (and a `WallClock` for dates) and returns text, so another language can
/// put its own words in one place. SI units
/// (1 kB = 1000 bytes), as Transmission's own clients print them. `list` keeps transmission-remote's
/// layout as a named variant (`TorrentUnits`), so scripts that read both tools see the same table.
public enum Units {
    /// Three significant digits: `0 B`, `999 B`, `1.23 kB`, `34.5 MB`, `105 kB`, `1.50 GB`; `?` below zero.
    public static func bytes(_ count: Int) -> String {
        if count < 0 { return "?" }
        if count < 1000 { return "\(count) " + tr(context: "unit", "B") }
        let units = [
            tr(context: "unit", "kB"), tr(context: "unit", "MB"), tr(context: "unit", "GB"),
            tr(context: "unit", "TB"), tr(context: "unit", "PB"), tr(context: "unit", "EB"),
        ]
        var value = Double(count) / 1000
        var unit = 0
        // Round first, so 999,960 bytes is "1.00 MB", not "1000 kB".
        while rounded(value) >= 1000, unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        return Numbers.localized(decimal(value, places: places(value))) + " " + units[unit]
    }

    /// Bytes per second: `0 B/s`, `1.50 MB/s`.
    public static func rate(_ bytesPerSecond: Int) -> String { bytes(bytesPerSecond) + tr(context: "unit", "/s") }

    /// A speed limit as the daemon states it, in kB/s.
    public static func limit(_ kBps: Int) -> String { "\(kBps) " + tr(context: "unit", "kB/s") }

    /// The largest two units, without a zero second one: `45s`, `12m 5s`, `3h`, `3h 20m`, `2d 4h`.
    public static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return tr("\(max(0, seconds))s") }
        let minutes = seconds / 60
        let hours = minutes / 60
        let days = hours / 24
        if days > 0 { return hours % 24 == 0 ? tr("\(days)d") : tr("\(days)d \(hours % 24)h") }
        if hours > 0 { return minutes % 60 == 0 ? tr("\(hours)h") : tr("\(hours)h \(minutes % 60)m") }
        return seconds % 60 == 0 ? tr("\(minutes)m") : tr("\(minutes)m \(seconds % 60)s")
    }

    /// Time left: `Done` when nothing is left, `Unknown` for Transmission's −1 (not available) and
    /// −2 (unknown), else a duration. The words are `list`'s (transmission-remote's).
    public static func eta(_ seconds: Int, done: Bool) -> String {
        if done { return tr(context: "eta", "Done") }
        return seconds < 0 ? tr(context: "eta", "Unknown") : duration(seconds)
    }

    /// `0.52`, `None` (−1: nothing downloaded), `Inf` (−2, or infinite).
    public static func ratio(_ value: Double) -> String {
        if value == -2 || value.isInfinite { return tr(context: "ratio", "Inf") }
        if value < 0 || value.isNaN { return tr(context: "ratio", "None") }
        return Numbers.localized(decimal(value, places: 2))
    }

    /// `42%`, `99.5%` (`places: 0`: `99%`, for narrow columns); never rounds up to 100% before the
    /// end; a fraction outside 0…1 is clamped.
    public static func percent(_ fraction: Double, places: Int = 1) -> String {
        guard !fraction.isNaN else { return "?" }
        let value = max(0, min(fraction, 1)) * 100
        if value == 100 || value == 0 { return "\(Int(value))%" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return Numbers.localized(decimal((value * scale).rounded(.down) / scale, places: places)) + "%"
    }

    /// A Unix date on the chosen clock, or `never` for 0 (Transmission's "not yet").
    public static func date(_ unixSeconds: Int?, _ zone: TimeZoneChoice) -> String {
        guard let unixSeconds, unixSeconds > 0 else { return tr("never") }
        return dateTime(WallClock(unixSeconds: Int64(unixSeconds), zone))
    }

    /// The one way a date and time is written: `2026-11-25 14:03:27 CET` (`2026-11-25 14:03 CET`
    /// without seconds), the zone always named, so a pasted line says which clock it was.
    public static func dateTime(_ clock: WallClock, seconds: Bool = true) -> String {
        let year = padded(clock.year, 4)
        let time = timeOfDay(clock, seconds: seconds)
        // Russian writes the day first: 25.11.2026 (GOST R 7.0.64's numeric form, ru_RU's %x).
        guard Language.current == .english else {
            return "\(twoDigits(clock.day)).\(twoDigits(clock.month)).\(year) \(time) \(clock.zone)"
        }
        return "\(year)-\(twoDigits(clock.month))-\(twoDigits(clock.day)) \(time) \(clock.zone)"
    }

    /// Wall-clock time of a Unix time, without the date: `14:03:27` (`watch`'s status line).
    public static func clock(_ unixTime: Int64, _ zone: TimeZoneChoice) -> String {
        timeOfDay(WallClock(unixSeconds: unixTime, zone), seconds: true)
    }

    /// `14:03:27`, or `14:03` without seconds.
    private static func timeOfDay(_ clock: WallClock, seconds: Bool) -> String {
        "\(twoDigits(clock.hour)):\(twoDigits(clock.minute))" + (seconds ? ":\(twoDigits(clock.second))" : "")
    }

    /// A fixed-point decimal without Foundation: `decimal(1.005, places: 2)` is `1.01` or `1.00` by
    /// binary rounding; values too large for 64 bits are written as such, never trapped on.
    public static func decimal(_ value: Double, places: Int) -> String {
        // verbatim: a number, not a word
        guard value.isFinite else { return value.isNaN ? "?" : (value < 0 ? "-Inf" : "Inf") }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let magnitude = (abs(value) * scale).rounded()
        guard magnitude < 9.0e18 else { return value < 0 ? "-huge" : "huge" }
        let scaled = Int64(magnitude)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        let whole = scaled / Int64(scale)
        guard places > 0 else { return "\(sign)\(whole)" }
        var fraction = String(scaled % Int64(scale))
        while fraction.count < places { fraction = "0" + fraction }
        return "\(sign)\(whole).\(fraction)"
    }

    /// Decimals for three significant digits.
    private static func places(_ value: Double) -> Int { value < 9.995 ? 2 : value < 99.95 ? 1 : 0 }

    private static func rounded(_ value: Double) -> Double {
        let scale: Double = value < 9.995 ? 100 : value < 99.95 ? 10 : 1
        return (value * scale).rounded() / scale
    }
}

/// Arithmetic on numbers a server sent: it saturates instead of trapping (a size of 2^63 − 1 plus
/// another is "huge", not a crash).
public enum ServerArithmetic {
    public static func sum(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? Int.max : Int.min) : value
    }

    public static func difference(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.subtractingReportingOverflow(b)
        return overflow ? (b < 0 ? Int.max : Int.min) : value
    }

    /// `value` rounded down to an Int, clamped; NaN is 0.
    public static func floor(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        if value >= 9.2e18 { return Int.max }
        if value <= -9.2e18 { return Int.min }
        return Int(value.rounded(.down))
    }
}
