/// What a command asked of a server whose Transmission is too old for it; nothing was sent for it.
/// The one refusal of `set`'s newer options, `rename` and `groups` (exit 6, `Failure.status`).
public struct NewerServerNeed: Sendable, Equatable {
    /// What needs it, as the user typed it: an option (`--sequential`) or a command (`remission groups`).
    public var feature: String
    /// The oldest Transmission release that has it, as people name it ("4.1").
    public var transmission: String
    /// The oldest rpc-version that has it.
    public var rpcVersion: Int
    /// The server's rpc-version.
    public var found: Int
    /// The server's own version text ("3.00 (bb6b5a062e)"), when a reply said it.
    public var serverVersion: String?

    public init(feature: String, transmission: String, rpcVersion: Int, found: Int, serverVersion: String? = nil) {
        self.feature = feature
        self.transmission = transmission
        self.rpcVersion = rpcVersion
        self.found = found
        self.serverVersion = serverVersion
    }
}

/// A feature of newer daemons than the oldest Remission speaks with, needed by a whole command.
public enum VersionedFeature: Sendable, Equatable {
    /// `group-get` / `group-set`: `remission groups`.
    case bandwidthGroups
    /// `torrent-rename-path`: `remission rename`.
    case renamePath

    /// The command that needs it, as typed.
    public var command: String {
        switch self {
        case .bandwidthGroups: "remission groups"
        case .renamePath: "remission rename"
        }
    }

    /// The oldest rpc-version that has it.
    public var rpcVersion: Int {
        switch self {
        case .bandwidthGroups: 17
        case .renamePath: 15
        }
    }

    /// The oldest Transmission release that has it, as people name it.
    public var transmissionVersion: String {
        switch self {
        case .bandwidthGroups: "4.0"
        case .renamePath: "2.80"
        }
    }

    /// The refusal for a server of rpc-version `found`, nil when it has the feature.
    public func need(found: Int) -> NewerServerNeed? {
        guard found < rpcVersion else { return nil }
        return NewerServerNeed(
            feature: command, transmission: transmissionVersion, rpcVersion: rpcVersion, found: found)
    }
}
