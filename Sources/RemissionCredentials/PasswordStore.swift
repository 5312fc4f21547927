/// Where passwords are kept: the Secret Service keyring in the product, a stand-in in tests.
///
/// Implementations never fall back to plain text, never log a password, and never put one in
/// an error. A locked keyring is an error (``KeyringError/locked(collection:)``), never "no
/// password".
public protocol PasswordStore: Sendable {
    /// The stored password for `key`, or nil when there is none.
    func lookup(_ key: CredentialKey) throws(KeyringError) -> String?

    /// Stores `password` for `key`, replacing any password stored for the same key.
    func store(_ password: String, for key: CredentialKey) throws(KeyringError)

    /// Removes the password for `key`; true when there was one.
    @discardableResult
    func remove(_ key: CredentialKey) throws(KeyringError) -> Bool

    /// Whether the store can be used now, and if not why: for `credentials status` and `check`.
    func status() -> KeyringStatus
}

/// Whether the keyring can be used right now.
public enum KeyringStatus: Equatable, Sendable {
    /// The default collection exists and is unlocked; its label (e.g. "Login").
    case available(collection: String)
    /// The default collection exists but is locked; its label.
    case locked(collection: String)
    /// No D-Bus session bus.
    case noSessionBus(reason: String)
    /// A bus, but no Secret Service provider on it.
    case noProvider(reason: String)
    /// Any other reason the keyring cannot be used.
    case error(KeyringError)

    /// The status in which `error` leaves the keyring.
    public init(_ error: KeyringError) {
        switch error {
        case .noSessionBus(let reason): self = .noSessionBus(reason: reason)
        case .noProvider(let reason): self = .noProvider(reason: reason)
        case .locked(let collection?): self = .locked(collection: collection)
        default: self = .error(error)
        }
    }

    public var isAvailable: Bool {
        if case .available = self { return true }
        return false
    }

    /// What a lookup or store would throw now; nil when available.
    public var error: KeyringError? {
        switch self {
        case .available: return nil
        case .locked(let collection): return .locked(collection: collection)
        case .noSessionBus(let reason): return .noSessionBus(reason: reason)
        case .noProvider(let reason): return .noProvider(reason: reason)
        case .error(let error): return error
        }
    }
}
