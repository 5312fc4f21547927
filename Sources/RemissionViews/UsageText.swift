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

    /// ArgumentParser's own words in its help and errors (section titles, the built-in options, the
    /// common errors), in this run's language; the rest of a help text is ours and already is.
    public static func argumentParser(_ message: String) -> String {
        guard Language.current != .english else { return message }
        var text = message
        // The English is what ArgumentParser prints, looked for as it is.
        let words: [(String, String)] = [
            ("OVERVIEW:", tr(context: "help", "OVERVIEW:")),  // verbatim
            ("USAGE:", tr(context: "help", "USAGE:")),  // verbatim
            ("ARGUMENTS:", tr(context: "help", "ARGUMENTS:")),  // verbatim
            ("OPTIONS:", tr(context: "help", "OPTIONS:")),  // verbatim
            ("SUBCOMMANDS:", tr(context: "help", "SUBCOMMANDS:")),  // verbatim
            ("Show help information.", tr("Show help information.")),  // verbatim
            ("Show the version.", tr("Show the version.")),  // verbatim
            (
                "See 'remission help <subcommand>' for detailed help.",  // verbatim
                tr("See 'remission help <subcommand>' for detailed help.")
            ),
            ("Error: ", tr("Error: ")),  // verbatim
            ("Usage: ", tr("Usage: ")),  // verbatim
            ("Help: ", tr("Help: ")),  // verbatim
            ("Unknown option", tr("Unknown option")),  // verbatim
            ("Unexpected argument", tr("Unexpected argument")),  // verbatim
            ("Missing expected argument", tr("Missing expected argument")),  // verbatim
            ("Missing value for", tr("Missing value for")),  // verbatim
            ("(default: ", tr("(default: ")),  // verbatim
            ("(values: ", tr("(values: ")),  // verbatim
        ]
        for (english, translated) in words { text = text.replacing(english, with: translated) }
        return text
    }
}
