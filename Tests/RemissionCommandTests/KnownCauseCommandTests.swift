import Foundation
import TestSupport
import Testing

/// `check` names known causes with their own line and hint (PRODUCT.md §1), against real servers:
/// nginx of the test bed, and `HostileServer` with certificates made by the openssl CLI for
/// Traefik's placeholder, a staging chain, a wrong clock, a refused handshake and gateways.
@Suite("check names known causes (process, nginx and HostileServer)", .serialized)
struct KnownCauseCommandTests {
    let bed: TestBed
    let home: CLIHome
    let certificates = CauseCertificates()
    static let russian = ["LANG": "ru_RU.UTF-8"]

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    /// `check URL` with the bed's credentials in TR_AUTH (so an Authorization header would be sent).
    func check(_ url: String, _ extra: [String] = [], russian: Bool = false) throws -> CLIHome.Result {
        try home.run(
            ["check", url] + extra, env: ["TR_AUTH": bed.credentials].merging(russian ? Self.russian : [:]) { $1 })
    }

    func server(_ kind: CauseCertificates.Kind, scenario: [String: Any] = [:]) throws -> HostileServer {
        try HostileServer(scenario: scenario, tls: try certificates.make(kind))
    }

    @Test("Traefik's default certificate: its line and hint, no command to accept it, nothing sent; en and ru")
    func traefik() throws {
        let server = try server(.traefik)
        let result = try check(server.url(scheme: "https"))
        #expect(result.status == 5, "\(result.all)")
        #expect(
            result.out.contains(
                "UNTRUSTED — tls: Traefik served its default certificate: no router matches this host, "
                    + "or its certificate resolver failed"), "\(result.out)")
        #expect(result.out.contains("hint: This certificate is not the server's: do not trust it."))
        #expect(!result.out.contains("trust accept") && !result.out.contains("trust pin"), "\(result.out)")
        let russian = try check(server.url(scheme: "https"), russian: true)
        #expect(russian.status == 5)
        #expect(russian.out.contains("Traefik выдал свой сертификат по умолчанию"), "\(russian.out)")
        #expect(russian.out.contains("Это не сертификат сервера: не доверяйте ему."))
        #expect(server.requestCount == 0, "no request, so no Authorization header")
    }

    @Test("connect on a terminal never offers Traefik's placeholder for acceptance, and asks nothing")
    func traefikOnConnect() throws {
        let server = try server(.traefik)
        let result = try home.runOnTerminal(
            ["connect", server.url(scheme: "https"), "--name", "traefik", "--user", bed.user], lines: ["yes", "pw"])
        #expect(result.status == 5, "\(result.all)")
        #expect(!result.out.contains("Trust this certificate?"), "\(result.out)")
        #expect(!result.out.contains("Password for"), "\(result.out)")
        #expect(!result.out.contains("--accept-fingerprint"), "\(result.out)")
        #expect(result.out.contains("Traefik served its default certificate"), "\(result.out)")
        #expect(server.requestCount == 0)
        #expect(home.writtenFiles()["config/servers.json"]?.contains("traefik") != true)
    }

    @Test(
        "a handshake refused for a name or IP (Caddy, nginx): its line; connect asks no password",
        arguments: ["internal_error", "unrecognized_name"])
    func noCertificateForName(alert: String) throws {
        let server = try server(.traefik, scenario: ["tlsAlert": alert])
        let result = try check(server.url(scheme: "https"))
        #expect(result.status == 1, "\(result.all)")
        #expect(
            result.out.contains(
                "OFFLINE — tls: the server has no certificate for this name or address: it refused the TLS "
                    + "handshake (alert \(alert))"), "\(result.out)")
        #expect(result.out.contains("hint: Connect by the name its certificate is for (https://NAME:\(server.port)"))
        #expect(!result.out.contains("Is this an HTTPS port?"))
        let russian = try check(server.url(scheme: "https"), russian: true)
        #expect(russian.out.contains("у сервера нет сертификата для этого имени или адреса"), "\(russian.out)")
        let connect = try home.runOnTerminal(
            ["connect", server.url(scheme: "https"), "--name", "caddy", "--user", bed.user], lines: ["pw", "pw"])
        #expect(connect.status == 1, "\(connect.all)")
        #expect(!connect.out.contains("Password for"), "asked before TLS succeeded: \(connect.out)")
        #expect(connect.out.contains("no certificate for this name or address"), "\(connect.out)")
        #expect(server.requestCount == 0)
    }

    @Test("a Let's Encrypt staging chain: its line and the production endpoint; en and ru")
    func staging() throws {
        let server = try server(.staging)
        let result = try check(server.url(scheme: "https"))
        #expect(result.status == 5, "\(result.all)")
        #expect(
            result.out.contains("UNTRUSTED — tls: a staging (test) certificate from Let's Encrypt (issued by "),
            "\(result.out)")
        #expect(result.out.contains("(STAGING) Artificial Apricot R3"))
        #expect(result.out.contains("hint: Switch the proxy to the production ACME endpoint"))
        let russian = try check(server.url(scheme: "https"), russian: true)
        #expect(russian.out.contains("тестовый (staging) сертификат Let's Encrypt"), "\(russian.out)")
        #expect(server.requestCount == 0)
    }

    @Test("nginx sending its leaf without the intermediate: its line and the full-chain fix")
    func missingIntermediate() throws {
        let result = try check(bed.url(for: .incomplete), ["--ca-file", bed.caFile])
        #expect(result.status == 5, "\(result.all)")
        #expect(
            result.out.contains("the server does not send its intermediate certificate, or the issuer is a private CA"),
            "\(result.out)")
        #expect(
            result.out.contains("configure the full chain on the server: nginx ssl_certificate fullchain.pem"))
        let russian = try check(bed.url(for: .incomplete), ["--ca-file", bed.caFile], russian: true)
        #expect(russian.out.contains("сервер не присылает свой промежуточный сертификат"), "\(russian.out)")
        #expect(result.out.contains("UNTRUSTED — tls: the server sends only its own certificate"), "\(result.out)")
    }

    @Test(
        "a certificate not valid yet, or expired an hour ago: the clock, with the local time and the dates",
        arguments: [CauseCertificates.Kind.notYetValid, .justExpired])
    func clock(kind: CauseCertificates.Kind) throws {
        let server = try server(kind)
        let result = try check(server.url(scheme: "https"), ["--ca-file", certificates.caFile])
        #expect(result.status == 5, "\(result.all)")
        let expected =
            kind == .notYetValid
            ? "the certificate is not valid yet (valid from "
            : "the certificate expired less than a day ago (valid from "
        #expect(result.out.contains("UNTRUSTED — tls: " + expected), "\(result.out)")
        #expect(result.out.contains("is this computer's clock right? It is "))
        #expect(result.out.contains("hint: Check this computer's date, time and time zone (timedatectl)"))
        let russian = try check(server.url(scheme: "https"), ["--ca-file", certificates.caFile], russian: true)
        #expect(russian.out.contains("верно ли идут часы этого компьютера? Здесь сейчас "), "\(russian.out)")
        #expect(server.requestCount == 0)
    }

    @Test("TLS to nginx's plain-HTTP port: it speaks plain HTTP, use http://… (loopback)")
    func plainHTTPPort() throws {
        let port = try #require(bed.port(for: .hostcheck))
        let result = try check("https://127.0.0.1:\(port)/transmission/rpc")
        #expect(result.status == 1, "\(result.all)")
        #expect(result.out.contains("OFFLINE — tls: this port speaks plain HTTP, not HTTPS"), "\(result.out)")
        #expect(result.out.contains("hint: Use http://127.0.0.1:\(port)/transmission/rpc (loopback"))
        let russian = try check("https://127.0.0.1:\(port)/transmission/rpc", russian: true)
        #expect(russian.out.contains("этот порт говорит на простом HTTP, а не на HTTPS"), "\(russian.out)")
    }

    @Test("plain HTTP to nginx's TLS port: it speaks HTTPS, use https://…")
    func tlsPort() throws {
        let port = try #require(bed.port(for: .caSigned))
        let result = try check("http://127.0.0.1:\(port)/transmission/rpc")
        #expect(result.status == 1, "\(result.all)")
        #expect(result.out.contains("OFFLINE — http: this port speaks HTTPS, not plain HTTP"), "\(result.out)")
        #expect(result.out.contains("hint: Use https://127.0.0.1:\(port)/transmission/rpc."))
        let russian = try check("http://127.0.0.1:\(port)/transmission/rpc", russian: true)
        #expect(russian.out.contains("этот порт говорит на HTTPS, а не на простом HTTP"), "\(russian.out)")
    }

    @Test(
        "an authentication gateway answering instead of Transmission is named, exit 4",
        arguments: [
            ("Authelia", 302, [["Location", "https://auth.example/?rd=https%3A%2F%2Fnas%2Ftransmission%2Frpc"]], ""),
            ("Authentik", 302, [["Location", "https://nas.example/outpost.goauthentik.io/start?rd=%2F"]], ""),
            ("oauth2-proxy", 302, [["Location", "/oauth2/start?rd=%2Ftransmission%2Frpc"]], ""),
            (
                "Cloudflare Access", 302, [["Location", "https://team.cloudflareaccess.com/cdn-cgi/access/login/nas"]],
                ""
            ),
            ("", 200, [["Content-Type", "text/html"]], "<html><form><input type=\"password\" name=\"pw\"></form>"),
        ])
    func gateway(name: String, status: Int, headers: [[String]], body: String) throws {
        let server = try HostileServer(scenario: ["gateway": ["status": status, "headers": headers, "body": body]])
        let result = try check(server.url())
        #expect(result.status == 4, "\(result.all)")
        // Exit 4 reads AUTH FAILED, whoever refused the login (issue 36).
        let line =
            name.isEmpty
            ? "AUTH FAILED — http: an authentication gateway (unknown) answered instead of Transmission (HTTP 200)"
            : "AUTH FAILED — http: an authentication gateway (\(name)) answered instead of Transmission"
        #expect(result.out.contains(line), "\(result.out)")
        #expect(result.out.contains("remission connect \(server.url())"), "\(result.out)")
        #expect(result.out.contains("--secret-header"), "\(result.out)")
        let russian = try check(server.url(), russian: true)
        #expect(russian.out.contains("вместо Transmission ответил шлюз аутентификации"), "\(russian.out)")
        #expect(server.requestCount == 2, "one request per run, no retry")
    }
}
