import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust
import Testing

@testable import RemissionSession

/// `--via` and `--unix-socket` written into a server's options: one route at a time, `none` takes
/// one away, `--proxy` contradicts a route given with it; a saved route keeps the environment's proxy
/// away.
@Suite("route flags: --via and --unix-socket in a server's options (pure)")
struct RouteFlagsTests {
    @Test("a route replaces the other route and a saved proxy; none removes it")
    func replace() throws {
        var options = ServerOptions()
        options.proxy = "socks5h://127.0.0.1:1080"
        try RouteFlags(via: "ssh://me@nas:2222/", unixSocket: nil).apply(to: &options, proxyGiven: false)
        #expect(options.via == "ssh://me@nas:2222" && options.proxy == nil && options.unixSocket == nil)
        try RouteFlags(via: nil, unixSocket: "/run/t.sock").apply(to: &options, proxyGiven: false)
        #expect(options.unixSocket == "/run/t.sock" && options.via == nil)
        try RouteFlags(via: nil, unixSocket: "none").apply(to: &options, proxyGiven: false)
        #expect(options.unixSocket == nil && options.via == nil)
        #expect(RouteFlags(via: nil, unixSocket: "relative.sock").unixSocket?.hasPrefix("/") == true)
        options.via = "ssh://nas"
        try RouteFlags(via: nil, unixSocket: nil).apply(to: &options, proxyGiven: true)
        #expect(options.via == nil, "--proxy alone replaces a saved route")
    }

    @Test("two routes at once, or a route with --proxy, or a --via ssh would misread: usage errors")
    func conflicts() {
        var options = ServerOptions()
        for (flags, proxy) in [
            (RouteFlags(via: "ssh://nas", unixSocket: "/s"), false),
            (RouteFlags(via: "ssh://nas", unixSocket: nil), true),
            (RouteFlags(via: "ssh://-oProxyCommand=x", unixSocket: nil), false),
        ] {
            #expect(throws: Failure.self) { try flags.apply(to: &options, proxyGiven: proxy) }
            #expect((try? flags.apply(to: &options, proxyGiven: proxy)) == nil)
        }
        #expect(options == ServerOptions())
        do {
            try RouteFlags(via: "ssh://nas", unixSocket: "/s").apply(to: &options, proxyGiven: false)
        } catch {
            #expect(error.status == .usage)
        }
    }

    @Test("a saved route: the target goes by it, and no proxy (not the environment's either)")
    func target() throws {
        let fixture = try Fixture(environment: ["http_proxy": "http://proxy:3128"])
        defer { fixture.remove() }
        let endpoint = try ServerEndpoint.parse("http://10.0.0.5:9091")
        var options = ServerOptions()
        #expect(try fixture.context.route(to: endpoint, options: options).route.proxy?.endpoint.host == "proxy")
        options.via = "ssh://nas"
        let (route, source) = try fixture.context.route(to: endpoint, options: options)
        #expect(route == .ssh(SSHRoute(destination: SSHDestination(host: "nas"))))
        #expect(route.identity == .ssh(SSHDestination(host: "nas")) && source == nil)
        options.unixSocket = "/run/t.sock"  // by hand, both: the socket, as the transport always took it
        #expect(try fixture.context.route(to: endpoint, options: options).route == .unixSocket(path: "/run/t.sock"))
        options = ServerOptions()
        options.proxy = "socks5h://127.0.0.1:1080"
        #expect(try fixture.context.route(to: endpoint, options: options).proxySource == .configured)
    }
}
