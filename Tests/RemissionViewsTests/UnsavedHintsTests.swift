import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionTransport
import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionViews

/// Issue 36: a server that is not saved, reached with trust options (`check URL --tls-name …
/// --ca-file …`), gets hints that carry them: `credentials set URL` and `trust … URL` take none and
/// would fail on the TLS step.
@Suite("Views: hints for a server not saved carry the options that reached it")
struct UnsavedHintsTests {
    static let url = "https://127.0.0.1:8443/transmission/rpc"
    static let options = ["--tls-name", "nas.home", "--ca-file", "/home/me/my ca.pem"]
    static let carried = "--tls-name nas.home --ca-file '/home/me/my ca.pem'"

    static func failure(_ cause: Failure.Cause, options: [String] = options) -> Failure {
        var failure = Failure(cause, server: url)
        failure.unsavedOptions = options
        return failure
    }

    @Test("a 401: connect with the options and --user, in both languages; without options credentials set stays")
    func unauthorized() {
        let noUser = Self.failure(.unauthorized(user: nil, passwordSource: .none))
        let command = "remission connect \(Self.url) \(Self.carried) --user NAME"
        #expect(
            FailureText.hint(noUser)
                == "Save it with the options that reached it and its password: \(command) (connect asks for the "
                + "password on a terminal, or reads it with --password-stdin).")
        let alice = Self.failure(.unauthorized(user: "alice", passwordSource: .environment))
        #expect(FailureText.hint(alice)?.contains("\(Self.carried) --user alice (") == true)
        let russian = Language.$override.withValue(.russian) { FailureText.hint(noUser) ?? "" }
        #expect(russian.contains(command) && russian.hasPrefix("Сохраните сервер"), "\(russian)")
        let plain = Self.failure(.unauthorized(user: nil, passwordSource: .none), options: [])
        #expect(FailureText.hint(plain)?.contains("remission credentials set \(Self.url) --user NAME") == true)
        // connect's own check names connect's flags, as before.
        #expect(FailureText.hint(noUser, place: .connect)?.hasPrefix("Give a user and password: --user NAME") == true)
    }

    @Test("a client certificate and a gateway: connect with the options; the words are made safe")
    func otherHints() throws {
        // What a refused certificate recommends is the advice's (issue 32), not changed here.
        let presented = chain([leaf, intermediate], problems: [.selfSigned])
        let refused = Self.failure(.transport(.trustRefused(.refused([.verification(.selfSigned)]), chain: presented)))
        #expect(FailureText.hint(refused)?.contains("Save it with the options") != true)
        let client = Self.failure(.clientCertificate(.required(url: nil)))
        #expect(
            FailureText.hint(client)?.contains("remission connect \(Self.url) \(Self.carried) --client-cert FILE")
                == true,
            "\(FailureText.hint(client) ?? "")")
        let gateway = Self.failure(
            .authenticationGateway(AuthenticationGateway(product: nil, status: 302, location: nil)))
        var withURL = gateway
        if case .authenticationGateway(var found) = withURL.cause {
            found.serverURL = Self.url
            withURL.cause = .authenticationGateway(found)
        }
        #expect(
            FailureText.hint(withURL)?.contains("remission connect \(Self.url) \(Self.carried) --secret-header") == true
        )
        let hostile = Self.failure(
            .unauthorized(user: nil, passwordSource: .none), options: ["--tls-name", "x\u{1B}[2J"])
        #expect(FailureText.hint(hostile)?.contains("\u{1B}") == false)
    }

    @Test("the options as a command line gives them: the CA file made absolute, each pin")
    func words() {
        let overrides = TrustOverrides(
            caFile: "/ca.pem", pins: ["sha256//a", "sha256//b"], acceptFingerprint: "SHA256:AB", tlsName: "nas")
        #expect(
            overrides.words == [
                "--tls-name", "nas", "--ca-file", "/ca.pem", "--pin", "sha256//a", "--pin", "sha256//b",
                "--accept-fingerprint", "SHA256:AB",
            ])
        #expect(TrustOverrides().words.isEmpty)
    }
}
