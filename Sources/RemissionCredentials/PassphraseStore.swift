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
        try withUnlockedDefaultCollection(.lookup) { deadline throws(KeyringError) in
            let attributes = AttributeTable([(ClientKeySchema.attribute, keyPath)])
            var error: UnsafeMutablePointer<GError>?
            let secret = libsecret.secret_password_lookupv_sync(
                ClientKeySchema.pointer, attributes.pointer, deadline.cancellable, &error)
            guard error == nil else {
                if let secret { libsecret.secret_password_free(secret) }
                throw KeyringError.consuming(error, during: .lookup, deadline: deadline)
            }
            guard let secret else { return nil }
            defer { libsecret.secret_password_free(secret) }
            return String(cString: secret)
        }
    }

    public func storePassphrase(_ passphrase: String, forKey keyPath: String) throws(KeyringError) {
        guard !passphrase.utf8.contains(0), !keyPath.utf8.contains(0) else { throw .passwordContainsNul }
        try withUnlockedDefaultCollection(.store) { deadline throws(KeyringError) in
            let attributes = AttributeTable([(ClientKeySchema.attribute, keyPath)])
            var error: UnsafeMutablePointer<GError>?
            let stored = passphrase.withCString { secret in
                libsecret.secret_password_storev_sync(
                    ClientKeySchema.pointer, attributes.pointer, SECRET_COLLECTION_DEFAULT,
                    "Remission client key: \(keyPath)", secret, deadline.cancellable, &error)
            }
            if error != nil { throw KeyringError.consuming(error, during: .store, deadline: deadline) }
            if stored == 0 { throw KeyringError.promptDismissed }
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
        try withUnlockedDefaultCollection(.lookup) { deadline throws(KeyringError) in
            let attributes = AttributeTable([(ProxySchema.proxy, proxy), (ProxySchema.user, user)])
            var error: UnsafeMutablePointer<GError>?
            let secret = libsecret.secret_password_lookupv_sync(
                ProxySchema.pointer, attributes.pointer, deadline.cancellable, &error)
            guard error == nil else {
                if let secret { libsecret.secret_password_free(secret) }
                throw KeyringError.consuming(error, during: .lookup, deadline: deadline)
            }
            guard let secret else { return nil }
            defer { libsecret.secret_password_free(secret) }
            return String(cString: secret)
        }
    }

    public func storeProxyPassword(_ password: String, proxy: String, user: String) throws(KeyringError) {
        guard !password.utf8.contains(0), !user.utf8.contains(0) else { throw .passwordContainsNul }
        try withUnlockedDefaultCollection(.store) { deadline throws(KeyringError) in
            let attributes = AttributeTable([(ProxySchema.proxy, proxy), (ProxySchema.user, user)])
            var error: UnsafeMutablePointer<GError>?
            let stored = password.withCString { secret in
                libsecret.secret_password_storev_sync(
                    ProxySchema.pointer, attributes.pointer, SECRET_COLLECTION_DEFAULT,
                    "Remission proxy: \(user)@\(proxy)", secret, deadline.cancellable, &error)
            }
            if error != nil { throw KeyringError.consuming(error, during: .store, deadline: deadline) }
            if stored == 0 { throw KeyringError.promptDismissed }
        }
    }
}
