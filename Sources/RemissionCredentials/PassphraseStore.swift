import CSecret

/// Where the passphrase of an encrypted client-certificate key is kept: the Secret Service keyring
/// (`org.remission.ClientKey`, attribute `client-key` = the key file's absolute path), a stand-in
/// in tests. Never plain text; never mixed with RPC passwords (`PasswordStore`).
public protocol PassphraseStore: Sendable {
    /// The stored passphrase for the key file at `keyPath`, or nil when there is none.
    func passphrase(forKey keyPath: String) throws(KeyringError) -> String?
    /// Stores `passphrase` for the key file at `keyPath`, replacing any stored one.
    func storePassphrase(_ passphrase: String, forKey keyPath: String) throws(KeyringError)
}

extension SecretServiceKeyring: PassphraseStore {
    public func passphrase(forKey keyPath: String) throws(KeyringError) -> String? {
        try lookup(ClientKeySchema.pointer) { AttributeTable([(ClientKeySchema.attribute, keyPath)]) }
    }

    public func storePassphrase(_ passphrase: String, forKey keyPath: String) throws(KeyringError) {
        guard !passphrase.utf8.contains(0), !keyPath.utf8.contains(0) else { throw .passwordContainsNul }
        try withUnlockedDefaultCollection(.store) { deadline throws(KeyringError) in
            try Self.storeSecret(
                passphrase, ClientKeySchema.pointer, AttributeTable([(ClientKeySchema.attribute, keyPath)]),
                label: "Remission client key: \(keyPath)", deadline)
        }
    }
}

/// Where a proxy's password is kept: the Secret Service keyring (`org.remission.Proxy`, attributes
/// `proxy` = `scheme://host:port` and `user`), apart from RPC passwords and key passphrases.
public protocol ProxyPasswordStore: Sendable {
    func proxyPassword(proxy: String, user: String) throws(KeyringError) -> String?
    func storeProxyPassword(_ password: String, proxy: String, user: String) throws(KeyringError)
}

extension SecretServiceKeyring: ProxyPasswordStore {
    public func proxyPassword(proxy: String, user: String) throws(KeyringError) -> String? {
        try lookup(ProxySchema.pointer) { Self.proxyAttributes(proxy, user) }
    }

    public func storeProxyPassword(_ password: String, proxy: String, user: String) throws(KeyringError) {
        guard !password.utf8.contains(0), !user.utf8.contains(0) else { throw .passwordContainsNul }
        try withUnlockedDefaultCollection(.store) { deadline throws(KeyringError) in
            try Self.storeSecret(
                password, ProxySchema.pointer, Self.proxyAttributes(proxy, user),
                label: "Remission proxy: \(user)@\(proxy)", deadline)
        }
    }

    private static func proxyAttributes(_ proxy: String, _ user: String) -> AttributeTable {
        AttributeTable([(ProxySchema.proxy, proxy), (ProxySchema.user, user)])
    }
}
