import Foundation
import RemissionModel
import Testing

@testable import RemissionCredentials

/// The headless Secret Service session that scripts/with-keyring provides.
enum KeyringSession {
    static var password: String? { ProcessInfo.processInfo.environment["REMISSION_TEST_KEYRING_PASSWORD"] }
    static var isActive: Bool {
        password != nil && ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil
    }
    static let loginCollection = "/org/freedesktop/secrets/collection/login"

    /// Locks the login collection through the Secret Service API (`secret-tool lock` hangs
    /// in libsecret 0.20.5).
    static func lockLogin() throws {
        let result = try Command.run([
            "dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.secrets", "/org/freedesktop/secrets",
            "org.freedesktop.Secret.Service.Lock", "array:objpath:\(loginCollection)",
        ])
        #expect(result.status == 0, "dbus-send Lock: \(result.errors)")
    }

    /// Unlocks it again with the session's password (on stdin): a replacement daemon opens
    /// the same login keyring. Waits until the keyring says it is available.
    static func unlockLogin(with keyring: SecretServiceKeyring) async throws {
        try Command.run(
            ["gnome-keyring-daemon", "--replace", "--unlock", "--components=secrets"], input: password ?? "",
            discardOutput: true)
        let start = ContinuousClock.now
        while !keyring.status().isAvailable, ContinuousClock.now - start < .seconds(10) {
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// `secret-tool lookup ATTR VALUE...`: the password, or nil when secret-tool finds none.
    static func secretToolLookup(_ attributes: [String]) throws -> String? {
        let result = try Command.run(["secret-tool", "lookup"] + attributes)
        return result.status == 0 ? result.output : nil
    }

    /// A host no other test uses.
    static func uniqueHost() -> String {
        "nas-\(UUID().uuidString.prefix(8).lowercased()).test"
    }
}

/// Against the real gnome-keyring of scripts/with-keyring (skipped outside it, so that a plain
/// `swift test` never touches a developer's own keyring). Serialized: one test locks the keyring.
@Suite("Secret Service keyring", .serialized, .enabled(if: KeyringSession.isActive, "run inside scripts/with-keyring"))
struct SecretServiceKeyringTests {
    let keyring = SecretServiceKeyring()

    /// libsecret matches attributes as a subset, and gnome-keyring's replacing store took the same
    /// URL's routed item for a direct one: a direct key sees, stores over and removes only direct
    /// items (an empty `route`, or none: stored by an older remission); each routed key only its own.
    @Test("a routed item is its own: a direct lookup, removal or store never takes it, nor the other way")
    func routedItems() throws {
        let host = KeyringSession.uniqueHost()
        let direct = try CredentialKey(server: host, port: 9091, scheme: .http, user: "admin")
        let seedbox = try CredentialKey(
            server: host, port: 9091, scheme: .http, user: "admin", route: .ssh(SSHDestination(host: "seedbox")))
        let socket = try CredentialKey(
            server: host, port: 9091, scheme: .http, user: "admin", route: .unixSocket("/run/t/rpc.sock"))
        try keyring.store("through-ssh", for: seedbox)
        #expect(try keyring.lookup(direct) == nil, "the direct server must not get the routed one's password")
        #expect(try keyring.lookup(socket) == nil)

        // A direct item as an older remission stored it, without route: found, and stored again with
        // the empty route; the routed item stays as it is.
        let old = try Command.run(
            [
                "secret-tool", "store", "--label", "old", "xdg:schema", "org.remission.Credentials", "server", host,
                "port", "9091", "protocol", "http", "user", "admin",
            ], input: "old-direct")
        #expect(old.status == 0)
        try keyring.store("through-ssh", for: seedbox)  // whatever secret-tool's store replaced
        #expect(try keyring.lookup(direct) == "old-direct")
        #expect(try KeyringSession.secretToolLookup(["server", host, "user", "admin", "route", ""]) == "old-direct")
        #expect(try keyring.lookup(seedbox) == "through-ssh")

        try keyring.store("direct-pw", for: direct)
        try keyring.store("socket-pw", for: socket)
        for _ in 0..<3 {
            #expect(try keyring.lookup(direct) == "direct-pw")
            #expect(try keyring.lookup(seedbox) == "through-ssh")
            #expect(try keyring.lookup(socket) == "socket-pw")
        }
        #expect(
            try keyring.lookupAll([direct, seedbox, socket]) == [
                direct: "direct-pw", seedbox: "through-ssh", socket: "socket-pw",
            ])
        #expect(
            try KeyringSession.secretToolLookup(["server", host, "user", "admin", "route", "ssh://seedbox"])
                == "through-ssh")
        try keyring.store("direct-2", for: direct)
        #expect(try keyring.lookup(direct) == "direct-2" && keyring.lookup(seedbox) == "through-ssh")
        try keyring.store("seedbox-2", for: seedbox)
        #expect(try keyring.lookup(direct) == "direct-2" && keyring.lookup(seedbox) == "seedbox-2")
        #expect(try keyring.remove(direct))
        #expect(try keyring.lookup(seedbox) == "seedbox-2" && keyring.lookup(socket) == "socket-pw")
        #expect(try keyring.lookup(direct) == nil)
        #expect(try !keyring.remove(direct))
        #expect(try keyring.remove(seedbox))
        #expect(try keyring.remove(socket))
        #expect(try keyring.lookup(seedbox) == nil && keyring.lookup(socket) == nil)
        let left = try Command.run(["secret-tool", "search", "--all", "server", host])
        #expect(!(left.output + left.errors).contains("label"), "\(left.output)")
    }

    @Test("store, lookup, secret-tool finds the same password, remove, lookup finds none")
    func roundTrip() throws {
        let host = KeyringSession.uniqueHost()
        let key = try CredentialKey(server: host, port: 9091, scheme: .http, user: "admin")
        #expect(try keyring.lookup(key) == nil)

        try keyring.store("s3cret pw", for: key)
        #expect(try keyring.lookup(key) == "s3cret pw")
        #expect(try KeyringSession.secretToolLookup(["server", host, "user", "admin"]) == "s3cret pw")

        #expect(try keyring.remove(key) == true)
        #expect(try keyring.lookup(key) == nil)
        #expect(try KeyringSession.secretToolLookup(["server", host, "user", "admin"]) == nil)
        #expect(try keyring.remove(key) == false)
    }

    @Test("label, schema and attributes as secret-tool search shows them")
    func itemAsOtherToolsSeeIt() throws {
        let host = KeyringSession.uniqueHost()
        let key = try CredentialKey(server: host.uppercased(), port: 8443, scheme: .https, user: "Alice")
        try keyring.store("pw", for: key)
        defer { _ = try? keyring.remove(key) }

        // secret-tool prints the label and secret on stdout, the attributes on stderr.
        let search = try Command.run(["secret-tool", "search", "--all", "server", host])
        let lines = Set((search.output + search.errors).split(separator: "\n").map(String.init))
        #expect(
            lines.isSuperset(of: [
                "label = Remission: Alice@\(host):8443",
                "schema = org.remission.Credentials",
                "attribute.server = \(host)",
                "attribute.port = 8443",
                "attribute.protocol = https",
                "attribute.user = Alice",
            ]), "\(search.output)\(search.errors)")
        #expect(lines.filter { $0.hasPrefix("label = ") }.count == 1)
    }

    @Test("storing again replaces the password in the same item")
    func replaces() throws {
        let host = KeyringSession.uniqueHost()
        let key = try CredentialKey(server: host, port: 9091, scheme: .http, user: "admin")
        try keyring.store("old", for: key)
        try keyring.store("new", for: key)
        defer { _ = try? keyring.remove(key) }
        #expect(try keyring.lookup(key) == "new")
        let search = try Command.run(["secret-tool", "search", "--all", "server", host])
        #expect(search.output.components(separatedBy: "label = ").count == 2, "\(search.output)")
    }

    @Test("two users on one host, or one user on two ports or schemes, are distinct")
    func distinctKeys() throws {
        let host = KeyringSession.uniqueHost()
        let alice = try CredentialKey(server: host, port: 9091, scheme: .http, user: "alice")
        let bob = try CredentialKey(server: host, port: 9091, scheme: .http, user: "bob")
        let aliceTLS = try CredentialKey(server: host, port: 443, scheme: .https, user: "alice")
        try keyring.store("alice-pw", for: alice)
        try keyring.store("bob-pw", for: bob)
        defer { for key in [alice, bob, aliceTLS] { _ = try? keyring.remove(key) } }

        #expect(try keyring.lookup(alice) == "alice-pw")
        #expect(try keyring.lookup(bob) == "bob-pw")
        #expect(try keyring.lookup(aliceTLS) == nil)
        #expect(try KeyringSession.secretToolLookup(["server", host, "user", "bob"]) == "bob-pw")

        #expect(try keyring.remove(alice) == true)
        #expect(try keyring.lookup(bob) == "bob-pw")
    }

    @Test("any UTF-8 password round-trips; a NUL is refused and nothing is stored")
    func passwords() throws {
        let key = try CredentialKey(server: KeyringSession.uniqueHost(), port: 9091, scheme: .http, user: "admin")
        defer { _ = try? keyring.remove(key) }
        let unusual = "pä$$ wörd \"'\\ 🔑 "
        try keyring.store(unusual, for: key)
        #expect(try keyring.lookup(key) == unusual)

        #expect(throws: KeyringError.passwordContainsNul) { try keyring.store("abc\u{0}def", for: key) }
        #expect(try keyring.lookup(key) == unusual)
    }

    @Test("items of other programs with the same attributes are neither read nor removed")
    func foreignItems() throws {
        // Like git's org.git.Password items: same attribute names, another (or no) schema.
        let host = KeyringSession.uniqueHost()
        let stored = try Command.run(
            [
                "secret-tool", "store", "--label=Git: https://\(host)", "server", host, "port", "443", "protocol",
                "https",
                "user", "admin",
            ],
            input: "git-pw")
        #expect(stored.status == 0, "\(stored.errors)")
        let key = try CredentialKey(server: host, port: 443, scheme: .https, user: "admin")

        #expect(try keyring.lookup(key) == nil)
        #expect(try keyring.remove(key) == false)
        #expect(try KeyringSession.secretToolLookup(["server", host, "user", "admin"]) == "git-pw")
        try Command.run(["secret-tool", "clear", "server", host])
    }

    @Test("status: available, with the login collection")
    func statusAvailable() {
        #expect(keyring.status() == .available(collection: "Login"))
    }

    @Test("a locked collection is reported as locked, never as no password")
    func locked() async throws {
        let key = try CredentialKey(server: KeyringSession.uniqueHost(), port: 9091, scheme: .http, user: "admin")
        try keyring.store("before-lock", for: key)

        try KeyringSession.lockLogin()
        // Nothing below throws until the keyring is unlocked again for the other tests.
        let locked = KeyringError.locked(collection: "Login")
        #expect(keyring.status() == .locked(collection: "Login"))
        #expect(throws: locked) { try keyring.lookup(key) }
        #expect(throws: locked) { try keyring.remove(key) }
        do {
            try keyring.store("sentinel-Pa55word", for: key)
            Issue.record("store into a locked collection succeeded")
        } catch {
            #expect(error == locked)
            #expect(!"\(error)".contains("sentinel-Pa55word"))
        }

        try await KeyringSession.unlockLogin(with: keyring)
        #expect(keyring.status() == .available(collection: "Login"))
        #expect(try keyring.lookup(key) == "before-lock")
        #expect(try keyring.remove(key) == true)
    }

    @Test("a lookup that cannot finish in time reports a timeout")
    func timeout() throws {
        // A zero timeout cancels before the first D-Bus reply: the same path a hung provider takes.
        let hasty = SecretServiceKeyring(timeout: .zero)
        let key = try CredentialKey(server: KeyringSession.uniqueHost(), port: 9091, scheme: .http, user: "admin")
        let error = #expect(throws: KeyringError.self) { try hasty.lookup(key) }
        if case .timedOut = error {} else { Issue.record("expected a timeout, got \(String(describing: error))") }
        #expect(
            hasty.status() == .error(.timedOut(operation: .connect))
                || hasty.status() == .error(.timedOut(operation: .openDefaultCollection)))
        #expect(keyring.status().isAvailable)  // the cancelled calls left nothing behind
    }
}
