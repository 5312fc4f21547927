import ArgumentParser
import RemissionModel
import RemissionViews

/// ArgumentParser runs a command's `validate()` before it reports the options nobody took, so
/// `files 1 --foo high` answered "Give --priority before the indexes high" and never named `--foo`.
/// On a usage error, the command line is checked against the options of the command it names (read
/// from ArgumentParser's own description of that command alone, only on this error path), and the
/// first unknown one is named instead.
enum UnknownOptions {
    /// The command the leading words name (`trust show` → `Trust.Show`), the root when none does.
    static func namedCommand(in arguments: [String]) -> any ParsableCommand.Type {
        var command: any ParsableCommand.Type = RemissionCommand.self
        for word in arguments {
            guard !word.hasPrefix("-") else { break }
            if command == RemissionCommand.self, let direct = RemissionCommand.directCommand(named: word) {
                command = direct
                continue
            }
            guard let sub = command.configuration.subcommands.first(where: { $0.configuration.commandName == word })
            else { break }
            command = sub
        }
        return command
    }

    /// The first word before `--` that looks like an option the named command does not take.
    /// ArgumentParser describes only that command (and its own subcommands): describing the whole
    /// tree made an unknown option cost ten times `list` itself (devdoc/measurements.md).
    static func first(in arguments: [String]) -> String? {
        guard let tree = try? JSONValue.parse(namedCommand(in: arguments)._dumpHelp()), let command = tree["command"]
        else { return nil }
        let known = Set(
            (command["arguments"]?.array ?? []).flatMap { argument in
                (argument["names"]?.array ?? []).compactMap { name -> String? in
                    guard let text = name["name"]?.string else { return nil }
                    return (name["kind"]?.string == "long" ? "--" : "-") + text
                }
            })
        for word in arguments {
            if word == "--" { break }
            guard word.hasPrefix("-"), word.count > 1, !word.dropFirst().allSatisfy(\.isNumber) else { continue }
            let name = String(word.split(separator: "=", maxSplits: 1)[0])
            if known.contains(name) { continue }
            // Short flags together (`-vh`): each must be known.
            if !name.hasPrefix("--"), name.dropFirst().allSatisfy({ known.contains("-\($0)") }) { continue }
            return name
        }
        return nil
    }

    /// ArgumentParser's message for a usage error with its first line naming `option` instead.
    static func naming(_ option: String, in message: String) -> String {
        let rest = message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).dropFirst()
        return (["Error: Unknown option '\(option)'."] + rest.map(String.init)).joined(separator: "\n")  // verbatim
    }
}

extension UnknownOptions {
    /// Options never proposed for another one typed: they delete, or confirm a deletion.
    static let neverProposed: Set<String> = ["--delete-data", "--yes"]

    /// ArgumentParser's message for an unknown option with its "Did you mean" made safe: an option of
    /// transmission-remote gets its Remission equivalent (`--dht` → `remission session --dht on`,
    /// not `--sort`); any other keeps a suggestion only when it is a near typo (one edit in a short
    /// name, two in a longer one, the first letter right) that deletes nothing: `--sotr` gets
    /// `--sort`, `--port` gets `remission session --peer-port`, never `--sort` or `--pin`.
    static func advised(_ message: String) -> String {
        var lines = message.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, let typed = quoted(first, after: "Unknown option '") else { return message }
        if let entry = TransmissionRemoteOptions.equivalent(of: typed) {
            lines[0] = "Error: " + TransmissionRemoteOptions.unknownOption(typed, entry)  // verbatim: translated later
        } else if let suggested = quoted(first, after: "Did you mean '"), !isNearTypo(typed, suggested) {
            lines[0] = "Error: Unknown option '\(typed)'."  // verbatim
        }
        return lines.joined(separator: "\n")
    }

    /// transmission-remote's words of several letters after one dash (`-ph`, `-hl`, `-HL`), which
    /// ArgumentParser would read as short flags together, `-h` among them answering with the help:
    /// when the command takes no such flags, the advice for the word, as for an unknown option.
    static func transmissionRemoteWord(in arguments: [String]) -> String? {
        let words = arguments.prefix { $0 != "--" }.filter { word in
            word.count > 2 && word.hasPrefix("-") && !word.hasPrefix("--")
                && TransmissionRemoteOptions.equivalent(of: word) != nil
        }
        guard let word = words.first, first(in: arguments) == word else { return nil }
        return advised("Error: Unknown option '\(word)'.")  // verbatim
    }

    /// Whether proposing `suggested` for `typed` is a fix of a typo and harmless.
    static func isNearTypo(_ typed: String, _ suggested: String) -> Bool {
        guard !neverProposed.contains(suggested) else { return false }
        let a = typed.drop { $0 == "-" }.lowercased()
        let b = suggested.drop { $0 == "-" }.lowercased()
        let allowed = min(a.count, b.count) <= 5 ? 1 : 2
        return a.count >= 3 && a.first == b.first && RemissionCommand.editDistance(a, b) <= allowed
    }

    /// The text between `marker` and the next `'` in `line`.
    private static func quoted(_ line: String, after marker: String) -> String? {
        guard let start = line.firstRange(of: marker) else { return nil }
        let rest = line[start.upperBound...]
        guard let end = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<end])
    }
}
