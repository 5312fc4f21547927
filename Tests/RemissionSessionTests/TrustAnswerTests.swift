import Foundation
import RemissionModel
import RemissionSession
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing
import TrustFixtures

/// Issue 32, prompts that forgive: a path typed at connect's certificate question is read from the
/// home directory (`~` expanded), and a file that cannot serve asks again, three tries, every answer
/// kept; an intermediate is refused with the root beside it.
@Suite("Use cases: connect's certificate question takes paths as people type them")
struct TrustAnswerTests {
    @Test(
        "a typed path: ~, ~/, quotes and blanks, relative to the home directory",
        arguments: [
            ("~/root.crt", "/home/ann/root.crt"),
            ("~", "/home/ann"),
            ("~//root.crt", "/home/ann/root.crt"),
            ("  '~/caddy root.crt'  ", "/home/ann/caddy root.crt"),
            ("\"/etc/ssl/ca.pem\"", "/etc/ssl/ca.pem"),
            ("/etc/ssl/ca.pem", "/etc/ssl/ca.pem"),
            ("root.crt", "/home/ann/root.crt"),
            ("./certs/root.crt", "/home/ann/certs/root.crt"),
            ("~bob/root.crt", "/home/ann/~bob/root.crt"),  // ~user is not expanded
            ("'", "/home/ann/'"),
        ])
    func typedPath(typed: String, resolved: String) {
        #expect(TypedPath.resolve(typed, home: "/home/ann") == resolved)
        #expect(TypedPath.resolve(typed, home: "/home/ann/") == resolved)
    }

    @Test("the root home directory, and none: the working directory")
    func homes() throws {
        #expect(TypedPath.resolve("~/x.crt", home: "/") == "/x.crt")
        #expect(TypedPath.resolve("x.crt", home: "/") == "/x.crt")
        let fixture = try Fixture(environment: [:])
        defer { fixture.remove() }
        #expect(fixture.context.homeDirectory == FileManager.default.currentDirectoryPath)
        let relative = try Fixture(environment: ["HOME": "relative/home"])
        defer { relative.remove() }
        #expect(relative.context.homeDirectory == FileManager.default.currentDirectoryPath)
        let home = try Fixture(environment: ["HOME": "/home/ann"])
        defer { home.remove() }
        #expect(home.context.homeDirectory == "/home/ann")
    }

    static let chain = PresentedChain(certificates: [leaf, intermediate], problems: [])

    func onboarding(home: String) throws -> (Onboarding, Fixture) {
        let fixture = try Fixture(environment: ["HOME": home])
        let onboarding = try Onboarding(
            context: fixture.context, url: "https://nas.lan:8443/transmission/rpc", name: "box",
            overrides: TrustOverrides(), auth: AuthRequest(user: "alice"))
        return (onboarding, fixture)
    }

    @Test("a missing file, a key, an intermediate: asked again with the tries left, nothing changed; then a root")
    func retries() throws {
        let pki = try IntermediatePKI()
        var (onboarding, fixture) = try onboarding(home: pki.directory.path)
        defer { fixture.remove() }
        let before = onboarding.trust
        guard
            case .fileRefused(.unusable(.caFile(let path, _), typed: "~/missing.crt"), triesLeft: 2) =
                try onboarding.answerTrust(.caFile("~/missing.crt"), chain: Self.chain)
        else {
            Issue.record("a missing file was not refused")
            return
        }
        #expect(path == pki.file("missing.crt"))
        let intermediate = try onboarding.answerTrust(
            .caFile("caddy/pki/authorities/local/intermediate.crt"), chain: Self.chain)
        guard case .fileRefused(.notRoot(let file), triesLeft: 1) = intermediate else {
            Issue.record("the intermediate was taken: \(intermediate)")
            return
        }
        #expect(file.root == pki.caddyRoot)
        #expect(file.path == pki.caddyIntermediate)
        #expect(onboarding.trust == before)
        #expect(
            try onboarding.answerTrust(.caFile("~/caddy/pki/authorities/local/root.crt"), chain: Self.chain) == .decided
        )
        #expect(onboarding.trust.caFile == pki.caddyRoot)
        #expect(onboarding.trust.accepted == nil)
    }

    @Test("the third refused file ends the question with its reason (exit 2)")
    func thirdTry() throws {
        let pki = try IntermediatePKI()
        var (onboarding, fixture) = try onboarding(home: pki.directory.path)
        defer { fixture.remove() }
        _ = try onboarding.answerTrust(.caFile("root.key"), chain: Self.chain)
        _ = try onboarding.answerTrust(.caFile("nothing-here"), chain: Self.chain)
        do {
            _ = try onboarding.answerTrust(.caFile("step/certs/intermediate_ca.crt"), chain: Self.chain)
            Issue.record("a third refused file did not end the question")
        } catch {
            guard case .local(.caFileNotRoot(let file)) = error.cause else {
                Issue.record("\(error)")
                return
            }
            #expect(file.root == pki.file("step/certs/root_ca.crt"))
            #expect(error.status == .usage)
        }
    }

    @Test("connect --ca-file with an intermediate: taken as given, with what the warning names")
    func flagIntermediate() throws {
        let pki = try IntermediatePKI()
        let fixture = try Fixture(environment: ["HOME": "/nonexistent"])
        defer { fixture.remove() }
        let given = try Onboarding(
            context: fixture.context, url: "https://nas.lan:8443/", name: "box",
            overrides: TrustOverrides(caFile: pki.file("mkcert/intermediate.pem")), auth: AuthRequest())
        #expect(given.trust.caFile == pki.file("mkcert/intermediate.pem"))
        #expect(given.givenCAFileNotRoot?.root == pki.file("mkcert/rootCA.pem"))
        let root = try Onboarding(
            context: fixture.context, url: "https://nas.lan:8443/", name: "box",
            overrides: TrustOverrides(caFile: pki.file("mkcert/rootCA.pem")), auth: AuthRequest())
        #expect(root.givenCAFileNotRoot == nil)
    }
}
