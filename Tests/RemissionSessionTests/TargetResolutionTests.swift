import Foundation
import Logging
import RemissionCredentials
import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust
import Synchronization
import Testing

@testable import RemissionSession

/// A password store in memory, that can be made to fail like a locked keyring.
final class MemoryPasswordStore: PasswordStore {
    private let passwords = Mutex<[CredentialKey: String]>([:])
    private let failure: KeyringError?
    private let lookups = Atomic<Int>(0)

    init(_ initial: [CredentialKey: String] = [:], failing failure: KeyringError? = nil) {
        passwords.withLock { $0 = initial }
        self.failure = failure
    }

    var lookupCount: Int { lookups.load(ordering: .relaxed) }

    func lookup(_ key: CredentialKey) throws(KeyringError) -> String? {
        lookups.add(1, ordering: .relaxed)
        if let failure { throw failure }
        return passwords.withLock { $0[key] }
    }

    func store(_ password: String, for key: CredentialKey) throws(KeyringError) {
        if let failure { throw failure }
        passwords.withLock { $0[key] = password }
    }

    func remove(_ key: CredentialKey) throws(KeyringError) -> Bool {
        if let failure { throw failure }
        return passwords.withLock { $0.removeValue(forKey: key) != nil }
    }

    func status() -> KeyringStatus { failure.map(KeyringStatus.init) ?? .available(collection: "Memory") }
}

/// Answers the password prompt with a fixed text and counts the questions.
final class ScriptedPrompt: PasswordPrompt {
    let answer: String?
    private let asked = Atomic<Int>(0)
    init(_ answer: String?) { self.answer = answer }
    var count: Int { asked.load(ordering: .relaxed) }

    func askPassword(user: String, endpoint: ServerEndpoint) -> String? {
        asked.add(1, ordering: .relaxed)
        return answer
    }

    /// The keyring problem the last question was told about.
    private let told = Mutex<KeyringError?>(nil)
    var keyringProblem: KeyringError? { told.withLock { $0 } }

    func askPassword(user: String, endpoint: ServerEndpoint, keyringUnusable: KeyringError) -> String? {
        told.withLock { $0 = keyringUnusable }
        return askPassword(user: user, endpoint: endpoint)
    }
}

/// A context over private directories with one saved server `nas` (user alice) and an in-memory keyring.
struct Fixture {
    let directory: String
    let context: SessionContext
    let keyring: MemoryPasswordStore
    static let nas = try! ServerEndpoint.parse("https://nas.example:8443/transmission/rpc")

    init(
        environment: [String: String] = [:], passwords: [String: String] = [:], keyringFailure: KeyringError? = nil,
        saveServer: Bool = true
    ) throws {
        directory = NSTemporaryDirectory() + "remission-session-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let paths = StoragePaths(
            config: directory + "/config", cache: directory + "/cache", state: directory + "/state")
        var stored: [CredentialKey: String] = [:]
        for (user, password) in passwords { stored[try CredentialKey(endpoint: Self.nas, user: user)] = password }
        keyring = MemoryPasswordStore(stored, failing: keyringFailure)
        context = SessionContext(
            environment: environment, paths: paths, logger: Logger(label: "test"),
            transportOptions: TransportOptions(timeoutSeconds: 5, connectTimeoutSeconds: 5, userAgent: "test"),
            keyring: keyring)
        if saveServer {
            _ = try ProfileStore(paths: paths).upsert(
                ServerProfile(name: "nas", endpoint: Self.nas, user: "alice", createdAt: 0), makeDefault: true)
        }
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}

@Suite("Use cases: target resolution and password sources (in process, no terminal)")
struct TargetResolutionTests {
    @Test("the default server, its user and the keyring's password")
    func defaultServer() throws {
        let fixture = try Fixture(passwords: ["alice": "s3cret"])
        defer { fixture.remove() }
        let target = try fixture.context.resolveTarget(nil, prompt: nil)
        #expect(target.label == "nas")
        #expect(target.credentials == BasicCredentials(user: "alice", password: "s3cret"))
        #expect(target.passwordSource == .keyring)
    }

    @Test("TR_AUTH wins over the keyring, which is then not asked")
    func environmentFirst() throws {
        let fixture = try Fixture(environment: ["TR_AUTH": "alice:from-env"], passwords: ["alice": "s3cret"])
        defer { fixture.remove() }
        let target = try fixture.context.resolveTarget("nas", prompt: nil)
        #expect(target.credentials?.password == "from-env")
        #expect(target.passwordSource == .environment)
        #expect(fixture.keyring.lookupCount == 0)
    }

    @Test("nothing stored: the prompt is asked once; without a prompt, no password")
    func prompt() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let prompt = ScriptedPrompt("typed")
        let asked = try fixture.context.resolveTarget("nas", prompt: prompt)
        #expect(asked.credentials?.password == "typed")
        #expect(asked.passwordSource == .prompt)
        #expect(prompt.count == 1)
        let silent = try fixture.context.resolveTarget("nas", prompt: nil)
        #expect(silent.passwordSource == .none)
    }

    @Test("a locked keyring is a keyring failure (7) without a terminal, never 'no password'")
    func lockedKeyring() throws {
        let fixture = try Fixture(keyringFailure: .locked(collection: "Login"))
        defer { fixture.remove() }
        #expect(throws: Failure(.keyring(.locked(collection: "Login")))) {
            try fixture.context.resolveTarget("nas", prompt: nil)
        }
        // Nothing typed at the prompt: the keyring's failure, not "no password".
        #expect(throws: Failure(.keyring(.locked(collection: "Login")))) {
            try fixture.context.resolveTarget("nas", prompt: ScriptedPrompt(nil))
        }
    }

    @Test("an unusable keyring on a terminal: the prompt is told why and asked; the password is the prompt's")
    func unusableKeyringAsks() throws {
        let problem = KeyringError.noSessionBus(reason: "DBUS_SESSION_BUS_ADDRESS is not set")
        let fixture = try Fixture(keyringFailure: problem)
        defer { fixture.remove() }
        let prompt = ScriptedPrompt("typed")
        let target = try fixture.context.resolveTarget("nas", prompt: prompt)
        #expect(target.credentials?.password == "typed")
        #expect(target.passwordSource == .prompt)
        #expect(prompt.count == 1)
        #expect(prompt.keyringProblem == problem)
    }

    @Test("TR_AUTH for another user than the saved one is a usage failure")
    func mismatchedUser() throws {
        let fixture = try Fixture(environment: ["TR_AUTH": "bob:x"])
        defer { fixture.remove() }
        #expect(throws: Failure(.input(.trAuthUserMismatch(environment: "bob", server: "alice")))) {
            try fixture.context.resolveTarget("nas", prompt: nil)
        }
    }

    @Test("unknown names, no default, malformed URLs and pins are typed failures with their status")
    func failures() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(throws: Failure(.profile(.notFound("home", saved: ["nas"])))) {
            try fixture.context.resolveTarget("home", prompt: nil)
        }
        let empty = try Fixture(saveServer: false)
        defer { empty.remove() }
        #expect(throws: Failure(.input(.noDefaultServer(saved: [])))) {
            try empty.context.resolveTarget(nil, prompt: nil)
        }
        #expect(throws: Failure(.endpoint(.unsupportedScheme("ftp")))) {
            try fixture.context.resolveTarget("ftp://nas", prompt: nil)
        }
        do {
            _ = try fixture.context.resolveTarget("nas", overrides: TrustOverrides(pins: ["md5//x"]), prompt: nil)
            Issue.record("a malformed pin was accepted")
        } catch {
            #expect(error.status == .usage)
            if case .trustInput = error.cause {} else { Issue.record("\(error)") }
        }
    }

    @Test("a URL of a saved server resolves to its profile; trust flags are laid over, not saved")
    func urlAndOverrides() throws {
        let fixture = try Fixture(passwords: ["alice": "s3cret"])
        defer { fixture.remove() }
        let pin = "sha256//" + String(repeating: "A", count: 43) + "="
        let target = try fixture.context.resolveTarget(
            Fixture.nas.url, overrides: TrustOverrides(caFile: "/etc/ca.pem", pins: [pin]), prompt: nil)
        #expect(target.label == "nas")
        #expect(target.trust.caFile == "/etc/ca.pem")
        #expect(target.trust.pins.map(\.description) == [pin])
        #expect(try fixture.context.trustStore.trust(for: ServerIdentity(Fixture.nas)) == .none)
    }

    @Test("--password-stdin without any user, or with nothing on stdin")
    func standardInput() throws {
        let endpoint = try ServerEndpoint.parse("http://127.0.0.1:9091")
        var input = CredentialInput(
            auth: AuthRequest(passwordFromStandardInput: true), environment: [:], savedUser: nil,
            keyring: MemoryPasswordStore(), prompt: nil)
        #expect(throws: Failure(.input(.passwordStdinNeedsUser))) { try input.resolve(for: endpoint) }
        input.auth.user = "alice"
        input.readStandardInput = { "" }
        #expect(throws: Failure(.input(.passwordStdinEmpty))) { try input.resolve(for: endpoint) }
        input.readStandardInput = { "piped" }
        let (credentials, source) = try input.resolve(for: endpoint)
        #expect(credentials == BasicCredentials(user: "alice", password: "piped"))
        #expect(source == .standardInput)
    }
}

@Suite("Use cases: connect saves all or nothing")
struct OnboardingSaveTests {
    static let url = "http://127.0.0.1:9/transmission/rpc"

    /// `connect URL --name box --user alice` with TR_AUTH's password, up to the save.
    static func onboarding(_ fixture: Fixture) throws -> Onboarding {
        var onboarding = try Onboarding(
            context: fixture.context, url: url, name: "box", overrides: TrustOverrides(),
            auth: AuthRequest(user: "alice"))
        try onboarding.obtainCredentials(prompt: nil)
        return onboarding
    }

    /// A config directory that cannot be written: a regular file where it should be.
    static func breakConfig(_ fixture: Fixture) throws {
        try FileManager.default.removeItem(atPath: fixture.context.paths.config)
        let created = FileManager.default.createFile(atPath: fixture.context.paths.config, contents: Data("x".utf8))
        #expect(created, "a file where the config directory was")
    }

    @Test("a profile that cannot be saved takes its new password out of the keyring again")
    func rollsBackNewPassword() throws {
        let fixture = try Fixture(environment: ["TR_AUTH": "alice:typed"])
        defer { fixture.remove() }
        let onboarding = try Self.onboarding(fixture)
        try Self.breakConfig(fixture)
        #expect(throws: Failure.self) { try onboarding.save(savePassword: true, makeDefault: false) }
        let key = try CredentialKey(endpoint: try ServerEndpoint.parse(Self.url), user: "alice")
        #expect(try fixture.keyring.lookup(key) == nil)
    }

    @Test("a password that was stored before is put back")
    func restoresPreviousPassword() throws {
        let fixture = try Fixture(environment: ["TR_AUTH": "alice:typed"])
        defer { fixture.remove() }
        let key = try CredentialKey(endpoint: try ServerEndpoint.parse(Self.url), user: "alice")
        try fixture.keyring.store("before", for: key)
        let onboarding = try Self.onboarding(fixture)
        try Self.breakConfig(fixture)
        #expect(throws: Failure.self) { try onboarding.save(savePassword: true, makeDefault: false) }
        #expect(try fixture.keyring.lookup(key) == "before")
    }

    @Test("when everything can be written, the password, trust and profile are saved")
    func saves() throws {
        let fixture = try Fixture(environment: ["TR_AUTH": "alice:typed"])
        defer { fixture.remove() }
        let onboarding = try Self.onboarding(fixture)
        let saved = try onboarding.save(savePassword: true, makeDefault: false)
        #expect(saved.name == "box" && !saved.updated)
        let key = try CredentialKey(endpoint: try ServerEndpoint.parse(Self.url), user: "alice")
        #expect(try fixture.keyring.lookup(key) == "typed")
        #expect(try fixture.context.savedServers().profiles.map(\.name) == ["nas", "box"])
    }
}
