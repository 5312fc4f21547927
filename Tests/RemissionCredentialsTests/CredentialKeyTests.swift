import RemissionModel
import Testing

@testable import RemissionCredentials

@Suite("Credential keys")
struct CredentialKeyTests {
    @Test("host is lower-cased and trimmed, user kept exactly")
    func normalises() throws {
        let key = try CredentialKey(server: " NAS.Local ", port: 9091, scheme: .http, user: "Admin")
        #expect(key.server == "nas.local")
        #expect(key.user == "Admin")
        #expect(key.port == 9091)
        #expect(key.scheme == .http)
    }

    @Test("attributes: the four and an empty route for a direct server, the route for a routed one")
    func attributes() throws {
        let key = try CredentialKey(server: "nas.local", port: 443, scheme: .https, user: "admin")
        #expect(key.attributes.map(\.name) == ["server", "port", "protocol", "user", "route"])
        #expect(key.attributes.map(\.value) == ["nas.local", "443", "https", "admin", ""])
        #expect(key.addressAttributes.map(\.name) == ["server", "port", "protocol", "user"])
        let routed = try CredentialKey(
            server: "localhost", port: 9091, scheme: .http, user: "admin", route: .ssh(SSHDestination(host: "box")))
        #expect(routed.attributes.map(\.name) == CredentialSchema.attributeNames)
        #expect(routed.attributes.last?.value == "ssh://box")
        #expect(routed.label == "Remission: admin@localhost:9091 via ssh://box")
        #expect(
            routed.withoutRoute == (try CredentialKey(server: "localhost", port: 9091, scheme: .http, user: "admin")))
        #expect(routed != routed.withoutRoute)
    }

    @Test(
        "label is Remission: user@host:port",
        arguments: [
            ("nas.local", "admin", "Remission: admin@nas.local:9091"),
            ("::1", "admin", "Remission: admin@[::1]:9091"),  // IPv6 in brackets, like a URL
            ("[FE80::1]", "bob", "Remission: bob@[fe80::1]:9091"),  // brackets accepted, stored without
        ])
    func label(host: String, user: String, expected: String) throws {
        let key = try CredentialKey(server: host, port: 9091, scheme: .http, user: user)
        #expect(key.label == expected)
        #expect(key.description == expected)
    }

    @Test("made from an endpoint: scheme, host and port, not the path")
    func fromEndpoint() throws {
        let endpoint = try ServerEndpoint.parse("https://NAS.example:8443/custom/rpc")
        let key = try CredentialKey(endpoint: endpoint, user: "alice")
        #expect(key == (try CredentialKey(server: "nas.example", port: 8443, scheme: .https, user: "alice")))
    }

    @Test(
        "refuses keys that would be wildcards or truncated",
        arguments: [
            ("", 9091, "admin", CredentialKeyError.emptyServer),
            ("  ", 9091, "admin", .emptyServer),
            ("[]", 9091, "admin", .emptyServer),
            ("nas", 9091, "", .emptyUser),
            ("nas", 9091, " \t", .emptyUser),
            ("nas", 0, "admin", .invalidPort(0)),
            ("nas", 65536, "admin", .invalidPort(65536)),
            ("nas\u{0}evil", 9091, "admin", .containsNul(field: "server")),
            ("nas", 9091, "ad\u{0}min", .containsNul(field: "user")),
        ])
    func refuses(host: String, port: Int, user: String, expected: CredentialKeyError) {
        #expect(throws: expected) {
            try CredentialKey(server: host, port: port, scheme: .http, user: user)
        }
    }

}
