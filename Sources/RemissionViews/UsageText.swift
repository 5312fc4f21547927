/// The words of the command line itself: a mistyped command, a bad `--lang`.
public enum UsageText {
    /// `remission lsit`: "'lsit' is not a command. Did you mean 'list'?" and where the commands are listed.
    public static func unknownCommand(_ word: String, near: [String]) -> String {
        let quoted = near.map { "'\($0)'" }
        var message = tr("remission: '\(TerminalText.safe(word))' is not a command.")
        if !quoted.isEmpty {
            message += " " + tr("Did you mean \(quoted.joined(separator: tr(" or ")))?")
        }
        return message + "\n" + tr("The commands are listed by: remission --help")
    }

    /// `--lang de`, or `--lang` without a value.
    public static func badLanguage(_ value: String?) -> String {
        guard let value else { return tr("remission: --lang needs a value: ru or en.") }
        return tr("remission: --lang takes ru or en, not '\(TerminalText.safe(value))'.")
    }
}
