import Foundation
import TestSupport
import Testing

/// `connect --unix-socket PATH` through the real binary, against Transmission 4.1.3 serving RPC on
/// a unix socket (`UnixSocketDaemon`): list and check work; a wrong path, a socket nobody listens
/// on, a path that is no socket and one too long each get their own words. (EACCES cannot be made
/// as root: `UnixSocketFailureTests` maps it purely.)
@Suite("unix socket route (process, Transmission 4.1.3 on rpc-bind-address unix:PATH)")
struct UnixSocketCommandTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    func daemon() throws -> UnixSocketDaemon? {
        guard bed.hasModern, let binary = bed.environment["MODERN_DAEMON"] else {
            #expect(!TestBed.requiresModern, "Transmission 4.1.3 is required in this run")
            return nil
        }
        return try UnixSocketDaemon(binary: binary)
    }

    @Test("connect with no URL, check and list over the socket; a daemon killed leaves it unanswered")
    func goodRouteThenNotListening() throws {
        guard let daemon = try daemon() else { return }
        let connect = try home.run(["connect", "--unix-socket", daemon.socketPath, "--name", "sock"])
        #expect(connect.status == 0, "\(connect.all)")
        #expect(connect.out.contains("sock (http://localhost:9091/transmission/rpc)"), "\(connect.out)")
        #expect(connect.out.contains("ok   tcp   connected to the unix socket \(daemon.socketPath)"), "\(connect.out)")
        #expect(!connect.out.contains(" dns "), "\(connect.out)")
        let check = try home.run(["check", "sock"])
        #expect(check.status == 0, "\(check.all)")
        #expect(check.out.contains("Transmission 4.1.3"), "\(check.out)")
        let list = try home.run(["list", "--server", "sock"])
        #expect(list.status == 0, "\(list.all)")
        #expect(try home.run(["servers"]).out.contains("Unix socket: \(daemon.socketPath)"))

        daemon.stop(killing: true)  // the socket file stays, nobody listens on it
        let refused = try home.run(["check", "sock"])
        #expect(refused.status == 3, "\(refused.all)")
        #expect(refused.out.contains("FAIL tcp   nobody listens on the unix socket"), "\(refused.out)")
    }

    @Test("no such path (exit 3), a file that is no socket (exit 1), a path too long (exit 2): each in its words")
    func wrongPaths() throws {
        let directory = TemporaryDirectory()
        let file = directory.file("settings.json")
        writeRaw("{}", to: file)
        let cases: [(path: String, status: Int32, words: String)] = [
            (
                directory.file("missing.sock"), 3,
                "no unix socket at \(directory.file("missing.sock")): nothing is there"
            ),
            (file, 1, "\(file) is not a unix socket"),
            ("/tmp/" + String(repeating: "x", count: 120), 2, "is longer than 107 bytes, the system's limit"),
        ]
        for (index, item) in cases.enumerated() {
            let result = try home.run(["connect", "--unix-socket", item.path, "--name", "s\(index)"])
            #expect(result.status == item.status, "\(item.path): \(result.all)")
            #expect(result.out.contains(item.words), "\(result.out)")
        }
        #expect(home.writtenFiles()["config/servers.json"] == nil)
    }

    @Test("in Russian")
    func russian() throws {
        let directory = TemporaryDirectory()
        let result = try home.run(
            ["connect", "--unix-socket", directory.file("missing.sock"), "--name", "ru"], env: ["LANG": "ru_RU.UTF-8"])
        #expect(result.status == 3, "\(result.all)")
        #expect(result.out.contains("нет unix-сокета"), "\(result.out)")
    }
}
