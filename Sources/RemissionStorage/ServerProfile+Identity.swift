import RemissionModel

extension ServerOptions {
    /// The route's part of the server's identity, from its saved route: the unix socket, else the SSH
    /// host (the order `SessionContext.route` takes them in); nil for a direct or proxied server. A
    /// `via` that does not parse (refused where it is used) still names a route of its own, never
    /// the direct identity.
    public var routeIdentity: RouteIdentity? {
        if let unixSocket { return .unixSocket(unixSocket) }
        guard let via else { return nil }
        if let destination = try? SSHDestination.parse(via) { return .ssh(destination) }
        return RouteIdentity(text: via.hasPrefix("ssh://") ? via : "ssh://" + via) ?? .ssh(SSHDestination(host: via))
    }
}

extension ServerProfile {
    /// Who the saved server is, for its trust and keyring items (PRODUCT.md §2).
    public var identity: ServerIdentity { ServerIdentity(endpoint, route: options.routeIdentity) }
}
