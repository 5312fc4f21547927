import Foundation
import RemissionModel
import TestSupport
import Testing

@testable import RemissionStorage

func endpoint(_ url: String) -> ServerEndpoint { try! ServerEndpoint.parse(url) }

func sampleProfile(_ name: String, _ url: String = "https://nas.lan", user: String? = "ann") -> ServerProfile {
    ServerProfile(name: name, endpoint: endpoint(url), user: user, createdAt: 1_700_000_000)
}

@Suite("Profile store")
struct ProfileStoreTests {
    @Test("a missing file reads as no servers and is not created")
    func missingFile() throws {
        let directory = TemporaryDirectory()
        let store = ProfileStore(path: directory.file("servers.json"))
        let all = try store.all()
        #expect(all.default == nil)
        #expect(all.profiles == [])
        #expect(try store.profile(for: endpoint("https://nas.lan")) == nil)
        #expect(directoryEntries(directory.path) == [])
    }

    @Test("profiles round-trip through the file, with the documented format")
    func roundTrip() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("servers.json")
        var options = ServerOptions(timeoutSeconds: 30)
        options.unknown["colour"] = .string("blue")
        let nas = ServerProfile(
            name: "nas", endpoint: endpoint("https://NAS.lan/transmission/"), user: "ann", options: options,
            createdAt: 1_767_225_600, legacyID: "L-1", needsPassword: true)
        let box = ServerProfile(
            name: "box", endpoint: endpoint("http://[::1]:9092"), options: ServerOptions(timeoutSeconds: 2.5),
            createdAt: 5)
        try ProfileStore(path: path).upsert(nas)
        try ProfileStore(path: path).upsert(box)

        let all = try ProfileStore(path: path).all()
        #expect(all.default == "nas")
        #expect(all.profiles == [nas, box])
        #expect(
            readText(path) == """
                {
                  "default" : "nas",
                  "servers" : [
                    {
                      "createdAt" : 1767225600,
                      "host" : "nas.lan",
                      "legacyID" : "L-1",
                      "name" : "nas",
                      "needsPassword" : true,
                      "options" : {
                        "colour" : "blue",
                        "timeoutSeconds" : 30
                      },
                      "path" : "/transmission/rpc",
                      "port" : 443,
                      "scheme" : "https",
                      "user" : "ann"
                    },
                    {
                      "createdAt" : 5,
                      "host" : "::1",
                      "name" : "box",
                      "needsPassword" : false,
                      "options" : {
                        "timeoutSeconds" : 2.5
                      },
                      "path" : "/transmission/rpc",
                      "port" : 9092,
                      "scheme" : "http"
                    }
                  ],
                  "version" : 1
                }

                """)
        #expect(permissions(of: path) == 0o600)
        #expect(try ProfileStore(path: path).profile(named: "box") == box)
        #expect(try ProfileStore(path: path).profile(for: endpoint("http://[::1]:9092/transmission/rpc")) == box)
        #expect(try ProfileStore(path: path).profile(for: endpoint("http://[::1]:9092/other")) == nil)
    }

    @Test("upsert updates in place, keeps createdAt, legacyID and unknown options")
    func upsertUpdates() throws {
        let directory = TemporaryDirectory()
        let store = ProfileStore(path: directory.file("servers.json"))
        var first = sampleProfile("a", "https://a.lan")
        first.legacyID = "OLD"
        first.options.unknown["keep"] = .bool(true)
        try store.upsert(first)
        try store.upsert(sampleProfile("b", "https://b.lan"))

        var changed = ServerProfile(
            name: "a", endpoint: endpoint("http://a.lan:9999/rpc"), user: nil,
            options: ServerOptions(timeoutSeconds: 9), createdAt: 42)
        changed.needsPassword = true
        let stored = try store.upsert(changed)

        #expect(stored.createdAt == 1_700_000_000)
        #expect(stored.legacyID == "OLD")
        #expect(stored.endpoint == endpoint("http://a.lan:9999/rpc"))
        #expect(stored.user == nil)
        #expect(stored.needsPassword)
        #expect(stored.options == ServerOptions(timeoutSeconds: 9, unknown: ["keep": .bool(true)]))
        let all = try store.all()
        #expect(all.profiles.map(\.name) == ["a", "b"])
        #expect(all.profiles[0] == stored)
    }

    @Test("the first profile becomes the default; later ones only with makeDefault")
    func firstIsDefault() throws {
        let directory = TemporaryDirectory()
        let store = ProfileStore(path: directory.file("servers.json"))
        try store.upsert(sampleProfile("a"))
        #expect(try store.all().default == "a")
        try store.upsert(sampleProfile("b"))
        #expect(try store.all().default == "a")
        try store.upsert(sampleProfile("c"), makeDefault: true)
        #expect(try store.all().default == "c")
        try store.upsert(sampleProfile("a"))
        #expect(try store.all().default == "c")
    }

    @Test("remove returns the profile; removing the default leaves the only one left as the default, or none")
    func remove() throws {
        let directory = TemporaryDirectory()
        let store = ProfileStore(path: directory.file("servers.json"))
        try store.upsert(sampleProfile("a"))
        try store.upsert(sampleProfile("b"))
        #expect(try store.remove(named: "b")?.name == "b")
        #expect(try store.all().default == "a")
        #expect(try store.remove(named: "b") == nil)
        #expect(try store.remove(named: "a")?.name == "a")
        let all = try store.all()
        #expect(all.default == nil)
        #expect(all.profiles == [])
        // A new first profile becomes the default again.
        try store.upsert(sampleProfile("c"))
        #expect(try store.all().default == "c")
        // The default removed with one left: that one is the default; with two left, none is picked.
        try store.upsert(sampleProfile("d"))
        #expect(try store.remove(named: "c")?.name == "c")
        #expect(try store.all().default == "d")
        try store.upsert(sampleProfile("e"))
        try store.upsert(sampleProfile("f"))
        #expect(try store.remove(named: "d")?.name == "d")
        #expect(try store.all().default == nil)
    }

    @Test("setDefault and rename; the default follows a rename")
    func defaultAndRename() throws {
        let directory = TemporaryDirectory()
        let store = ProfileStore(path: directory.file("servers.json"))
        try store.upsert(sampleProfile("a", "https://a.lan"))
        try store.upsert(sampleProfile("b", "https://b.lan"))
        try store.setDefault("b")
        #expect(try store.all().default == "b")

        let renamed = try store.rename("b", to: "B")
        #expect(renamed.name == "B")
        #expect(renamed.endpoint == endpoint("https://b.lan"))
        #expect(try store.all().default == "B")
        #expect(try store.all().profiles.map(\.name) == ["a", "B"])
        try store.rename("a", to: "x")
        #expect(try store.all().default == "B")

        try store.setDefault(nil)
        #expect(try store.all().default == nil)
    }

    @Test("errors name the server and the next step")
    func errors() throws {
        let directory = TemporaryDirectory()
        let store = ProfileStore(path: directory.file("servers.json"))
        #expect(throws: ProfileError.notFound("nas", saved: [])) { try store.profile(named: "nas") }
        try store.upsert(sampleProfile("a"))
        try store.upsert(sampleProfile("b"))

        let missing = ProfileError.notFound("nas", saved: ["a", "b"])
        #expect(throws: missing) { try store.profile(named: "nas") }
        #expect(throws: missing) { try store.setDefault("nas") }
        #expect(throws: missing) { try store.rename("nas", to: "c") }
        #expect(throws: ProfileError.notFound("A", saved: ["a", "b"])) { try store.profile(named: "A") }

        #expect(throws: ProfileError.alreadyExists("b")) { try store.rename("a", to: "b") }
        #expect(throws: ProfileError.invalidName("my nas", .whitespace)) { try store.rename("a", to: "my nas") }
        #expect(throws: ProfileError.invalidName("", .empty)) { try store.upsert(sampleProfile("")) }

        var badTimeout = sampleProfile("c")
        badTimeout.options.timeoutSeconds = 0
        #expect(throws: ProfileError.self) { try store.upsert(badTimeout) }
        #expect(try store.all().profiles.map(\.name) == ["a", "b"])
    }

    @Test(
        "name validation",
        arguments: [
            ("nas", nil), ("Seedbox_2", nil), ("nas.lan", nil), ("дом", nil), ("a-b", nil), ("x@y", nil),
            ("", .empty), (String(repeating: "n", count: 65), .tooLong(maximum: 64)),
            ("my nas", .whitespace), ("tab\there", .whitespace), ("nbsp\u{A0}x", .whitespace),
            ("bell\u{7}", .controlCharacter), ("zero\u{200B}width", .controlCharacter),
            ("a/b", .slash), ("a\\b", .slash), ("https://nas", .looksLikeURL), ("nas:9091", .looksLikeURL),
            ("-nas", .leadingDash), (".", .dots), ("..", .dots),
        ] as [(String, ProfileNameProblem?)])
    func nameValidation(name: String, problem: ProfileNameProblem?) {
        #expect(ServerProfile.nameProblem(name) == problem)
    }

    @Test("a newer version is refused and left untouched")
    func newerVersion() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("servers.json")
        let text = #"{"version": 2, "default": "a", "servers": [], "future": true}"#
        writeRaw(text, to: path)
        let store = ProfileStore(path: path)
        let expected = ProfileError.storage(.newerVersion(path: path, found: 2, supported: 1))
        #expect(throws: expected) { try store.all() }
        #expect(throws: expected) { try store.upsert(sampleProfile("b")) }
        #expect(readText(path) == text)
        #expect(directoryEntries(directory.path) == ["servers.json", "servers.json.lock"])
    }

    @Test(
        "inconsistent version-1 files are corrupt and left untouched",
        arguments: [
            (#"{"version":1,"default":"x","servers":[]}"#, "\"default\""),
            (
                #"{"version":1,"servers":[{"name":"a","scheme":"http","host":"h","port":1,"path":"/"},"#
                    + #"{"name":"a","scheme":"http","host":"h","port":2,"path":"/"}]}"#, "two servers are named 'a'"
            ),
            (#"{"version":1,"servers":[{"name":"a","scheme":"ftp","host":"h","port":1,"path":"/"}]}"#, "scheme"),
            (#"{"version":1,"servers":[{"name":"a b","scheme":"http","host":"h","port":1,"path":"/"}]}"#, "name"),
            (#"{"version":1,"servers":[{"name":"a","scheme":"http","host":"h h","port":1,"path":"/"}]}"#, "host"),
            (#"{"version":1,"servers":[{"name":"a","scheme":"http","host":"h","port":0,"path":"/"}]}"#, "port"),
            (#"{"version":1,"servers":[{"name":"a","scheme":"http","host":"h","port":1,"path":"rpc"}]}"#, "path"),
        ])
    func corruptVersion1(text: String, mentioning: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("servers.json")
        writeRaw(text, to: path)
        let store = ProfileStore(path: path)
        #expect {
            try store.upsert(sampleProfile("new"))
        } throws: { error in
            guard case .storage(.corrupt(let errorPath, let detail)) = error as? ProfileError else { return false }
            return errorPath == path && detail.contains(mentioning)
        }
        #expect(readText(path) == text)
    }
}
