import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

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

extension ProxyCommandTests {
    /// A LAN server excluded by an address range in no_proxy (curl ≥ 7.86 reads CIDR) goes straight to
    /// the server, never through the environment's proxy, which would carry its Basic password in clear.
    /// The server is a listener on this machine's own non-loopback address (a loopback server is
    /// never proxied from the environment, so only a LAN address shows the rule).
    @Test("no_proxy with an address range (10.0.0.0/8 style) keeps a LAN server off the environment's proxy")
    func noProxyRange() throws {
        let address = try #require(LANListener.localAddress(), "this machine has no non-loopback IPv4 address")
        let server = try LANListener(address: address)
        let proxy = try TestProxy(.connect)
        let octets = address.split(separator: ".")
        let range = "\(octets[0]).\(octets[1]).0.0/16"
        let url = "http://\(address):\(server.port)/transmission/rpc"
        let excluded = try home.run(
            ["check", url, "--timeout", "3"],
            env: auth.merging(["http_proxy": proxy.url(scheme: "http"), "no_proxy": "example.org, \(range)"]) { $1 })
        #expect(proxy.tunnels.isEmpty, "went through the proxy: \(proxy.tunnels) \(excluded.out)")
        #expect(server.accepted >= 1, "\(excluded.all)")
        #expect(!excluded.out.contains(" proxy "), "\(excluded.out)")
        // The same check without the range goes through the proxy: the listener and the log tell.
        let proxied = try home.run(
            ["check", url, "--timeout", "3"],
            env: auth.merging(["http_proxy": proxy.url(scheme: "http"), "no_proxy": "example.org"]) { $1 })
        #expect(proxy.tunnels.contains { $0.hasSuffix("\(address):\(server.port)") }, "\(proxied.out)")
    }
}

/// A TCP listener on one of this machine's own non-loopback IPv4 addresses: accepts connections,
/// counts them and closes them at once.
final class LANListener: Sendable {
    let port: Int
    private let descriptor: Int32
    private let counter = Counter()

    final class Counter: Sendable {
        let value = Mutex<Int>(0)
    }

    var accepted: Int { counter.value.withLock { $0 } }

    /// The first IPv4 address of an interface that is up and not loopback.
    static func localAddress() -> String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var node = list
        while let current = node {
            defer { node = current.pointee.ifa_next }
            let flags = Int32(current.pointee.ifa_flags)
            guard let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                var bytes = inet.pointee.sin_addr
                _ = inet_ntop(AF_INET, &bytes, &text, socklen_t(text.count))
            }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return nil
    }

    init(address: String) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, address, &socketAddress.sin_addr)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        _ = withUnsafeMutablePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        port = Int(UInt16(bigEndian: socketAddress.sin_port))
        let counter = counter
        Thread.detachNewThread {
            while true {
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else { return }
                counter.value.withLock { $0 += 1 }
                close(client)
            }
        }
    }

    deinit {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}
