/// Who a server is, for its trust and its keyring items (PRODUCT.md §2): scheme, lower-cased host and
/// port, and its route when the route decides which daemon answers. The same URL through an SSH host
/// or a unix socket is another server: `http://localhost:9091` via `ssh://seedbox` is the seedbox's
/// daemon, not the one on this machine, and never shares its pins, accepted certificate or password.
///
/// A proxy is not part of it: a proxy carries the bytes to the host and port the URL names, resolved
/// by the same names, so the server is the one the URL says (and its certificate proves it through
/// the tunnel). Changing or dropping a proxy keeps a server's trust.
public struct ServerIdentity: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// `scheme://host:port` (`ServerEndpoint.trustIdentity`).
    public let address: String
    /// The route's part; nil for a direct or proxied server.
    public let route: RouteIdentity?

    public init(address: String, route: RouteIdentity?) {
        (self.address, self.route) = (address, route)
    }

    /// The identity of `endpoint` reached by `route`.
    public init(_ endpoint: ServerEndpoint, route: RouteIdentity? = nil) {
        self.init(address: endpoint.trustIdentity, route: route)
    }

    /// The text it is stored under (trust.json's key, the header store's `server`):
    /// `https://nas:443` or `http://localhost:9091 via ssh://seedbox`. A direct server's is
    /// exactly what it was before routes were part of the identity.
    public var key: String { route.map { "\(address)\(Self.separator)\($0.text)" } ?? address }

    public var description: String { key }

    static let separator = " via "

    /// The identity a stored key names; nil for text no identity makes.
    public init?(key: String) {
        guard let range = key.firstRange(of: Self.separator) else {
            guard !key.isEmpty else { return nil }
            self.init(address: key, route: nil)
            return
        }
        guard let route = RouteIdentity(text: String(key[range.upperBound...])) else { return nil }
        self.init(address: String(key[..<range.lowerBound]), route: route)
    }

    public static func < (left: ServerIdentity, right: ServerIdentity) -> Bool { left.key < right.key }
}

/// The part of a server's identity its route gives: the SSH host (`ssh://host[:port]`, lower-cased,
/// without the user: who logs in does not change which machine answers) or the unix socket's path
/// (`unix:/run/transmission/rpc.sock`, as saved).
public struct RouteIdentity: Hashable, Sendable {
    /// `ssh://host[:port]` or `unix:PATH`: the keyring's `route` attribute and trust.json's suffix.
    public let text: String

    private init(uncheckedText text: String) { self.text = text }

    /// The SSH host `destination` names, without its user. A port given is kept: two ports of one
    /// gateway are often two machines behind it.
    public static func ssh(_ destination: SSHDestination) -> RouteIdentity {
        let host = destination.host.lowercased()
        let name = host.contains(":") ? "[\(host)]" : host
        return RouteIdentity(uncheckedText: "ssh://" + name + (destination.port.map { ":\($0)" } ?? ""))
    }

    /// The unix socket at `path` (absolute, as `connect --unix-socket` saves it).
    public static func unixSocket(_ path: String) -> RouteIdentity {
        RouteIdentity(uncheckedText: "unix:" + path)
    }

    /// A stored text: `ssh://…` or `unix:…`; nil for anything else.
    public init?(text: String) {
        guard text.hasPrefix("ssh://") || text.hasPrefix("unix:"), text.count > 6 else { return nil }
        self.text = text
    }
}
