import Foundation

/// The `remission …` commands a refusal prints, read back from the output as a person copies them:
/// command lines (a line that is a command and nothing else) and the commands of the final `hint:`.
/// Tests follow them literally (`followable`), so what is printed is what is proven.
enum PrintedCommands {
    /// Every command printed, in order, without repeats; each as its words without `remission`.
    static func all(_ output: String) -> [[String]] {
        var commands: [String] = []
        for line in output.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if line.hasPrefix("remission ") {
                commands.append(line)
            } else if line.hasPrefix("hint: "), let colon = line.range(of: ": remission ", options: .backwards) {
                let tail = line[line.index(colon.lowerBound, offsetBy: 2)...]
                commands += tail.components(separatedBy: ", then ")
            }
        }
        var seen = Set<String>()
        return commands.filter { seen.insert($0).inserted }.map {
            Array($0.split(separator: " ").dropFirst().map(String.init))
        }
    }

    /// The commands of the first fix recommended: the command lines under the first "- " item after
    /// the line ending in "best first:".
    static func firstFix(_ output: String) -> [[String]] {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let start = lines.firstIndex(where: { $0.hasSuffix("best first:") }) else { return [] }
        var commands: [[String]] = []
        var inFirst = false
        for line in lines[(start + 1)...] {
            if line.hasPrefix("- ") {
                if inFirst { break }
                inFirst = true
            } else if inFirst, line.hasPrefix("remission ") {
                commands.append(Array(line.split(separator: " ").dropFirst().map(String.init)))
            } else if inFirst {
                break
            }
        }
        return commands
    }

    /// `command` as a person follows it: a root file named in it (`root.crt`, `ROOT.crt`, the file a
    /// person copies from the CA's own machine) is `realRoot`; nil when it holds a value to be read
    /// out of band first (`…`, `FILE`): there is nothing to run as printed.
    static func followable(_ command: [String], realRoot: String) -> [String]? {
        guard !command.contains(where: { $0.contains("…") || $0 == "FILE" }) else { return nil }
        return command.map { ["root.crt", "ROOT.crt", "root_ca.crt", "rootCA.pem"].contains($0) ? realRoot : $0 }
    }
}
