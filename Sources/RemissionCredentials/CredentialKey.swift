import RemissionModel

/// Which password a keyring item holds: one user on one server.
///
/// These are the item's searchable attributes (`server`, `port`, `protocol`, `user`, and `route` for
/// a server reached through an SSH host or a unix socket: `ServerIdentity`). Like
/// git's libsecret helper, they are treated as non-confidential: the password is only ever
/// the item's secret. A key can only be made with a host and a user, so a lookup or removal
/// is never a wildcard that could match (or erase) every item.
public struct CredentialKey: Hashable, Sendable {
    /// The host, lower-cased, IPv6 literals without brackets (the `server` attribute).
    public let server: String
    /// The TCP port, 1-65535 (the `port` attribute, in decimal).
    public let port: Int
    /// `http` or `https` (the `protocol` attribute).
    public let scheme: ServerEndpoint.Scheme
    /// The RPC user name, exactly as given (the `user` attribute).
    public let user: String
    /// The route's part of the server's identity (`RouteIdentity.text`, the `route` attribute); nil
    /// for a direct or proxied server, whose item's `route` is empty (or absent: written before routes
    /// were part of a server's identity). `secret-tool lookup server HOST user USER` finds it.
    public let route: String?

    /// Makes a key, refusing an empty host or user, a port outside 1-65535, and NUL characters.
    public init(
        server: String, port: Int, scheme: ServerEndpoint.Scheme, user: String, route: RouteIdentity? = nil
    ) throws(CredentialKeyError) {
        var host = server.trimmingASCIIWhitespace().lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        }
        guard !host.isEmpty else { throw .emptyServer }
        guard !user.trimmingASCIIWhitespace().isEmpty else { throw .emptyUser }
        guard (1...65535).contains(port) else { throw .invalidPort(port) }
        // A C string ends at NUL: "nas\0evil" would silently become "nas".
        guard !host.utf8.contains(0) else { throw .containsNul(field: "server") }
        guard !user.utf8.contains(0) else { throw .containsNul(field: "user") }
        self.server = host
        self.port = port
        self.scheme = scheme
        self.user = user
        self.route = route?.text
    }

    /// The key for `user` on the server of `endpoint` (its scheme, host and port; not its path)
    /// reached by `route` (nil: directly or through a proxy).
    public init(endpoint: ServerEndpoint, route: RouteIdentity? = nil, user: String) throws(CredentialKeyError) {
        try self.init(server: endpoint.host, port: endpoint.port, scheme: endpoint.scheme, user: user, route: route)
    }

    /// The same user and address without the route: where a routed server's password was kept before
    /// routes were part of a server's identity.
    public var withoutRoute: CredentialKey { CredentialKey(self, route: nil) }

    private init(_ key: CredentialKey, route: String?) {
        (server, port, scheme, user, self.route) = (key.server, key.port, key.scheme, key.user, route)
    }

    /// The key of the item `attributes` describe (a search's results), nil when they are not one.
    init?(attributes value: (String) -> String?) {
        guard let server = value("server"), let port = value("port").flatMap({ Int($0) }),
            let scheme = value("protocol").flatMap({ ServerEndpoint.Scheme(rawValue: $0) }), let user = value("user"),
            let key = try? CredentialKey(server: server, port: port, scheme: scheme, user: user)
        else { return nil }
        self.init(key, route: value("route").flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The item's label, as keyring tools show it: `Remission: user@host:port`, and ` via ROUTE`.
    public var label: String {
        let host = server.contains(":") ? "[\(server)]" : server
        return "Remission: \(user)@\(host):\(port)" + (route.map { " via \($0)" } ?? "")
    }

    /// The item's attributes, in schema order; `route` empty for a direct server. The empty value is
    /// what keeps a direct item apart: libsecret matches attributes as a subset, so the four alone
    /// would match the same URL's routed item too (and a replacing store would take it).
    public var attributes: [(name: String, value: String)] {
        addressAttributes + [("route", route ?? "")]
    }

    /// The four attributes without `route`: what a direct item written before routes were part of a
    /// server's identity has.
    public var addressAttributes: [(name: String, value: String)] {
        [("server", server), ("port", String(port)), ("protocol", scheme.rawValue), ("user", user)]
    }
}

extension CredentialKey: CustomStringConvertible {
    public var description: String { label }
}

/// Why a keyring key was refused (worded by `FailureText.credentialKeyReason`). These are usage
/// errors (exit 2), not keyring failures.
public enum CredentialKeyError: Error, Equatable, Sendable {
    case emptyServer
    case emptyUser
    case invalidPort(Int)
    case containsNul(field: String)
}
