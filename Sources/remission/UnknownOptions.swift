import ArgumentParser
import RemissionModel

/// ArgumentParser runs a command's `validate()` before it reports the options nobody took, so
/// `files 1 --foo high` answered "Give --priority before the indexes high" and never named `--foo`.
/// On a usage error, the command line is checked against the options of the command it names (read
/// from ArgumentParser's own description of the commands, only on this error path), and the first
/// unknown one is named instead.
enum UnknownOptions {
    /// The first word before `--` that looks like an option the named command does not take.
    static func first(in arguments: [String]) -> String? {
        guard let tree = try? JSONValue.parse(RemissionCommand._dumpHelp()), var command = tree["command"] else {
            return nil
        }
        for word in arguments {
            guard !word.hasPrefix("-"),
                let sub = command["subcommands"]?.array?.first(where: { $0["commandName"]?.string == word })
            else { break }
            command = sub
        }
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
