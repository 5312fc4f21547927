import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionTransport
import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionViews

/// `KnownCause` (pure): what the wire showed → the cause, its line and hint in both languages, and
/// that a certificate that is not the server's own is never offered for acceptance.
@Suite("Known causes: classification and words (pure)")
struct KnownCauseTests {
    static let now = newYear2026 + 100 * day
    static let https = try! ServerEndpoint.parse("https://nas.example:8443/transmission/rpc")
    static let loopback = try! ServerEndpoint.parse("https://127.0.0.1:8443/transmission/rpc")

    static func refused(_ certificates: [CertificateFacts], _ problems: [VerificationProblem]) -> Failure {
        Failure(
            .transport(.trustRefused(.refused(problems.map { .verification($0) }), chain: chain(certificates))),
            server: "nas")
    }

    static let traefik = CertificateFacts(
        subject: "CN=TRAEFIK DEFAULT CERT", issuer: "CN=TRAEFIK DEFAULT CERT",
        subjectAltNames: [.dns("0f1e2d.3c4b5a.traefik.default")], notBefore: newYear2026, notAfter: newYear2026 + day,
        keyType: "RSA", keyBits: 2048, signatureAlgorithm: "sha256WithRSAEncryption", fingerprint: fingerprint(7),
        spkiPin: pin(7), isSelfIssued: true, der: [7], commonNames: ["TRAEFIK DEFAULT CERT"])

    @Test("each wire symptom is its cause")
    func classification() {
        let now = Self.now
        #expect(
            KnownCause.of(Self.refused([Self.traefik], [.selfSigned]), now: now) == .placeholderCertificate(.traefik))
        let staging = certificate(
            "CN=nas.example", id: 1, issuer: "CN=(STAGING) Artificial Apricot R3,O=(STAGING) Let's Encrypt,C=US")
        #expect(
            KnownCause.of(Self.refused([staging], [.unknownIssuer(issuer: staging.issuer)]), now: now)
                == .stagingCertificate(issuer: staging.issuer))
        let fakeLeaf = certificate("CN=nas.example", id: 3, issuer: "CN=Fake LE Intermediate X1")
        let fake = certificate("CN=Fake LE Intermediate X1", id: 2, issuer: "CN=Fake LE Root X1")
        #expect(
            KnownCause.of(Self.refused([fakeLeaf, fake], [.untrustedRoot]), now: now)
                == .stagingCertificate(issuer: "CN=Fake LE Intermediate X1"))
        #expect(
            KnownCause.of(Self.refused([leaf], [.unknownIssuer(issuer: leaf.issuer)]), now: now)
                == .missingIntermediate(issuer: "CN=Home Intermediate"))
        // With the intermediate sent, an unknown issuer is a private CA, not a missing intermediate.
        #expect(KnownCause.of(Self.refused([leaf, intermediate], [.untrustedRoot]), now: now) == nil)
        let early = newYear2026 - day
        #expect(
            KnownCause.of(Self.refused([leaf], [.notYetValid(subject: "", notBefore: newYear2026)]), now: early)
                == .clock(leaf, notYetValid: true))
        let lateBy = leaf.notAfter + 3600
        #expect(
            KnownCause.of(Self.refused([leaf], [.expired(subject: "", notAfter: leaf.notAfter)]), now: lateBy)
                == .clock(leaf, notYetValid: false))
        // Expired for days: an expired certificate, not the clock.
        #expect(
            KnownCause.of(Self.refused([leaf], [.expired(subject: "", notAfter: leaf.notAfter)]), now: lateBy + 2 * day)
                == nil)
        let handshake = { (detail: String) in
            KnownCause.of(Failure(.transport(.tlsHandshake(detail: detail))), now: now)
        }
        #expect(handshake("error:0A00010B:SSL routines::wrong version number") == .plainHTTPPort)
        #expect(handshake("error:0A0000C6:SSL routines::packet length too long") == .plainHTTPPort)
        #expect(
            handshake("error:0A000438:SSL routines::tlsv1 alert internal error")
                == .noCertificateForName(alert: "internal_error"))
        #expect(
            handshake("error:0A000458:SSL routines::tlsv1 unrecognized name")
                == .noCertificateForName(alert: "unrecognized_name"))
        #expect(handshake("error:0A000410:SSL routines::sslv3 alert handshake failure") == nil)
        #expect(
            KnownCause.of(Failure(.httpStatus(400, snippet: "The plain HTTP request was sent to HTTPS port")), now: now)
                == .tlsPort)
        #expect(
            KnownCause.of(Failure(.transport(.connection(detail: TransportError.tlsAnswerDetail))), now: now)
                == .tlsPort)
    }

    @Test(
        "a redirect to a login, a Cloudflare Access refusal or a login page is a gateway; Transmission's answers are not"
    )
    func gateways() {
        func response(_ status: Int, _ headers: [(String, String)], _ body: String = "") -> HTTPResponse {
            HTTPResponse(
                status: status, headers: headers.map { HTTPHeader($0.0, $0.1) }, body: Array(body.utf8))
        }
        let recognize = { (r: HTTPResponse) in AuthenticationGateway.recognize(r, host: "nas.example")?.product }
        #expect(
            recognize(response(302, [("Location", "https://auth.example/?rd=https%3A%2F%2Fnas.example")])) == .authelia)
        #expect(
            recognize(response(302, [("Location", "https://nas.example/outpost.goauthentik.io/start?rd=x")]))
                == .authentik)
        #expect(recognize(response(302, [("Location", "/oauth2/start?rd=%2Ftransmission%2Frpc")])) == .oauth2Proxy)
        #expect(
            recognize(response(302, [("Location", "https://team.cloudflareaccess.com/cdn-cgi/access/login")]))
                == .cloudflareAccess)
        #expect(recognize(response(403, [("cf-access-domain", "nas.example")])) == .cloudflareAccess)
        #expect(
            recognize(response(200, [("Content-Type", "text/html")], "<form><input type=\"password\">")) == .some(nil))
        #expect(
            AuthenticationGateway.recognize(
                response(302, [("Location", "https://sso.other/login")]), host: "nas.example") != nil)
        // A 307 elsewhere (the bed's scheme downgrade), same origin, JSON, a 403 without Cloudflare: not a gateway.
        #expect(
            AuthenticationGateway.recognize(
                response(307, [("Location", "http://127.0.0.1:9091/transmission/rpc")]), host: "localhost") == nil)
        #expect(
            AuthenticationGateway.recognize(
                response(307, [("Location", "http://nas.example:9091/transmission/rpc")]), host: "nas.example") == nil)
        #expect(
            AuthenticationGateway.recognize(response(200, [("Content-Type", "application/json")], "{}"), host: nil)
                == nil)
        #expect(AuthenticationGateway.recognize(response(403, [("cf-ray", "1")]), host: nil) == nil)
    }

    @Test("lines and hints in English and Russian; the clock line shows the local time and the dates")
    func words() {
        let failure = Self.refused([Self.traefik], [.selfSigned, .hostMismatch(expected: "nas.example", covered: [])])
        #expect(FailureText.reason(failure).hasPrefix("Traefik served its default certificate: no router matches"))
        #expect(FailureText.hint(failure)?.contains("not the server's") == true)
        Language.$override.withValue(.russian) {
            #expect(FailureText.reason(failure).hasPrefix("Traefik выдал свой сертификат по умолчанию"))
        }
        let clock = KnownCauseText.reason(.clock(leaf, notYetValid: true), now: newYear2026 - 3600)
        let here = Units.dateTime(WallClock(unixSeconds: newYear2026 - 3600, .local), seconds: false)
        #expect(clock.contains("is this computer's clock right? It is \(here) here"), "\(clock)")
        #expect(clock.contains(Units.dateTime(WallClock(unixSeconds: leaf.notAfter, .local), seconds: false)))
        let plain = KnownCauseText.hint(.plainHTTPPort, endpoint: Self.https)
        #expect(plain.contains("http://nas.example:8443/transmission/rpc") && plain.contains("insecure"))
        #expect(
            KnownCauseText.hint(.plainHTTPPort, endpoint: Self.loopback)
                == "Use http://127.0.0.1:8443/transmission/rpc (loopback: nothing leaves this computer).")
        var http = Self.https
        http.scheme = .http
        #expect(KnownCauseText.hint(.tlsPort, endpoint: http) == "Use https://nas.example:8443/transmission/rpc.")
        let gateway = KnownCause.authenticationGateway(
            AuthenticationGateway(product: .authentik, status: 302, location: nil))
        #expect(
            KnownCauseText.reason(gateway, now: 0)
                == "an authentication gateway (Authentik) answered instead of Transmission: a redirect to its login")
        Language.$override.withValue(.russian) {
            #expect(
                KnownCauseText.reason(gateway, now: 0).hasPrefix(
                    "вместо Transmission ответил шлюз аутентификации (Authentik)"))
            #expect(
                KnownCauseText.hint(.tlsPort, endpoint: http)
                    == "Используйте https://nas.example:8443/transmission/rpc.")
        }
    }

    @Test("a placeholder's refusal shows its fingerprint but no command that would trust it")
    func noAcceptance() {
        let failure = Self.refused([Self.traefik], [.selfSigned])
        let message = FailureText.message(failure, now: Self.now)
        #expect(message.contains("Certificate fingerprint:"))
        #expect(!message.contains("trust accept") && !message.contains("trust pin"), "\(message)")
        let ordinary = FailureText.message(Self.refused([leaf], [.selfSigned]), now: Self.now)
        #expect(ordinary.contains("trust accept"))
    }
}
