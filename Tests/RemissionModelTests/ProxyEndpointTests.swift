import RemissionModel
import Testing

@Suite("proxy URLs and the environment, as curl reads them")
struct ProxyEndpointTests {
    let remote = try! ServerEndpoint.parse("https://nas.example.com/transmission/rpc")
    let plain = try! ServerEndpoint.parse("http://nas.example.com:9091/transmission/rpc")

    @Test("schemes, default ports, credentials apart, IPv6")
    func parsing() throws {
        #expect(try ProxyEndpoint.parse("socks5h://127.0.0.1:1080").url == "socks5h://127.0.0.1:1080")
        #expect(try ProxyEndpoint.parse("http://proxy").port == 1080)
        #expect(try ProxyEndpoint.parse("https://proxy/").port == 443)
        #expect(try ProxyEndpoint.parse("proxy:3128").url == "http://proxy:3128")
        let withCredentials = try ProxyEndpoint.parse("http://ann:p%40ss:w@proxy:3128")
        #expect(withCredentials.user == "ann")
        #expect(withCredentials.password == "p@ss:w")
        #expect(!withCredentials.description.contains("p@ss"))
        #expect(try ProxyEndpoint.parse("socks5://[::1]:9050").authority == "[::1]:9050")
        #expect(throws: ProxyParseError.unsupportedScheme("ftp")) { try ProxyEndpoint.parse("ftp://proxy") }
        #expect(throws: ProxyParseError.path) { try ProxyEndpoint.parse("http://proxy:3128/path") }
        #expect(throws: ProxyParseError.empty) { try ProxyEndpoint.parse("  ") }
    }

    @Test("https_proxy for https, http_proxy (lower case only) for http, then all_proxy")
    func environment() throws {
        let env = ["https_proxy": "http://a:1", "HTTP_PROXY": "http://b:2", "ALL_PROXY": "socks5h://c:3"]
        #expect(ProxyEndpoint.fromEnvironment(env, for: remote)?.variable == "https_proxy")
        #expect(ProxyEndpoint.fromEnvironment(env, for: plain)?.variable == "ALL_PROXY")
        #expect(ProxyEndpoint.fromEnvironment(["http_proxy": "http://b:2"], for: plain)?.proxy.host == "b")
    }

    @Test("no_proxy: *, hosts and domains; loopback never from the environment")
    func bypass() throws {
        let proxy = ["all_proxy": "http://p:1"]
        for list in ["*", "nas.example.com", "example.com", ".example.com", "other, example.com"] {
            #expect(
                ProxyEndpoint.fromEnvironment(proxy.merging(["no_proxy": list]) { $1 }, for: remote) == nil, "\(list)")
        }
        #expect(ProxyEndpoint.fromEnvironment(proxy.merging(["NO_PROXY": "ample.com"]) { $1 }, for: remote) != nil)
        for loopback in ["https://localhost/", "https://127.0.0.1:8443/", "https://[::1]/"] {
            #expect(ProxyEndpoint.fromEnvironment(proxy, for: try ServerEndpoint.parse(loopback)) == nil)
        }
    }
}
