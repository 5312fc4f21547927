import Foundation
import RemissionSession
import Synchronization
import TestSupport
import Testing

@testable import remission

/// A private user for CLI tests: its own HOME and XDG dirs (so files can be inspected and nothing of the
/// real user is touched), and a way to run `remission` as that user: in process (`run`, the
/// command with its own environment, stdin and output buffers, as `main` would run it) or as the
/// real binary (`runProcess`, for what needs a process: a TTY, signals, the release build, a closed
/// pipe, exit status on a full disk, `/proc`, rlimits, timing a process start).
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

    /// Runs the command as this user, in process unless it needs the binary (see the static `run`).
    func run(_ arguments: [String], stdin: String? = nil, env: [String: String] = [:]) throws -> Result {
        try Self.run(arguments, over: environment.merging(env) { _, new in new }, stdin: stdin, binary: remission)
    }

    /// Runs `remission` with `layer` laid over the test process's environment: in process
    /// (`RemissionCommand.run(_:io:)`, output captured), unless it needs the binary: a test that
    /// names another binary (the release build), help and version texts, or a variable that the
    /// process itself reads (`needsProcess`). `REMISSION_TESTS_SPAWN=1` spawns every command, as
    /// before commands could run in process. Either way it fails after `timeout`.
    static func run(
        _ arguments: [String], over layer: [String: String], stdin: String? = nil,
        binary: String = TestBed.builtProduct("remission"), timeout: Duration = .seconds(60)
    ) throws -> Result {
        if binary != TestBed.builtProduct("remission") || needsProcess(arguments, env: layer) || spawnAll {
            let result = try ProcessRunner.run(
                binary, args: arguments, env: layer, stdin: stdin.map { Data($0.utf8) }, timeout: timeout)
            return Result(status: result.status, out: result.stdoutText, err: result.stderrText)
        }
        let started = Date()
        defer { CommandTally.note("in-process", since: started) }
        let environment = ProcessInfo.processInfo.environment.merging(layer) { _, new in new }
        let io = CommandIO.captured(environment: environment, input: stdin ?? "")
        let status = try onThreadOfItsOwn(arguments, timeout: timeout) { RemissionCommand.run(arguments, io: io) }
        return Result(status: status, out: io.outputText, err: io.errorText)
    }

    /// Runs a command on a thread of its own, as the binary runs it on its main thread: its blocking
    /// I/O and sleeps hold no thread of Swift's cooperative pool, and one that hangs fails its test
    /// after `timeout` (as a spawned one is killed) instead of hanging the suite.
    static func onThreadOfItsOwn(
        _ arguments: [String], timeout: Duration, _ command: @escaping @Sendable () -> Int32
    ) throws -> Int32 {
        let ended = DispatchSemaphore(value: 0)
        let status = Mutex<Int32?>(nil)
        guard
            let thread = RemissionSession.startThread({
                status.withLock { $0 = command() }
                ended.signal()
            })
        else { throw CommandHung(arguments: arguments, why: "no thread") }
        pthread_detach(thread)
        guard ended.wait(timeout: .now() + .milliseconds(Int(timeout / .milliseconds(1)))) == .success else {
            throw CommandHung(arguments: arguments, why: "\(timeout)")
        }
        return status.withLock { $0 } ?? -1
    }

    struct CommandHung: Error {
        var arguments: [String]
        var why: String
    }

    /// Runs the built binary as a child process with this user's environment and `stdin`.
    func runProcess(_ arguments: [String], stdin: String? = nil, env: [String: String] = [:]) throws -> Result {
        let result = try bed.run(
            remission, args: arguments, env: environment.merging(env) { _, new in new },
            stdin: stdin.map { Data($0.utf8) },
            timeout: .seconds(60))
        return Result(status: result.status, out: result.stdoutText, err: result.stderrText)
    }

    /// Help and version texts come from the commands' `configuration`, a static built once per
    /// process in the language of its first use: in process, another test's Russian would show.
    /// The loader (`LD_*`), libc's local time (`TZ`) and libsecret's D-Bus connection read the
    /// process's own environment, not the run's.
    /// An ssh route (`REMISSION_SSH_COMMAND`) spawns too: its child is ended on signals by handlers
    /// the transport installs process-wide, and by `main` at exit.
    static func needsProcess(_ arguments: [String], env: [String: String] = [:]) -> Bool {
        let helpWords: Set = [
            "-h", "--help", "-help", "help", "--version", "--generate-completion-script", "--experimental-dump-help",
        ]
        let processVariables: Set = [
            "LD_LIBRARY_PATH", "LD_PRELOAD", "TZ", "DBUS_SESSION_BUS_ADDRESS", "REMISSION_SSH_COMMAND",
        ]
        return arguments.prefix(while: { $0 != "--" }).contains { helpWords.contains($0) }
            || env.keys.contains { processVariables.contains($0) }
    }

    static let spawnAll = ProcessInfo.processInfo.environment["REMISSION_TESTS_SPAWN"] == "1"

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
