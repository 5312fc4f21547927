import RemissionModel
import RemissionTrust

/// A calendar date and time in UTC, computed from Unix seconds without Foundation (whose start-up cost a
/// CLI measured against `transmission-remote` cannot afford) and without the local time zone, so that
/// dates read the same on every machine and in every test.
public struct UTCDate: Sendable, Hashable, CustomStringConvertible {
    public var year: Int64
    public var month: Int
    public var day: Int
    public var hour: Int
    public var minute: Int
    public var second: Int

    public init(unixSeconds: Int64) {
        let (days, secondOfDay) = floorDivision(unixSeconds, 86_400)
        (year, month, day) = civil(fromDays: days)
        hour = Int(secondOfDay / 3600)
        minute = Int(secondOfDay % 3600 / 60)
        second = Int(secondOfDay % 60)
    }

    /// `YYYY-MM-DD`: a certificate's day of validity (always UTC: that is how X.509 states it).
    public var description: String { "\(padded(year, 4))-\(padded(Int64(month), 2))-\(padded(Int64(day), 2))" }

    // Dates with a time of day are written by `Units.dateTime` only, in the chosen zone.
}

/// How far `instant` is from `now`, in whole days, in this run's language (`Dates.relativeDays`):
/// "12 days ago", "1 day ago", "less than a day ago", "in less than a day", "in 3 days".
public func relativeDays(_ instant: Int64, now: Int64) -> String { Dates.relativeDays(instant, now: now) }

/// Year, month (1–12) and day (1–31) of the proleptic Gregorian calendar for a count of days since
/// 1970-01-01 (Howard Hinnant's `civil_from_days`, http://howardhinnant.github.io/date_algorithms.html).
public func civil(fromDays days: Int64) -> (year: Int64, month: Int, day: Int) {
    let shifted = days + 719_468  // Days since 0000-03-01: the algorithm's years start in March.
    let era = floorDivision(shifted, 146_097).quotient  // 400-year eras of 146,097 days.
    let dayOfEra = shifted - era * 146_097  // [0, 146096]
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365  // [0, 399]
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // [0, 365], from March 1
    let monthFromMarch = (5 * dayOfYear + 2) / 153  // [0, 11]
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1  // [1, 31]
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9  // [1, 12]
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, Int(month), Int(day))
}

/// Division rounding towards negative infinity, with a non-negative remainder.
public func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let quotient = value / divisor - (value % divisor < 0 ? 1 : 0)
    return (quotient, value - quotient * divisor)
}

private func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value < 0 ? -value : value)
    let zeros = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + zeros + digits
}
