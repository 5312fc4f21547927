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
        // The socket never leaves this machine: not "loopback", which names an address.
        #expect(check.out.contains("plain HTTP over a unix socket on this machine"), "\(check.out)")
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

/// A unix socket another user made (issue 33): root arranges a listener running as uid 65534
/// (`setpriv`), which logs whatever reaches it. Where others may write (a 0777 directory, or a
/// directory of its own under /tmp), remission refuses it before connecting and sends nothing; in a
/// directory of that user's under /run that nobody else may write (a system daemon's own, as
/// Debian's debian-transmission), it is used.
@Suite("unix socket owner (process, a listener as uid 65534)", .enabled(if: getuid() == 0, "root arranges uid 65534"))
struct UnixSocketOwnerCommandTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    /// A listener as uid 65534 at `socket`: it logs each request's head to `log` and answers 401.
    final class ForeignListener {
        let pid: pid_t
        let log: String

        init(socket: String, log: String) throws {
            self.log = log
            let script = """
                import os, socket, sys
                path, log = sys.argv[1], sys.argv[2]
                s = socket.socket(socket.AF_UNIX)
                s.bind(path)
                os.chmod(path, 0o777)
                s.listen(4)
                open(log + ".pid", "w").write(str(os.getpid()))
                while True:
                    c, _ = s.accept()
                    c.settimeout(2)
                    data = b""
                    try:
                        while b"\\r\\n\\r\\n" not in data:
                            chunk = c.recv(65536)
                            if not chunk:
                                break
                            data += chunk
                    except Exception:
                        pass
                    open(log, "ab").write(data or b"(connected, nothing sent)\\n")
                    try:
                        c.sendall(b"HTTP/1.1 401 Unauthorized\\r\\nContent-Length: 0\\r\\nConnection: close\\r\\n\\r\\n")
                    except Exception:
                        pass
                    c.close()
                """
            _ = try ProcessRunner.run(
                "bash",
                args: [
                    "-c",
                    "setsid setpriv --reuid=65534 --regid=65534 --clear-groups -- /usr/bin/python3 -c \"$1\" \"$2\" \"$3\" "
                        + "</dev/null >/dev/null 2>&1 &", "bash", script, socket, log,
                ], timeout: .seconds(10))
            var found: pid_t?
            for _ in 0..<200 where found == nil {
                found = readText(log + ".pid").flatMap { pid_t($0) }
                if found == nil { usleep(20_000) }
            }
            pid = try #require(found, "the listener as uid 65534 did not start")
        }

        var received: String { readText(log) ?? "" }

        deinit { kill(pid, SIGKILL) }
    }

    @Test(
        "another user's socket where others may write: refused (exit 5), named, nothing sent",
        arguments: [false, true])
    func refused(inOwnDirectory: Bool) throws {
        let outside = TemporaryDirectory()
        let shared = outside.file("shared")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        try #require(chmod(outside.path, 0o755) == 0)
        try #require(chmod(shared, 0o777) == 0)
        var holder = shared
        if inOwnDirectory {  // nobody's own directory, but under /tmp, where anyone could have made it
            holder = shared + "/nobody"
            try FileManager.default.createDirectory(atPath: holder, withIntermediateDirectories: false)
            try #require(chown(holder, 65534, 65534) == 0 && chmod(holder, 0o755) == 0)
        }
        let listener = try ForeignListener(socket: holder + "/rpc.sock", log: shared + "/received")
        let result = try home.run(
            ["connect", "--unix-socket", holder + "/rpc.sock", "--name", "sock", "--save-offline"],
            env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 5, "\(result.all)")
        #expect(result.out.contains("belongs to user nobody (uid 65534), not to you or root"), "\(result.out)")
        #expect(result.out.contains("nothing was sent"), "\(result.out)")
        #expect(listener.received.isEmpty, "it reached the other user: \(listener.received)")
        let russian = try home.run(
            ["connect", "--unix-socket", holder + "/rpc.sock", "--name", "sock", "--save-offline"],
            env: ["TR_AUTH": bed.credentials, "LANG": "ru_RU.UTF-8"])
        #expect(russian.out.contains("принадлежит пользователю nobody (uid 65534)"), "\(russian.out)")
        #expect(listener.received.isEmpty)
    }

    @Test("a daemon's socket in its own directory that nobody else may write (under /run): used")
    func daemonsOwnDirectory() throws {
        let directory = "/run/remission-test-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try #require(chown(directory, 65534, 65534) == 0 && chmod(directory, 0o755) == 0)
        let listener = try ForeignListener(socket: directory + "/rpc.sock", log: directory + "/received")
        let result = try home.run(
            ["connect", "--unix-socket", directory + "/rpc.sock", "--name", "sock", "--save-offline"],
            env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 4, "its 401: \(result.all)")
        #expect(listener.received.contains("POST /transmission/rpc"), "\(listener.received)")
    }
}
