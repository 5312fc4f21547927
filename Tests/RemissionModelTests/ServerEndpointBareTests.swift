import Testing

@testable import RemissionModel

@Suite("A bare host[:port] as transmission-remote takes it (connect)")
struct ServerEndpointBareTests {
    @Test(
        "https for port 443, otherwise http, port 9091 by default, the RPC path",
        arguments: [
            ("nas.local", "http://nas.local:9091/transmission/rpc"),
            ("localhost:9091", "http://localhost:9091/transmission/rpc"),
            ("NAS:8080", "http://nas:8080/transmission/rpc"),
            ("nas:443", "https://nas:443/transmission/rpc"),
            ("[::1]:9091", "http://[::1]:9091/transmission/rpc"),
            ("10.0.0.5:9091/transmission/", "http://10.0.0.5:9091/transmission/rpc"),
        ])
    func bare(text: String, url: String) {
        #expect(ServerEndpoint.parseBare(text)?.url == url)
    }

    @Test("a scheme, an empty text or a bad port is not a bare host", arguments: ["ftp://nas", "", "nas:99999", "a@b"])
    func notBare(text: String) {
        #expect(ServerEndpoint.parseBare(text) == nil)
    }
}
