import Foundation
import TestSupport
import Testing

/// Issue 36, against a real Caddy 2 with `tls internal` (`CaddyRenewalTests.Caddy`): `connect
/// host:port` on a TLS port finds https by itself, never sending a credential in clear; a hint for a
/// server not saved carries the options that reached it; a replaced Caddy leaf is named.
@Suite("connect host:port finds https, hints carry --tls-name (process, a real Caddy)", .serialized)
struct CaddySchemeCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    @Test(
        "connect localhost:PORT on Caddy's TLS port uses https, ONLINE and saved; explicit http says the port speaks HTTPS"
    )
    func findsHTTPS() throws {
        let caddy = try CaddyRenewalTests.Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        let secure = "https://localhost:\(caddy.port)/transmission/rpc"
        let connected = try home.run(
            [
                "connect", "localhost:\(caddy.port)", "--name", "caddy", "--ca-file", caddy.root, "--user", bed.user,
                "--password-stdin", "--no-save-password",
            ], stdin: bed.password)
        #expect(connected.status == 0, "\(connected.all)")
        #expect(
            connected.err.contains("No scheme given: localhost:\(caddy.port) speaks TLS, so using \(secure)."),
            "\(connected.err)")
        #expect(connected.out.contains("caddy (\(secure))") && connected.out.contains("ONLINE"), "\(connected.out)")
        let servers = try home.run(["servers", "list", "--json"])
        #expect(servers.out.contains("\"url\":\"\(secure)\""), "\(servers.out)")

        // Named with http://, Caddy's own 400 is recognised, and the hint is the https URL.
        let crossed = try home.run(["check", "http://localhost:\(caddy.port)"], env: ["TR_AUTH": bed.credentials])
        #expect(crossed.out.contains("this port speaks HTTPS, not plain HTTP"), "\(crossed.out)")
        #expect(crossed.out.contains("hint: Use \(secure)."), "\(crossed.out)")
        #expect(!crossed.out.contains("Check that the URL points at"), "\(crossed.out)")

        // A TLS port that refuses the handshake for an address (Caddy: no certificate for an IP) is
        // still found as TLS, and said so.
        let byAddress = try home.run(["connect", "127.0.0.1:\(caddy.port)", "--name", "ip"])
        #expect(byAddress.err.contains("speaks TLS, so using https://127.0.0.1:\(caddy.port)/"), "\(byAddress.all)")
        #expect(byAddress.out.contains("--tls-name NAME"), "\(byAddress.out)")
    }

    @Test(
        "a 401 for a URL checked with --tls-name and --ca-file: the hint is connect with both, and it works as printed")
    func unsavedHintWorks() throws {
        let caddy = try CaddyRenewalTests.Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        let url = "https://127.0.0.1:\(caddy.port)/transmission/rpc"
        let refused = try home.run(["check", url, "--tls-name", "localhost", "--ca-file", caddy.root])
        #expect(refused.status == 4, "\(refused.all)")
        let pattern = #"remission connect [^ ]+ --tls-name localhost --ca-file [^ ]+ --user NAME"#
        let hint = try #require(
            refused.out.range(of: pattern, options: .regularExpression).map { String(refused.out[$0]) },
            "\(refused.out)")
        #expect(hint == "remission connect \(url) --tls-name localhost --ca-file \(caddy.root) --user NAME")
        // Run it as printed (the user's name for NAME, the password on standard input).
        let words = hint.split(separator: " ").dropFirst().map { $0 == "NAME" ? bed.user : String($0) }
        let connected = try home.run(words + ["--password-stdin", "--name", "home"], stdin: bed.password)
        #expect(connected.status == 0, "\(connected.all)")
        let check = try home.run(["check", "home"])  // the password from the keyring
        #expect(check.status == 0 && check.out.contains("ONLINE"), "\(check.all)")
    }

    @Test("an accepted Caddy leaf replaced by its root: the line names the leaf by its names, not '()'")
    func replacedLeafNamed() throws {
        let caddy = try CaddyRenewalTests.Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        let url = "https://localhost:\(caddy.port)/transmission/rpc"
        let leaf = try CaddyRenewalTests().fingerprint(caddy.leaf)
        let accepted = try home.run(["trust", "accept", url, "--fingerprint", leaf])
        #expect(accepted.status == 0, "\(accepted.all)")
        let replaced = try home.run(["trust", "ca", url, caddy.root, "--replace-accepted"])
        #expect(replaced.status == 0, "\(replaced.all)")
        #expect(replaced.err.contains("Replaced the accepted certificate SHA256:"), "\(replaced.err)")
        #expect(replaced.err.contains("(DNS:localhost)."), "\(replaced.err)")
        #expect(!replaced.err.contains("()"), "\(replaced.err)")
    }
}

/// The same promise against nginx's TLS port (its access log names the user of every request, even
/// a plain one it refused) and a plain-HTTP server that waits for a request's end.
@Suite("connect host:port sends no credential before the scheme is found (process, private nginx, a plain server)")
struct SchemeProbeCommandTests {
    @Test("nginx's TLS port: the plain request that found it carried no user; every later request did, in TLS")
    func nginxSawNoCredentialInClear() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let home = CLIHome(bed: own.bed)
        let port = try #require(own.bed.port(for: .caSigned))
        let connected = try home.run(
            [
                "connect", "127.0.0.1:\(port)", "--name", "nas", "--ca-file", own.bed.caFile, "--user", own.bed.user,
                "--password-stdin", "--no-save-password",
            ], stdin: own.bed.password)
        #expect(connected.status == 0, "\(connected.all)")
        #expect(connected.err.contains("speaks TLS, so using https://127.0.0.1:\(port)/"), "\(connected.err)")
        let log = try #require(readText(own.bed.accessLogFile(.caSigned)))
        let lines = log.split(separator: "\n")
        let plain = lines.filter { $0.contains(" tls=- ") }
        #expect(
            plain.count == 1 && plain.allSatisfy { $0.contains(" status=400 ") && $0.contains(" user=- ") }, "\(log)")
        #expect(lines.contains { $0.contains(" tls=TLS") && $0.contains(" user=\(own.bed.user) ") }, "\(log)")
    }

    @Test("a plain server that waits for a request's end: found plain at once, its first request without Authorization")
    func plainServer() throws {
        let server = try HostileServer(scenario: [:])
        let bed = try TestBed.shared
        let home = CLIHome(bed: bed)
        let started = Date()
        let connected = try home.run(
            [
                "connect", "127.0.0.1:\(server.port)", "--name", "plain", "--user", "alice", "--password-stdin",
                "--no-save-password",
            ], stdin: "secret")
        #expect(connected.status == 0, "\(connected.all)")
        #expect(Date().timeIntervalSince(started) < 10, "a handshake waited for the server's timeout")
        #expect(connected.err.contains("using http://127.0.0.1:\(server.port)/transmission/rpc (plain HTTP"))
        let log = String(decoding: server.receivedLog, as: UTF8.self)
        let first = try #require(log.components(separatedBy: "=== request ").dropFirst().first)
        #expect(!first.lowercased().contains("authorization"), "\(first)")
        #expect(log.lowercased().contains("authorization: basic"), "the check after it logs in: \(log)")
    }
}
