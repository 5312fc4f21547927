import RemissionCredentials
import RemissionModel
import RemissionStorage
import Testing

@testable import RemissionSession

@Suite("Use cases: passwords of saved servers (credentials set, forget, status), in process")
struct StoredPasswordsTests {
    static func key(_ user: String) -> CredentialKey { try! CredentialKey(endpoint: Fixture.nas, user: user) }

    @Test("set stores under the saved user; a server without a user is a usage failure")
    func setSavedUser() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let passwords = StoredPasswords(fixture.context)
        let target = try passwords.target(nil, user: nil)
        #expect(target.label == "nas")
        #expect(target.key == Self.key("alice"))
        let stored = try passwords.store("s3cret", for: target)
        #expect(stored.label == Self.key("alice").label)
        #expect(stored.previousUser == nil)
        #expect(try fixture.keyring.lookup(Self.key("alice")) == "s3cret")

        let url = "https://other.example:443/transmission/rpc"
        #expect(throws: Failure(.local(.noUserForPassword(label: url)))) { try passwords.target(url, user: nil) }
        #expect(Failure(.local(.noUserForPassword(label: url))).status == .usage)
    }

    @Test("set --user changes the saved user and removes the previous user's item")
    func setOtherUser() throws {
        let fixture = try Fixture(passwords: ["alice": "old"])
        defer { fixture.remove() }
        let passwords = StoredPasswords(fixture.context)
        let stored = try passwords.store("new", for: try passwords.target("nas", user: "bob"))
        #expect(stored.previousUser?.server == "nas")
        #expect(stored.previousUser?.user == "alice")
        #expect(stored.previousItem == .removed(label: Self.key("alice").label))
        #expect(try fixture.context.profileStore.profile(named: "nas").user == "bob")
        #expect(try fixture.keyring.lookup(Self.key("alice")) == nil)
        #expect(try fixture.keyring.lookup(Self.key("bob")) == "new")
    }

    @Test("the previous user's item stays while another saved server uses it")
    func previousShared() throws {
        let fixture = try Fixture(passwords: ["alice": "old"])
        defer { fixture.remove() }
        _ = try fixture.context.profileStore.upsert(
            ServerProfile(name: "twin", endpoint: Fixture.nas, user: "alice", createdAt: 0))
        let passwords = StoredPasswords(fixture.context)
        let stored = try passwords.store("new", for: try passwords.target("nas", user: "bob"))
        #expect(stored.previousItem == .shared(label: Self.key("alice").label, with: ["twin"]))
        #expect(try fixture.keyring.lookup(Self.key("alice")) == "old")
    }

    @Test("a keyring that refuses stores nothing and changes no profile")
    func lockedKeyring() throws {
        let fixture = try Fixture(keyringFailure: .locked(collection: "Login"))
        defer { fixture.remove() }
        let passwords = StoredPasswords(fixture.context)
        let failure = Failure(.local(.keyringNotChanged(.locked(collection: "Login"), .nothingStored)))
        #expect(throws: failure) { try passwords.store("x", for: try passwords.target("nas", user: "bob")) }
        #expect(failure.status == .keyring)
        #expect(try fixture.context.profileStore.profile(named: "nas").user == "alice")
        #expect(throws: Failure(.keyring(.locked(collection: "Login")))) { try passwords.forget("nas", user: nil) }
    }

    @Test("forget removes the item, says when there was none, and when there is no user")
    func forget() throws {
        let fixture = try Fixture(passwords: ["alice": "s3cret"])
        defer { fixture.remove() }
        let passwords = StoredPasswords(fixture.context)
        #expect(try passwords.forget("nas", user: nil) == .removed(label: Self.key("alice").label))
        #expect(
            try passwords.forget("nas", user: nil) == .notStored(user: "alice", authority: Fixture.nas.authority))
        let url = "https://other.example:443/transmission/rpc"
        #expect(try passwords.forget(url, user: nil) == .noUser(label: url))
    }

    @Test("status: TR_AUTH first, then the keyring; an unusable keyring is reported, not thrown")
    func status() throws {
        let environment = try Fixture(environment: ["TR_AUTH": "alice:env"], passwords: ["alice": "s3cret"])
        defer { environment.remove() }
        let fromEnvironment = try StoredPasswords(environment.context).status("nas", auth: AuthRequest())
        #expect(fromEnvironment.source == .environment)
        #expect(fromEnvironment.user == "alice")
        #expect(environment.keyring.lookupCount == 0)

        let stored = try Fixture(passwords: ["alice": "s3cret"])
        defer { stored.remove() }
        #expect(try StoredPasswords(stored.context).status(nil, auth: AuthRequest()).source == .keyring)

        let locked = try Fixture(keyringFailure: .locked(collection: "Login"))
        defer { locked.remove() }
        let status = try StoredPasswords(locked.context).status("nas", auth: AuthRequest())
        #expect(status.source == nil)
        #expect(status.keyringFailure?.status == .keyring)
        #expect(status.keyring == .locked(collection: "Login"))
    }
}
