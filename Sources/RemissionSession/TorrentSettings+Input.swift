import RemissionModel

/// A value of `remission set` that cannot be sent, refused before connecting (exit 2); worded by
/// `SetText.inputReason`, naming the option and the forms it takes.
public enum SettingInputError: Error, Sendable, Equatable {
    /// `--down-limit`/`--up-limit`: not a positive whole number of kB/s nor `off`.
    case speed(option: String, String)
    /// `--honor-session`/`--sequential`: not `on` or `off`.
    case onOff(option: String, String)
    /// `--bandwidth-priority`: not low, normal or high.
    case priority(String)
    /// `--seed-ratio`: not a ratio (0 or more, e.g. 1.5), `global` or `unlimited`.
    case ratio(String)
    /// `--seed-idle`: not 1 to 65535 minutes, `global` or `unlimited`.
    case idleMinutes(String)
    /// `--peer-limit`: not 1 to 65535.
    case peerLimit(String)
    /// `--group`: an empty name.
    case emptyGroup
    /// A label option's value with no label in it (`""`, `","`).
    case label(String)
    /// `--label`/`--no-labels` together with each other or with `--add-label`/`--remove-label`.
    case labelOptionsTogether
    /// No setting at all.
    case nothingToSet
}

/// Reads the values of `remission set`'s options: case-insensitive words, numbers as C writes them.
public enum TorrentSettingsInput {
    /// The largest limit taken, in kB/s: Transmission 3.00 keeps a limit as 32-bit bytes per second
    /// (4,294,967 kB/s at most, beyond which it wraps round); 4,000,000 (4 GB/s) is the round number below.
    public static let maximumSpeed = 4_000_000

    /// `KBPS|off`: 1 to 4,000,000 kB/s, or `off` (no limit).
    public static func speed(_ text: String, option: String) throws(SettingInputError) -> SpeedLimitSetting {
        if text.lowercased() == "off" { return .unlimited }
        guard let value = wholeNumber(text), (1...maximumSpeed).contains(value) else {
            throw .speed(option: option, text)
        }
        return .limited(kBps: value)
    }

    /// `on|off`.
    public static func onOff(_ text: String, option: String) throws(SettingInputError) -> Bool {
        switch text.lowercased() {
        case "on": return true
        case "off": return false
        default: throw .onOff(option: option, text)
        }
    }

    /// `low|normal|high`.
    public static func priority(_ text: String) throws(SettingInputError) -> FilePriority {
        switch text.lowercased() {
        case "low": return .low
        case "normal": return .normal
        case "high": return .high
        default: throw .priority(text)
        }
    }

    /// `R|global|unlimited`: a ratio from 0 to 10,000 written with a dot (`1.5`), the session's
    /// (`global`), or none.
    public static func ratio(_ text: String) throws(SettingInputError) -> SeedLimitSetting<Double> {
        switch text.lowercased() {
        case "global": return .global
        case "unlimited": return .unlimited
        default:
            let digits = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard !text.isEmpty, digits.count <= 2, digits.allSatisfy({ $0.allSatisfy(\.isASCII) }),
                digits.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
                let value = Double(text), value.isFinite, (0...10_000).contains(value)
            else { throw .ratio(text) }
            return .limit(value)
        }
    }

    /// `MINUTES|global|unlimited`: 1 to 65535 minutes (Transmission keeps 16 bits).
    public static func idleMinutes(_ text: String) throws(SettingInputError) -> SeedLimitSetting<Int> {
        switch text.lowercased() {
        case "global": return .global
        case "unlimited": return .unlimited
        default:
            guard let value = wholeNumber(text), (1...65535).contains(value) else { throw .idleMinutes(text) }
            return .limit(value)
        }
    }

    /// `N`: 1 to 65535 peers.
    public static func peerLimit(_ text: String) throws(SettingInputError) -> Int {
        guard let value = wholeNumber(text), (1...65535).contains(value) else { throw .peerLimit(text) }
        return value
    }

    /// `NAME|none`: a bandwidth group, or "" for none.
    public static func group(_ text: String) throws(SettingInputError) -> String {
        if text.lowercased() == "none" { return "" }
        guard !text.isEmpty else { throw .emptyGroup }
        return text
    }

    /// The labels of label options as typed: each value a comma-separated list (`--label a,b`, as
    /// transmission-remote's `-L a,b` and `watch`'s `L` prompt take them; Transmission refuses a comma
    /// inside a label), spaces around each label dropped, each label once. A value with no label
    /// in it is refused (`--no-labels` removes them all).
    public static func labelList(_ values: [String]) throws(SettingInputError) -> [String] {
        var labels: [String] = []
        for value in values {
            let parts = value.split(separator: ",").map { trimmed($0) }.filter { !$0.isEmpty }
            guard !parts.isEmpty else { throw .label(value) }
            for label in parts where !labels.contains(label) { labels.append(label) }
        }
        return labels
    }

    /// The label options together: `--label`… (replace), `--no-labels` (clear), or `--add-label`…
    /// and `--remove-label`… (edit), each value a comma list; nil when none is given.
    public static func labels(
        replace: [String], clear: Bool, add: [String], remove: [String]
    ) throws(SettingInputError) -> LabelChange? {
        let (replace, add, remove) = (try labelList(replace), try labelList(add), try labelList(remove))
        let replacing = !replace.isEmpty || clear
        if (!replace.isEmpty && clear) || (replacing && !(add.isEmpty && remove.isEmpty)) {
            throw .labelOptionsTogether
        }
        if replacing { return .replace(replace) }
        return add.isEmpty && remove.isEmpty ? nil : .edit(add: add, remove: remove)
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// ASCII digits only (no sign, no spaces), not too long to be a number.
    private static func wholeNumber(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 12, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
