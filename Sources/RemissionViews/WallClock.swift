#if canImport(Glibc)
    import Glibc
#endif

/// The clock a person's dates are written in: local time by default (the time zone glibc reads from
/// `TZ`, else /etc/localtime), UTC with `--utc` for scripts. `--json` uses neither: it writes Unix
/// seconds.
public enum TimeZoneChoice: Sendable, Equatable {
    case local
    case utc
}

/// A moment as a wall clock shows it: the calendar fields and the zone's abbreviation (`UTC`,
/// `CET`, `+03`). The formatters (`Units.dateTime`, `Units.clock`) take this value, so what
/// they write depends on nothing but their arguments.
public struct WallClock: Sendable, Equatable {
    public var year: Int64
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var zone: String

    public init(year: Int64, month: Int, day: Int, hour: Int, minute: Int, second: Int, zone: String) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
        self.zone = zone
    }

    /// `unixSeconds` in `choice`: UTC by arithmetic (any Int64), local time through glibc's
    /// `localtime_r`, which honours `TZ`; a moment it cannot convert is given in UTC.
    public init(unixSeconds: Int64, _ choice: TimeZoneChoice) {
        if choice == .local, let local = Self.local(unixSeconds) {
            self = local
            return
        }
        let utc = UTCDate(unixSeconds: unixSeconds)
        self.init(
            year: utc.year, month: utc.month, day: utc.day, hour: utc.hour, minute: utc.minute, second: utc.second,
            zone: "UTC")
    }

    private static func local(_ unixSeconds: Int64) -> WallClock? {
        var seconds = time_t(unixSeconds)
        var parts = tm()
        tzset()
        guard localtime_r(&seconds, &parts) != nil else { return nil }
        let zone = parts.tm_zone.map { String(cString: $0) } ?? ""
        return WallClock(
            year: Int64(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
            hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec),
            zone: zone.isEmpty ? Self.offsetName(Int(parts.tm_gmtoff)) : zone)
    }

    /// `+0530` for a zone without an abbreviation.
    static func offsetName(_ seconds: Int) -> String {
        let minutes = abs(seconds) / 60
        return (seconds < 0 ? "-" : "+") + twoDigits(minutes / 60) + twoDigits(minutes % 60)
    }
}

func twoDigits(_ value: Int) -> String { value < 10 && value >= 0 ? "0\(value)" : "\(value)" }
