import RemissionModel

/// An RPC method, kept by its classic (kebab-case) name; `name(in:)` spells it for a dialect
/// (`torrent-get` classic, `torrent_get` JSON-RPC).
public struct RPCMethod: Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let classicName: String

    public init(_ classicName: String) {
        self.classicName = classicName
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    public func name(in dialect: RPCDialect) -> String { dialect.spell(classicName) }

    public var description: String { classicName }

    /// Whether sending the call twice does no more than sending it once: any `*-get`, `session-stats`,
    /// `free-space`, `port-test`. Only such a call is resent after a failure that may have reached the
    /// server (PRODUCT.md §2); `torrent-remove`, `torrent-add`, `*-set`, the actions and
    /// `blocklist-update` are not, and neither is any method not named here.
    public var isIdempotent: Bool {
        classicName.hasSuffix("-get") || Self.idempotentNames.contains(classicName)
    }

    private static let idempotentNames: Set<String> = ["session-stats", "free-space", "port-test"]

    public static let sessionGet: RPCMethod = "session-get"
    public static let sessionSet: RPCMethod = "session-set"
    public static let sessionStats: RPCMethod = "session-stats"
    public static let sessionClose: RPCMethod = "session-close"
    public static let torrentGet: RPCMethod = "torrent-get"
    public static let torrentAdd: RPCMethod = "torrent-add"
    public static let torrentSet: RPCMethod = "torrent-set"
    public static let torrentRemove: RPCMethod = "torrent-remove"
    public static let torrentStart: RPCMethod = "torrent-start"
    public static let torrentStartNow: RPCMethod = "torrent-start-now"
    public static let torrentStop: RPCMethod = "torrent-stop"
    public static let torrentVerify: RPCMethod = "torrent-verify"
    public static let torrentReannounce: RPCMethod = "torrent-reannounce"
    public static let torrentSetLocation: RPCMethod = "torrent-set-location"
    public static let torrentRenamePath: RPCMethod = "torrent-rename-path"
    public static let freeSpace: RPCMethod = "free-space"
    public static let portTest: RPCMethod = "port-test"
    public static let blocklistUpdate: RPCMethod = "blocklist-update"
    public static let groupGet: RPCMethod = "group-get"
    public static let groupSet: RPCMethod = "group-set"
    public static let queueMoveTop: RPCMethod = "queue-move-top"
    public static let queueMoveUp: RPCMethod = "queue-move-up"
    public static let queueMoveDown: RPCMethod = "queue-move-down"
    public static let queueMoveBottom: RPCMethod = "queue-move-bottom"
}
