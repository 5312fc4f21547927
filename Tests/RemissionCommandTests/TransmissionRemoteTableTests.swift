import Foundation
import RemissionModel
import TestSupport
import Testing

@testable import remission

/// README's "From transmission-remote" table, read from README.md itself: each row's
/// transmission-remote names and, for each name, the Remission command lines the row gives it.
struct ReadmeRemoteTable {
    struct Name: Equatable {
        /// As transmission-remote spells it: `-asd`, `--alt-speed-downlimit`.
        var name: String
        /// The Remission command lines the row gives this name (parenthesised notes left out).
        var expected: [String]
        /// The row, for messages.
        var row: String
    }

    var names: [Name] = []
    /// The options README says keep their Remission meaning (`-h` help, `-u` `--user`, …).
    var ownOptions: Set<String> = []

    init(readme: String) {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let heading = lines.firstIndex(of: "### From transmission-remote") else { return }
        let section = lines[heading...]
        if let sentence = section.firstIndex(where: { $0.contains("Remission's own options keep their meaning") }) {
            let text = section[sentence...].prefix { !$0.isEmpty }.joined(separator: " ")
            let own = text.components(separatedBy: "keep their meaning").last?.components(separatedBy: ")").first ?? ""
            ownOptions = Set(Self.codeSpans(own).filter { $0.hasPrefix("-") })
        }
        guard let header = section.firstIndex(where: { $0.hasPrefix("| transmission-remote |") }) else { return }
        for line in lines[(header + 2)...].prefix(while: { $0.hasPrefix("|") }) {
            names += Self.parse(row: line)
        }
    }

    /// The text between backticks, `\|` read as `|`.
    static func codeSpans(_ text: String) -> [String] {
        let parts = text.components(separatedBy: "`")
        return stride(from: 1, to: parts.count, by: 2).map { parts[$0].replacingOccurrences(of: "\\|", with: "|") }
    }

    /// `text` without the parts in brackets outside backticks (README's notes: "(torrents)", "(the URL: …)").
    static func withoutNotes(_ text: String) -> String {
        var result = ""
        var depth = 0
        var inCode = false
        for character in text {
            if character == "`" { inCode.toggle() }
            if !inCode && character == "(" { depth += 1 }
            if depth == 0 { result.append(character) }
            if !inCode && character == ")" { depth = max(0, depth - 1) }
        }
        return result
    }

    /// The cells of a table row, `\|` kept inside a cell.
    static func cells(_ row: String) -> [String] {
        var cells: [String] = []
        var current = ""
        var previous: Character = " "
        for character in row {
            if character == "|" && previous != "\\" {
                cells.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        return cells.filter { !$0.isEmpty }
    }

    /// One row: names are the first word of each code span of the first cell; a cell with ` / `
    /// pairs names and command lines by place (`-as` / `-AS` → `… on` / `off`), a short second
    /// alternative replacing the last words of the first.
    static func parse(row: String) -> [Name] {
        let cells = cells(row)
        guard cells.count == 2 else { return [] }
        let spansOf = { (text: String) in codeSpans(withoutNotes(text)) }
        let isCommand = { (span: String) in
            ["remission ", "--", "TR_AUTH", "https://"].contains { span.hasPrefix($0) }
        }
        if cells[0].contains(" / ") {
            let alternatives = cells[1].components(separatedBy: " / ").map { spansOf($0).filter { !$0.isEmpty } }
            guard let first = alternatives.first?.first else { return [] }
            let firstWords = first.split(separator: " ")
            var result: [Name] = []
            for group in cells[0].components(separatedBy: ", ") {
                for (place, part) in group.components(separatedBy: " / ").enumerated() {
                    guard let name = codeSpans(part).first?.split(separator: " ").first.map(String.init),
                        place < alternatives.count, let span = alternatives[place].first
                    else { continue }
                    let words = span.split(separator: " ")
                    let line =
                        place == 0 || words.count >= firstWords.count
                        ? span : (firstWords.dropLast(words.count) + words).joined(separator: " ")
                    result.append(Name(name: name, expected: [line], row: row))
                }
            }
            return result
        }
        let expected = spansOf(cells[1]).filter(isCommand)
        return codeSpans(cells[0]).compactMap { span in
            span.split(separator: " ").first.map { Name(name: String($0), expected: expected, row: row) }
        }
    }
}

/// Every row of README's transmission-remote table, typed to the real binary, is answered with its
/// equivalent: the issue found half of them answered with a bare "Unknown option".
@Suite("README's transmission-remote table, walked through the binary")
struct TransmissionRemoteTableTests {
    static let readme = (try? String(contentsOfFile: TestBed.repositoryRoot + "/README.md", encoding: .utf8)) ?? ""

    @Test("the table is read as README writes it: pairs by place, notes left out")
    func parsing() {
        let pair = ReadmeRemoteTable.parse(
            row: "| `-as` / `-AS`, `--alt-speed` / `--no-alt-speed` | `remission session --alt-speed on` / `off` |")
        #expect(
            pair.map(\.name) == ["-as", "-AS", "--alt-speed", "--no-alt-speed"]
                && pair.map(\.expected) == [
                    ["remission session --alt-speed on"], ["remission session --alt-speed off"],
                    ["remission session --alt-speed on"], ["remission session --alt-speed off"],
                ])
        let placeholder = ReadmeRemoteTable.parse(
            row: "| `-c DIR` / `-C`, `--incomplete-dir` / `--no-incomplete-dir` | "
                + "`remission session --incomplete-dir DIR` / `off` |")
        #expect(placeholder.first { $0.name == "-C" }?.expected == ["remission session --incomplete-dir off"])
        let both = ReadmeRemoteTable.parse(
            row: "| `-d`, `--downlimit` | `remission set IDS --down-limit KBPS` (torrents) or "
                + "`remission session --down-limit KBPS` (session) |")
        #expect(both.map(\.name) == ["-d", "--downlimit"])
        #expect(both[0].expected == ["remission set IDS --down-limit KBPS", "remission session --down-limit KBPS"])
        let noted = ReadmeRemoteTable.parse(
            row: "| `-v`, `--verify` | `remission verify IDS` (Remission's `-v` is `--verbose`) |")
        #expect(noted.map(\.expected) == [["remission verify IDS"], ["remission verify IDS"]])
        let piped = ReadmeRemoteTable.parse(
            row: "| `--alt-speed-days LIST` | `remission session --alt-days all\\|weekdays` |")
        #expect(
            piped == [
                .init(
                    name: "--alt-speed-days", expected: ["remission session --alt-days all|weekdays"],
                    row: piped.first?.row ?? "")
            ])
    }

    @Test("README's table has the rows the issue named, and its list of Remission's own options")
    func tableRead() {
        let table = ReadmeRemoteTable(readme: Self.readme)
        let names = Set(table.names.map(\.name))
        #expect(names.count > 120, "\(names.count) names")
        for name in ["-asd", "--alt-speed-uplimit", "-er", "-gsr", "--start-paused", "-c", "-e", "-m", "-F", "-j"] {
            #expect(names.contains(name), "\(name)")
        }
        #expect(
            table.ownOptions == [
                "-h", "--help", "-u", "--user", "-v", "--verbose", "-y", "--yes", "--json", "--netrc", "--version",
            ])
        #expect(table.names.allSatisfy { !$0.expected.isEmpty }, "\(table.names.filter { $0.expected.isEmpty })")
    }

    /// The options of a command, as ArgumentParser describes them.
    static func options(of command: String) -> Set<String> {
        guard let tree = try? JSONValue.parse(RemissionCommand._dumpHelp()),
            let sub = tree["command"]?["subcommands"]?.array?.first(where: { $0["commandName"]?.string == command })
        else { return [] }
        return Set(
            (sub["arguments"]?.array ?? []).flatMap { argument in
                (argument["names"]?.array ?? []).compactMap { name -> String? in
                    guard let text = name["name"]?.string else { return nil }
                    return (name["kind"]?.string == "long" ? "--" : "-") + text
                }
            })
    }

    @Test("every name of every row, typed to `remission stats`, is answered with the row's equivalent")
    func everyRow() throws {
        let table = ReadmeRemoteTable(readme: Self.readme)
        #expect(!table.names.isEmpty)
        let known = Self.options(of: "stats")
        let bed = try TestBed.shared
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        var failures: [String] = []
        for entry in table.names {
            if known.contains(entry.name) {
                // One of Remission's own options: it keeps its meaning, and README says so.
                if !table.ownOptions.contains(entry.name) {
                    failures.append("\(entry.name): an option of stats, not in README's list of own options")
                }
                continue
            }
            let result = try home.runProcess(["stats", entry.name, "5"])
            let first = String(result.err.split(separator: "\n").first ?? "")
            let answered =
                result.status == 2 && first.contains("transmission-remote's \(entry.name) is, in Remission: ")
                && entry.expected.allSatisfy { first.contains($0) }
            if !answered { failures.append("\(entry.name) [\(result.status)]: \(first)\n    row: \(entry.row)") }
        }
        #expect(failures.isEmpty, "\(failures.count) names not answered:\n\(failures.joined(separator: "\n"))")
    }
}
