import Foundation
import RemissionModel
import TestSupport
import Testing

@testable import RemissionStorage

@Suite("Profile store: import of the original app's servers.json")
struct ProfileStoreLegacyTests {
    /// As the original Remission app wrote it: a bare array, `path` omitted when default.
    static let legacy = """
        [
          {"id": "6F1E0A6C-1111-4000-8000-000000000001", "name": "Home NAS", "host": "NAS.lan", "port": 9091,
           "isSecure": false, "username": "ann", "createdAt": "2024-03-05T10:20:30Z"},
          {"id": "6F1E0A6C-2222-4000-8000-000000000002", "name": "Seedbox", "host": "seed.example.com",
           "port": 443, "path": "/custom/rpc", "isSecure": true, "username": "bob",
           "createdAt": "2024-03-05T10:20:30.123Z"},
          {"id": "6F1E0A6C-3333-4000-8000-000000000003", "name": "Home NAS", "host": "192.168.1.5",
           "port": 9091, "isSecure": false, "createdAt": "2024-03-05T12:20:30.5+02:00"}
        ]
        """

    static let imported = """
        {
          "default" : "Home-NAS",
          "servers" : [
            {
              "createdAt" : 1709634030,
              "host" : "nas.lan",
              "legacyID" : "6F1E0A6C-1111-4000-8000-000000000001",
              "name" : "Home-NAS",
              "needsPassword" : true,
              "options" : {

              },
              "path" : "/transmission/rpc",
              "port" : 9091,
              "scheme" : "http",
              "user" : "ann"
            },
            {
              "createdAt" : 1709634030,
              "host" : "seed.example.com",
              "legacyID" : "6F1E0A6C-2222-4000-8000-000000000002",
              "name" : "Seedbox",
              "needsPassword" : true,
              "options" : {

              },
              "path" : "/custom/rpc",
              "port" : 443,
              "scheme" : "https",
              "user" : "bob"
            },
            {
              "createdAt" : 1709634030,
              "host" : "192.168.1.5",
              "legacyID" : "6F1E0A6C-3333-4000-8000-000000000003",
              "name" : "Home-NAS-2",
              "needsPassword" : false,
              "options" : {

              },
              "path" : "/transmission/rpc",
              "port" : 9091,
              "scheme" : "http"
            }
          ],
          "version" : 1
        }

        """

    @Test("reading imports in memory and writes nothing")
    func readOnly() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("servers.json")
        writeRaw(Self.legacy, to: path)
        let all = try ProfileStore(path: path).all()
        #expect(all.default == "Home-NAS")
        #expect(all.profiles.map(\.name) == ["Home-NAS", "Seedbox", "Home-NAS-2"])
        #expect(all.profiles.map(\.needsPassword) == [true, true, false])
        #expect(readText(path) == Self.legacy)
        #expect(directoryEntries(directory.path) == ["servers.json"])
    }

    @Test("the first change writes exactly version 1 and keeps the original as servers.json.v0.bak")
    func importOnChange() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("servers.json")
        writeRaw(Self.legacy, to: path)
        let store = ProfileStore(path: path)
        try store.setDefault("Seedbox")
        try store.setDefault("Home-NAS")  // Back to the imported default: the file is the import.

        #expect(readText(path) == Self.imported)
        #expect(readRaw(path + ".v0.bak") == Array(Self.legacy.utf8))
        #expect(permissions(of: path) == 0o600)
        #expect(directoryEntries(directory.path) == ["servers.json", "servers.json.lock", "servers.json.v0.bak"])
        let seedbox = try store.profile(named: "Seedbox")
        #expect(seedbox.endpoint.url == "https://seed.example.com:443/custom/rpc")
        #expect(seedbox.user == "bob")
    }

    @Test("an empty legacy list imports as no servers")
    func emptyList() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("servers.json")
        writeRaw("[]", to: path)
        let store = ProfileStore(path: path)
        #expect(try store.all().profiles == [])
        try store.upsert(sampleProfile("nas"))
        #expect(try store.all().default == "nas")
        #expect(readText(path + ".v0.bak") == "[]")
    }

    @Test(
        "an entry that cannot be imported makes the file corrupt, byte for byte untouched",
        arguments: [
            (
                #"[{"name":"ok","host":"a","port":1,"isSecure":true},{"name":"Box","port":9091,"isSecure":false}]"#,
                #"server 2 ('Box') in the original app's list has no valid "host""#
            ),
            (#"[{"name":"Box","host":"a","isSecure":false}]"#, #"has no valid "port""#),
            (#"[{"name":"Box","host":"a","port":70000,"isSecure":false}]"#, #"has no valid "port""#),
            (#"[{"name":"Box","host":"a","port":1}]"#, #"has no valid "isSecure""#),
            (#"[{"name":"Box","host":"a b","port":1,"isSecure":true}]"#, "'a b' is not a valid host"),
            (#"[42]"#, "server 1 in the original app's list is not a JSON object"),
        ])
    func refused(text: String, detail: String) throws {
        let directory = TemporaryDirectory()
        let path = directory.file("servers.json")
        writeRaw(text, to: path)
        let store = ProfileStore(path: path)
        for attempt in [{ _ = try store.all() }, { try store.upsert(sampleProfile("new")) }] {
            #expect {
                try attempt()
            } throws: { error in
                guard case .storage(.corrupt(let errorPath, let message)) = error as? ProfileError else { return false }
                return errorPath == path && message.contains(detail) && message.contains("version 0")
            }
        }
        #expect(readRaw(path) == Array(text.utf8))
        #expect(!exists(path + ".v0.bak"))
    }

    @Test(
        "legacy names become valid, unique names",
        arguments: [
            ("My NAS", "My-NAS"), ("  ", "server"), ("https://nas", "https-nas"), ("-x-", "x"), ("..", "server"),
            ("a / b", "a-b"), ("дом\u{7}", "дом"),
            (String(repeating: "n", count: 70), String(repeating: "n", count: 64)),
        ])
    func sanitizing(text: String, expected: String) {
        #expect(ServerProfile.sanitizedName(text) == expected)
        #expect(ServerProfile.nameProblem(expected) == nil)
    }

    @Test("duplicates get -2, -3, … within the length limit")
    func unique() {
        #expect(ServerProfile.uniqueName("nas", notIn: []) == "nas")
        #expect(ServerProfile.uniqueName("nas", notIn: ["nas", "nas-2"]) == "nas-3")
        let long = String(repeating: "n", count: 64)
        #expect(ServerProfile.uniqueName(long, notIn: [long]) == String(repeating: "n", count: 62) + "-2")
    }

    @Test(
        "ISO 8601 dates by hand",
        arguments: [
            ("2024-03-05T10:20:30Z", 1_709_634_030), ("2024-03-05T10:20:30.123Z", 1_709_634_030),
            ("2024-03-05T10:20:30", 1_709_634_030), ("2024-03-05t10:20:30,9z", 1_709_634_030),
            ("2024-03-05T12:20:30+02:00", 1_709_634_030), ("2024-03-05T05:50:30-0430", 1_709_634_030),
            ("2000-02-29T23:59:59Z", 951_868_799), ("1970-01-01T00:00:00Z", 0),
            ("2025-01-01T00:00:00+01:00", 1_735_686_000),
        ] as [(String, Int64)])
    func dates(text: String, expected: Int64) {
        #expect(unixSeconds(iso8601: text) == expected)
    }

    @Test(
        "malformed dates are nil (and import as 0)",
        arguments: [
            "", "2024-03-05", "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z",
            "2024-03-05T24:00:00Z", "2024-03-05T10:20:30.Z", "2024-03-05T10:20:30Zjunk", "734000000",
        ])
    func badDates(text: String) {
        #expect(unixSeconds(iso8601: text) == nil)
    }
}
