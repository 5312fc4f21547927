import Foundation
import TestSupport

/// A private user for CLI tests: its own HOME and XDG dirs (so files can be inspected and nothing of the
/// real user is touched), and a way to run the real `remission` binary as that user.
struct CLIHome {
    let bed: TestBed
    let directory: String
    /// The binary it runs: the debug build that `swift test` built, unless a test names another.
    var remission = TestBed.builtProduct("remission")

    init(bed: TestBed) {
        self.bed = bed
        directory = NSTemporaryDirectory() + "remission-cli-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: directory + "/home", withIntermediateDirectories: true)
    }

    var configDirectory: String { directory + "/config" }

    /// Saves servers without contacting them: each points at the bed's closed port, so `connect`
    /// finds it offline (exit 3) and saves it anyway (`--save-offline`).
    func saveOfflineServers(_ names: [String]) throws {
        for name in names {
            let result = try run([
                "connect", "http://127.0.0.1:\(bed.closedPort)/\(name)/rpc", "--name", name, "--save-offline",
            ])
            guard result.status == 3 else { throw NotSaved(name: name, output: result.all) }
        }
    }

    struct NotSaved: Error {
        var name: String
        var output: String
    }

    var environment: [String: String] {
        [
            "HOME": directory + "/home", "REMISSION_CONFIG_HOME": configDirectory,
            "REMISSION_CACHE_HOME": directory + "/cache", "REMISSION_STATE_HOME": directory + "/state",
            "SSL_CERT_DIR": "/nonexistent", "SSL_CERT_FILE": "/nonexistent", "TR_AUTH": "", "NO_COLOR": "1",
            // English whatever the developer's locale; a test gives LANG to hear Russian.
            "LANG": "C.UTF-8", "LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "REMISSION_LANG": "",
        ]
    }

    struct Result {
        var status: Int32
        var out: String
        var err: String
        var all: String { out + err }
    }

    func run(_ arguments: [String], stdin: String? = nil, env: [String: String] = [:]) throws -> Result {
        let result = try bed.run(
            remission, args: arguments, env: environment.merging(env) { _, new in new },
            stdin: stdin.map { Data($0.utf8) },
            timeout: .seconds(60))
        return Result(status: result.status, out: result.stdoutText, err: result.stderrText)
    }

    /// Runs remission on a pseudo-terminal, typing each line of `lines` when it waits for one, as a
    /// person answers prompts (typed-ahead input would be echoed before echo is off).
    func runOnTerminal(_ arguments: [String], lines: [String], env extra: [String: String] = [:]) throws -> Result {
        let result = try PseudoTerminal.run(
            [remission] + arguments, typing: lines.map { $0 + "\n" },
            env: environment.merging(extra) { _, new in new })
        return Result(status: result.status, out: result.stdoutText, err: result.stderrText)
    }

    /// Every file remission wrote, with its contents.
    func writtenFiles() -> [String: String] {
        var files: [String: String] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return files }
        for case let relative as String in enumerator {
            let path = directory + "/" + relative
            if let data = FileManager.default.contents(atPath: path) {
                files[relative] = String(decoding: data, as: UTF8.self)
            }
        }
        return files
    }

    func secretToolLookup(host: String, user: String) throws -> String {
        try bed.run("secret-tool", args: ["lookup", "server", host, "user", user]).stdoutText
    }
}
