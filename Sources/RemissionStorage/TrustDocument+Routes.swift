import RemissionModel

extension TrustDocument {
    /// Version 1's entries given to the servers that used them, now that a route is part of a
    /// server's identity. An entry under `scheme://host:port` was read by every saved server of that
    /// URL, whatever its route; each keeps exactly what it had, and nobody gains anything:
    ///
    /// - every route among the saved servers at that URL (an SSH host, a unix socket) gets a copy
    ///   under its own identity (`… via ROUTE`), unless one is already there;
    /// - the entry stays under the bare URL when a server of that URL is direct (or through a proxy),
    ///   or when no saved server has that URL (a URL used unsaved, as before); otherwise it moves.
    ///
    /// Pure: `servers` are the saved servers' identities.
    func separatingRoutes(servers: [ServerIdentity]) -> TrustDocument {
        var result = TrustDocument()
        for (key, trust) in self.servers {
            let using = servers.filter { $0.address == key }
            for route in Set(using.compactMap(\.route)) {
                let routed = ServerIdentity(address: key, route: route).key
                if self.servers[routed] == nil { result.servers[routed] = trust }
            }
            if using.isEmpty || using.contains(where: { $0.route == nil }) || ServerIdentity(key: key)?.route != nil {
                result.servers[key] = result.servers[key] ?? trust
            }
        }
        return result
    }
}
