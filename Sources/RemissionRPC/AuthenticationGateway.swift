import RemissionTransport

/// An authentication gateway in front of Transmission (Authelia, Authentik, oauth2-proxy, Cloudflare
/// Access, or one not recognised) that answered the RPC request itself: a redirect to its login, or
/// its login page.
public struct AuthenticationGateway: Sendable, Equatable {
    public enum Product: String, Sendable, Equatable, CaseIterable {
        case authelia = "Authelia"
        case authentik = "Authentik"
        case oauth2Proxy = "oauth2-proxy"
        case cloudflareAccess = "Cloudflare Access"
    }

    /// Which gateway, when its answer says so.
    public var product: Product?
    /// The HTTP status it answered with.
    public var status: Int
    /// Where it redirected to (the server's text, not yet made terminal-safe), if it did.
    public var location: String?
    /// The names of the gateway headers the refused request carried (`connect --header`): the gateway
    /// did not take them.
    public var sentHeaders: [String] = []
    /// The RPC URL it stands in front of (the session fills it in), for a hint that names it.
    public var serverURL: String? = nil

    public init(product: Product?, status: Int, location: String?) {
        self.product = product
        self.status = status
        self.location = location
    }

    /// The host of the login it redirected to (lower-cased, at most 253 characters, only the
    /// characters of a host name or address), for showing; nil for a relative redirect or none.
    public var loginHost: String? {
        guard let host = location.flatMap(Self.host(of:)), !host.isEmpty, host.utf8.count <= 253,
            host.utf8.allSatisfy({ Self.isHostByte($0) })
        else { return nil }
        return host
    }

    /// The gateway `response` comes from, if it is one. Transmission answers its RPC path with JSON,
    /// 409, or a short HTML 401/403 without a form, never with any of these:
    /// - a 3xx with a known gateway's marks, or a 302/303 to another host or to a login path;
    /// - a 401/403 with a known gateway's marks, or an HTML login page;
    /// - a 200 HTML login page (a password field or a form) or a known gateway's page.
    /// Marks: Cloudflare Access's `cf-access-*` headers, `CF_Authorization` cookie and
    /// `*.cloudflareaccess.com`; oauth2-proxy's `/oauth2/start` and `_oauth2_proxy` cookie; Authelia's
    /// `?rd=` and `authelia_session`; Authentik's `/outpost.goauthentik.io/` and `authentik_*` cookies.
    /// Reads at most `BodyText.bytesRead` of the body; `host` is the server's (lower-cased).
    public static func recognize(_ response: HTTPResponse, host: String?) -> AuthenticationGateway? {
        let location = response.header("Location")
        let html = (response.header("Content-Type") ?? "").lowercased().contains("text/html")
        let page = String(decoding: response.body.prefix(BodyText.bytesRead), as: UTF8.self).lowercased()
        let product = Self.product(location: location, headers: response.headers, page: html ? page : "")
        let loginPage = html && (page.contains("<form") || Self.hasPasswordField(page))
        switch response.status {
        case 300...399:
            guard let location else {
                return product.map { AuthenticationGateway(product: $0, status: response.status, location: nil) }
            }
            // A login is a 302/303 (the browser GETs the login page); a 307/308 elsewhere is a move.
            let login = response.status == 302 || response.status == 303
            let foreign = Self.host(of: location).map { $0 != host?.lowercased() } ?? false
            guard product != nil || (login && (foreign || Self.isLoginPath(location))) else { return nil }
            return AuthenticationGateway(product: product, status: response.status, location: location)
        case 401, 403:
            guard product != nil || loginPage else { return nil }
            return AuthenticationGateway(product: product, status: response.status, location: location)
        case 200:
            guard html, product != nil || loginPage else { return nil }
            return AuthenticationGateway(product: product, status: response.status, location: nil)
        default:
            return nil
        }
    }

    static func product(location: String?, headers: [HTTPHeader], page: String) -> Product? {
        let target = (location ?? "").lowercased()
        let targetHost = location.flatMap(Self.host(of:)) ?? ""
        let names = headers.map { $0.name.lowercased() }
        let cookies = headers.filter { $0.name.lowercased() == "set-cookie" }.map { cookieName($0.value) }
        if targetHost.hasSuffix(".cloudflareaccess.com") || names.contains(where: { $0.hasPrefix("cf-access") })
            || cookies.contains("cf_authorization") || cookies.contains("cf_appsession")
            || page.contains("cloudflareaccess.com")
        {
            return .cloudflareAccess
        }
        if target.contains("/outpost.goauthentik.io/") || cookies.contains(where: { $0.hasPrefix("authentik_") })
            || page.contains("authentik")
        {
            return .authentik
        }
        if target.contains("/oauth2/start") || target.contains("/oauth2/sign_in")
            || cookies.contains(where: { $0.hasPrefix("_oauth2_proxy") }) || page.contains("oauth2-proxy")
            || page.contains("oauth2 proxy")
        {
            return .oauth2Proxy
        }
        if target.contains("?rd=") || target.contains("&rd=") || cookies.contains("authelia_session")
            || page.contains("authelia")
        {
            return .authelia
        }
        return nil
    }

    /// The lower-cased name of a `Set-Cookie` value's cookie (before `=`), at most 64 characters.
    static func cookieName(_ value: String) -> String {
        let name = value.utf8.prefix { $0 != UInt8(ascii: "=") && $0 != UInt8(ascii: ";") }.prefix(64)
        return String(decoding: name, as: UTF8.self).trimmingCharacters(in: " \t").lowercased()
    }

    static func hasPasswordField(_ page: String) -> Bool {
        page.contains("type=\"password\"") || page.contains("type='password'") || page.contains("type=password")
    }

    /// A redirect's path that leads to a login (`/login`, `/signin`, `/sign_in`, `/auth/`, `/sso`).
    static func isLoginPath(_ location: String) -> Bool {
        let lower = location.lowercased()
        return ["/login", "/signin", "/sign_in", "/sign-in", "/auth/", "/sso", "/authorize"].contains {
            lower.contains($0)
        }
    }

    private static func isHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"),
            UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: "_"):
            return true
        default: return false
        }
    }

    /// The lower-cased host of an absolute `http(s)://` URL; nil for a relative one.
    static func host(of location: String) -> String? {
        let lower = location.lowercased()
        let prefix = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
        guard prefix > 0 else { return nil }
        var rest = lower.dropFirst(prefix)
        if let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let at = rest.lastIndex(of: "@") { rest = rest[rest.index(after: at)...] }
        if rest.hasPrefix("["), let close = rest.firstIndex(of: "]") {
            return String(rest[rest.index(after: rest.startIndex)..<close])
        }
        if let colon = rest.lastIndex(of: ":") { rest = rest[..<colon] }
        return String(rest)
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        let blanks = Set(set.unicodeScalars)
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !blanks.contains($0) }),
            let last = scalars.lastIndex(where: { !blanks.contains($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
