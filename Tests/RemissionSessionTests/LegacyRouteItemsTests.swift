import RemissionCredentials
import RemissionModel
import RemissionStorage
import Testing

@testable import RemissionSession

/// Whose a keyring item written before routes were part of a server's identity is: only a route that
/// alone could have written it takes it; a direct server of the URL keeps it; two routes, nobody.
@Suite("legacy keyring items: whose they are (pure)")
struct LegacyRouteItemsTests {
    static let endpoint = try! ServerEndpoint.parse("http://localhost:9091/transmission/rpc")

    static func server(_ name: String, via: String? = nil, socket: String? = nil, user: String? = "ann")
        -> ServerProfile
    {
        var options = ServerOptions()
        (options.via, options.unixSocket) = (via, socket)
        return ServerProfile(name: name, endpoint: endpoint, user: user, options: options, createdAt: 0)
    }

    static let seedbox = server("seedbox", via: "ssh://me@seedbox")

    @Test(
        "the table",
        arguments: [
            ([seedbox], "ann", true),
            ([seedbox, server("again", via: "ssh://other-user@SEEDBOX")], "ann", true),  // one host, two names
            ([seedbox, server("local")], "ann", false),  // a direct server keeps what is under its URL
            ([seedbox, server("local", user: "bob")], "ann", true),  // bob's item is not ann's
            ([seedbox, server("sock", socket: "/run/t.sock")], "ann", false),
            ([seedbox, server("sock", socket: "/run/t.sock")], nil, false),  // a header: every user
            ([server("elsewhere", via: "ssh://other")], "ann", false),  // not this server's route
            ([], "ann", false),
        ] as [([ServerProfile], String?, Bool)])
    func belong(servers: [ServerProfile], user: String?, expected: Bool) {
        #expect(LegacyRouteItems.belong(to: Self.seedbox.identity, user: user, among: servers) == expected)
    }

    @Test("a direct server never takes legacy items by this rule")
    func direct() {
        let local = Self.server("local")
        #expect(!LegacyRouteItems.belong(to: local.identity, user: "ann", among: [local]))
    }
}

/// A routed server's password and trust, found where an older remission kept them, through the use
/// cases (an in-memory keyring, private files).
@Suite("legacy items of a routed server, through target resolution (in process)")
struct LegacyRouteResolutionTests {
    func save(_ fixture: Fixture, _ name: String, via: String?) throws {
        var options = ServerOptions()
        options.via = via
        _ = try fixture.context.profileStore.upsert(
            ServerProfile(name: name, endpoint: Fixture.nas, user: "alice", options: options, createdAt: 0),
            makeDefault: false)
    }

    @Test("the only server of its URL, by ssh: its password under the bare URL is used and moved to its own key")
    func moved() throws {
        let fixture = try Fixture(passwords: ["alice": "old-secret"], saveServer: false)
        defer { fixture.remove() }
        try save(fixture, "box", via: "ssh://me@seedbox")
        let target = try fixture.context.resolveTarget("box", prompt: nil)
        #expect(target.credentials?.password == "old-secret" && target.passwordSource == .keyring)
        let routed = try CredentialKey(
            endpoint: Fixture.nas, route: .ssh(SSHDestination(host: "seedbox")), user: "alice")
        #expect(try fixture.keyring.lookup(routed) == "old-secret")
        #expect(try fixture.keyring.lookup(routed.withoutRoute) == nil, "moved, not copied")
    }

    @Test("with a direct server of the same URL, the bare URL's password stays the direct one's")
    func directKeeps() throws {
        let fixture = try Fixture(passwords: ["alice": "direct-secret"], saveServer: false)
        defer { fixture.remove() }
        try save(fixture, "box", via: "ssh://me@seedbox")
        try save(fixture, "nas", via: nil)
        let box = try fixture.context.resolveTarget("box", prompt: nil)
        #expect(box.credentials?.password == "" && box.passwordSource == .none, "box must not get nas's password")
        let nas = try fixture.context.resolveTarget("nas", prompt: nil)
        #expect(nas.credentials?.password == "direct-secret")
        #expect(throws: Failure.self) { try fixture.context.resolveTarget(Fixture.nas.url, prompt: nil) }
    }

    @Test("servers remove of a routed server takes its password left under the bare URL, when only its own")
    func removeLeftBehind() throws {
        let fixture = try Fixture(passwords: ["alice": "old-secret"], saveServer: false)
        defer { fixture.remove() }
        try save(fixture, "box", via: "ssh://me@seedbox")
        let servers = SavedServers(fixture.context)
        let removed = try servers.remove(try servers.removal(of: "box"), keepPassword: false)
        let routed = try CredentialKey(
            endpoint: Fixture.nas, route: .ssh(SSHDestination(host: "seedbox")), user: "alice")
        #expect(removed.password == .removed(label: routed.label))
        #expect(try fixture.keyring.lookup(routed.withoutRoute) == nil, "a direct server saved later must not read it")
    }
}
