import Foundation
import RemissionModel
import RemissionStorage
import TestSupport
import Testing
import TrustFixtures

@testable import RemissionTrust

@Suite("Trust store")
struct TrustStoreTests {
    let nas = "https://nas.lan:443"

    @Test("an unknown server has no trust, and reading creates no file")
    func missing() throws {
        let directory = TemporaryDirectory()
        let store = TrustStore(path: directory.file("trust.json"))
        #expect(try store.trust(for: nas) == .none)
        #expect(try store.all().isEmpty)
        #expect(directoryEntries(directory.path) == [])
    }

    @Test("the file has the documented, stable shape")
    func format() throws {
        let directory = TemporaryDirectory()
        let store = TrustStore(path: directory.file("config/trust.json"))
        try store.update(nas) { trust in
            trust.pins = [pin(0xFF), pin(0)]
            trust.accepted = AcceptedCertificate(
                fingerprint: fingerprint(0xAB), subject: "CN=nas.lan", notBefore: 1_767_225_600,
                notAfter: 1_798_761_600, acceptedAt: 1_767_312_000)
            trust.caFile = "/home/ann/home-ca.pem"
        }
        try store.update("http://seedbox:9091") { $0.httpAcknowledged = true }
        let expected = """
            {
              "servers" : {
                "http://seedbox:9091" : {
                  "httpAcknowledged" : true,
                  "pins" : [

                  ]
                },
                "https://nas.lan:443" : {
                  "accepted" : {
                    "acceptedAt" : 1767312000,
                    "fingerprint" : "SHA256:\(String(repeating: "AB", count: 32))",
                    "notAfter" : 1798761600,
                    "notBefore" : 1767225600,
                    "subject" : "CN=nas.lan"
                  },
                  "caFile" : "/home/ann/home-ca.pem",
                  "httpAcknowledged" : false,
                  "pins" : [
                    "sha256//\(String(repeating: "/", count: 42))8=",
                    "sha256//\(String(repeating: "A", count: 43))="
                  ]
                }
              },
              "version" : 2
            }

            """
        #expect(readText(store.path) == expected)
        #expect(permissions(of: store.path) == 0o600)
    }

    @Test("what is stored reads back exactly")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let store = TrustStore(path: directory.file("trust.json"))
        let trust = ServerTrust(
            pins: [leaf.spkiPin, backupPin], accepted: acceptedCertificate(leaf), caFile: "/ca.pem",
            httpAcknowledged: true)
        try store.update(nas) { $0 = trust }
        #expect(try store.trust(for: nas) == trust)
        #expect(try TrustStore(path: store.path).trust(for: "https://other:443") == .none)
    }

    @Test("update returns the body's result; an entry left empty is removed")
    func emptyEntryRemoved() throws {
        let directory = TemporaryDirectory()
        let store = TrustStore(path: directory.file("trust.json"))
        let added = try store.update(nas) { trust -> Bool in
            trust.pins.append(leaf.spkiPin)
            return true
        }
        #expect(added)
        try store.update(nas) { $0.pins = [] }
        #expect(try store.all().isEmpty)
        #expect(readText(store.path)?.contains("nas.lan") == false)
    }

    @Test("remove forgets one server and says whether there was anything")
    func remove() throws {
        let directory = TemporaryDirectory()
        let store = TrustStore(path: directory.file("trust.json"))
        try store.update(nas) { $0.caFile = "/ca.pem" }
        try store.update("https://router:8443") { $0.caFile = "/ca.pem" }
        #expect(try store.remove(nas))
        #expect(try !store.remove(nas))
        #expect(try store.all().map(\.identity) == ["https://router:8443"])
    }

    @Test("all lists every server sorted by identity")
    func all() throws {
        let directory = TemporaryDirectory()
        let store = TrustStore(path: directory.file("trust.json"))
        for identity in ["https://b:443", "http://c:9091", "https://a:443"] {
            try store.update(identity) { $0.httpAcknowledged = true }
        }
        let listed = try store.all()
        #expect(listed.map(\.identity) == ["http://c:9091", "https://a:443", "https://b:443"])
        #expect(listed.allSatisfy { $0.trust == ServerTrust(httpAcknowledged: true) })
    }

    @Test("identities are keyed by scheme, lower-cased host and port, and a route when there is one")
    func endpoints() throws {
        let directory = TemporaryDirectory()
        let store = TrustStore(path: directory.file("trust.json"))
        let endpoint = ServerIdentity(try ServerEndpoint.parse("https://NAS.lan/transmission/rpc"))
        try store.update(endpoint) { $0.pins = [leaf.spkiPin] }
        #expect(try store.trust(for: "https://nas.lan:443").pins == [leaf.spkiPin])
        #expect(
            try store.trust(for: ServerIdentity(ServerEndpoint.parse("https://nas.lan:443/other"))).pins == [
                leaf.spkiPin
            ])
        #expect(try store.trust(for: ServerIdentity(ServerEndpoint.parse("https://nas.lan:8443"))) == .none)
        let routed = ServerIdentity(
            try ServerEndpoint.parse("https://nas.lan/transmission/rpc"), route: .ssh(SSHDestination(host: "Box")))
        #expect(routed.key == "https://nas.lan:443 via ssh://box")
        #expect(try store.trust(for: routed) == .none, "the same URL through an SSH host is another server")
        try store.update(routed) { $0.httpAcknowledged = true }
        #expect(try store.trust(for: "https://nas.lan:443 via ssh://box").httpAcknowledged)
        #expect(try store.remove(endpoint))
        #expect(try store.trust(for: routed).httpAcknowledged)
    }

    @Test(
        "malformed values make the file corrupt; it is refused and left byte-identical",
        arguments: [
            ("{\"version\": 1, \"servers\": {\"https://a:443\": {\"pins\": [\"sha256//short\"]}}}", "pins"),
            (
                "{\"version\": 1, \"servers\": {\"https://a:443\": {\"accepted\": {\"fingerprint\": \"SHA1:AA\", "
                    + "\"subject\": \"CN=a\", \"notBefore\": 0, \"notAfter\": 1, \"acceptedAt\": 0}}}}", "fingerprint"
            ),
            (
                "{\"version\": 1, \"servers\": {\"https://a:443\": {\"accepted\": {\"fingerprint\": \"SHA256:"
                    + String(repeating: "AB", count: 32) + "\"}}}}", "subject"
            ),
            ("{\"version\": 1, \"servers\": []}", "servers"),
            ("{\"version\": 1, \"servers\": {\"https://a:443\": {\"httpAcknowledged\": \"yes\"}}}", "httpAcknowledged"),
        ])
    func corrupt(content: String, location: String) throws {
        let directory = TemporaryDirectory()
        let store = TrustStore(path: directory.file("trust.json"))
        writeRaw(content, to: store.path)
        for attempt in [{ _ = try store.trust(for: "https://a:443") }, { try store.update(nas) { $0.caFile = "/x" } }] {
            do {
                try attempt()
                Issue.record("a malformed trust.json was accepted")
            } catch let StorageError.corrupt(path, detail) {
                #expect(path == store.path)
                #expect(detail.contains(location), "detail was: \(detail)")
            }
        }
        #expect(readText(store.path) == content)
    }

    @Test("a trust.json from a newer remission is refused and never rewritten")
    func newerVersion() throws {
        let directory = TemporaryDirectory()
        let store = TrustStore(path: directory.file("trust.json"))
        let content = "{\"version\": 3, \"servers\": {}, \"keys\": []}"
        writeRaw(content, to: store.path)
        let expected = StorageError.newerVersion(path: store.path, found: 3, supported: 2)
        #expect(throws: expected) { try store.all() }
        #expect(throws: expected) { try store.update(nas) { $0.httpAcknowledged = true } }
        #expect(throws: expected) { try store.remove(nas) }
        #expect(readText(store.path) == content)
    }

    @Test("missing optional members read as their defaults")
    func lenientDefaults() throws {
        let directory = TemporaryDirectory()
        let store = TrustStore(path: directory.file("trust.json"))
        writeRaw(
            "{\"version\": 1, \"servers\": {\"https://a:443\": {\"caFile\": \"/ca.pem\", \"accepted\": null}}}",
            to: store.path)
        #expect(try store.trust(for: "https://a:443") == ServerTrust(caFile: "/ca.pem"))
        writeRaw("{\"version\": 1}", to: store.path)
        #expect(try store.all().isEmpty)
    }

    @Test("twenty concurrent writers each add a server and none is lost")
    func concurrentWriters() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("trust.json")
        let group = DispatchGroup()
        let failures = Failures()
        for index in 0..<20 {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    try TrustStore(path: path, lockTimeout: .seconds(30)).update("https://host\(index):443") {
                        $0.pins = [pin(UInt8(index))]
                    }
                } catch {
                    failures.record("\(error)")
                }
            }.start()
        }
        group.wait()
        #expect(failures.all == [])
        let stored = try TrustStore(path: path).all()
        #expect(stored.count == 20)
        #expect(Set(stored.map(\.trust.pins)) == Set((0..<20).map { [pin(UInt8($0))] }))
    }
}
