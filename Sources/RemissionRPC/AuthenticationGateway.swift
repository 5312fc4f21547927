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

    public init(product: Product?, status: Int, location: String?) {
        self.product = product
        self.status = status
        self.location = location
    }

    /// The gateway `response` comes from, if it is one: a 3xx to a known login path, a 302/303 to
    /// another host than `host`, a 401/403 from Cloudflare Access, or a 200 HTML login page. Transmission answers
    /// its RPC path with JSON or 409, never with any of these.
    public static func recognize(_ response: HTTPResponse, host: String?) -> AuthenticationGateway? {
        let location = response.header("Location")
        let html = (response.header("Content-Type") ?? "").lowercased().contains("text/html")
        let page = String(decoding: response.body.prefix(BodyText.bytesRead), as: UTF8.self).lowercased()
        let product = Self.product(location: location, headers: response.headers, page: page)
        switch response.status {
        case 300...399:
            guard let location else { return nil }
            // A login is a 302/303 (the browser GETs the login page); a 307/308 elsewhere is a move.
            let login = response.status == 302 || response.status == 303
            let foreign = login && (Self.host(of: location).map { $0 != host?.lowercased() } ?? false)
            guard product != nil || foreign else { return nil }
            return AuthenticationGateway(product: product, status: response.status, location: location)
        case 401, 403:
            guard product == .cloudflareAccess else { return nil }
            return AuthenticationGateway(product: product, status: response.status, location: location)
        case 200:
            guard html, product != nil || page.contains("type=\"password\"") || page.contains("type='password'")
            else { return nil }
            return AuthenticationGateway(product: product, status: response.status, location: nil)
        default:
            return nil
        }
    }

    static func product(location: String?, headers: [HTTPHeader], page: String) -> Product? {
        let target = (location ?? "").lowercased()
        let names = headers.map { $0.name.lowercased() }
        if target.contains(".cloudflareaccess.com") || names.contains(where: { $0.hasPrefix("cf-access") })
            || page.contains("cloudflareaccess.com")
        {
            return .cloudflareAccess
        }
        if target.contains("/outpost.goauthentik.io/") || page.contains("authentik") { return .authentik }
        if target.contains("/oauth2/start") || target.contains("/oauth2/sign_in") || page.contains("oauth2-proxy")
            || page.contains("oauth2 proxy")
        {
            return .oauth2Proxy
        }
        if target.contains("?rd=") || target.contains("&rd=") || page.contains("authelia") { return .authelia }
        return nil
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
