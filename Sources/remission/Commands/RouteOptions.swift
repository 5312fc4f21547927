import ArgumentParser
import RemissionSession
import RemissionViews

/// `--via ssh://[user@]host[:port]` and `--unix-socket PATH`, of `connect` and `servers set-url`: the
/// route to the daemon, saved with the server.
struct RouteOptions: ParsableArguments {
    @Option(
        name: .customLong("via"),
        help: ArgumentHelp(
            tr(
                "Reach the daemon through your own ssh: ssh://[user@]host[:port] (saved; 'none' removes it). ",
                "The URL is then as that host sees it, e.g. http://127.0.0.1:9091/transmission/rpc."),
            valueName: "ssh-url"))
    var via: String?

    @Option(
        name: .customLong("unix-socket"),
        help: ArgumentHelp(
            tr(
                "Reach the daemon on its unix socket (Transmission 4's rpc-bind-address unix:PATH; saved; ",
                "'none' removes it). The URL (default http://localhost:9091/transmission/rpc) gives Host and path."),
            valueName: "path"),
        completion: .file())
    var unixSocket: String?

    /// The URL `connect --unix-socket PATH` uses when none is given: the daemon's default path; the
    /// host only names the request (Host header), nothing is resolved.
    static let unixSocketURL = "http://localhost:9091/transmission/rpc"

    var flags: RouteFlags? {
        via == nil && unixSocket == nil ? nil : RouteFlags(via: via, unixSocket: unixSocket)
    }
}
