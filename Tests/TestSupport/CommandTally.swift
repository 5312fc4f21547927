import Foundation
import Testing

/// With `REMISSION_TESTS_TALLY=FILE`, one line per `remission` command a test runs: how it ran
/// (`in-process`, or `process` for the binary, spawned or on a terminal), the test's id, when it
/// started (Unix time) and how long it took.
/// devdoc/testing.md counts the tests that run commands in process and those that spawn with it.
public enum CommandTally {
    static let path = ProcessInfo.processInfo.environment["REMISSION_TESTS_TALLY"]

    /// Notes a command that ran from `start` until now.
    public static func note(_ mode: String, since start: Date) {
        guard let path else { return }
        let test = Test.current.map { "\($0.id)" } ?? "?"
        let times = String(format: "%.3f\t%.3f", start.timeIntervalSince1970, -start.timeIntervalSinceNow)
        let line = "\(mode)\t\(test)\t\(times)\n"
        // O_APPEND: tests run in parallel, and one short write each stays whole.
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        _ = Array(line.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    /// Whether a child's command line starts a built `remission` (debug or release), directly or
    /// through a pseudo-terminal driver or tmux.
    static func startsRemission(_ executable: String, _ args: [String]) -> Bool {
        ([executable] + args).contains { $0.contains("/debug/remission") || $0.contains("/release/remission") }
    }
}
