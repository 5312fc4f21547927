/// What a server said about its version, kept between runs (`ServerFactsCache`) so that a command
/// whose request is small can send it first instead of asking the version before it
/// (`RPCClient.assume`). Not secret: the session id is not part of it (devdoc/rpc.md).
public struct KnownServer: Sendable, Equatable {
    public var rpcVersion: Int
    /// The 409's `X-Transmission-Rpc-Version` (Transmission 4.1+); nil for a server that sends none.
    /// Every 409 is compared with it: a server that answers otherwise is not the one remembered.
    public var headerSemver: String?
    public var dialect: RPCDialect

    public init(rpcVersion: Int, headerSemver: String?, dialect: RPCDialect) {
        self.rpcVersion = rpcVersion
        self.headerSemver = headerSemver
        self.dialect = dialect
    }
}
