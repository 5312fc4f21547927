import Foundation
import TestSupport
import Testing

/// The binary that ships (scripts/build-release: static runtime and libstdc++, lld, relocations
/// packed, the hot code laid out first) does what the debug build does. scripts/test builds it and
/// names it in REMISSION_RELEASE_BINARY; a plain `swift test` skips this suite.
@Suite(
    "release build (process, real daemon)",
    .enabled(if: ProcessInfo.processInfo.environment["REMISSION_RELEASE_BINARY"] != nil))
struct ReleaseBuildTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test("list, checks that trust and refuse, bad input and --help: the same output and exit code as the debug build")
    func sameAsDebug() throws {
        let debug = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: debug.directory) }
        var release = debug
        release.remission = try #require(ProcessInfo.processInfo.environment["REMISSION_RELEASE_BINARY"])
        #expect(release.remission != debug.remission)
        let env = ["TR_AUTH": bed.credentials, "COLUMNS": "120"]
        let closed = "http://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        let url = bed.daemonURL()
        // Other tests add and remove torrents on this daemon meanwhile: the online list filters them
        // all out, and the offline ones read the snapshot it saved (the whole reply).
        let runs: [[String]] = [
            ["list", url, "--json", "--search", "no-such-torrent-\(UUID())"],
            ["list", url, "--offline", "--sort", "name"],
            ["list", url, "--offline", "--json", "--sort", "size", "--reverse"],
            ["check", bed.url(for: .selfSigned), "--pin", try bed.pin(.selfSigned)],
            ["check", bed.url(for: .selfSigned)],
            ["check", closed],
            ["start", "1,,2", "--server", closed],
            ["list", "--server", "no-such-server"],
            // The ELF constructor started loading libcurl; the usage error ends the process meanwhile.
            ["list", "--lang", "xx"],
            ["--help"],
        ]
        for arguments in runs {
            // Each keeps its own diagnostics log, so check's pointer to earlier failures is the same.
            let expected = try debug.run(
                arguments, env: env.merging(["REMISSION_STATE_HOME": debug.directory + "/state-debug"]) { $1 })
            let actual = try release.run(
                arguments, env: env.merging(["REMISSION_STATE_HOME": debug.directory + "/state-release"]) { $1 })
            let label = arguments.joined(separator: " ")
            #expect(actual.status == expected.status, "\(label): \(actual.all)")
            // Timings (ms) and the JSON's data time differ from run to run; the rest must not.
            #expect(Self.withoutDigits(actual.out) == Self.withoutDigits(expected.out), "\(label)")
            #expect(Self.withoutDigits(actual.err) == Self.withoutDigits(expected.err), "\(label)")
            #expect(!expected.out.isEmpty || !expected.err.isEmpty, "\(label) printed nothing")
        }
    }

    @Test("a command that connects and ends while libcurl is still loading exits cleanly, every time")
    func endsDuringPreload() throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        var release = home
        release.remission = try #require(ProcessInfo.processInfo.environment["REMISSION_RELEASE_BINARY"])
        for _ in 0..<20 {
            let result = try release.run(["list", "--lang", "xx"])
            #expect(result.status == 2, "\(result.all)")
            #expect(result.err.contains("xx"), "\(result.all)")
        }
    }

    @Test("the binary exports no Swift symbols: the loader does not search them for every library's imports")
    func fewDynamicSymbols() throws {
        let binary = try #require(ProcessInfo.processInfo.environment["REMISSION_RELEASE_BINARY"])
        let symbols = try ProcessRunner.run("/usr/bin/nm", args: ["-D", "--defined-only", binary])
        #expect(symbols.status == 0, "\(symbols.stderrText)")
        let swiftSymbols = symbols.stdoutText.split(separator: "\n").filter { $0.contains(" $s") }
        #expect(swiftSymbols.isEmpty, "\(swiftSymbols.prefix(5))")
    }

    static func withoutDigits(_ text: String) -> String {
        text.replacing(/[0-9]+/, with: "#")
    }
}
