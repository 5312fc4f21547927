import Foundation
import RemissionModel
import RemissionSession
import RemissionStorage
import Testing

/// Issue 14: a bare `host[:port]` is accepted wherever a URL is (check, list, --server), read as
/// `connect` reads it, after the saved names, and never as plain HTTP to another host unasked.
@Suite("Use cases: a bare host[:port] as a server (in process)")
struct BareAddressTests {
    @Test("loopback host:port is the http URL connect would use; host:443 is https")
    func accepted() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let local = try fixture.context.locate("localhost:9091")
        #expect(local.endpoint.url == "http://localhost:9091/transmission/rpc")
        #expect(local.label == local.endpoint.url && local.profile == nil)
        #expect(try fixture.context.locate("127.0.0.1").endpoint.url == "http://127.0.0.1:9091/transmission/rpc")
        #expect(try fixture.context.locate("[::1]:9091").endpoint.host == "::1")
        #expect(try fixture.context.locate("nas.example:443").endpoint.scheme == .https)
    }

    @Test("the saved server at that host and port is found by it, https too; a saved name wins")
    func savedFirst() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let byAddress = try fixture.context.locate("nas.example:8443")  // http guessed, the saved one is https
        #expect(byAddress.label == "nas" && byAddress.endpoint == Fixture.nas)
        let local = try ServerEndpoint.parse("http://localhost:9091/transmission/rpc")
        _ = try fixture.context.profileStore.upsert(
            ServerProfile(name: "localhost", endpoint: try ServerEndpoint.parse("https://other:443/"), createdAt: 0))
        _ = try fixture.context.profileStore.upsert(ServerProfile(name: "loop", endpoint: local, createdAt: 0))
        #expect(try fixture.context.locate("localhost").label == "localhost")  // the name, not the address
        #expect(try fixture.context.locate("localhost:9091").label == "loop")
    }

    @Test("plain HTTP to another host is answered with the URL it would be, unless acknowledged")
    func remotePlainHTTP() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let url = "http://box.example:9091/transmission/rpc"
        #expect(throws: Failure(.input(.bareHostPlainHTTP(text: "box.example", url: url)))) {
            try fixture.context.locate("box.example")
        }
        try fixture.context.trustStore.change(ServerIdentity(try ServerEndpoint.parse(url))) {
            $0.httpAcknowledged = true
        }
        #expect(try fixture.context.locate("box.example").endpoint.url == url)
    }

    @Test("a word that is not shaped like an address stays 'No server named'")
    func mistypedName() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        #expect(throws: Failure(.profile(.notFound("nsa", saved: ["nas"])))) { try fixture.context.locate("nsa") }
    }
}
