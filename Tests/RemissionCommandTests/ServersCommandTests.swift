import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A private headless Secret Service session for one test: `scripts/with-keyring` run in the
/// background around a `sleep`, so that a test can lock its keyring (or a test elsewhere lock the
/// shared one) without disturbing any other test. `stop()` kills the sleep by its pid; the bus and
/// gnome-keyring leave with it and with-keyring removes its directory.
final class PrivateKeyring: @unchecked Sendable {
    let busAddress: String
    let runtimeDirectory: String
    let dataDirectory: String
    let password: String
    private let sleeperPID: pid_t

    init() throws {
        let report = NSTemporaryDirectory() + "remission-private-keyring-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: report) }
        // In the background (the outer shell returns at once); the sleep ends it all after 15 minutes
        // at the latest. The report is written only when the session is up.
        let inner = """
            printf '%s\\n%s\\n%s\\n%s\\n%s\\n' "$DBUS_SESSION_BUS_ADDRESS" "$XDG_RUNTIME_DIR" "$XDG_DATA_HOME" \
                "$REMISSION_TEST_KEYRING_PASSWORD" "$$" > "$0.tmp" && mv "$0.tmp" "$0"; exec sleep 900
            """
        let launched = try ProcessRunner.run(
            "sh",
            args: [
                "-c", "\"$0\" sh -c \"$1\" \"$2\" </dev/null >/dev/null 2>&1 &",
                TestBed.repositoryRoot + "/scripts/with-keyring", inner, report,
            ], timeout: .seconds(15))
        guard launched.status == 0 else { throw PrivateKeyringError.didNotStart }
        let start = ContinuousClock.now
        var lines: [String] = []
        while ContinuousClock.now - start < .seconds(15) {
            if let text = try? String(contentsOfFile: report, encoding: .utf8) {
                lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                break
            }
            usleep(20_000)
        }
        guard lines.count >= 5, let pid = pid_t(lines[4]) else {
            throw PrivateKeyringError.didNotStart
        }
        busAddress = lines[0]
        runtimeDirectory = lines[1]
        dataDirectory = lines[2]
        password = lines[3]
        sleeperPID = pid
    }

    func stop() {
        kill(sleeperPID, SIGKILL)
    }

    /// The variables that point a child at this session.
    var environment: [String: String] {
        [
            "DBUS_SESSION_BUS_ADDRESS": busAddress, "XDG_RUNTIME_DIR": runtimeDirectory,
            "XDG_DATA_HOME": dataDirectory,
        ]
    }
}

enum PrivateKeyringError: Error {
    case didNotStart
}

/// One test's world: a private keyring, private XDG dirs, the real test bed, the real binary.
struct ServersWorld {
    let bed: TestBed
    let keyring: PrivateKeyring
    let home: String
    let remissionPath = TestBed.builtProduct("remission")

    init() throws {
        bed = try TestBed.shared
        keyring = try PrivateKeyring()
        home = NSTemporaryDirectory() + "remission-servers-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: home + "/home", withIntermediateDirectories: true)
    }

    func finish() {
        keyring.stop()
        try? FileManager.default.removeItem(atPath: home)
    }

    var configDirectory: String { home + "/config" }
    var serversFile: String { configDirectory + "/servers.json" }
    var trustFile: String { configDirectory + "/trust.json" }
    var daemonPort: Int { bed.daemonPort() }

    /// The files under this world's home (config, cache, state: all remission writes) holding `text`.
    func filesContaining(_ text: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: home)
        return (enumerator?.allObjects as? [String] ?? []).filter { relative in
            guard let data = FileManager.default.contents(atPath: home + "/" + relative) else { return false }
            return String(decoding: data, as: UTF8.self).contains(text)
        }
    }

    /// The environment of every child: the inherited one minus anything that could point at another
    /// keyring or give a password, plus the private session and dirs.
    func environment(withKeyring: Bool = true, extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in [
            "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "XDG_DATA_HOME", "TR_AUTH", "DISPLAY", "WAYLAND_DISPLAY",
            "GNOME_KEYRING_CONTROL", "REMISSION_TEST_KEYRING_PASSWORD",
        ] {
            environment[name] = nil
        }
        if withKeyring { environment.merge(keyring.environment) { $1 } }
        environment.merge([
            "HOME": home + "/home", "REMISSION_CONFIG_HOME": configDirectory, "REMISSION_CACHE_HOME": home + "/cache",
            "REMISSION_STATE_HOME": home + "/state", "SSL_CERT_DIR": "/nonexistent", "SSL_CERT_FILE": "/nonexistent",
            "NO_COLOR": "1",
        ]) { $1 }
        environment.merge(extra) { $1 }
        return environment
    }

    /// Runs remission; `input` goes to its standard input (otherwise /dev/null: not a terminal).
    @discardableResult
    func remission(
        _ arguments: [String], input: String? = nil, withKeyring: Bool = true, extra: [String: String] = [:]
    ) throws -> (status: Int32, out: String, err: String) {
        let result = try ProcessRunner.run(
            remissionPath, args: arguments, env: environment(withKeyring: withKeyring, extra: extra),
            clearEnvironment: true, stdin: input.map { Data($0.utf8) }, timeout: .seconds(30))
        return (result.status, result.stdoutText, result.stderrText)
    }

    /// `remission connect` of the bed's daemon over plain loopback HTTP with the bed's password.
    func connect(_ name: String, extra: [String] = []) throws {
        let result = try remission(
            ["connect", bed.daemonURL(), "--name", name, "--user", bed.user, "--password-stdin"] + extra,
            input: bed.password + "\n")
        #expect(result.status == 0, "connect \(name): \(result.out)\(result.err)")
    }

    /// `secret-tool lookup server HOST port PORT user USER` in this session: the password or nil.
    func secretToolLookup(port: Int? = nil, user: String? = nil) throws -> String? {
        let result = try ProcessRunner.run(
            "secret-tool",
            args: ["lookup", "server", bed.host, "port", String(port ?? daemonPort), "user", user ?? bed.user],
            env: environment(), clearEnvironment: true, timeout: .seconds(15))
        return result.status == 0 ? result.stdoutText : nil
    }

    func read(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }
}

@Suite("remission servers (process, real daemon, private keyring)")
struct ServersCommandTests {
    @Test("list shows name, URL, user and the default; --json has the same; default switches it")
    func listAndDefault() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        let empty = try world.remission(["servers"])
        #expect(empty.status == 0)
        #expect(empty.out.isEmpty)
        #expect(empty.err.contains("remission connect URL"))

        try world.connect("alpha")
        try world.connect("beta")
        let list = try world.remission(["servers"])
        #expect(list.status == 0, "\(list.err)")
        let lines = list.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(list.out)")
        #expect(lines.first?.contains("NAME") == true && lines.first?.contains("URL") == true)
        let alpha = try #require(lines.first { $0.contains("alpha") })
        #expect(alpha.hasPrefix("* alpha"))
        #expect(alpha.contains(world.bed.daemonURL()))
        #expect(alpha.contains(world.bed.user))
        #expect(alpha.contains("default"))
        let beta = try #require(lines.first { $0.contains("beta") })
        #expect(beta.hasPrefix("  beta"))
        #expect(!beta.contains("default"))
        #expect(!list.out.contains("needs password"))

        let changed = try world.remission(["servers", "default", "beta"])
        #expect(changed.status == 0, "\(changed.err)")
        let json = try world.remission(["servers", "list", "--json"])
        #expect(json.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["default"] as? String == "beta")
        let servers = try #require(object["servers"] as? [[String: Any]])
        #expect(servers.map { $0["name"] as? String } == ["alpha", "beta"])
        #expect(servers.map { $0["default"] as? Bool } == [false, true])
        #expect(servers.first?["user"] as? String == world.bed.user)
        #expect(servers.first?["url"] as? String == world.bed.daemonURL())
        #expect(servers.first?["port"] as? Int == world.daemonPort)
        #expect(servers.first?["needsPassword"] as? Bool == false)

        let unknown = try world.remission(["servers", "default", "gamma"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("No server named 'gamma'"))
        #expect(unknown.err.contains("alpha, beta"))
    }

    @Test("rename keeps the keyring item (keyed by address, not name) and the default; check works by the new name")
    func rename() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("old")
        #expect(try world.secretToolLookup() == world.bed.password)
        let renamed = try world.remission(["servers", "rename", "old", "new"])
        #expect(renamed.status == 0, "\(renamed.err)")
        #expect(renamed.out.contains("Renamed 'old' to 'new'"))
        #expect(try world.secretToolLookup() == world.bed.password)
        let check = try world.remission(["check", "new"])
        #expect(check.status == 0, "\(check.out)\(check.err)")
        #expect(check.out.contains("password from the keyring"), "\(check.out)")
        let list = try world.remission(["servers"])
        #expect(list.out.contains("* new"))
        #expect(!list.out.contains("old"))

        let missing = try world.remission(["servers", "rename", "old", "other"])
        #expect(missing.status == 2)
        try world.connect("second")
        let taken = try world.remission(["servers", "rename", "second", "new"])
        #expect(taken.status == 2)
        #expect(taken.err.contains("already exists"))
        let invalid = try world.remission(["servers", "rename", "new", "bad name"])
        #expect(invalid.status == 2)
    }

    @Test("remove --yes deletes the profile, its keyring item and its trust entry, and says so")
    func removeEverything() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        let port = try #require(world.bed.port(for: .caSigned))
        let identity = "https://\(world.bed.host):\(port)"
        let connect = try world.remission(
            [
                "connect", world.bed.url(for: .caSigned), "--name", "tls", "--user", world.bed.user,
                "--password-stdin", "--ca-file", world.bed.caFile,
            ], input: world.bed.password + "\n")
        #expect(connect.status == 0, "\(connect.out)\(connect.err)")
        #expect(try world.secretToolLookup(port: port) == world.bed.password)
        #expect(world.read(world.trustFile)?.contains(identity) == true)

        let removed = try world.remission(["servers", "remove", "tls", "--yes"])
        #expect(removed.status == 0, "\(removed.out)\(removed.err)")
        #expect(removed.out.contains("Removed server 'tls'"))
        #expect(removed.out.contains("Removed the password"))
        #expect(removed.out.contains("Removed the trust settings for \(identity)"))
        #expect(removed.out.contains("no default server"))
        #expect(try world.secretToolLookup(port: port) == nil)
        #expect(world.read(world.trustFile)?.contains(identity) != true)
        #expect(world.read(world.serversFile)?.contains("\"tls\"") != true)

        let again = try world.remission(["servers", "remove", "tls", "--yes"])
        #expect(again.status == 2)
        #expect(again.err.contains("No server named 'tls'"))
    }

    @Test("remove keeps the keyring item and trust entry another saved server still uses")
    func removeShared() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("one", extra: ["--default"])
        try world.connect("two")
        let removed = try world.remission(["servers", "remove", "one", "-y"])
        #expect(removed.status == 0, "\(removed.err)")
        #expect(removed.out.contains("Kept the keyring item"))
        #expect(removed.out.contains("also used by 'two'"))
        #expect(try world.secretToolLookup() == world.bed.password)
        let check = try world.remission(["check", "two"])
        #expect(check.status == 0, "\(check.out)\(check.err)")
    }

    @Test("remove without --yes and without a terminal refuses, exit 2, and removes nothing")
    func removeNeedsConfirmation() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("keep")
        let before = world.read(world.serversFile)
        let refused = try world.remission(["servers", "remove", "keep"])
        #expect(refused.status == 2)
        #expect(refused.err.contains("--yes"))
        #expect(refused.err.contains("nothing was removed"))
        #expect(world.read(world.serversFile) == before)
        #expect(try world.secretToolLookup() == world.bed.password)
        #expect(try world.remission(["servers"]).out.contains("keep"))
    }

    @Test("a keyring that cannot be used stops remove with exit 7 before anything changes; --keep-password goes on")
    func removeWithoutKeyring() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("box")
        let before = world.read(world.serversFile)
        let refused = try world.remission(["servers", "remove", "box", "--yes"], withKeyring: false)
        #expect(refused.status == 7, "\(refused.out)\(refused.err)")
        #expect(refused.err.contains("D-Bus"))
        #expect(refused.err.contains("--keep-password"))
        #expect(world.read(world.serversFile) == before)
        let kept = try world.remission(["servers", "remove", "box", "--yes", "--keep-password"], withKeyring: false)
        #expect(kept.status == 0, "\(kept.err)")
        #expect(kept.out.contains("Kept the keyring item"))
        #expect(try world.secretToolLookup() == world.bed.password)
    }

    @Test("a legacy servers.json is imported: needs password, credentials set, check ONLINE, v0 backup kept")
    func legacyImport() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try FileManager.default.createDirectory(atPath: world.configDirectory, withIntermediateDirectories: true)
        let legacy = """
            [{"id":"A1","name":"Home NAS","host":"\(world.bed.host)","port":\(world.daemonPort),"isSecure":false,\
            "username":"\(world.bed.user)","createdAt":"2025-01-02T03:04:05Z"}]
            """
        try legacy.write(toFile: world.serversFile, atomically: true, encoding: .utf8)

        let list = try world.remission(["servers"])
        #expect(list.status == 0, "\(list.err)")
        let row = try #require(list.out.split(separator: "\n").first { $0.contains("Home-NAS") })
        #expect(row.contains("needs password"))
        #expect(row.contains(world.bed.daemonURL()))
        #expect(world.read(world.serversFile) == legacy)  // reading never rewrites

        let status = try world.remission(["credentials", "status", "Home-NAS"])
        #expect(status.status == 0, "\(status.err)")
        #expect(status.out.contains("Password: none stored"))

        let set = try world.remission(
            ["credentials", "set", "Home-NAS", "--password-stdin"], input: world.bed.password + "\n")
        #expect(set.status == 0, "\(set.out)\(set.err)")
        #expect(try world.secretToolLookup() == world.bed.password)
        #expect(FileManager.default.fileExists(atPath: world.serversFile + ".v0.bak"))
        #expect(world.read(world.serversFile + ".v0.bak") == legacy)
        #expect(!(try world.remission(["servers"]).out.contains("needs password")))

        let check = try world.remission(["check", "Home-NAS"])
        #expect(check.status == 0, "\(check.out)\(check.err)")
        #expect(check.out.contains("password from the keyring"))
        #expect(check.out.hasSuffix("ONLINE\n"))
    }
}
