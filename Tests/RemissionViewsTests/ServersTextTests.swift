import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionStorage
import Testing

@testable import RemissionViews

@Suite("Views: servers")
struct ServersTextTests {
    static let endpoint = try! ServerEndpoint.parse("https://nas:8443/transmission/rpc")

    @Test("what a removal did, one line each, and no default any more")
    func removed() {
        let removed = RemovedServer(
            profile: ServerProfile(name: "nas", endpoint: Self.endpoint, user: "alice", createdAt: 0), wasDefault: true,
            password: .shared(label: "Remission: alice@nas:8443", with: ["a", "b"]),
            trust: .notStored(identity: "https://nas:8443"))
        #expect(
            ServersText.removed(removed) == [
                "Removed server 'nas' (https://nas:8443/transmission/rpc).",
                "Kept the keyring item \"Remission: alice@nas:8443\": also used by 'a', 'b'.",
                "No trust settings were stored for https://nas:8443.",
                "There is no default server now; set one with: remission servers default NAME",
            ])
    }

    @Test("the default removed with one server left: that one is named as the default")
    func removedNewDefault() {
        let removed = RemovedServer(
            profile: ServerProfile(name: "nas", endpoint: Self.endpoint, user: "alice", createdAt: 0), wasDefault: true,
            password: .noUser, trust: .notStored(identity: "https://nas:8443"), newDefault: "box")
        #expect(ServersText.removed(removed).last == "'box' is the default server now: it is the only one left.")
    }

    @Test("the table marks the default and shows an edited name, not its escape sequence")
    func table() {
        let list = ServerList(
            defaultName: "nas",
            profiles: [
                ServerProfile(name: "nas", endpoint: Self.endpoint, user: nil, createdAt: 0),
                ServerProfile(
                    name: "x\u{1B}[2J", endpoint: Self.endpoint, user: "bob", createdAt: 0, needsPassword: true),
            ])
        let lines = ServersText.table(list, terminal: Terminal()).split(separator: "\n")
        #expect(lines[0].hasPrefix("  NAME"))
        #expect(lines[1].hasPrefix("* nas"))
        #expect(lines[1].hasSuffix("default"))
        #expect(lines[2].hasPrefix("  x^[[2J"))
        #expect(lines[2].hasSuffix("bob   needs password"))
    }

    /// Two servers: one through ssh with a TLS name and gateway headers (one plain, one secret), one
    /// on a unix socket; an edited servers.json's escape sequence shows as text.
    static var routed: ServerList {
        var ssh = ServerProfile(name: "nas", endpoint: endpoint, user: "alice", createdAt: 0)
        ssh.options.via = "ssh://admin@nas:2222"
        ssh.options.tlsName = "nas.home\u{1B}[2J"
        ssh.options.headers = [
            SavedHeader(name: "CF-Access-Client-Id", value: "plain-value-1a2b"),
            SavedHeader(name: "CF-Access-Client-Secret", value: nil),
        ]
        var socket = ServerProfile(
            name: "box", endpoint: try! ServerEndpoint.parse("http://localhost/transmission/rpc"), user: nil,
            createdAt: 0)
        socket.options.unixSocket = "/run/transmission/rpc.sock"
        return ServerList(defaultName: "nas", profiles: [ssh, socket])
    }

    @Test("the table shows each server's ssh host or unix socket, its TLS name and its header names, no value")
    func tableShowsRoutes() {
        let text = ServersText.table(Self.routed, terminal: Terminal())
        #expect(text.contains("    Via: ssh://admin@nas:2222"), "\(text)")
        #expect(text.contains("    TLS name: nas.home^[[2J"), "\(text)")
        #expect(text.contains("    Headers: CF-Access-Client-Id, CF-Access-Client-Secret (keyring)"), "\(text)")
        #expect(text.contains("    Unix socket: /run/transmission/rpc.sock"), "\(text)")
        #expect(!text.contains("plain-value-1a2b"), "\(text)")
    }

    @Test("the JSON has via, unixSocket and tlsName (null when none) and header names, no header value")
    func jsonShowsRoutes() throws {
        let json = ServersText.json(Self.routed)
        let document = try JSONValue.parse(Array(json.utf8))
        let servers = try #require(document["servers"]?.array)
        #expect(servers[0]["via"]?.string == "ssh://admin@nas:2222")
        #expect(servers[0]["tlsName"]?.string == "nas.home\u{1B}[2J")
        #expect(servers[0]["unixSocket"] == .null)
        #expect(servers[1]["unixSocket"]?.string == "/run/transmission/rpc.sock")
        #expect(servers[1]["via"] == .null)
        #expect(servers[1]["tlsName"] == .null)
        let headers = try #require(servers[0]["headers"]?.array)
        #expect(headers.map { $0["name"]?.string } == ["CF-Access-Client-Id", "CF-Access-Client-Secret"])
        #expect(headers.map { $0["secret"] } == [.bool(false), .bool(true)])
        #expect(!json.contains("plain-value-1a2b"), "\(json)")
        #expect(!json.contains("\u{1B}"), "raw escape in \(json)")
    }
}

@Suite("Views: credentials")
struct CredentialsTextTests {
    static let endpoint = try! ServerEndpoint.parse("https://nas:8443/transmission/rpc")

    static func status(source: PasswordSource?, user: String? = "alice", failure: Failure? = nil) -> PasswordStatus {
        PasswordStatus(
            label: "nas", endpoint: endpoint, user: user, source: source,
            keyring: failure == nil ? .available(collection: "Login") : .locked(collection: "Login"),
            keyringFailure: failure, needsPassword: false)
    }

    @Test("status names the source, and the keyring when it cannot be used")
    func status() {
        let text = CredentialsText.status(Self.status(source: .keyring))
        #expect(text.contains("Password: from the keyring (item \"Remission: alice@nas:8443\")"))
        #expect(
            text.hasSuffix("Keyring:  available — Secret Service keyring available (collection 'Login', unlocked)."))
        let locked = Self.status(source: nil, failure: Failure(.keyring(.locked(collection: "Login"))))
        #expect(CredentialsText.status(locked).contains("which cannot be used now"))
        #expect(CredentialsText.statusJSON(locked).contains("\"source\":\"keyring-unusable\""))
        #expect(CredentialsText.statusJSON(locked).contains("\"state\":\"locked\""))
        #expect(
            CredentialsText.status(Self.status(source: PasswordSource.none, user: nil)).contains(
                "the server has no user"))
    }
}
