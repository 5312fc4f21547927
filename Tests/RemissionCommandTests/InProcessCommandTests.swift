import Foundation
import RemissionViews
import Synchronization
import TestSupport
import Testing

@testable import remission

/// Commands run in process (`RemissionCommand.run(_:io:)`, through `CLIHome.run`): each run's
/// output, input, environment and language stay its own, on the threads it starts too, while
/// many runs share the test process.
@Suite("Commands in process: output, language and threads per run (real daemon)")
struct InProcessCommandTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    @Test("check --all: every server's line and the -v log of its thread reach the run's buffers")
    func checkAllOnThreads() throws {
        let online = try home.run(
            ["connect", bed.daemonURL(), "--name", "up", "--user", bed.user, "--password-stdin"], stdin: bed.password)
        #expect(online.status == 0, "\(online.all)")
        try home.saveOfflineServers(["down1", "down2"])
        let all = try home.run(["check", "--all", "-v"], env: ["LANG": "ru_RU.UTF-8"])
        #expect(all.status == 3, "\(all.all)")
        let lines = all.out.split(separator: "\n")
        #expect(lines.count == 3, "\(all.out)")
        #expect(lines.contains { $0.hasPrefix("up") && $0.contains("ДОСТУПЕН") })
        #expect(lines.filter { $0.hasPrefix("down") && $0.contains("НЕДОСТУПЕН") }.count == 2)
        // The -v log lines come from the check threads: each offline server's refusal, the daemon's reply.
        #expect(all.err.components(separatedBy: "port \(bed.closedPort): Connection refused").count >= 3, "\(all.err)")
        #expect(all.err.contains("RPC reply"), "\(all.err)")
    }

    @Test("list writes its table from a thread of its own into the run's output")
    func listOnThread() throws {
        let list = try home.run(["list", bed.daemonURL()], env: ["TR_AUTH": bed.credentials])
        #expect(list.status == 0, "\(list.all)")
        #expect(list.out.hasPrefix("  ID  Done"), "\(list.out)")
        #expect(list.out.contains("Sum:"), "\(list.out)")
    }

    @Test("concurrently and startThread carry the run's output, input, environment and language")
    func threadsCarryTheRun() throws {
        let io = CommandIO.captured(environment: ["WHO": "run"], input: "typed\n")
        let seen = CommandIO.$current.withValue(io) {
            Language.$override.withValue(.russian) {
                let seen = concurrently([1, 2, 3]) { number in
                    print("line \(number)")
                    return "\(Language.current) \(processEnvironment()["WHO"] ?? "-")"
                }
                let read = Mutex<String?>(nil)
                if let thread = startThread({
                    let line = readLine()
                    read.withLock { $0 = line }
                    writeStandardError("from a thread")
                }) {
                    pthread_join(thread, nil)
                }
                return seen + [read.withLock { $0 } ?? "-"]
            }
        }
        #expect(seen == ["russian run", "russian run", "russian run", "typed"])
        #expect(io.outputText.split(separator: "\n").sorted() == ["line 1", "line 2", "line 3"])
        #expect(io.errorText == "from a thread")
    }

    @Test("runs at once in one process keep their own words, input and exit status")
    func parallelRuns() throws {
        let home = self.home
        let results = Mutex<[Int: CLIHome.Result]>([:])
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let result =
                index % 2 == 0
                ? try? home.run(["lsit"], env: ["LANG": "ru_RU.UTF-8"])
                : try? home.run(["lsit"], env: ["LANG": "C.UTF-8"])
            results.withLock { $0[index] = result }
        }
        let collected = results.withLock { $0 }
        #expect(collected.count == 16)
        for (index, result) in collected {
            #expect(result.status == 2)
            #expect(result.out.isEmpty)
            let expected =
                index % 2 == 0 ? "remission: «lsit» — не команда" : "remission: 'lsit' is not a command"
            #expect(result.err.hasPrefix(expected), "\(index): \(result.err)")
        }
    }

    @Test("--password-stdin reads the run's standard input, not the test process's")
    func passwordFromRunInput() throws {
        let wrong = try home.run(
            ["list", bed.daemonURL(), "--user", bed.user, "--password-stdin"], stdin: "wrong-\(bed.password)\n")
        #expect(wrong.status == 4, "\(wrong.all)")
        let right = try home.run(
            ["list", bed.daemonURL(), "--user", bed.user, "--password-stdin"], stdin: bed.password + "\n")
        #expect(right.status == 0, "\(right.all)")
    }
}
