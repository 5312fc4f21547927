/// Where a Transmission RPC endpoint lives: `http(s)://host[:port][/path]`.
///
/// The host is kept lower-cased and without IPv6 brackets; `url` puts them back.
/// Defaults: port 9091 for http, 443 for https, path `/transmission/rpc`.
public struct ServerEndpoint: Sendable, Hashable, Codable {
    public enum Scheme: String, Sendable, Hashable, Codable, CaseIterable {
        case http
        case https

        public var defaultPort: Int { self == .http ? 9091 : 443 }
    }

    public enum HostKind: Sendable, Hashable {
        case name
        case ipv4
        case ipv6
    }

    public static let defaultPath = "/transmission/rpc"

    public var scheme: Scheme
    public var host: String
    public var port: Int
    public var path: String

    public init(scheme: Scheme, host: String, port: Int? = nil, path: String = ServerEndpoint.defaultPath) {
        self.scheme = scheme
        self.host = host.lowercased()
        self.port = port ?? scheme.defaultPort
        self.path = path
    }

    public var hostKind: HostKind {
        if host.contains(":") { return .ipv6 }
        if IPv4Address(host) != nil { return .ipv4 }
        return .name
    }

    /// The name sent in TLS SNI: the host without a trailing dot (RFC 6066 §3).
    public var serverName: String { host.hasSuffix(".") ? String(host.dropLast()) : host }

    /// The host as it appears in a URL: IPv6 literals in brackets.
    public var urlHost: String { hostKind == .ipv6 ? "[\(host)]" : host }

    /// `host:port`, with IPv6 literals in brackets.
    public var authority: String { "\(urlHost):\(port)" }

    public var url: String { "\(scheme.rawValue)://\(authority)\(path)" }

    /// The identity trust is keyed on: scheme, lower-cased host, port (PRODUCT.md §2).
    public var trustIdentity: String { "\(scheme.rawValue)://\(authority)" }

    /// `localhost` or a name under it (RFC 6761 §6.3), with or without the trailing dot: resolved to
    /// loopback by Remission itself, never asked of DNS (as curl does).
    public var isLocalhostName: Bool {
        guard hostKind == .name else { return false }
        let name = host.hasSuffix(".") ? String(host.dropLast()) : host
        return name == "localhost" || name.hasSuffix(".localhost")
    }

    /// True for `localhost` and names under it, 127.0.0.0/8 and `::1`: plain HTTP there needs no warning.
    public var isLoopback: Bool {
        switch hostKind {
        case .name: return isLocalhostName
        case .ipv4: return host.hasPrefix("127.")
        case .ipv6: return host == "::1" || host == "0:0:0:0:0:0:0:1"
        }
    }
}

extension ServerEndpoint: CustomStringConvertible {
    public var description: String { url }
}

/// Why a server URL could not be understood. Each message says what a valid one looks like.
/// Why a server URL was refused; worded by `FailureText.endpointReason` (RemissionViews).
public enum EndpointParseError: Error, Equatable, Sendable {
    case empty
    case unsupportedScheme(String)
    case missingHost
    case invalidHost(String)
    case invalidPort(String)
    case containsCredentials
    case containsQueryOrFragment
    /// The path holds a space or a control character: it would go into the request line.
    case invalidPath
    /// The host reads as an IPv4 address in a form other than the strict dotted quad (a leading zero,
    /// octal, hex, fewer than four parts): the system resolver would connect to `meaning` (nil when it
    /// reads as no address at all), not what it looks like. Refused, never guessed.
    case ambiguousIPv4(host: String, meaning: String?)
}

extension ServerEndpoint {
    /// Parses `http(s)://host[:port][/path]`. A URL without a scheme is refused rather than guessed,
    /// because guessing http would send a password in clear.
    public static func parse(_ text: String) throws(EndpointParseError) -> ServerEndpoint {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        guard let schemeEnd = trimmed.firstRange(of: "://") else {
            throw .unsupportedScheme(trimmed)
        }
        let schemeText = trimmed[..<schemeEnd.lowerBound].lowercased()
        guard let scheme = Scheme(rawValue: schemeText) else { throw .unsupportedScheme(schemeText) }
        var rest = Substring(trimmed[schemeEnd.upperBound...])
        if rest.contains("?") || rest.contains("#") { throw .containsQueryOrFragment }

        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        rest = rest[authorityEnd...]
        if authority.contains("@") { throw .containsCredentials }
        if rest.unicodeScalars.contains(where: isSpaceOrControl) { throw .invalidPath }

        let (host, portText) = try splitAuthority(authority)
        guard !host.isEmpty else { throw .missingHost }
        try validateHost(host)

        var port: Int? = nil
        if let portText {
            guard let value = Int(portText), (1...65535).contains(value) else { throw .invalidPort(String(portText)) }
            port = value
        }
        return ServerEndpoint(scheme: scheme, host: String(host), port: port, path: rpcPath(String(rest)))
    }

    /// A space or a C0/C1 control character: not in a path that goes into a request line.
    private static func isSpaceOrControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Whether `text`, a URL, names the web interface (`…/web` or `…/web/`), which `parse` turns into
    /// the RPC address beside it: the commands say so, since the address checked is not the one typed.
    public static func namesWebInterface(_ text: String) -> Bool {
        guard let scheme = text.firstRange(of: "://") else { return false }
        let rest = text[scheme.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return false }
        var path = rest[slash...]
        if let end = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<end] }
        return path.hasSuffix("/web") || path.hasSuffix("/web/")
    }

    /// The RPC path for what the user typed: empty or `/` → `/transmission/rpc`; a base ending in `/`
    /// (`/transmission/`, as transmission-remote takes it) or the web UI's `…/web/` → that base + `rpc`.
    static func rpcPath(_ typed: String) -> String {
        if typed.isEmpty || typed == "/" { return defaultPath }
        var path = typed
        if path.hasSuffix("/web") || path.hasSuffix("/web/") {
            path = String(path.dropLast(path.hasSuffix("/") ? 4 : 3))
        }
        return path.hasSuffix("/") ? path + "rpc" : path
    }

    private static func splitAuthority(_ authority: Substring) throws(EndpointParseError) -> (Substring, Substring?) {
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw .invalidHost(String(authority)) }
            let host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if after.isEmpty { return (host, nil) }
            guard after.hasPrefix(":") else { throw .invalidHost(String(authority)) }
            return (host, after.dropFirst())
        }
        if let colon = authority.lastIndex(of: ":") {
            if authority[..<colon].contains(":") { throw .invalidHost(String(authority)) }  // IPv6 needs brackets
            return (authority[..<colon], authority[authority.index(after: colon)...])
        }
        return (authority, nil)
    }

    private static func validateHost(_ host: Substring) throws(EndpointParseError) {
        if host.contains(":") {
            guard host.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { throw .invalidHost(String(host)) }
            return
        }
        let allowed = host.allSatisfy {
            $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_")
        }
        guard allowed, !host.hasPrefix("."), !host.hasPrefix("-") else { throw .invalidHost(String(host)) }
        if IPv4Address.endsInNumber(String(host)), IPv4Address(String(host)) == nil {
            throw .ambiguousIPv4(host: String(host), meaning: IPv4Address.resolverReading(String(host)))
        }
    }
}

/// A dotted-quad IPv4 address, parsed strictly: four decimal parts, no leading zero, no octal, hex
/// or short forms.
struct IPv4Address {
    let octets: [UInt8]

    init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var octets: [UInt8] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 3, part.allSatisfy(\.isASCIIDigit), part == "0" || !part.hasPrefix("0"),
                let value = UInt8(part)
            else {
                return nil
            }
            octets.append(value)
        }
        self.octets = octets
    }

    /// Whether a host's last label is a number (decimal, or `0x` hex), so that resolvers and the URL
    /// standard read the whole host as an IPv4 address, not a name (WHATWG URL "ends in a number").
    static func endsInNumber(_ host: String) -> Bool {
        var labels = host.split(separator: ".", omittingEmptySubsequences: false)
        if labels.last == "", labels.count > 1 { labels.removeLast() }
        guard let last = labels.last, !last.isEmpty else { return false }
        if last.allSatisfy(\.isASCIIDigit) { return true }
        let lower = last.lowercased()
        return lower.hasPrefix("0x") && lower.dropFirst(2).allSatisfy { $0.isASCII && $0.isHexDigit }
    }

    /// The address `inet_aton` (what getaddrinfo falls back on) makes of `host`: parts in decimal, octal
    /// (a leading 0) or hex (0x), the last part filling the remaining bytes; nil when it reads none.
    static func resolverReading(_ host: String) -> String? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var values: [UInt64] = []
        for part in parts {
            let lower = part.lowercased()
            let value: UInt64?
            if lower.hasPrefix("0x") {
                value = lower.count == 2 ? 0 : UInt64(lower.dropFirst(2), radix: 16)
            } else if lower.hasPrefix("0"), lower.count > 1 {
                value = UInt64(lower.dropFirst(), radix: 8)
            } else {
                value = lower.allSatisfy(\.isASCIIDigit) ? UInt64(lower) : nil
            }
            guard let value, value <= UInt64(UInt32.max) else { return nil }
            values.append(value)
        }
        let leading = values.dropLast()
        guard leading.allSatisfy({ $0 <= 255 }), let last = values.last,
            last < (UInt64(1) << (8 * (5 - values.count)))
        else { return nil }
        var number = last
        for (index, value) in leading.enumerated() { number |= value << (8 * (3 - UInt64(index))) }
        return (0..<4).map { String((number >> (8 * (3 - UInt64($0)))) & 0xFF) }.joined(separator: ".")
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension StringProtocol {
    /// Trims spaces, tabs, CR and LF, working on Unicode scalars so that "\r\n" is not one opaque Character.
    public func trimmingASCIIWhitespace() -> String {
        let scalars = unicodeScalars
        let isSpace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        guard let first = scalars.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isSpace($0) })!
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
