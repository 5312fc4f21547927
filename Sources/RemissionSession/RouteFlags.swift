import RemissionModel
import RemissionStorage
import RemissionTransport

/// `connect --via ssh://[user@]host[:port]` and `connect --unix-socket PATH`: the route a server is
/// reached by, saved in its options. One route at a time: an ssh channel, a unix socket, a proxy, or
/// direct TCP. `none` takes a saved route away.
public struct RouteFlags: Sendable, Equatable {
    /// The value that takes a saved route away (`--via none`, `--unix-socket none`).
    public static let none = "none"

    public var via: String?
    /// Made absolute, as it is saved (a relative path would mean another file from another directory).
    public var unixSocket: String?

    public init(via: String?, unixSocket: String?) {
        self.via = via
        self.unixSocket = unixSocket.map { $0 == Self.none ? $0 : absolutePath($0) }
    }

    /// Writes the route into `options`. `proxyGiven`: `--proxy` was given in this run, which a route
    /// given with it contradicts and which otherwise replaces the saved route.
    func apply(to options: inout ServerOptions, proxyGiven: Bool) throws(Failure) {
        let ssh = via.flatMap { $0 == Self.none ? nil : $0 }
        let socket = unixSocket.flatMap { $0 == Self.none ? nil : $0 }
        if ssh != nil, socket != nil { throw Failure(.input(.routeConflict(first: "--via", second: "--unix-socket"))) }
        if proxyGiven, ssh != nil || socket != nil {
            throw Failure(.input(.routeConflict(first: ssh != nil ? "--via" : "--unix-socket", second: "--proxy")))
        }
        if let ssh {
            options.via = try Self.destination(ssh).url
            options.unixSocket = nil
            options.proxy = nil
        } else if via == Self.none {
            options.via = nil
        }
        if let socket {
            options.unixSocket = socket
            options.via = nil
            options.proxy = nil
        } else if unixSocket == Self.none {
            options.unixSocket = nil
        }
        if proxyGiven { (options.via, options.unixSocket) = (nil, nil) }
    }

    static func destination(_ text: String) throws(Failure) -> SSHDestination {
        do { return try SSHDestination.parse(text) } catch {
            throw Failure(.input(.invalidSSHDestination(text: text, error)))
        }
    }
}

extension ServerOptions {
    /// The saved route that is not a proxy: the unix socket, else the ssh channel; nil for neither.
    /// `RouteFlags.apply` saves one at most; a file written by hand with both is read as the
    /// transport always read it, the socket first.
    func savedRoute() throws(Failure) -> Route? {
        if let unixSocket { return .unixSocket(path: unixSocket) }
        if let via { return .ssh(SSHRoute(destination: try RouteFlags.destination(via))) }
        return nil
    }
}

extension SessionContext {
    /// The one place a server's way is decided: its saved ssh channel or unix socket, with which no
    /// proxy applies (not even the environment's: the route is how the daemon is reached); else a
    /// proxy (`ProxyChoice`: given now, saved, or the environment's as curl reads it); else direct.
    public func route(to endpoint: ServerEndpoint, options: ServerOptions?, givenProxy: ProxyEndpoint? = nil)
        throws(Failure) -> (route: Route, proxySource: ProxySource?)
    {
        if let saved = try options?.savedRoute() { return (saved, nil) }
        guard
            let (settings, source) = try ProxyChoice.resolve(
                for: endpoint, options: options, environment: environment, passwords: proxyPasswords,
                given: givenProxy)
        else { return (.direct, nil) }
        return (.proxy(settings), source)
    }
}
