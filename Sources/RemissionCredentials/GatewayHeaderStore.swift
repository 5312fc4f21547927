import CSecret

/// Where the values of secret gateway headers are kept: the Secret Service keyring
/// (`org.remission.Header`, attributes `server` = `scheme://host:port` and `header` = the name,
/// lower-cased), a stand-in in tests. Apart from RPC passwords, passphrases and proxy passwords.
public protocol GatewayHeaderStore: Sendable {
    /// The stored value of header `name` for `server`, or nil when there is none.
    func headerValue(server: String, name: String) throws(KeyringError) -> String?
    /// Stores `value`, replacing any stored one.
    func storeHeaderValue(_ value: String, server: String, name: String) throws(KeyringError)
    /// Removes the stored value; false when there was none.
    @discardableResult
    func removeHeaderValue(server: String, name: String) throws(KeyringError) -> Bool
}

extension SecretServiceKeyring: GatewayHeaderStore {
    public func headerValue(server: String, name: String) throws(KeyringError) -> String? {
        try lookup(HeaderSchema.pointer) { Self.headerAttributes(server, name) }
    }

    public func storeHeaderValue(_ value: String, server: String, name: String) throws(KeyringError) {
        guard !value.utf8.contains(0), !name.utf8.contains(0) else { throw .passwordContainsNul }
        try withUnlockedDefaultCollection(.store) { deadline throws(KeyringError) in
            try Self.storeSecret(
                value, HeaderSchema.pointer, Self.headerAttributes(server, name),
                label: "Remission header: \(name) for \(server)", deadline)
        }
    }

    @discardableResult
    public func removeHeaderValue(server: String, name: String) throws(KeyringError) -> Bool {
        try clearSecret(HeaderSchema.pointer, Self.headerAttributes(server, name))
    }

    private static func headerAttributes(_ server: String, _ name: String) -> AttributeTable {
        AttributeTable([(HeaderSchema.server, server), (HeaderSchema.header, name.lowercased())])
    }
}
