import ArgumentParser
import RemissionViews

/// Two conveniences of the command line that ArgumentParser does not give: global options before
/// the command (`remission -v list`, as curl and git users type them) and "did you mean" for a
/// mistyped command.
extension RemissionCommand {
    /// The options of `GlobalOptions`, and whether each takes a value.
    static let globalOptions: [String: Bool] = [
        "-v": false, "--verbose": false, "--no-color": false, "--utc": false, "--server": true, "--timeout": true,
    ]

    /// `arguments` with the global options that come before the command moved after it: at the
    /// end, or before a `--` (every command that connects takes them; a command that does not is
    /// refused by its own parse, as when they are typed after it). Unchanged when nothing precedes
    /// the command, or no command follows the options.
    static func hoistingGlobalOptions(_ arguments: [String]) -> [String] {
        var leading: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            guard let takesValue = globalOptions[name] else { break }
            if takesValue && !argument.contains("=") {
                guard index + 1 < arguments.count else { return arguments }
                leading += [argument, arguments[index + 1]]
                index += 2
            } else {
                guard argument == name || takesValue else { return arguments }  // `-v=x` is not ours
                leading.append(argument)
                index += 1
            }
        }
        guard !leading.isEmpty, index < arguments.count, !arguments[index].hasPrefix("-") else { return arguments }
        var rest = Array(arguments[index...])
        let end = rest.firstIndex(of: "--") ?? rest.endIndex
        rest.insert(contentsOf: leading, at: end)
        return rest
    }

    /// For a first word that names no command (and is no option): the message and the commands it
    /// may have meant: another tool's word for one (`pause` → `stop`, `ls` → `list`), else the
    /// nearest (at most 2 edits, or a prefix of one), e.g. `lsit` → `list`.
    /// Only the nearest are named: `lsit` is one edit from `list` and two from `set`, which changes
    /// settings where `list` only reads, so `set` is not proposed.
    /// `help WORD…` is looked at the same way, level by level (`help chek`, `help trust shwo`):
    /// ArgumentParser would print the whole help and exit 0.
    static func unknownCommand(_ arguments: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        if word == "help" { return unknownHelpTopic(Array(arguments.dropFirst())) }
        guard directCommand(named: word) == nil else { return nil }
        return unknown(word, among: configuration.subcommands, forHelp: false)
    }

    /// The first word after `help` that names no command where one is expected.
    private static func unknownHelpTopic(_ words: [String]) -> String? {
        var level = configuration.subcommands
        for word in words where !word.hasPrefix("-") && word != "help" {
            guard !level.isEmpty else { return nil }  // a command's own argument: its help follows
            guard let command = level.first(where: { $0.configuration.commandName == word }) else {
                return unknown(word, among: level, forHelp: true)
            }
            level = command.configuration.subcommands
        }
        return nil
    }

    /// `forHelp`: the word follows `help`, so what is proposed only shows a help text, and a deleting
    /// command may be proposed for a typo too (`help trust forgt` → `forget`).
    private static func unknown(_ word: String, among commands: [any ParsableCommand.Type], forHelp: Bool) -> String {
        let names = commands.compactMap { $0.configuration.commandName }
        let typed = word.lowercased()
        let synonyms = (commandSynonyms[typed] ?? []).filter { synonym in
            names.contains(String(synonym.prefix { $0 != " " }))
        }
        let candidates =
            names
            .map { (name: $0, distance: editDistance(typed, $0)) }
            .filter {
                $0.distance <= min(2, max(1, word.count / 2))
                    || ($0.name.hasPrefix(typed) && word.count >= 2)
            }
        let nearest = candidates.map(\.distance).min() ?? 0
        let near =
            candidates
            .filter { $0.distance == nearest || $0.name.hasPrefix(typed) }
            .filter { !deletingCommands.contains($0.name) || $0.name.hasPrefix(typed) || forHelp }
            .sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }
            .map(\.name)
        // A synonym answers alone: `resume` is `start`, not also `rename` two edits away.
        let proposed = synonyms.isEmpty ? Array(near.prefix(3)) : synonyms
        return UsageText.unknownCommand(word, near: proposed)
    }

    /// Other tools' words for a command (the shell's `mv` and `rm`, transmission-remote's and the
    /// GUIs' `pause` and `resume`, `ls`), proposed instead of the nearest spelling. `remove` is
    /// proposed for `rm`, `del` and `delete`: it asks before removing anything (and twice before
    /// deleting data), as the words promise nothing less.
    static let commandSynonyms: [String: [String]] = [
        "mv": ["move"], "ren": ["rename"], "tracker": ["trackers"],
        "pause": ["stop"], "resume": ["start"], "ls": ["list"],
        "rm": ["remove"], "del": ["remove"], "delete": ["remove"],
        "label": ["set --label"], "labels": ["set --label"],
        "limit": ["set --down-limit", "set --up-limit"],
    ]

    /// Commands that delete: never proposed for a typo, however near (`remote` is one letter from
    /// `remove`); only for the start of their name (`remo`) and their synonyms (`rm`).
    static let deletingCommands: Set<String> = ["remove", "forget", "unpin"]

    /// Levenshtein distance, with a swap of two neighbours counting one (`lsit` is 1 from `list`).
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
