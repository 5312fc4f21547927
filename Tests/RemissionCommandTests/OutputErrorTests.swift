import Foundation
import TestSupport
import Testing

/// A full disk or a closed pipe on standard output is a failure with a message, not exit 0.
@Suite("Output errors (process)")
struct OutputErrorTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    func runToFull(_ home: CLIHome, _ arguments: [String]) throws -> CLIHome.Result {
        let command = ([home.remission] + arguments).map { "'\($0)'" }.joined(separator: " ") + " > /dev/full"
        let result = try bed.run(
            "bash", args: ["-c", command], env: home.environment.merging(["TR_AUTH": bed.credentials]) { $1 },
            timeout: .seconds(60))
        return CLIHome.Result(status: result.status, out: result.stdoutText, err: result.stderrText)
    }

    @Test(
        "printed output and list's direct writes to /dev/full exit 1 and say why",
        arguments: [["--help"], ["servers", "list", "--json"], ["list"], ["list", "--json"], ["stats"]])
    func fullDisk(arguments: [String]) throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let url = bed.daemonURL()
        let needsServer = ["list", "stats"].contains(arguments[0])
        let result = try runToFull(home, arguments + (needsServer ? ["--server", url] : []))
        #expect(result.status == 1, "\(result.all)")
        #expect(result.err.contains("cannot write the output: No space left on device"), "\(result.all)")
    }
}

@Suite("--timeout bounds the whole command (process, silent port)")
struct CommandTimeoutTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test("list against a server that never answers gives up after --timeout, retries included")
    func silentServer() throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let url = "http://127.0.0.1:\(bed.silentPort)/transmission/rpc"
        let started = Date()
        let result = try home.run(["list", url, "--timeout", "2"], env: ["TR_AUTH": bed.credentials])
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 3, "\(result.all)")
        #expect(result.err.contains("timed out"), "\(result.all)")
        #expect(elapsed < 3.5, "took \(elapsed) s for --timeout 2 (three attempts took ~6.8 s)")
    }
}
