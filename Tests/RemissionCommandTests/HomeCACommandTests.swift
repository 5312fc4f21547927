import Foundation
import TestSupport
import Testing

/// Home CAs that curl accepts work (issue 32): PKIs made with the real tools people use — an
/// `openssl req -x509` tutorial under Debian's configuration (a CA without keyUsage), Python's
/// `cryptography` without key identifiers, easy-rsa 3.1 (a non-critical basicConstraints), mkcert —
/// served by a real nginx in front of the bed's daemon (HomeCANginx). Under the user's own anchor (the
/// CA file, the CA's key pinned) `connect`, `check` and `list` are ONLINE, also through a proxy and
/// with a client certificate the same CA issued; a leaf forged under a certificate that CA issued to a
/// client is refused in the handshake (nginx logs no request); the system store keeps strictness.
@Suite("home CAs: connect, check, list under a CA file or a CA pin (process, real nginx, keyring)")
struct HomeCACommandTests {
    typealias PKI = HomeCANginx.PKI
    let bed: TestBed
    let home: CLIHome
    let nginx: HomeCANginx

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
        nginx = try HomeCANginx(bed: bed)
    }

    func run(_ arguments: [String], env: [String: String] = [:]) throws -> CLIHome.Result {
        try home.run(arguments, env: ["TR_AUTH": bed.credentials].merging(env) { _, new in new })
    }

    /// The trust flags for `pki` as a CA file or as the CA's key pinned.
    func trust(_ pki: PKI, pinned: Bool) throws -> [String] {
        pinned ? ["--pin", try HomeCANginx.pin(pki)] : ["--ca-file", try HomeCANginx.file(pki, "ca.crt")]
    }

    @Test("connect, check and list are ONLINE with the CA file and with the CA pinned", arguments: PKI.allCases)
    func online(pki: PKI) throws {
        for pinned in [false, true] {
            let name = "\(pki)-\(pinned ? "pin" : "file")"
            let url = nginx.url(pki, .server, bed: bed)
            let connect = try run(["connect", url, "--name", name] + trust(pki, pinned: pinned))
            #expect(connect.status == 0, "\(name): \(connect.all)")
            let check = try run(["check", name])
            #expect(check.status == 0 && check.out.contains("\nONLINE"), "\(name): \(check.all)")
            let basis = pinned ? "Trusted: pinned key \(try HomeCANginx.pin(pki))" : "Trusted: CA file"
            #expect(check.out.contains(basis), "\(name): \(check.all)")
            let list = try run(["list", "--server", name])
            #expect(list.status == 0, "\(name): \(list.all)")
            // A second run with the cache warm (the session id kept) is one request and still trusted.
            #expect(try run(["list", "--server", name]).status == 0)
        }
        #expect(nginx.accessLog(pki, .server).contains { $0.status == 200 && $0.user == bed.user })
    }

    @Test("a client certificate the same home CA issued: ONLINE, nginx verified it", arguments: PKI.allCases)
    func clientCertificate(pki: PKI) throws {
        for pinned in [false, true] {
            let name = "\(pki)-mtls-\(pinned ? "pin" : "file")"
            let connect = try run(
                ["connect", nginx.url(pki, .clientCert, bed: bed), "--name", name] + trust(pki, pinned: pinned)
                    + [
                        "--client-cert", try HomeCANginx.file(pki, "client.crt"), "--client-key",
                        try HomeCANginx.file(pki, "client.key"),
                    ])
            #expect(connect.status == 0, "\(name): \(connect.all)")
            let check = try run(["check", name])
            #expect(check.status == 0 && check.out.contains("\nONLINE"), "\(name): \(check.all)")
        }
        #expect(nginx.accessLog(pki, .clientCert).contains { $0["client_verify"] == "SUCCESS" && $0.status == 200 })
    }

    @Test("through an HTTP CONNECT proxy: ONLINE with the CA file and with the CA pinned", arguments: PKI.allCases)
    func proxyRoute(pki: PKI) throws {
        let proxy = try TestProxy(.connect)
        for pinned in [false, true] {
            let name = "\(pki)-proxy-\(pinned ? "pin" : "file")"
            let connect = try run(
                ["connect", nginx.url(pki, .server, bed: bed), "--name", name, "--proxy", proxy.url(scheme: "http")]
                    + trust(pki, pinned: pinned))
            #expect(connect.status == 0, "\(name): \(connect.all)")
            let list = try run(["list", "--server", name])
            #expect(list.status == 0, "\(name): \(list.all)")
        }
        #expect(proxy.tunnels.contains { $0.hasSuffix(":\(nginx.ports["\(pki)-server"] ?? 0)") }, "\(proxy.tunnels)")
    }

    @Test(
        "a leaf forged under the CA's client certificate is refused; nginx receives no request",
        arguments: PKI.allCases)
    func forgedRefused(pki: PKI) throws {
        for pinned in [false, true] {
            let check = try run(["check", nginx.url(pki, .forged, bed: bed)] + trust(pki, pinned: pinned))
            #expect(check.status == 5, "\(pki) pinned \(pinned): \(check.all)")
            #expect(check.all.contains("is not a certificate authority allowed to issue"), "\(check.all)")
            let connect = try run(
                ["connect", nginx.url(pki, .forged, bed: bed), "--name", "forged"]
                    + trust(pki, pinned: pinned))
            #expect(connect.status == 5, "\(pki) pinned \(pinned): \(connect.all)")
        }
        #expect(nginx.accessLog(pki, .forged).isEmpty, "\(nginx.accessLog(pki, .forged))")
    }

    @Test("the system store keeps strictness: a home CA there is refused for its profile, mkcert's is not")
    func systemStoreStays() throws {
        for pki in PKI.allCases {
            let env = ["SSL_CERT_FILE": try HomeCANginx.file(pki, "ca.crt"), "SSL_CERT_DIR": "/nonexistent"]
            let check = try run(["check", nginx.url(pki, .server, bed: bed)], env: env)
            if pki == .mkcert {
                #expect(
                    check.status == 0 && check.out.contains("Trusted: system certificate authorities"),
                    "\(check.all)")
            } else {
                #expect(check.status == 5, "\(pki): \(check.all)")
                #expect(check.all.contains("breaks a rule of the strict X.509 profile"), "\(pki): \(check.all)")
                #expect(check.all.contains("remission trust ca"), "\(pki): \(check.all)")
            }
        }
        let russian = try run(
            ["check", nginx.url(.tutorial, .server, bed: bed)],
            env: [
                "SSL_CERT_FILE": try HomeCANginx.file(.tutorial, "ca.crt"), "SSL_CERT_DIR": "/nonexistent",
                "LANG": "ru_RU.UTF-8",
            ])
        #expect(russian.status == 5 && russian.all.contains("строгого профиля X.509"), "\(russian.all)")
    }
}
