/// A proxy between Remission and a server: `--proxy URL`, a saved server's proxy, or the environment
/// (`https_proxy`, `http_proxy`, `all_proxy`, `no_proxy`, as curl reads them).
///
/// Credentials in the URL (`http://user:secret@proxy:3128`) are kept apart (`user`, `password`), so
/// `url` can be shown and stored; the password is never part of a description.
public struct ProxyEndpoint: Sendable, Hashable, CustomStringConvertible {
    public enum Scheme: String, Sendable, CaseIterable {
        case http, https, socks5, socks5h, socks4, socks4a
    }

    public var scheme: Scheme
    /// Lower-cased; IPv6 without brackets.
    public var host: String
    public var port: Int
    public var user: String?
    public var password: String?

    /// `scheme://host:port`, without credentials.
    public var url: String { "\(scheme.rawValue)://\(authority)" }
    public var authority: String { "\(host.contains(":") ? "[\(host)]" : host):\(port)" }
    public var description: String { url }
    /// The proxy as a TLS peer (an `https://` proxy's certificate is checked against its own name).
    public var tlsEndpoint: ServerEndpoint { ServerEndpoint(scheme: .https, host: host, port: port, path: "/") }

    public init(scheme: Scheme, host: String, port: Int, user: String? = nil, password: String? = nil) {
        (self.scheme, self.host, self.port, self.user, self.password) = (scheme, host, port, user, password)
    }

    /// `scheme://[user[:password]@]host[:port][/]`; curl's default ports (1080, 443 for https). A URL
    /// without a scheme is http, as curl takes it.
    public static func parse(_ text: String) throws(ProxyParseError) -> ProxyEndpoint {
        var rest = Substring(text.trimmingASCIIWhitespace())
        guard !rest.isEmpty else { throw .empty }
        var scheme = Scheme.http
        if let separator = rest.firstRange(of: "://") {
            let name = rest[..<separator.lowerBound].lowercased()
            guard let known = Scheme(rawValue: name) else { throw .unsupportedScheme(name) }
            scheme = known
            rest = rest[separator.upperBound...]
        }
        if rest.hasSuffix("/") { rest = rest.dropLast() }
        var user: String?
        var password: String?
        if let at = rest.lastIndex(of: "@") {
            let credentials = rest[..<at]
            if let colon = credentials.firstIndex(of: ":") {
                user = percentDecoded(credentials[..<colon])
                password = percentDecoded(credentials[credentials.index(after: colon)...])
            } else {
                user = percentDecoded(credentials)
            }
            rest = rest[rest.index(after: at)...]
        }
        guard !rest.contains("/") else { throw .path }
        let defaultPort = scheme == .https ? 443 : 1080
        let probe: ServerEndpoint
        do { probe = try ServerEndpoint.parse("https://\(rest)/") } catch { throw .invalidHost(String(rest)) }
        let afterAddress = rest.lastIndex(of: "]").map { rest[rest.index(after: $0)...] } ?? rest
        let explicitPort = afterAddress.contains(":")
        return ProxyEndpoint(
            scheme: scheme, host: probe.host, port: explicitPort ? probe.port : defaultPort, user: user,
            password: password)
    }

    /// The proxy curl would take from `environment` for `endpoint`, and the variable it came from:
    /// `https_proxy`/`HTTPS_PROXY` for https, `http_proxy` (lower case only) for http, then
    /// `all_proxy`/`ALL_PROXY`; none when `no_proxy`/`NO_PROXY` covers the host. A loopback server is
    /// never proxied from the environment (a saved or given `--proxy` still applies).
    public static func fromEnvironment(_ environment: [String: String], for endpoint: ServerEndpoint)
        -> (proxy: ProxyEndpoint, variable: String)?
    {
        guard !endpoint.isLoopback, !bypassed(endpoint.host, environment: environment) else { return nil }
        let names =
            endpoint.scheme == .https
            ? ["https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY"] : ["http_proxy", "all_proxy", "ALL_PROXY"]
        for name in names {
            if let value = environment[name], !value.isEmpty, let proxy = try? parse(value) { return (proxy, name) }
        }
        return nil
    }

    /// `no_proxy` (else `NO_PROXY`) covers `host`, as curl 8 reads it (`NoProxyList`). An empty
    /// `no_proxy` covers nothing, even with `NO_PROXY` set (curl takes the lower-case one first).
    static func bypassed(_ host: String, environment: [String: String]) -> Bool {
        guard let list = environment["no_proxy"] ?? environment["NO_PROXY"] else { return false }
        return NoProxyList.covers(host, list: list)
    }

    private static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let first = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex),
                first != utf8.endIndex, let second = utf8.index(first, offsetBy: 1, limitedBy: utf8.endIndex),
                second != utf8.endIndex,
                let value = UInt8(String(decoding: [utf8[first], utf8[second]], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index = utf8.index(after: second)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why a proxy URL was refused; worded by the view layer.
public enum ProxyParseError: Error, Sendable, Equatable {
    case empty
    case unsupportedScheme(String)
    case invalidHost(String)
    /// A proxy URL has no path.
    case path
}
