import Foundation
import RemissionViews
import TestSupport
import Testing

/// Issue 15 through the real binary, against a scripted server: names whole through a pipe, fitted
/// with --width or COLUMNS; global options before the command; "did you mean"; the empty-list hint.
@Suite("list: names first, global options first (process)")
struct ListNamesCommandTests {
    static let long = "Royal Albert Hall 2019 " + String(repeating: "concert-recording-", count: 5) + "live-xx"
    static let names = [
        long, "Война и мир — Лев Толстой, полное собрание (1869) аудиокнига",
        "千と千尋の神隠し オリジナル・サウンドトラック 完全版", "기생충 감독판 블루레이 리마스터 한국어 자막 포함",
    ]

    static func server(names: [String] = names) throws -> HostileServer {
        let rows: [[Any]] =
            [["id", "name", "status", "rateDownload"]] + names.enumerated().map { [$0 + 1, $1, 4, 1000] }
        return try HostileServer(scenario: ["methods": ["torrent-get": ["arguments": ["torrents": rows]]]])
    }

    /// Runs remission with a private home; `COLUMNS` is unset unless `env` sets it.
    static func run(_ arguments: [String], env: [String: String] = [:]) throws -> CLIHome.Result {
        let home = TemporaryDirectory()
        let environment = [
            "HOME": home.path, "REMISSION_CONFIG_HOME": home.file("config"), "REMISSION_CACHE_HOME": home.file("cache"),
            "REMISSION_STATE_HOME": home.file("state"), "TR_AUTH": "", "NO_COLOR": "1", "COLUMNS": "",
        ].merging(env) { _, new in new }
        return try CLIHome.run(arguments, over: environment, timeout: .seconds(30))
    }

    @Test("through a pipe a 120-character name and CJK names are whole, as grep needs them")
    func pipe() throws {
        #expect(Self.long.count == 120)
        let server = try Self.server()
        let result = try Self.run(["list", server.url()])
        #expect(result.status == 0, "\(result.all)")
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.count == Self.names.count + 2, "\(result.out)")
        for (index, name) in Self.names.enumerated() {
            #expect(lines[index + 1].hasSuffix(name), "\(lines[index + 1])")
        }
        #expect(lines[0].contains("Have") && lines[0].contains("Ratio"))
        #expect(!result.out.contains("…"))
    }

    @Test("--width N and COLUMNS fit every row, names in one column", arguments: [40, 80, 120])
    func width(columns: Int) throws {
        let server = try Self.server()
        for (arguments, env) in [
            (["list", server.url(), "--width", "\(columns)"], [:]),
            (["list", server.url()], ["COLUMNS": "\(columns)"]),
        ] {
            let result = try Self.run(arguments, env: env)
            #expect(result.status == 0, "\(result.all)")
            let lines = result.out.split(separator: "\n").map(String.init)
            let nameColumn = try #require(lines[0].range(of: "Name")).lowerBound
            let start = TerminalText.width(String(lines[0][..<nameColumn]))
            for (index, name) in Self.names.enumerated() {
                let line = lines[index + 1]
                #expect(TerminalText.width(line) <= columns, "\(line)")
                let at = try #require(line.range(of: String(name.prefix(3))), "\(line)").lowerBound
                #expect(TerminalText.width(String(line[..<at])) == start, "\(line)")
            }
            // At 80 and 120 the long name keeps 40 cells or more: at 80 Have gave way for it, at 120
            // every column stays (these rows' cells are narrow).
            if columns >= 80 {
                #expect(lines[0].contains("Have") == (columns == 120), "\(lines[0])")
                #expect(TerminalText.width(lines[1]) - start >= 40, "\(lines[1])")
            }
        }
        let whole = try Self.run(["list", server.url(), "--width", "0"], env: ["COLUMNS": "\(columns)"])
        #expect(whole.out.contains(Self.long))
    }

    @Test("global options before the command: -v, --timeout, --server (and --server=)")
    func globalsFirst() throws {
        let server = try Self.server()
        let verbose = try Self.run(["-v", "list", server.url()])
        #expect(verbose.status == 0, "\(verbose.all)")
        #expect(verbose.out.contains(Self.long))
        #expect(verbose.err.contains("torrent-get"), "\(verbose.err)")
        let timeout = try Self.run(["--timeout", "5", "list", "--server", server.url()])
        #expect(timeout.status == 0, "\(timeout.all)")
        for arguments in [["--server", server.url(), "list"], ["--server=\(server.url())", "--no-color", "list"]] {
            let result = try Self.run(arguments)
            #expect(result.status == 0 && result.out.contains(Self.long), "\(arguments): \(result.all)")
        }
        let bad = try Self.run(["--timeout", "-1", "list", server.url()])
        #expect(bad.status == 2 && bad.err.contains("--timeout"), "\(bad.all)")
    }

    @Test("a mistyped command suggests the nearest ones, exit 2")
    func didYouMean() throws {
        let typo = try Self.run(["lsit"])
        #expect(typo.status == 2)
        #expect(
            typo.err.contains("'lsit' is not a command") && typo.err.contains("Did you mean 'list'?"), "\(typo.err)")
        #expect(typo.out.isEmpty)
        let far = try Self.run(["frobnicate", "--json"])
        #expect(far.status == 2 && !far.err.contains("Did you mean"), "\(far.err)")
        let near = try Self.run(["-v", "stauts"])
        #expect(near.status == 2 && near.err.contains("'stats'"), "\(near.err)")
    }

    @Test("an empty server's list gives a first hint on stderr, never in --json")
    func emptyHint() throws {
        let server = try Self.server(names: [])
        let table = try Self.run(["list", server.url()])
        #expect(table.status == 0, "\(table.all)")
        #expect(table.out.hasPrefix("ID") || table.out.contains("Name"))
        #expect(table.err.contains("remission add FILE|MAGNET"), "\(table.err)")
        #expect(!table.out.contains("remission add"))
        let json = try Self.run(["list", server.url(), "--json"])
        #expect(json.status == 0 && json.err.isEmpty, "\(json.all)")
    }
}
