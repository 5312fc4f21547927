import Foundation
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionViews
import Testing

/// Gateway headers as values (names, values, secrecy, the file form) and the pure recognition of a
/// gateway's answer, with hostile inputs; no I/O.
@Suite("Gateways: headers, their file form, and recognising a gateway's answer (pure)")
struct GatewayTests {
    func response(_ status: Int, _ headers: [(String, String)], _ body: String = "") -> HTTPResponse {
        HTTPResponse(status: status, headers: headers.map { HTTPHeader($0.0, $0.1) }, body: Array(body.utf8))
    }

    func product(_ response: HTTPResponse) -> AuthenticationGateway.Product?? {
        AuthenticationGateway.recognize(response, host: "nas.example").map(\.product)
    }

    @Test("names are RFC 9110 tokens, Remission's own headers are refused, values have no line breaks")
    func headerRules() throws {
        #expect(try GatewayHeader.parse("CF-Access-Client-Id:  abc.access \t") == ("CF-Access-Client-Id", "abc.access"))
        #expect(try GatewayHeader.parse("Cookie: a=b; c=d:e").value == "a=b; c=d:e")
        #expect(throws: GatewayHeaderProblem.noColon(name: "NoColon")) { try GatewayHeader.parse("NoColon") }
        #expect(throws: GatewayHeaderProblem.noColon(name: "X-Token")) { try GatewayHeader.parse("X-Token s3cr3t") }
        #expect(throws: GatewayHeaderProblem.notToken(name: "Bad Name")) { try GatewayHeader.parse("Bad Name: x") }
        #expect(throws: GatewayHeaderProblem.notToken(name: "Ключ")) { try GatewayHeader.parse("Ключ: x") }
        #expect(throws: GatewayHeaderProblem.notToken(name: "")) { try GatewayHeader.parse(": x") }
        for name in [
            "Host", "content-length", "Content-Type", "Transfer-Encoding", "Connection", "X-Transmission-Session-Id",
            "Accept-Encoding", "User-Agent",
        ] {
            #expect(throws: GatewayHeaderProblem.reserved(name: name)) { try GatewayHeader.parse("\(name): x") }
        }
        for value in ["a\r\nInjected: 1", "a\nb", "a\u{0}b", "a\u{1B}[31m", ""] {
            #expect(throws: GatewayHeaderProblem.self) { try GatewayHeader.parse("X-Token: \(value)") }
        }
        #expect(throws: GatewayHeaderProblem.valueTooLong(name: "X", maximum: 8192)) {
            try GatewayHeader.parse("X: " + String(repeating: "a", count: 8193))
        }
        #expect(throws: Never.self) { try GatewayHeader.parse("X: a\tb") }
        // The name is cut, the value never kept: errors end up in messages.
        #expect(throws: GatewayHeaderProblem.notToken(name: String(repeating: "n", count: 64))) {
            try GatewayHeader.parse(String(repeating: "n", count: 70) + ": v")
        }
    }

    @Test("secret by default: names with pass, auth, session, cookie, token, secret or key; description masks")
    func secrecy() {
        for name in [
            "Authorization", "cookie", "CF-Access-Client-Secret", "X-Auth-Token", "X-API-KEY", "Proxy-Authorization",
            "X-Api-Password", "X-Auth-Session", "X-Passphrase", "Remote-Auth", "X-Session", "Set-Cookie2", "X-Pass",
        ] {
            #expect(GatewayHeader.isSecretByDefault(name), "\(name)")
        }
        for name in ["CF-Access-Client-Id", "X-Forwarded-User", "Accept-Language"] {
            #expect(!GatewayHeader.isSecretByDefault(name), "\(name)")
        }
        #expect(GatewayHeader(name: "X-Token", value: "v4lue", isSecret: true).description == "X-Token: <secret>")
        #expect(GatewayHeader(name: "X-Id", value: "v", isSecret: false).description == "X-Id: v")
        #expect(GatewayHeader.collidesWithPassword(["X", "authorization"]))
    }

    @Test("connect's flags over saved headers: replaced in place, added last, removed; duplicates refused")
    func flagsApplied() throws {
        let saved = [SavedHeader(name: "CF-Access-Client-Id", value: "a"), SavedHeader(name: "X-Token", value: nil)]
        let flags = GatewayHeaderFlags(
            given: [
                GatewayHeader(name: "cf-access-client-id", value: "b", isSecret: false),
                GatewayHeader(name: "Cookie", value: "c", isSecret: true),
            ], removed: ["x-token"])
        #expect(
            try flags.applied(to: saved) == [
                SavedHeader(name: "cf-access-client-id", value: "b"), SavedHeader(name: "Cookie", value: nil),
            ])
        #expect(throws: Failure.self) { try GatewayHeaderFlags(removed: ["Nope"]).applied(to: saved) }
        let twice = GatewayHeaderFlags(given: [GatewayHeader(name: "A", value: "1", isSecret: false)], removed: ["a"])
        #expect(throws: Failure.self) { try twice.applied(to: saved) }
    }

    @Test("servers.json keeps a secret header's name only; hostile or malformed headers are refused")
    func fileForm() throws {
        var profile = ServerProfile(
            name: "nas", endpoint: try ServerEndpoint.parse("https://nas.example/transmission/rpc"), createdAt: 0)
        profile.options.headers = [
            SavedHeader(name: "CF-Access-Client-Id", value: "id"), SavedHeader(name: "Cookie", value: nil),
        ]
        let data = try JSONEncoder().encode(profile)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"secret\":true") && text.contains("\"value\":\"id\""), "\(text)")
        #expect(try JSONDecoder().decode(ServerProfile.self, from: data) == profile)
        let bad = [
            #"[{"name":"Bad Name","value":"x"}]"#, #"[{"name":"Host","value":"x"}]"#,
            #"[{"name":"X","value":"a\r\nb"}]"#, #"[{"name":"X"}]"#, #"[{"name":"X","value":"v","secret":true}]"#,
            #"[{"name":"X","value":"1"},{"name":"x","value":"2"}]"#, #"{"name":"X"}"#,
        ]
        for headers in bad {
            let json =
                #"{"name":"nas","scheme":"https","host":"nas","port":443,"path":"/t","options":{"headers":"#
                + headers + "}}"
            #expect(throws: (any Error).self, "\(headers)") {
                try JSONDecoder().decode(ServerProfile.self, from: Data(json.utf8))
            }
        }
    }

    @Test("a gateway's marks: redirects, cookies, headers, login pages; each product named")
    func marks() {
        #expect(
            product(response(302, [("Location", "https://t.cloudflareaccess.com/cdn-cgi/access/login")]))
                == .cloudflareAccess)
        #expect(
            product(response(302, [("Set-Cookie", "CF_Authorization=x; Path=/"), ("Location", "/")]))
                == .cloudflareAccess)
        #expect(product(response(401, [("Set-Cookie", "_oauth2_proxy_csrf=1; HttpOnly")])) == .oauth2Proxy)
        #expect(product(response(302, [("Location", "/oauth2/start?rd=%2F")])) == .oauth2Proxy)
        #expect(product(response(302, [("Location", "https://auth.example/?rd=https://nas.example/")])) == .authelia)
        #expect(product(response(401, [("Set-Cookie", "authelia_session=abc")])) == .authelia)
        #expect(product(response(302, [("Set-Cookie", "authentik_proxy_1a2b=x"), ("Location", "/x")])) == .authentik)
        #expect(product(response(302, [("Location", "https://sso.example/")])) == .some(nil))
        #expect(product(response(303, [("Location", "/login?next=/transmission/rpc")])) == .some(nil))
        let page = "<!doctype html><form method=post><input name=u><input type=password name=p></form>"
        #expect(product(response(200, [("Content-Type", "text/html; charset=utf-8")], page)) == .some(nil))
        #expect(product(response(401, [("Content-Type", "text/html")], page)) == .some(nil))
        #expect(product(response(403, [("Content-Type", "text/html")], "<form action=/signin>")) == .some(nil))
    }

    @Test("Transmission's own answers and a moved path are not a gateway")
    func notGateways() {
        // transmission-daemon's 401, 403 and 409 bodies (HTML without a form), a JSON reply, moves.
        #expect(
            product(response(401, [("Content-Type", "text/html")], "<h1>401: Unauthorized</h1>Unauthorized User"))
                == nil)
        #expect(
            product(
                response(
                    403, [("Content-Type", "text/html")],
                    "<h1>403: Forbidden</h1><p>Unauthorized IP Address.</p><p>Either disable the IP address whitelist"))
                == nil)
        #expect(product(response(200, [("Content-Type", "application/json")], "{\"result\":\"success\"}")) == nil)
        #expect(product(response(301, [("Location", "/transmission/rpc/")])) == nil)
        #expect(product(response(307, [("Location", "https://nas.example/transmission/rpc")])) == nil)
        #expect(product(response(302, [("Location", "https://nas.example/transmission/web/")])) == nil)
        #expect(product(response(500, [("Content-Type", "text/html")], "<form>")) == nil)
    }

    @Test("hostile answers: huge or control-filled locations and bodies are bounded and never shown raw")
    func hostile() {
        let long = "https://" + String(repeating: "a", count: 70_000) + ".example/"
        let gateway = AuthenticationGateway.recognize(response(302, [("Location", long)]), host: "nas.example")
        #expect(gateway != nil)
        #expect(gateway?.loginHost == nil)  // over 253 characters: not shown
        let escape = AuthenticationGateway.recognize(
            response(302, [("Location", "https://evil\u{1B}]0;x\u{7}.example/login")]), host: "nas.example")
        #expect(escape?.loginHost == nil)
        #expect(!GatewayText.reason(escape!).contains("\u{1B}"))
        let binary = HTTPResponse(
            status: 200, headers: [HTTPHeader("Content-Type", "text/html")],
            body: [UInt8](repeating: 0xFF, count: 1 << 20) + Array("<form>".utf8))
        #expect(AuthenticationGateway.recognize(binary, host: nil) == nil)  // only the first bytes are read
        var named = AuthenticationGateway(product: nil, status: 302, location: "https://login.example/")
        named.sentHeaders = ["X-\u{1B}[2J"]
        #expect(!GatewayText.hint(named, server: "nas", place: .command).contains("\u{1B}"))
    }

    @Test("words: the gateway named (or unknown), the login host, the header command where it is shown; Russian")
    func words() {
        var gateway = AuthenticationGateway(
            product: .cloudflareAccess, status: 302, location: "https://team.cloudflareaccess.com/login")
        gateway.serverURL = "https://tr.example/transmission/rpc"
        #expect(
            GatewayText.reason(gateway)
                == "an authentication gateway (Cloudflare Access) answered instead of Transmission: a redirect to team.cloudflareaccess.com"
        )
        let command = GatewayText.hint(gateway, server: "tr", place: .command)
        #expect(
            command.contains(
                "remission connect https://tr.example/transmission/rpc --server tr --header 'CF-Access-Client-Id: ID' --secret-header CF-Access-Client-Secret"
            ),
            "\(command)")
        #expect(
            GatewayText.hint(gateway, server: "tr", place: .connect).contains(": --header 'CF-Access-Client-Id: ID'"))
        let unknown = AuthenticationGateway(product: nil, status: 200, location: nil)
        #expect(
            GatewayText.reason(unknown)
                == "an authentication gateway (unknown) answered instead of Transmission (HTTP 200)")
        Language.$override.withValue(.russian) {
            #expect(
                GatewayText.reason(unknown).hasPrefix("вместо Transmission ответил шлюз аутентификации (неизвестный)"))
            #expect(GatewayText.problem(.reserved(name: "Host")).contains("Host"))
        }
    }
}
