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

/// Year, month (1–12) and day (1–31) of the proleptic Gregorian calendar for a count of days since
/// 1970-01-01 (Howard Hinnant's `civil_from_days`, http://howardhinnant.github.io/date_algorithms.html).
/// Overflow-free for every Int64: whole 400-year eras are taken off before the shift to March.
public func civil(fromDays days: Int64) -> (year: Int64, month: Int, day: Int) {
    let (wholeEras, dayInEras) = floorDivision(days, 146_097)  // 400-year eras of 146,097 days.
    // Days since 0000-03-01 within the era: the algorithm's years start in March.
    let (extraEra, dayOfEra) = floorDivision(dayInEras + 719_468, 146_097)  // [0, 146096]
    let era = wholeEras + extraEra
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365  // [0, 399]
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)  // [0, 365], from March 1
    let monthFromMarch = (5 * dayOfYear + 2) / 153  // [0, 11]
    let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1  // [1, 31]
    let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9  // [1, 12]
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, Int(month), Int(day))
}

/// Division rounding towards negative infinity, with a remainder in `0..<divisor`; `divisor` must be
/// positive. Overflow-free for every Int64 `value` (no `quotient * divisor` is formed: that product
/// leaves Int64 for `Int64.min`).
public func floorDivision(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
}

func padded(_ value: Int64, _ width: Int) -> String {
    let digits = String(value.magnitude)
    let zeros = String(repeating: "0", count: max(0, width - digits.count))
    return (value < 0 ? "-" : "") + zeros + digits
}
