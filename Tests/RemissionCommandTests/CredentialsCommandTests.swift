import Foundation
import TestSupport
import Testing

/// `remission credentials set|forget|status` and the keyring failures of PRODUCT.md §3, each test in
/// its own private keyring session (see `PrivateKeyring`), so locking it disturbs no other test.
@Suite("remission credentials (process, real daemon, private keyring)")
struct CredentialsCommandTests {
    @Test("set from stdin: secret-tool finds it, check is ONLINE from the keyring; forget: check fails 401, exit 4")
    func setCheckForget() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas", extra: ["--no-save-password"])
        #expect(try world.secretToolLookup() == nil)

        let set = try world.remission(
            ["credentials", "set", "nas", "--password-stdin"], input: world.bed.password + "\n")
        #expect(set.status == 0, "\(set.out)\(set.err)")
        #expect(set.out.contains("Remission: \(world.bed.user)@\(world.bed.host):\(world.daemonPort)"))
        #expect(!set.out.contains(world.bed.password) && !set.err.contains(world.bed.password))
        #expect(try world.secretToolLookup() == world.bed.password)

        let online = try world.remission(["check", "nas"])
        #expect(online.status == 0, "\(online.out)\(online.err)")
        #expect(online.out.contains("password from the keyring"))

        let status = try world.remission(["credentials", "status", "nas"])
        #expect(status.status == 0, "\(status.err)")
        #expect(status.out.contains("Password: from the keyring"))
        #expect(status.out.contains("Keyring:  available"))
        #expect(!status.out.contains(world.bed.password))
        let json = try world.remission(["credentials", "status", "nas", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        #expect(object["source"] as? String == "keyring")
        #expect((object["keyring"] as? [String: Any])?["state"] as? String == "available")

        let forget = try world.remission(["credentials", "forget", "nas"])
        #expect(forget.status == 0, "\(forget.err)")
        #expect(forget.out.contains("Removed the password"))
        #expect(try world.secretToolLookup() == nil)
        let again = try world.remission(["credentials", "forget", "nas"])
        #expect(again.status == 0)
        #expect(again.out.contains("No password"))

        let offline = try world.remission(["check", "nas"])
        #expect(offline.status == 4, "\(offline.out)\(offline.err)")
        #expect(offline.out.contains("401"))
        #expect(offline.out.contains("remission credentials set nas") || offline.out.contains("no password"))
        let none = try world.remission(["credentials", "status", "nas"])
        #expect(none.out.contains("Password: none stored"))
    }

    @Test("status follows the order TR_AUTH, netrc, keyring; the password is never shown")
    func statusOrder() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let fromEnvironment = try world.remission(
            ["credentials", "status", "nas"], extra: ["TR_AUTH": "\(world.bed.user):\(world.bed.password)"])
        #expect(fromEnvironment.status == 0)
        #expect(fromEnvironment.out.contains("Password: from TR_AUTH"))
        let netrc = world.home + "/home/.netrc"
        try "machine \(world.bed.host) login \(world.bed.user) password \(world.bed.password)\n".write(
            toFile: netrc, atomically: true, encoding: .utf8)
        let ignored = try world.remission(["credentials", "status", "nas"])
        #expect(ignored.out.contains("Password: from the keyring"), "netrc is read only when asked: \(ignored.out)")
        let fromNetrc = try world.remission(["credentials", "status", "nas", "--netrc"])
        #expect(fromNetrc.out.contains("Password: from the netrc file \(netrc)"), "\(fromNetrc.out)")
        try FileManager.default.removeItem(atPath: netrc)
        let fromKeyring = try world.remission(["credentials", "status", "nas"])
        #expect(fromKeyring.out.contains("Password: from the keyring"))
        for output in [fromEnvironment.out, fromNetrc.out, fromKeyring.out] {
            #expect(!output.contains(world.bed.password))
        }
    }

    @Test("set --user changes the profile's user; usage errors exit 2")
    func setUserAndUsage() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let noTerminal = try world.remission(["credentials", "set", "nas"])
        #expect(noTerminal.status == 2)
        #expect(noTerminal.err.contains("--password-stdin"))
        let empty = try world.remission(["credentials", "set", "nas", "--password-stdin"], input: "")
        #expect(empty.status == 2)
        let unknown = try world.remission(["credentials", "status", "nope"])
        #expect(unknown.status == 2)
        #expect(unknown.err.contains("No server named 'nope'"))

        let changed = try world.remission(
            ["credentials", "set", "nas", "--user", "other", "--password-stdin", "--no-check"], input: "other-pw\n")
        #expect(changed.status == 0, "\(changed.err)")
        #expect(changed.out.contains("now logs in as 'other'"))
        #expect(try world.secretToolLookup(user: "other") == "other-pw")
        #expect(try world.secretToolLookup() == nil)  // the previous user's item went
        let json = try world.remission(["servers", "--json"])
        #expect(json.out.contains("\"user\":\"other\""))
    }

    @Test("locked keyring: credentials status and check exit 7 and say locked; TR_AUTH still works")
    func locked() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let lock = try ProcessRunner.run(
            "dbus-send",
            args: [
                "--session", "--print-reply", "--dest=org.freedesktop.secrets", "/org/freedesktop/secrets",
                "org.freedesktop.Secret.Service.Lock", "array:objpath:/org/freedesktop/secrets/collection/login",
            ], env: world.environment(), clearEnvironment: true, timeout: .seconds(15))
        #expect(lock.status == 0, "\(lock.stderrText)")

        let status = try world.remission(["credentials", "status", "nas"])
        #expect(status.status == 7, "\(status.out)\(status.err)")
        #expect(status.out.contains("Keyring:  locked"))
        #expect(status.err.contains("locked"))
        let check = try world.remission(["check", "nas"])
        #expect(check.status == 7, "\(check.out)\(check.err)")
        #expect(check.err.contains("locked"))
        #expect(check.err.contains("--password-stdin"))
        let set = try world.remission(["credentials", "set", "nas", "--password-stdin", "--no-check"], input: "x\n")
        #expect(set.status == 7)
        #expect(set.err.contains("locked"))
        let withEnvironment = try world.remission(
            ["check", "nas"], extra: ["TR_AUTH": "\(world.bed.user):\(world.bed.password)"])
        #expect(withEnvironment.status == 0, "\(withEnvironment.out)\(withEnvironment.err)")
        let statusWithEnvironment = try world.remission(
            ["credentials", "status", "nas"], extra: ["TR_AUTH": "\(world.bed.user):\(world.bed.password)"])
        #expect(statusWithEnvironment.status == 0)
        #expect(statusWithEnvironment.out.contains("Keyring:  locked"))

        // Unlocked again, the stored password was there all along (locked was never "no password").
        let unlock = try ProcessRunner.run(
            "gnome-keyring-daemon", args: ["--replace", "--unlock", "--components=secrets"],
            env: world.environment(), clearEnvironment: true, stdin: Data(world.keyring.password.utf8),
            timeout: .seconds(15))
        #expect(unlock.status == 0)
        var online = try world.remission(["check", "nas"])
        let start = ContinuousClock.now
        while online.status == 7, ContinuousClock.now - start < .seconds(10) {
            usleep(100_000)
            online = try world.remission(["check", "nas"])
        }
        #expect(online.status == 0, "\(online.out)\(online.err)")
        #expect(online.out.contains("password from the keyring"))
    }

    @Test("no D-Bus session: check and status exit 7 naming D-Bus and the alternatives; TR_AUTH works without it")
    func noSessionBus() throws {
        let world = try ServersWorld()
        defer { world.finish() }
        try world.connect("nas")
        let check = try world.remission(["check", "nas"], withKeyring: false)
        #expect(check.status == 7, "\(check.out)\(check.err)")
        #expect(check.err.contains("D-Bus"))
        #expect(check.err.contains("--password-stdin"))
        #expect(check.err.contains("TR_AUTH"))
        let status = try world.remission(["credentials", "status", "nas"], withKeyring: false)
        #expect(status.status == 7)
        #expect(status.out.contains("Keyring:  no D-Bus session"))
        let forget = try world.remission(["credentials", "forget", "nas"], withKeyring: false)
        #expect(forget.status == 7)
        #expect(forget.err.contains("D-Bus"))

        let auth = ["TR_AUTH": "\(world.bed.user):\(world.bed.password)"]
        let online = try world.remission(["check", "nas"], withKeyring: false, extra: auth)
        #expect(online.status == 0, "\(online.out)\(online.err)")
        #expect(online.out.contains("password from TR_AUTH"))
        let fine = try world.remission(["credentials", "status", "nas"], withKeyring: false, extra: auth)
        #expect(fine.status == 0)
        #expect(fine.out.contains("Password: from TR_AUTH"))
        let stdin = try world.remission(
            ["check", "nas", "--password-stdin"], input: world.bed.password + "\n", withKeyring: false)
        #expect(stdin.status == 0, "\(stdin.out)\(stdin.err)")
    }
}
