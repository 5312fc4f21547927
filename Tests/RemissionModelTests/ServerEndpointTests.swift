import Testing

@testable import RemissionModel

@Suite("Server URL parsing")
struct ServerEndpointTests {
    @Test(
        "valid URLs",
        arguments: [
            // Defaults: 9091 for http, 443 for https, /transmission/rpc.
            ("http://nas.local", "http://nas.local:9091/transmission/rpc"),
            ("https://nas.local", "https://nas.local:443/transmission/rpc"),
            ("HTTPS://NAS.Local:8443/", "https://nas.local:8443/transmission/rpc"),
            ("https://nas:8443/custom/rpc", "https://nas:8443/custom/rpc"),
            // transmission-remote style base paths gain `rpc`; the web UI path maps to the RPC path.
            ("http://nas:9091/transmission/", "http://nas:9091/transmission/rpc"),
            ("http://nas:9091/transmission/web/", "http://nas:9091/transmission/rpc"),
            // IPv6 literals keep their brackets in URLs only.
            ("https://[::1]:8443/transmission/rpc", "https://[::1]:8443/transmission/rpc"),
            ("http://[fe80::1]", "http://[fe80::1]:9091/transmission/rpc"),
            ("  http://127.0.0.1:9091\r\n", "http://127.0.0.1:9091/transmission/rpc"),
        ])
    func parsesValid(input: String, expected: String) throws {
        #expect(try ServerEndpoint.parse(input).url == expected)
    }

    @Test(
        "invalid URLs are refused with a reason",
        arguments: [
            ("", EndpointParseError.empty),
            ("nas.local:9091", .unsupportedScheme("nas.local:9091")),
            ("ftp://nas", .unsupportedScheme("ftp")),
            ("https://", .missingHost),
            ("https://nas:0", .invalidPort("0")),
            ("https://nas:70000", .invalidPort("70000")),
            ("https://nas:abc", .invalidPort("abc")),
            ("https://admin:pw@nas", .containsCredentials),
            ("https://nas/rpc?x=1", .containsQueryOrFragment),
            // The path goes into the request line: no space, no line break (found in the engine review).
            ("http://nas:9091/transmission/rpc\r\nX-Injected: 1", .invalidPath),
            ("http://nas:9091/a b", .invalidPath),
            ("http://nas:9091/a\u{7F}", .invalidPath),
            ("https://::1/rpc", .invalidHost("::1")),
            ("https://na s/", .invalidHost("na s")),
        ])
    func refusesInvalid(input: String, expected: EndpointParseError) {
        #expect(throws: expected) { try ServerEndpoint.parse(input) }
    }

    @Test("identity, loopback and host kinds")
    func identity() throws {
        let endpoint = try ServerEndpoint.parse("https://NAS.local:8443/x/rpc")
        #expect(endpoint.trustIdentity == "https://nas.local:8443")
        #expect(endpoint.hostKind == .name)
        #expect(!endpoint.isLoopback)
        #expect(try ServerEndpoint.parse("http://127.0.0.2").isLoopback)
        #expect(try ServerEndpoint.parse("http://[::1]").isLoopback)
        #expect(try ServerEndpoint.parse("http://localhost").isLoopback)
        #expect(try ServerEndpoint.parse("http://10.0.0.1").hostKind == .ipv4)
        #expect(try ServerEndpoint.parse("http://[::1]").authority == "[::1]:9091")
        #expect(try !ServerEndpoint.parse("http://127.0.0.1.example").isLoopback)
    }

}
