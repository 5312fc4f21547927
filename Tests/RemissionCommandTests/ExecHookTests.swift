import Foundation
import RemissionViews
import Testing

@testable import remission

/// `notify --exec CMD`: the real /bin/sh, with the event on stdin, bounded in time, and its failures.
@Suite("notify --exec: the command runs with the event on stdin, is bounded, and its failures are reported")
struct ExecHookTests {
    let directory = NSTemporaryDirectory() + "remission-exec-\(UUID().uuidString.prefix(8))"

    init() throws { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) }

    @Test("stdin carries the input exactly; argv and the environment carry nothing of it")
    func input() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = Array("{\"name\":\"$(touch \(directory)/owned)`id`\"}\n".utf8)
        let hook = ExecHook(
            command: "cat > '\(directory)/in'; printf '%s' \"$*\" > '\(directory)/args'; env > '\(directory)/env'")
        #expect(hook.run(input: input) == nil)
        #expect(FileManager.default.contents(atPath: directory + "/in").map(Array.init) == input)
        #expect(FileManager.default.contents(atPath: directory + "/args")?.isEmpty == true)
        let env = String(decoding: FileManager.default.contents(atPath: directory + "/env") ?? Data(), as: UTF8.self)
        #expect(!env.contains("touch"))
        #expect(!FileManager.default.fileExists(atPath: directory + "/owned"))
    }

    @Test("a failure: its status and the first line of its stderr")
    func failure() {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let problem = ExecHook(command: "echo first >&2; echo second >&2; exit 4").run(input: [])
        #expect(problem == .exited(4, stderr: "first"))
        #expect(ExecHook(command: "kill -TERM $$").run(input: []) == .signalled(15))
    }

    @Test("a hung command is killed with its process group after the timeout")
    func hung() throws {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let started = Date()
        let hook = ExecHook(command: "sleep 300 & echo $! > '\(directory)/child'; sleep 300", timeout: 1)
        #expect(hook.run(input: []) == .timedOut(seconds: 1))
        #expect(Date().timeIntervalSince(started) < 5)
        let child = try #require(
            Int32(
                String(decoding: FileManager.default.contents(atPath: directory + "/child") ?? Data(), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)))
        // Gone, or a zombie its new parent has not reaped yet (in a container, init may never reap).
        func running() -> Bool {
            guard let stat = FileManager.default.contents(atPath: "/proc/\(child)/stat") else { return false }
            let text = String(decoding: stat, as: UTF8.self)
            guard let close = text.lastIndex(of: ")") else { return false }
            return !text[text.index(after: close)...].hasPrefix(" Z")
        }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!running(), "the background sleep of the command survived")
    }

    @Test("a command that does not read a large input neither blocks nor ends the process (SIGPIPE)")
    func unreadInput() {
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let started = Date()
        #expect(ExecHook(command: "exit 0", timeout: 5).run(input: [UInt8](repeating: 65, count: 1 << 20)) == nil)
        #expect(Date().timeIntervalSince(started) < 4)
    }
}
