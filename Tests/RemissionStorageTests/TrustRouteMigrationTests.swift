import Foundation
import RemissionModel
import TestSupport
import Testing

@testable import RemissionStorage
@testable import RemissionTrust

/// trust.json version 1 keyed a routed server's trust by its bare URL, shared with every server of
/// that URL. Version 2 keys it by the server's identity (`… via ROUTE`); the migration gives each
/// saved server exactly what it read before, and nobody anything more.
@Suite("trust.json 1 → 2: a routed server's entry under its own identity")
struct TrustRouteMigrationTests {
    static let url = "http://localhost:9091"
    static let seedbox = ServerIdentity(address: url, route: .ssh(SSHDestination(host: "seedbox")))
    static let other = ServerIdentity(address: url, route: .ssh(SSHDestination(host: "other", port: 2222)))
    static let socket = ServerIdentity(address: url, route: .unixSocket("/run/t/rpc.sock"))
    static let direct = ServerIdentity(address: url, route: nil)
    static let acknowledged = ServerTrust(httpAcknowledged: true)

    func migrated(_ servers: [ServerIdentity], extra: [String: ServerTrust] = [:]) -> [String: ServerTrust] {
        var document = TrustDocument()
        document.servers = [Self.url: Self.acknowledged, "https://nas:443": ServerTrust(caFile: "/ca.pem")]
            .merging(extra) { $1 }
        return document.separatingRoutes(servers: servers).servers
    }

    @Test(
        "each saved route gets a copy; the bare URL stays only for a direct server or an unsaved URL",
        arguments: [
            // Only a routed server used it: it moves.
            ([seedbox], [seedbox.key]),
            // Two routes: each keeps it, the bare URL is nobody's.
            ([seedbox, other, socket], [seedbox.key, other.key, socket.key]),
            // A direct server too: it keeps the bare URL, the routed one a copy.
            ([seedbox, direct], [seedbox.key, url]),
            ([direct], [url]),
            // No saved server of that URL (a URL used unsaved): as it was.
            ([], [url]),
        ] as [([ServerIdentity], [String])])
    func table(servers: [ServerIdentity], expected: [String]) {
        let result = migrated(servers)
        #expect(Set(result.keys) == Set(expected + ["https://nas:443"]), "\(result.keys.sorted())")
        for key in expected { #expect(result[key] == Self.acknowledged) }
        #expect(result["https://nas:443"] == ServerTrust(caFile: "/ca.pem"))
    }

    @Test("an entry already under the routed identity is kept, not overwritten by the bare URL's")
    func existingRouted() {
        let result = migrated([Self.seedbox], extra: [Self.seedbox.key: ServerTrust(caFile: "/seedbox.pem")])
        #expect(result[Self.seedbox.key] == ServerTrust(caFile: "/seedbox.pem"))
        #expect(result[Self.url] == nil)
    }

    @Test("through the store: read migrated, written as version 2 with the original kept as .v1.bak")
    func store() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("trust.json")
        let original = "{\"version\": 1, \"servers\": {\"\(Self.url)\": {\"httpAcknowledged\": true}}}"
        writeRaw(original, to: path, permissions: 0o600)
        let store = TrustStore(path: path) { [Self.seedbox] }
        #expect(try store.trust(for: Self.seedbox) == Self.acknowledged)
        #expect(try store.trust(for: Self.direct) == .none, "the bare URL is no longer the routed server's")
        #expect(readText(path) == original, "reading never writes")
        try store.update(Self.socket) { $0.httpAcknowledged = true }
        let written = try #require(readText(path))
        #expect(written.contains("\"version\" : 2") && written.contains("\"\(Self.seedbox.key)\""), "\(written)")
        #expect(readText(path + ".v1.bak") == original)
    }

    @Test("identities: keys read back; a direct key is the bare URL, as version 1 wrote it")
    func keys() {
        for identity in [Self.seedbox, Self.other, Self.socket, Self.direct] {
            #expect(ServerIdentity(key: identity.key) == identity, "\(identity.key)")
        }
        #expect(Self.other.key == "http://localhost:9091 via ssh://other:2222")
        #expect(Self.socket.key == "http://localhost:9091 via unix:/run/t/rpc.sock")
        #expect(Self.direct.key == Self.url)
        #expect(
            RouteIdentity.ssh(SSHDestination(user: "ann", host: "SeedBox")) == .ssh(SSHDestination(host: "seedbox")))
    }
}
