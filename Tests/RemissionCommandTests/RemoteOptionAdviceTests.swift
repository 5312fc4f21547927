import Foundation
import RemissionModel
import RemissionViews
import TestSupport
import Testing

@testable import remission

/// "Did you mean" for options: a transmission-remote option gets its Remission equivalent, and a
/// suggestion is kept only for a near typo that deletes nothing (`--port` was answered `--pin`).
@Suite("Unknown options: transmission-remote's equivalents, safe suggestions")
struct RemoteOptionAdviceTests {
    /// The first line of the usage error for `arguments`, as the process prints it.
    func firstLine(_ arguments: [String]) throws -> String {
        let bed = try TestBed.shared
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let result = try home.run(arguments)
        #expect(result.status == 2, "\(result.all)")
        return String(result.err.split(separator: "\n").first ?? "")
    }

    @Test(
        "transmission-remote's options typed to any command name the Remission equivalent",
        arguments: [
            (["list", "--port", "5"], "remission session --peer-port PORT"),
            (["list", "--dht"], "remission session --dht on"),
            (["list", "--pex"], "remission session --pex on"),
            (["check", "--utp"], "remission session --utp on"),
            (
                ["list", "-d", "5"],
                "remission set IDS --down-limit KBPS (for torrents) or remission session --down-limit"
            ),
            (["files", "1", "--downlimit", "5"], "remission set IDS --down-limit KBPS"),
            (["set", "1", "--seedratio", "2"], "remission set IDS --seed-ratio RATIO"),
            (["set", "1", "-SEQ"], "remission set IDS --sequential off"),
            (["list", "-l"], "remission list"),
            (["list", "--remove-and-delete"], "remission remove IDS --delete-data"),
            (["start", "-t", "3"], "remission COMMAND IDS"),
            (["info", "1", "-pl", "0"], "remission files ID --priority low INDEXES"),
            (["stats", "--ssl"], "https://HOST:PORT/transmission/rpc"),
            (["list", "-n", "me:secret"], "--user USER or TR_AUTH=USER:PASSWORD"),
            // Several letters after one dash, an h among them: advice, not the help.
            (["-ph"], "remission files ID --priority high INDEXES"),
            (["files", "1", "-ph", "0"], "remission files ID --priority high INDEXES"),
            (["-hl"], "remission set IDS --honor-session on"),
            (["set", "1", "-HL"], "remission set IDS --honor-session off"),
            // session's own words for transmission-remote's (issue 36).
            (["session", "--no-portmap"], "remission session --port-forwarding off"),
            (["session", "--portmap"], "remission session --port-forwarding on"),
            (["session", "--encryption-required"], "remission session --encryption required"),
            (["session", "-er"], "remission session --encryption required"),
            (["session", "--global-seedratio", "2"], "remission session --seed-ratio R"),
        ])
    func equivalents(arguments: [String], equivalent: String) throws {
        let line = try firstLine(arguments)
        #expect(line.contains("is, in Remission: "), "\(line)")
        #expect(line.contains(equivalent), "\(line)")
        #expect(!line.contains("Did you mean"), "\(line)")
    }

    @Test("a near typo keeps its suggestion; a far one, or one that deletes, loses it")
    func suggestions() throws {
        #expect(try firstLine(["list", "--sotr", "id"]).contains("Did you mean '--sort'?"))
        #expect(try firstLine(["session", "--down-limti", "5"]).contains("Did you mean '--down-limit'?"))
        let deleting = try firstLine(["remove", "3", "--delete-dat"])
        #expect(deleting == "Error: Unknown option '--delete-dat'.", "\(deleting)")
        #expect(!UnknownOptions.isNearTypo("--port", "--sort"))
        #expect(!UnknownOptions.isNearTypo("--dht", "--sort"))
        #expect(!UnknownOptions.isNearTypo("--ptc", "--utc"))
        #expect(!UnknownOptions.isNearTypo("--pinned", "--pin"))
        #expect(UnknownOptions.isNearTypo("--pni", "--pin"))
        #expect(!UnknownOptions.isNearTypo("--yse", "--yes"))
    }

    @Test("every Remission equivalent in the table is an option of the command it names")
    func equivalentsExist() throws {
        guard let tree = try? JSONValue.parse(RemissionCommand._dumpHelp()) else {
            Issue.record("no help dump")
            return
        }
        func options(of command: String) -> Set<String> {
            let sub = tree["command"]?["subcommands"]?.array?.first { $0["commandName"]?.string == command }
            return Set(
                (sub?["arguments"]?.array ?? []).flatMap { argument in
                    (argument["names"]?.array ?? []).compactMap { $0["name"]?.string.map { "--" + $0 } }
                })
        }
        let commands = Set((tree["command"]?["subcommands"]?.array ?? []).compactMap { $0["commandName"]?.string })
        let anywhere = commands.reduce(into: Set<String>()) { $0.formUnion(options(of: $1)) }
        let pending: Set<String> = []
        for entry in TransmissionRemoteOptions.table {
            for way in entry.remission {
                let words = way.command.split(separator: " ").map(String.init)
                // `remission info ID --files`: options of `info`; `remission COMMAND --verbose` or
                // `--user USER`: options some command has.
                let named = words.count > 1 && words[0] == "remission" && commands.contains(words[1])
                let known = named ? options(of: words[1]) : anywhere
                for option in words.dropFirst(named ? 2 : 0) where option.hasPrefix("--") {
                    let command = named ? words[1] : "no command"
                    let found = known.contains(option) || pending.contains(option)
                    #expect(found, "\(way.command): \(command) has no \(option)")
                }
            }
        }
    }

    @Test("README's transmission-remote table has every row of the advice table")
    func readmeRows() throws {
        let readme = try String(contentsOfFile: TestBed.repositoryRoot + "/README.md", encoding: .utf8)
        let rows = TransmissionRemoteOptions.readmeRows
        #expect(!rows.isEmpty)
        #expect(readme.contains("### From transmission-remote"))
        let missing = rows.filter { !readme.contains($0) }
        #expect(missing.isEmpty, "README lacks the rows:\n\(missing.joined(separator: "\n"))")
    }
}
