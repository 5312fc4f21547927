import CSecret
import RemissionModel

extension PasswordStore {
    /// The stored passwords of several keys. The default asks one key at a time.
    public func lookupAll(_ keys: [CredentialKey]) throws(KeyringError) -> [CredentialKey: String] {
        var found: [CredentialKey: String] = [:]
        for key in keys {
            if let password = try lookup(key) { found[key] = password }
        }
        return found
    }
}

extension SecretServiceKeyring {
    /// All of Remission's stored passwords for `keys` in one search (one session, one D-Bus exchange for
    /// the secrets) instead of one lookup each: `check --all` over 20 servers. Keys whose item is not
    /// found, or whose secret is not readable (a locked collection), are asked for one at a time, which
    /// tells "no password" from "locked".
    public func lookupAll(_ keys: [CredentialKey]) throws(KeyringError) -> [CredentialKey: String] {
        guard keys.count > 1 else {
            return try keys.first.flatMap { key throws(KeyringError) in try lookup(key).map { [key: $0] } } ?? [:]
        }
        try prepare()
        let wanted = Set(keys)
        var found: [CredentialKey: String] = [:]
        do {
            let deadline = Deadline(timeout: timeout)
            defer { deadline.finish() }
            found = try searchAll(wanted, deadline)
        } catch {
            found = [:]  // the careful path below reports the cause
        }
        for key in keys where found[key] == nil {
            if let password = try lookup(key) { found[key] = password }
        }
        return found
    }

    private func searchAll(_ wanted: Set<CredentialKey>, _ deadline: Deadline) throws(KeyringError) -> [CredentialKey:
        String]
    {
        let everything = AttributeTable([])
        var error: UnsafeMutablePointer<GError>?
        let flags = SecretSearchFlags(rawValue: SECRET_SEARCH_ALL.rawValue | SECRET_SEARCH_LOAD_SECRETS.rawValue)
        let list = libsecret.secret_password_searchv_sync(
            CredentialSchema.pointer, everything.pointer, flags, deadline.cancellable, &error)
        guard error == nil else {
            if let list { libsecret.g_list_free_full(list, libsecret.g_object_unref) }
            throw KeyringError.consuming(error, during: .lookup, deadline: deadline)
        }
        defer { if let list { libsecret.g_list_free_full(list, libsecret.g_object_unref) } }
        var found: [CredentialKey: String] = [:]
        var node = list
        while let current = node {
            defer { node = current.pointee.next }
            guard let data = current.pointee.data,
                let key = Self.key(of: OpaquePointer(data)), wanted.contains(key),
                let value = libsecret.secret_item_get_secret(OpaquePointer(data))
            else { continue }
            defer { libsecret.secret_value_unref(UnsafeMutableRawPointer(value)) }
            if let text = libsecret.secret_value_get_text(value) { found[key] = String(cString: text) }
        }
        return found
    }

    /// The credential key an item's attributes describe.
    private static func key(of item: OpaquePointer) -> CredentialKey? {
        guard let table = libsecret.secret_retrievable_get_attributes(item) else { return nil }
        defer { libsecret.g_hash_table_unref(table) }
        return CredentialKey(attributes: { attribute(table, $0) })
    }
}
