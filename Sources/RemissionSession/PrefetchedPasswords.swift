import RemissionCredentials

/// The keyring, with the passwords of several servers read in one batch beforehand: `check --all`
/// would otherwise open one Secret Service session per server, which costs more than the checks.
public struct PrefetchedPasswords: PasswordStore {
    public let keyring: SecretServiceKeyring
    public let passwords: [CredentialKey: String]

    /// Reads the passwords of every saved server that has a user.
    public init(keyring: SecretServiceKeyring, keys: [CredentialKey]) throws(KeyringError) {
        self.keyring = keyring
        passwords = try keyring.lookupAll(keys)
    }

    public func lookup(_ key: CredentialKey) throws(KeyringError) -> String? {
        if let password = passwords[key] { return password }
        return try keyring.lookup(key)
    }

    public func store(_ password: String, for key: CredentialKey) throws(KeyringError) {
        try keyring.store(password, for: key)
    }

    public func remove(_ key: CredentialKey) throws(KeyringError) -> Bool {
        try keyring.remove(key)
    }

    public func status() -> KeyringStatus { keyring.status() }
}
