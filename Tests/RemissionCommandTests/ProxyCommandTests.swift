import Foundation
import TestSupport
import Testing

/// Proxies (issue 17) through the real binary: SOCKS5, HTTP CONNECT and an https:// proxy with its own
/// self-signed certificate (`TestProxy`), in front of the bed's nginx listeners. The server's trust is
/// decided end to end through the tunnel; the proxy's own certificate by its own rule.
@Suite("proxies (process, real nginx behind SOCKS5, CONNECT and https proxies)")
struct ProxyCommandTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    var auth: [String: String] { ["TR_AUTH": bed.credentials] }

    /// connect through `proxy`, then check the saved server by name.
    func connectAndCheck(_ name: String, proxy: [String], listener: TestBed.Listener = .caSigned) throws
        -> (connect: CLIHome.Result, check: CLIHome.Result)
    {
        let connect = try home.run(
            ["connect", bed.url(for: listener), "--name", name, "--ca-file", bed.caFile, "--no-save-password"] + proxy,
            env: auth)
        let check = try home.run(["check", name], env: auth)
        return (connect, check)
    }

    @Test("SOCKS5 (socks5h) and HTTP CONNECT: ONLINE with the server's own trust decision, through the tunnel")
    func socksAndConnect() throws {
        for (kind, scheme) in [(TestProxy.Kind.socks5, "socks5h"), (.connect, "http")] {
            let proxy = try TestProxy(kind)
            let (connect, check) = try connectAndCheck(scheme, proxy: ["--proxy", proxy.url(scheme: scheme)])
            #expect(connect.status == 0, "\(connect.all)")
            #expect(check.status == 0, "\(check.all)")
            #expect(check.out.contains("proxy through \(proxy.url(scheme: scheme)) (configured)"), "\(check.out)")
            #expect(check.out.contains("Trusted: CA file \(bed.caFile)"))
            let port = try #require(bed.port(for: .caSigned))
            #expect(proxy.tunnels.filter { $0.hasSuffix(":\(port)") }.count >= 2, "\(proxy.tunnels)")
            let listed = try home.run(["servers"])
            #expect(listed.out.contains("Proxy: \(proxy.url(scheme: scheme))"), "\(listed.out)")
            let before = proxy.tunnels.count
            let shown = try home.run(["trust", "show", scheme])
            #expect(shown.status == 0, "\(shown.all)")
            #expect(proxy.tunnels.count == before + 1, "trust show goes through the saved proxy")
        }
    }

    @Test("an https proxy judged by its own CA file: ONLINE; the server still by its CA")
    func httpsProxy() throws {
        let proxy = try TestProxy(
            .connect, tls: (bed.certificateFile(.selfSigned), bed.keyFile(.selfSigned)))
        let (connect, check) = try connectAndCheck(
            "tls", proxy: ["--proxy", proxy.url(scheme: "https"), "--proxy-ca-file", bed.certificateFile(.selfSigned)])
        #expect(connect.status == 0, "\(connect.all)")
        #expect(check.status == 0, "\(check.all)")
        #expect(check.out.contains("Trusted: CA file \(bed.certificateFile(.selfSigned))"))
        #expect(check.out.contains("Trusted: CA file \(bed.caFile)"))
    }

    @Test(
        "an https proxy whose certificate is not trusted is refused as the proxy, even if the server's pin is its key")
    func untrustedProxy() throws {
        let proxy = try TestProxy(
            .connect, tls: (bed.certificateFile(.selfSigned), bed.keyFile(.selfSigned)))
        let result = try home.run(
            [
                "connect", bed.url(for: .caSigned), "--name", "evil", "--ca-file", bed.caFile, "--pin",
                try bed.pin(.selfSigned), "--proxy", proxy.url(scheme: "https"),
            ], env: auth)
        #expect(result.status == 5, "\(result.all)")
        #expect(result.out.contains("FAIL proxy the proxy's certificate is not trusted"), "\(result.out)")
        #expect(result.out.contains("UNTRUSTED — proxy"))
        #expect(proxy.tunnels.isEmpty)
        #expect(home.writtenFiles()["config/servers.json"] == nil)
    }

    @Test("a pin mismatch behind a proxy is still refused, at the server's tls step")
    func pinMismatchBehindProxy() throws {
        let proxy = try TestProxy(.socks5)
        let result = try home.run(
            [
                "check", bed.url(for: .selfSigned), "--pin", try bed.pin(.changed),
            ], env: auth.merging(["all_proxy": proxy.url(scheme: "socks5h")]) { _, new in new })
        // A loopback server is never proxied from the environment: save the proxy instead.
        #expect(!result.out.contains("proxy"), "\(result.out)")
        let connect = try home.run(
            [
                "connect", bed.url(for: .selfSigned), "--name", "pinned", "--pin", try bed.pin(.changed), "--proxy",
                proxy.url(scheme: "socks5h"),
            ], env: auth)
        // Decided in connect's trust step, through the tunnel: the pin did not match the server's key.
        #expect(connect.status == 5, "\(connect.all)")
        #expect(connect.all.contains("Pin mismatch: no key in the chain is pinned for this server"), "\(connect.all)")
        #expect(!connect.all.contains("proxy's certificate"))
        #expect(!proxy.tunnels.isEmpty)
    }

    @Test("a proxy that is not running: offline at the proxy step (exit 3), with the proxy's words")
    func proxyDown() throws {
        let result = try home.run(
            [
                "connect", bed.url(for: .caSigned), "--name", "down", "--ca-file", bed.caFile, "--proxy",
                "http://127.0.0.1:\(bed.closedPort)",
            ], env: auth)
        #expect(result.status == 3, "\(result.all)")
        #expect(result.out.contains("FAIL proxy cannot reach the proxy http://127.0.0.1:\(bed.closedPort)"))
    }

    @Test(
        "a proxy that asks for credentials: 407 is exit 4; given in the URL, ONLINE and the password only in the keyring"
    )
    func proxyCredentials() throws {
        let proxy = try TestProxy(.connect, auth: "ann:hunter2x")
        let target = bed.url(for: .caSigned)
        let bare = try home.run(
            ["connect", target, "--name", "bare", "--ca-file", bed.caFile, "--proxy", proxy.url(scheme: "http")],
            env: auth)
        #expect(bare.status == 4, "\(bare.all)")
        #expect(bare.out.contains("asks for credentials (407)"), "\(bare.out)")
        let withPassword = "http://ann:hunter2x@127.0.0.1:\(proxy.port)"
        let result = try home.run(
            [
                "connect", target, "--name", "authed", "--ca-file", bed.caFile, "--no-save-password", "--proxy",
                withPassword,
            ],
            env: auth)
        #expect(result.status == 0, "\(result.all)")
        #expect(!result.all.contains("hunter2x"))
        for (path, contents) in home.writtenFiles() { #expect(!contents.contains("hunter2x"), "password in \(path)") }
        #expect(home.writtenFiles()["config/servers.json"]?.contains("http://ann@127.0.0.1:\(proxy.port)") == true)
        let stored = try bed.run(
            "secret-tool", args: ["lookup", "proxy", "http://127.0.0.1:\(proxy.port)", "user", "ann"])
        #expect(stored.stdoutText == "hunter2x")
        let check = try home.run(["check", "authed"], env: auth)
        #expect(check.status == 0, "\(check.all)")
    }
}
