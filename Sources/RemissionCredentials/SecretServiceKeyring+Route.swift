import CSecret

/// Password items told apart by their `route`. libsecret's lookups and removals match attributes as a
/// subset, and a Secret Service's replacing store picks an item whose attributes include the given
/// ones: gnome-keyring, storing a direct server's password, replaced the same URL's item through an
/// SSH host. So a direct item has an empty `route` (a lookup by it is exact), and every password is
/// stored by creating a new item and then deleting the others of the same key, never by replacing.
/// A direct item stored before routes were part of a server's identity has no `route` at all: only
/// those need a search that leaves routed items out.
extension SecretServiceKeyring {
    /// The secret of the first item matching `attributes` that has no attribute `without`; nil when
    /// none (or its secret could not be read: a locked collection, which the caller tells apart).
    static func searchSecret(
        _ schema: UnsafePointer<SecretSchema>, _ attributes: AttributeTable, without: String, _ deadline: Deadline
    ) throws(KeyringError) -> String? {
        let flags = SecretSearchFlags(rawValue: SECRET_SEARCH_ALL.rawValue | SECRET_SEARCH_LOAD_SECRETS.rawValue)
        let items = try SearchResult(schema, attributes, flags, deadline)
        for item in items.items where value(of: item, without) == nil {
            guard let value = libsecret.secret_item_get_secret(item) else { continue }
            defer { libsecret.secret_value_unref(UnsafeMutableRawPointer(value)) }
            if let text = libsecret.secret_value_get_text(value) { return String(cString: text) }
        }
        return nil
    }

    /// Stores `password` as the one item of `key`: a new item in the default collection, then every
    /// other item of the same key deleted (an empty or absent `route` for a direct key).
    func storePassword(_ password: String, for key: CredentialKey) throws(KeyringError) {
        try withUnlockedDefaultCollection(.store) { deadline throws(KeyringError) in
            let created = try Self.create(
                password, CredentialSchema.pointer, AttributeTable(key), label: key.label, deadline)
            _ = try Self.deleteItems(of: key, except: created, deadline)
        }
    }

    /// Deletes every item of `key` (for a direct key: an empty or absent `route`, never a routed
    /// item of the same URL); false when there was none.
    func removePassword(_ key: CredentialKey) throws(KeyringError) -> Bool {
        try withUnlockedDefaultCollection(.remove) { deadline throws(KeyringError) in
            try Self.deleteItems(of: key, except: nil, deadline)
        }
    }

    /// Deletes the items with `key`'s four address attributes whose `route` is `key.route` (absent
    /// or empty for a direct key), but the item at object path `kept`.
    private static func deleteItems(of key: CredentialKey, except kept: String?, _ deadline: Deadline)
        throws(KeyringError) -> Bool
    {
        let items = try SearchResult(
            CredentialSchema.pointer, AttributeTable(key.addressAttributes), SECRET_SEARCH_ALL, deadline)
        var removed = false
        for item in items.items where (value(of: item, CredentialSchema.route) ?? "") == (key.route ?? "") {
            if let kept, path(of: item) == kept { continue }
            var error: UnsafeMutablePointer<GError>?
            _ = libsecret.secret_item_delete_sync(item, deadline.cancellable, &error)
            if error != nil { throw KeyringError.consuming(error, during: .remove, deadline: deadline) }
            removed = true
        }
        return removed
    }

    /// Creates an item (never replacing one) in the default collection; its D-Bus object path.
    private static func create(
        _ secret: String, _ schema: UnsafePointer<SecretSchema>, _ attributes: AttributeTable, label: String,
        _ deadline: Deadline
    ) throws(KeyringError) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let service = libsecret.secret_service_get_sync(SECRET_SERVICE_NONE, deadline.cancellable, &error)
        guard let service, error == nil else {
            if let service { libsecret.g_object_unref(UnsafeMutableRawPointer(service)) }
            throw KeyringError.consuming(error, during: .store, deadline: deadline)
        }
        defer { libsecret.g_object_unref(UnsafeMutableRawPointer(service)) }
        let collection = libsecret.secret_collection_for_alias_sync(
            service, SECRET_COLLECTION_DEFAULT, SECRET_COLLECTION_NONE, deadline.cancellable, &error)
        guard let collection, error == nil else {
            if let collection { libsecret.g_object_unref(UnsafeMutableRawPointer(collection)) }
            throw KeyringError.consuming(error, during: .store, deadline: deadline)
        }
        defer { libsecret.g_object_unref(UnsafeMutableRawPointer(collection)) }
        guard let value = secret.withCString({ libsecret.secret_value_new($0, -1, "text/plain") }) else {
            throw KeyringError.consuming(nil, during: .store, deadline: deadline)
        }
        defer { libsecret.secret_value_unref(UnsafeMutableRawPointer(value)) }
        let item = libsecret.secret_item_create_sync(
            collection, schema, attributes.pointer, label, value, SECRET_ITEM_CREATE_NONE, deadline.cancellable, &error)
        guard let item, error == nil else {
            if let item { libsecret.g_object_unref(UnsafeMutableRawPointer(item)) }
            if error == nil, !deadline.expired { throw KeyringError.promptDismissed }
            throw KeyringError.consuming(error, during: .store, deadline: deadline)
        }
        defer { libsecret.g_object_unref(UnsafeMutableRawPointer(item)) }
        return path(of: item)
    }

    /// The D-Bus object path of an item (a `GDBusProxy`).
    private static func path(of item: OpaquePointer) -> String? {
        libsecret.g_dbus_proxy_get_object_path(item).map { String(cString: $0) }
    }

    /// The value of `item`'s attribute `name`; nil when it has none.
    static func value(of item: OpaquePointer, _ name: String) -> String? {
        guard let table = libsecret.secret_retrievable_get_attributes(item) else { return nil }
        defer { libsecret.g_hash_table_unref(table) }
        return attribute(table, name)
    }
}

/// The value of attribute `name` in an item's attribute table.
func attribute(_ table: OpaquePointer, _ name: String) -> String? {
    name.withCString { libsecret.g_hash_table_lookup(table, $0) }.map {
        String(cString: $0.assumingMemoryBound(to: CChar.self))
    }
}

/// The items a `secret_password_searchv_sync` found, released with the value.
final class SearchResult {
    private let list: UnsafeMutablePointer<GList>?

    init(
        _ schema: UnsafePointer<SecretSchema>, _ attributes: AttributeTable, _ flags: SecretSearchFlags,
        _ deadline: Deadline
    ) throws(KeyringError) {
        var error: UnsafeMutablePointer<GError>?
        let list = libsecret.secret_password_searchv_sync(
            schema, attributes.pointer, flags, deadline.cancellable, &error)
        guard error == nil else {
            if let list { libsecret.g_list_free_full(list, libsecret.g_object_unref) }
            throw KeyringError.consuming(error, during: .lookup, deadline: deadline)
        }
        self.list = list
    }

    /// The items, in the order the service gave them.
    var items: [OpaquePointer] {
        var result: [OpaquePointer] = []
        var node = list
        while let current = node {
            if let data = current.pointee.data { result.append(OpaquePointer(data)) }
            node = current.pointee.next
        }
        return result
    }

    deinit { if let list { libsecret.g_list_free_full(list, libsecret.g_object_unref) } }
}
