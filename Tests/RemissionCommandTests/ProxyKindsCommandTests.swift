import Foundation
import TestSupport
import Testing

/// Every kind of proxy through the real binary, on Remission's own engine: SOCKS4 and SOCKS5 resolve
/// the server's name here and send its address, SOCKS4a and SOCKS5h send the name; SOCKS5 with a user
/// and password (RFC 1929), refused without them or with a wrong one; an https:// proxy judged by
/// its own CA file, and refused with a wrong one. The server's trust is decided through the tunnel.
@Suite("every proxy kind (process, real nginx behind SOCKS4/4a/5/5h and https proxies)")
struct ProxyKindsCommandTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    var auth: [String: String] { ["TR_AUTH": bed.credentials] }

    func connect(_ name: String, proxy: String, extra: [String] = []) throws -> CLIHome.Result {
        try home.run(
            [
                "connect", bed.url(for: .caSigned, host: "localhost"), "--name", name, "--ca-file", bed.caFile,
                "--no-save-password", "--proxy", proxy,
            ] + extra, env: auth)
    }

    @Test("SOCKS4, 4a, 5 and 5h: ONLINE; 4 and 5 send the address resolved here, 4a and 5h the name")
    func socksKinds() throws {
        let port = try #require(bed.port(for: .caSigned))
        let socks4 = try TestProxy(.socks4)
        let socks5 = try TestProxy(.socks5)
        for (proxy, scheme, sent) in [
            (socks4, "socks4", "127.0.0.1"), (socks4, "socks4a", "localhost"), (socks5, "socks5", "127.0.0.1"),
            (socks5, "socks5h", "localhost"),
        ] {
            let before = proxy.tunnels.count
            let result = try connect(scheme, proxy: proxy.url(scheme: scheme))
            #expect(result.status == 0, "\(scheme): \(result.all)")
            #expect(result.out.contains("ok   proxy through \(scheme)://"), "\(scheme): \(result.out)")
            #expect(result.out.contains("Trusted: CA file \(bed.caFile)"), "\(scheme): \(result.out)")
            let check = try home.run(["check", scheme], env: auth)
            #expect(check.status == 0, "\(scheme): \(check.all)")
            let opened = Array(proxy.tunnels.dropFirst(before))
            #expect(!opened.isEmpty && opened.allSatisfy { $0.hasSuffix(" \(sent):\(port)") }, "\(scheme): \(opened)")
        }
    }

    @Test("SOCKS5 with a user and password: refused without them (exit 4), with a wrong one, ONLINE with the right one")
    func socks5Password() throws {
        let proxy = try TestProxy(.socks5, auth: "ann:hunter2x")
        let bare = try connect("bare", proxy: proxy.url(scheme: "socks5h"))
        #expect(bare.status == 4, "\(bare.all)")
        #expect(bare.out.contains("FAIL proxy the SOCKS proxy"), "\(bare.out)")
        #expect(bare.out.contains("wants credentials remission did not give"), "\(bare.out)")
        let wrong = try connect("wrong", proxy: "socks5h://ann:nope@127.0.0.1:\(proxy.port)")
        #expect(wrong.status == 4, "\(wrong.all)")
        #expect(wrong.out.contains("refused the user name and password"), "\(wrong.out)")
        #expect(!wrong.all.contains("nope"))
        let right = try connect("right", proxy: "socks5h://ann:hunter2x@127.0.0.1:\(proxy.port)")
        #expect(right.status == 0, "\(right.all)")
        #expect(!right.all.contains("hunter2x"))
        for (path, contents) in home.writtenFiles() { #expect(!contents.contains("hunter2x"), "password in \(path)") }
        #expect(proxy.tunnels.count >= 2, "\(proxy.tunnels)")
    }

    @Test("SOCKS4 with a user id the proxy does not take: its own words, the proxy step, no tunnel")
    func socks4UserId() throws {
        let proxy = try TestProxy(.socks4, auth: "ann:x")
        let result = try connect("s4", proxy: "socks4://bob@127.0.0.1:\(proxy.port)")
        #expect(result.status == 4, "\(result.all)")
        #expect(result.out.contains("FAIL proxy the SOCKS4 proxy socks4://127.0.0.1:\(proxy.port) refused the user id"))
        #expect(proxy.tunnels.isEmpty)
    }

    @Test("an https proxy with its own CA file: ONLINE, TLS inside TLS; with a wrong CA file: refused as the proxy")
    func httpsProxyCAFile() throws {
        let proxy = try TestProxy(.connect, tls: (bed.certificateFile(.selfSigned), bed.keyFile(.selfSigned)))
        let good = try connect(
            "tls", proxy: proxy.url(scheme: "https"), extra: ["--proxy-ca-file", bed.certificateFile(.selfSigned)])
        #expect(good.status == 0, "\(good.all)")
        #expect(good.out.contains("Trusted: CA file \(bed.certificateFile(.selfSigned))"), "\(good.out)")
        #expect(good.out.contains("Trusted: CA file \(bed.caFile)"), "\(good.out)")
        #expect(good.out.contains("TLSv1."), "the server's own TLS through the proxy's: \(good.out)")
        let tunnels = proxy.tunnels.count
        #expect(tunnels >= 1)
        // The bed's CA signs the server, not this proxy: a wrong CA file for the proxy.
        let wrong = try connect("wrong", proxy: proxy.url(scheme: "https"), extra: ["--proxy-ca-file", bed.caFile])
        #expect(wrong.status == 5, "\(wrong.all)")
        #expect(wrong.out.contains("FAIL proxy the proxy's certificate is not trusted"), "\(wrong.out)")
        #expect(proxy.tunnels.count == tunnels, "nothing went through an untrusted proxy")
    }

    @Test("an http:// server through a CONNECT proxy is tunnelled too: the proxy never sees the request")
    func plainServerTunnelled() throws {
        let proxy = try TestProxy(.connect)
        let result = try home.run(
            [
                "connect", bed.daemonURL(), "--name", "plain", "--no-save-password", "--proxy",
                proxy.url(scheme: "http"),
            ],
            env: auth)
        #expect(result.status == 0, "\(result.all)")
        #expect(proxy.tunnels.contains { $0.hasPrefix("connect ") }, "\(proxy.tunnels)")
    }

    @Test("a proxy that accepts and never answers: every kind gives up at the proxy step within --timeout")
    func silentProxy() throws {
        for scheme in ["socks5h", "socks4", "http", "https"] {
            let started = Date()
            let result = try home.run(
                [
                    "connect", bed.daemonURL(), "--name", scheme, "--no-save-password", "--timeout", "2", "--proxy",
                    "\(scheme)://127.0.0.1:\(bed.silentPort)",
                ], env: auth)
            #expect(Date().timeIntervalSince(started) < 8, "\(scheme)")
            #expect(result.status == 3, "\(scheme): \(result.all)")
            // An https proxy stalls in its own TLS handshake, before any tunnel.
            let reason =
                scheme == "https"
                ? "timed out waiting for the proxy's TLS handshake"
                : "timed out waiting for the proxy to open the tunnel"
            #expect(result.out.contains("FAIL proxy \(reason)"), "\(scheme): \(result.out)")
        }
    }
}
