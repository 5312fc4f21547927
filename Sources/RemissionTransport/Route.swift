import RemissionModel

/// How the bytes reach the daemon's HTTP endpoint (PRODUCT.md §2b): one route, never two. TLS, trust
/// and HTTP are the same on top of each (`SocketTransport.open` switches over it).
public enum Route: Sendable, Equatable {
    /// TCP to the URL's host (Happy Eyeballs).
    case direct
    /// A proxy's tunnel (HTTP CONNECT, an https proxy's TLS, SOCKS), the proxy judged by its own trust.
    case proxy(ProxySettings)
    /// The user's own `ssh -W`; the URL is as the SSH host sees it.
    case ssh(SSHRoute)
    /// Transmission 4's unix socket (an absolute path); the URL gives Host and path.
    case unixSocket(path: String)

    /// The route's part of the server's identity (`ServerIdentity`): an SSH host or a unix socket
    /// decides which daemon answers; a proxy carries the bytes to the host the URL names, so it is
    /// none, as direct TCP is none.
    public var identity: RouteIdentity? {
        switch self {
        case .direct, .proxy: nil
        case .ssh(let route): .ssh(route.destination)
        case .unixSocket(let path): .unixSocket(path)
        }
    }

    /// The proxy, when the route is one.
    public var proxy: ProxySettings? {
        if case .proxy(let settings) = self { settings } else { nil }
    }

    /// The route's own step in a report (`check`'s ssh step; the socket as its tcp step): nil for TCP
    /// and a proxy, which report through `ConnectionReport.proxy`. `endpoint`: the URL the route
    /// carries to (ssh forwards to its `host:port`).
    public func reportKind(to endpoint: ServerEndpoint) -> RouteReport.Kind? {
        switch self {
        case .direct, .proxy: nil
        case .ssh(let route): .ssh(destination: route.destination.url, target: endpoint.authority)
        case .unixSocket(let path): .unixSocket(path: path)
        }
    }
}
