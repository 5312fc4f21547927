import RemissionCredentials
import RemissionModel
import RemissionStorage
import RemissionTrust
import Testing

@testable import RemissionSession

@Suite("Use cases: saved servers (list, remove, default, rename), in process")
struct SavedServersTests {
    static let key = try! CredentialKey(endpoint: Fixture.nas, user: "alice")

    /// The fixture's `nas` with its password and trust, and optionally a second server `twin` at the same address.
    static func fixture(twin: Bool = false, keyringFailure: KeyringError? = nil) throws -> Fixture {
        let fixture = try Fixture(passwords: ["alice": "s3cret"], keyringFailure: keyringFailure)
        try fixture.context.trustStore.change(ServerIdentity(Fixture.nas)) { $0.httpAcknowledged = true }
        if twin {
            _ = try fixture.context.profileStore.upsert(
                ServerProfile(name: "twin", endpoint: Fixture.nas, user: "alice", createdAt: 0))
        }
        return fixture
    }

    @Test("the list holds every server and the default's name")
    func list() throws {
        let fixture = try Self.fixture(twin: true)
        defer { fixture.remove() }
        let list = try SavedServers(fixture.context).all()
        #expect(list.defaultName == "nas")
        #expect(list.profiles.map(\.name) == ["nas", "twin"])
    }

    @Test("removing a server removes its password, its trust and itself")
    func remove() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let servers = SavedServers(fixture.context)
        let removal = try servers.removal(of: "nas")
        #expect(removal.isDefault)
        #expect(removal.confirmation == .removeServer(name: "nas", url: Fixture.nas.url))
        let removed = try servers.remove(removal, keepPassword: false)
        #expect(removed.password == .removed(label: Self.key.label))
        #expect(removed.trust == .removed(identity: Fixture.nas.trustIdentity))
        #expect(removed.wasDefault)
        #expect(try servers.all().profiles.isEmpty)
        #expect(try fixture.keyring.lookup(Self.key) == nil)
        #expect(try fixture.context.trustStore.trust(for: ServerIdentity(Fixture.nas)) == .none)
    }

    @Test("what another saved server uses is kept; --keep-password keeps the item")
    func sharedAndKept() throws {
        let fixture = try Self.fixture(twin: true)
        defer { fixture.remove() }
        let servers = SavedServers(fixture.context)
        let removed = try servers.remove(try servers.removal(of: "twin"), keepPassword: false)
        #expect(removed.password == .shared(label: Self.key.label, with: ["nas"]))
        #expect(removed.trust == .shared(identity: Fixture.nas.trustIdentity, with: ["nas"]))
        #expect(!removed.wasDefault)
        #expect(removed.newDefault == nil)
        let kept = try servers.remove(try servers.removal(of: "nas"), keepPassword: true)
        #expect(kept.password == .kept(label: Self.key.label))
        #expect(try fixture.keyring.lookup(Self.key) == "s3cret")
    }

    @Test("removing the default with one server left makes that one the default, and says so")
    func defaultFollowsTheOnlyOneLeft() throws {
        let fixture = try Self.fixture(twin: true)
        defer { fixture.remove() }
        let servers = SavedServers(fixture.context)
        let removed = try servers.remove(try servers.removal(of: "nas"), keepPassword: true)
        #expect(removed.wasDefault)
        #expect(removed.newDefault == "twin")
        #expect(try servers.all().defaultName == "twin")
    }

    @Test("a keyring that cannot be used stops the removal before anything changes (exit 7)")
    func lockedKeyring() throws {
        let fixture = try Self.fixture(keyringFailure: .locked(collection: "Login"))
        defer { fixture.remove() }
        let servers = SavedServers(fixture.context)
        let removal = try servers.removal(of: "nas")
        #expect(throws: Failure(.local(.keyringNotChanged(.locked(collection: "Login"), .serverKept)))) {
            try servers.remove(removal, keepPassword: false)
        }
        #expect(try servers.all().profiles.map(\.name) == ["nas"])
        #expect(try fixture.context.trustStore.trust(for: ServerIdentity(Fixture.nas)).httpAcknowledged)
        #expect(try servers.remove(removal, keepPassword: true).password == .kept(label: Self.key.label))
    }

    @Test("unknown names are usage failures that list the saved ones")
    func unknown() throws {
        let fixture = try Self.fixture()
        defer { fixture.remove() }
        let servers = SavedServers(fixture.context)
        let notFound = Failure(.profile(.notFound("box", saved: ["nas"])))
        #expect(throws: notFound) { try servers.removal(of: "box") }
        #expect(throws: notFound) { try servers.makeDefault("box") }
        #expect(throws: notFound) { try servers.rename("box", to: "b") }
        #expect(notFound.status == .usage)
    }

    @Test("renaming keeps the default, the password and the trust")
    func rename() throws {
        let fixture = try Self.fixture(twin: true)
        defer { fixture.remove() }
        let servers = SavedServers(fixture.context)
        #expect(try servers.rename("nas", to: "home") == RenamedServer(old: "nas", new: "home", isDefault: true))
        #expect(try servers.rename("twin", to: "other") == RenamedServer(old: "twin", new: "other", isDefault: false))
        try servers.makeDefault("other")
        #expect(try servers.all().defaultName == "other")
        #expect(try fixture.keyring.lookup(Self.key) == "s3cret")
    }
}
