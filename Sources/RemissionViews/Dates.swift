/// Certificate days and relative days as a person reads them in this run's language: English
/// `2026-12-21`, Russian `21.12.2026` (GOST R 7.0.64's numeric form, what ru_RU's `%x` prints), in
/// UTC as X.509 states them. Dates with a time of day are `Units.dateTime`'s.
public enum Dates {
    /// The calendar day of a Unix time.
    public static func day(_ unixSeconds: Int64) -> String { day(UTCDate(unixSeconds: unixSeconds)) }

    public static func day(_ date: UTCDate) -> String {
        switch Language.current {
        case .english: return date.description
        case .russian: return "\(twoDigits(date.day)).\(twoDigits(date.month)).\(date.year)"
        }
    }

    /// How far `instant` is from `now`, in whole days: "12 days ago", "1 day ago", "less than a day
    /// ago", "in less than a day", "in 3 days"; Russian "12 дней назад", "через 3 дня". Any two Int64
    /// are accepted: the distance is taken as a magnitude, which cannot overflow.
    public static func relativeDays(_ instant: Int64, now: Int64) -> String {
        let past = now >= instant
        let distance = past ? UInt64(bitPattern: now &- instant) : UInt64(bitPattern: instant &- now)
        let days = Int(clamping: distance / 86_400)
        switch (past, days) {
        case (true, 0): return tr("less than a day ago")
        case (false, 0): return tr("in less than a day")
        case (true, _): return tr("\(count: days, "day", "days") ago")
        case (false, _): return tr("in \(count: days, "day", "days")")
        }
    }

}
