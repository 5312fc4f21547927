#if canImport(Glibc)
    import Glibc
#endif

/// The language of everything a person reads: English or Russian. Decided once per process from
/// the command line and the environment (`decide`), the Linux way, without `setlocale`: a machine
/// with only `C.UTF-8` generated still speaks Russian to a user whose `LANG` is `ru_RU.UTF-8`.
/// What scripts read (`--json`, exit codes, the `-v` log's field names) never changes with it.
public enum Language: String, Sendable, Equatable, CaseIterable {
    case english = "en"
    case russian = "ru"

    /// The language of this run: a test's override, else the process's.
    public static var current: Language { override ?? process }

    /// For tests that render views in both languages in one process (the process's language is
    /// fixed at its start). Scoped to the task and the thread that binds it.
    @TaskLocal public static var override: Language?

    /// The process's language, decided on first use from `CommandLine.arguments` and the environment.
    public static let process: Language = decide(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: LanguageOption.environment())

    /// A run with `--json` is English, stderr included: what a script reads, and its log, is the same
    /// on every machine (the JSON's texts too: `reason`, `hint`, `summary`, `error`). Otherwise
    /// the first that says something decides: `--lang ru|en`, `REMISSION_LANG`, then the locale
    /// variables in gettext's order (`LANGUAGE`, a colon-separated list whose first known entry
    /// counts, unless the locale is `C` or `POSIX`, as gettext ignores it then; `LC_ALL`,
    /// `LC_MESSAGES`, `LANG`). Russian for `ru…`, English for anything else. An empty variable
    /// says nothing. An unknown `--lang` or `REMISSION_LANG` value decides nothing here (the
    /// executable refuses the former as a usage error).
    public static func decide(arguments: [String], environment: [String: String]) -> Language {
        let (option, rest) = LanguageOption.scan(arguments)
        if rest.prefix(while: { $0 != "--" }).contains("--json") { return .english }
        if case .language(let language)? = option { return language }
        if let language = environment["REMISSION_LANG"].flatMap(Language.init(code:)) { return language }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        if let list = environment["LANGUAGE"], !list.isEmpty, locale != "C", locale != "POSIX" {
            for entry in list.split(separator: ":") {
                if entry.hasPrefix("ru") { return .russian }
                if entry.hasPrefix("en") { return .english }
            }
        }
        return locale?.hasPrefix("ru") == true ? .russian : .english
    }

    /// `ru`, `en`, in any case; nil for anything else.
    public init?(code: String) {
        switch code.lowercased() {
        case "ru": self = .russian
        case "en": self = .english
        default: return nil
        }
    }
}

/// `--lang ru|en` on the command line: found before any parse (help texts are chosen by it), and
/// taken out so every command, and the root's `--help`, accepts it in any place before `--`.
public enum LanguageOption {
    public enum Found: Equatable, Sendable {
        case language(Language)
        /// `--lang` with a value that is not `ru` or `en`, or with none.
        case invalid(String?)
    }

    /// The option's last occurrence, and the arguments without any of them.
    public static func scan(_ arguments: [String]) -> (option: Found?, rest: [String]) {
        var found: Found?
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                rest += arguments[index...]
                break
            }
            if argument == "--lang" {
                let value = index + 1 < arguments.count ? arguments[index + 1] : nil
                found = value.flatMap(Language.init(code:)).map(Found.language) ?? .invalid(value)
                index += 2
                continue
            }
            if argument.hasPrefix("--lang=") {
                let value = String(argument.dropFirst("--lang=".count))
                found = Language(code: value).map(Found.language) ?? .invalid(value)
            } else {
                rest.append(argument)
            }
            index += 1
        }
        return (found, rest)
    }

    /// The variables `Language.decide` reads, from the process's environment.
    static func environment() -> [String: String] {
        var values: [String: String] = [:]
        for name in ["REMISSION_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"] {
            if let value = getenv(name) { values[name] = String(cString: value) }
        }
        return values
    }
}
