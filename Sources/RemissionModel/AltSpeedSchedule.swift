/// A day of the alt-speed schedule: its bit in `alt-speed-time-day` (Sunday = 1 … Saturday = 64).
public enum AltSpeedDay: Int, Sendable, CaseIterable {
    case sunday = 1, monday = 2, tuesday = 4, wednesday = 8, thursday = 16, friday = 32, saturday = 64

    /// Monday first, as people list a week.
    public static let week: [AltSpeedDay] = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday, .sunday]

    /// Every day's bit.
    public static let everyDay = 127
    /// Monday to Friday.
    public static let weekdays = 62
    /// Saturday and Sunday.
    public static let weekend = 65

    /// The three-letter English name `--alt-days` takes and `--json` gives: `mon` … `sun`.
    public var key: String {
        switch self {
        case .sunday: "sun"
        case .monday: "mon"
        case .tuesday: "tue"
        case .wednesday: "wed"
        case .thursday: "thu"
        case .friday: "fri"
        case .saturday: "sat"
        }
    }

    /// The days of a bitmask, Monday first.
    public static func days(in mask: Int) -> [AltSpeedDay] { week.filter { mask & $0.rawValue != 0 } }

    /// The bitmask of `all`, `weekdays`, `weekend` or a comma-separated list of those and day names
    /// (`mon,tue`, `weekend,fri`; three letters or the full English name, any case); nil when a part
    /// is none of them or the list is empty.
    public static func mask(parsing text: String) -> Int? {
        var mask = 0
        let parts = text.lowercased().split(separator: ",", omittingEmptySubsequences: false)
        for part in parts.map({ $0.trimmingSpaces }) {
            switch part {
            case "all": mask |= everyDay
            case "weekdays": mask |= weekdays
            case "weekend", "weekends": mask |= weekend
            default:
                guard let day = allCases.first(where: { $0.key == part || $0.fullName == part }) else { return nil }
                mask |= day.rawValue
            }
        }
        return mask == 0 ? nil : mask
    }

    private var fullName: String {
        switch self {
        case .sunday: "sunday"
        case .monday: "monday"
        case .tuesday: "tuesday"
        case .wednesday: "wednesday"
        case .thursday: "thursday"
        case .friday: "friday"
        case .saturday: "saturday"
        }
    }
}

/// Times of day as the alt-speed schedule keeps them: minutes after midnight.
public enum TimeOfDay {
    /// `HH:MM` (or `H:MM`), 00:00 to 23:59, as minutes after midnight; nil otherwise.
    public static func minutes(parsing text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let hours = Int(parts[0]), let minutes = Int(parts[1]), hours < 24, minutes < 60
        else { return nil }
        return hours * 60 + minutes
    }

    /// `HH:MM` for minutes after midnight (taken modulo a day).
    public static func text(_ minutes: Int) -> String {
        let minutes = ((minutes % 1440) + 1440) % 1440
        let (hours, rest) = (minutes / 60, minutes % 60)
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
