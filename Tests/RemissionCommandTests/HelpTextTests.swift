import ArgumentParser
import RemissionViews
import Testing

@testable import remission

/// Every command's `--help` as a person reads it at 80 columns (issue 15).
///
/// The rule for paragraphs: ArgumentParser wraps a discussion's lines to the terminal, so a line
/// break typed inside a paragraph shows as a ragged short line. In a discussion, a line that starts
/// in the first column (prose) must therefore end its paragraph: the next line is blank, indented
/// (an example, a table row), or there is none. Indented lines are printed as they are, so each must
/// fit in 80 cells, or ArgumentParser would cut the example in two.
@Suite("Help at 80 columns")
struct HelpTextTests {
    static let width = 80

    /// Every command below `remission`, with its path (`["trust", "show"]`), the root first.
    static let commands: [(path: [String], type: any ParsableCommand.Type)] = {
        var found: [([String], any ParsableCommand.Type)] = []
        func visit(_ type: any ParsableCommand.Type, _ path: [String]) {
            found.append((path, type))
            for sub in type.configuration.subcommands {
                visit(sub, path + [sub.configuration.commandName ?? "?"])
            }
        }
        visit(RemissionCommand.self, [])
        return found
    }()

    static var paths: [[String]] { commands.map(\.path) }

    static func type(_ path: [String]) -> any ParsableCommand.Type {
        commands.first { $0.path == path }!.type
    }

    @Test("no line of any command's --help is wider than 80 cells", arguments: paths)
    func fitsEightyColumns(path: [String]) {
        let help = RemissionCommand.helpMessage(for: Self.type(path), columns: Self.width)
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            #expect(TerminalText.width(String(line)) <= Self.width, "\(path): \(line)")
            // No option is required anywhere: a bare `<options>` would say otherwise.
            if line.hasPrefix("USAGE:") { #expect(!line.contains(" <options>"), "\(path): \(line)") }
        }
    }

    @Test("no paragraph has a hard line break, no example is wider than 80 cells", arguments: paths)
    func paragraphsFlow(path: [String]) {
        let configuration = Self.type(path).configuration
        #expect(Self.hardBreaks(in: configuration.discussion) == [], "\(path)")
        #expect(Self.hardBreaks(in: configuration.abstract) == [], "\(path)")
        #expect(!configuration.abstract.contains("\n"), "\(path)")
    }

    @Test(
        "every command of the torrent remote shows examples in its own --help (blocklist update had none)",
        arguments: [
            ["list"], ["add"], ["start"], ["stop"], ["verify"], ["reannounce"], ["remove"], ["info"], ["files"],
            ["set"], ["move"], ["rename"], ["trackers"], ["queue"], ["session"], ["stats"], ["port-test"],
            ["blocklist", "update"], ["groups", "set"], ["watch"],
        ])
    func examples(path: [String]) {
        let help = RemissionCommand.helpMessage(for: Self.type(path), columns: Self.width)
        let lines = help.split(separator: "\n").map(String.init)
        let start = lines.firstIndex(of: "Examples:")
        #expect(start != nil, "\(path)")
        if let start {
            #expect(lines.dropFirst(start + 1).first?.hasPrefix("  remission \(path.joined(separator: " "))") == true)
        }
    }

    @Test("the rule finds a hard break and a wide example, and lets tables and examples pass")
    func ruleCanFail() {
        #expect(Self.hardBreaks(in: "One line\nbroken here.") == ["One line"])
        #expect(Self.hardBreaks(in: "Examples:\n  " + String(repeating: "x", count: 79)).count == 1)
        #expect(Self.hardBreaks(in: "A paragraph.\n\nExamples:\n  remission list\n  remission check") == [])
        #expect(Self.hardBreaks(in: ExitStatusText.help) == [])
    }

    @Test("the exit-code table and list's JSON keys come after what a reader needs first")
    func order() {
        let root = RemissionCommand.helpMessage(for: RemissionCommand.self, columns: Self.width)
        #expect(root.contains("Exit codes:\n  0  "))
        let list = RemissionCommand.helpMessage(for: RemissionCommand.List.self, columns: Self.width)
        let json = list.range(of: "JSON: --json")
        let examples = list.range(of: "Examples:")
        #expect(json != nil && examples != nil && examples!.lowerBound < json!.lowerBound)
        #expect(list.split(separator: "\n").prefix(12).allSatisfy { !$0.contains("\"torrents\"") })
    }

    @Test("value placeholders say the kind of value")
    func placeholders() {
        let check = RemissionCommand.helpMessage(for: RemissionCommand.Check.self, columns: Self.width)
        for expected in [
            "--watch <seconds>", "--timeout <seconds>", "--ca-file <file>", "--pin <sha256//…>",
            "--accept-fingerprint <SHA256:…>", "--server <name-or-url>", "--netrc-file <file>",
        ] {
            #expect(check.contains(expected), "\(expected)")
        }
        let http = RemissionCommand.helpMessage(for: RemissionCommand.Trust.HTTP.self, columns: Self.width)
        // Acknowledging is the default, so neither flag looks required.
        #expect(http.contains("(default: --acknowledge)"), "\(http)")
        #expect(!http.contains("USAGE: remission trust http [<name>] --acknowledge"), "\(http)")
    }

    @Test("--utc's help names no --json on a command without one (GlobalOptions is shared)", arguments: paths)
    func utcHelpIsTrue(path: [String]) {
        let lines = RemissionCommand.helpMessage(for: Self.type(path), columns: Self.width)
            .split(separator: "\n").map(String.init)
        guard !lines.contains(where: { $0.hasPrefix("  --json") }),
            let start = lines.firstIndex(where: { $0.hasPrefix("  --utc") })
        else { return }
        let entry = lines[start...].prefix { $0.hasPrefix("  --utc") || $0.hasPrefix("      ") }
        #expect(!entry.joined().contains("--json"), "\(path): \(entry)")
    }

    @Test("servers set-url takes its server as <name>: --server is refused, not silently ignored")
    func setURLRefusesServer() throws {
        let arguments = ["servers", "set-url", "nas", "https://10.0.0.5"]
        let error = #expect(throws: (any Error).self) {
            try RemissionCommand.parseAsRoot(arguments + ["--server", "box"])
        }
        let message = error.map { RemissionCommand.message(for: $0) } ?? ""
        #expect(message.contains("--server does not apply"), "\(message)")
        _ = try RemissionCommand.parseAsRoot(arguments)
    }

    /// The prose lines that are followed by more prose, and the indented lines wider than 80 cells.
    static func hardBreaks(in text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [String] = []
        for (index, line) in lines.enumerated() {
            if line.hasPrefix(" ") {
                if TerminalText.width(line) > width { found.append(line) }
                continue
            }
            guard !line.isEmpty, index + 1 < lines.count else { continue }
            let next = lines[index + 1]
            if !next.isEmpty && !next.hasPrefix(" ") { found.append(line) }
        }
        return found
    }
}
