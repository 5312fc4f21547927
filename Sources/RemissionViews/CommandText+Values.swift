/// The forms an option's value may take, for the usage error that names the option and them.
public enum ValueForm: Sendable, Equatable {
    case onOff
    /// A speed in kB/s, 0 or more.
    case speed
    case timeOfDay
    case days
    case port
    case encryption
    /// An integer in the range.
    case number(ClosedRange<Int>)
    /// An integer in the range, or `off`.
    case numberOrOff(ClosedRange<Int>)
    /// Minutes in the range, or `off`.
    case minutesOrOff(ClosedRange<Int>)
    case ratioOrOff
    /// An absolute path on the daemon's machine, or `off`.
    case pathOrOff
    /// Megabytes in the range.
    case megabytes(ClosedRange<Int>)
    case url
}

extension CommandText {
    /// `--peer-port takes a port number from 1 to 65535, not 'x'.` (a usage error, exit 2).
    public static func badValue(option: String, _ form: ValueForm, _ text: String) -> String {
        tr("\(option) takes \(formText(form)), not '\(TerminalText.safe(text))'.")
    }

    static func formText(_ form: ValueForm) -> String {
        switch form {
        case .onOff: tr("on or off")
        case .speed: tr("a speed in kB/s (an integer, 0 or more)")
        case .timeOfDay: tr("a time of day as HH:MM (00:00 to 23:59)")
        case .days: tr("all, weekdays, weekend, or days such as mon,tue,sat")
        case .port: tr("a port number from 1 to 65535")
        case .encryption: tr("required, preferred or tolerated")
        case .number(let range): tr("a number from \(range.lowerBound) to \(range.upperBound)")
        case .numberOrOff(let range): tr("a number from \(range.lowerBound) to \(range.upperBound), or off")
        case .minutesOrOff(let range): tr("minutes from \(range.lowerBound) to \(range.upperBound), or off")
        case .ratioOrOff: tr("a ratio such as 1.5 (0 or more), or off")
        case .pathOrOff: tr("an absolute path on the daemon's machine (starting with /), or off")
        case .megabytes(let range): tr("megabytes from \(range.lowerBound) to \(range.upperBound)")
        case .url: tr("an http:// or https:// URL")
        }
    }
}

extension CommandText {
    public static func badGroupName(_ name: String) -> String {
        tr("'\(TerminalText.safe(name))' is not a group name: give a name that is not empty.")
    }

    public static var groupSetNeedsChange: String {
        tr("Give what to change: --down-limit, --up-limit or --honor-session.")
    }
}
