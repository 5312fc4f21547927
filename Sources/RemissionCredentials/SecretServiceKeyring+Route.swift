import CSecret

/// Items told apart by an attribute they lack: a direct server's password item has no `route`, while
/// libsecret's lookups and removals match attributes as a subset and would take a routed item of the
/// same URL and user as well, and a Secret Service's store replaces the first item whose attributes
/// include the given ones (gnome-keyring turned the routed item into the direct one).
extension SecretServiceKeyring {
    /// The secret of the first item matching `attributes` that has no attribute `without`; nil when
    /// none (or its secret could not be read: a locked collection, which the caller tells apart).
    static func searchSecret(
        _ schema: UnsafePointer<SecretSchema>, _ attributes: AttributeTable, without: String, _ deadline: Deadline
    ) throws(KeyringError) -> String? {
        let flags = SecretSearchFlags(rawValue: SECRET_SEARCH_ALL.rawValue | SECRET_SEARCH_LOAD_SECRETS.rawValue)
        let items = try SearchResult(schema, attributes, flags, deadline)
        for item in items.items where !has(item, without) {
            guard let value = libsecret.secret_item_get_secret(item) else { continue }
            defer { libsecret.secret_value_unref(UnsafeMutableRawPointer(value)) }
            if let text = libsecret.secret_value_get_text(value) { return String(cString: text) }
        }
        return nil
    }

    /// Deletes, from the unlocked default collection, the items matching `attributes` that have no
    /// attribute `without`; false when there was none.
    func deleteItems(_ schema: UnsafePointer<SecretSchema>, _ attributes: AttributeTable, without: String)
        throws(KeyringError) -> Bool
    {
        try withUnlockedDefaultCollection(.remove) { deadline throws(KeyringError) in
            try Self.delete(schema, attributes, without: without, deadline)
        }
    }

    static func delete(
        _ schema: UnsafePointer<SecretSchema>, _ attributes: AttributeTable, without: String, _ deadline: Deadline
    ) throws(KeyringError) -> Bool {
        let items = try SearchResult(schema, attributes, SECRET_SEARCH_ALL, deadline)
        var removed = false
        for item in items.items where !has(item, without) {
            var error: UnsafeMutablePointer<GError>?
            _ = libsecret.secret_item_delete_sync(item, deadline.cancellable, &error)
            if error != nil { throw KeyringError.consuming(error, during: .remove, deadline: deadline) }
            removed = true
        }
        return removed
    }

    /// Stores `secret` as the one item with `attributes` and without attribute `without`: those there
    /// are deleted, then a new one is created in the default collection, never by a replacing store
    /// (which could take an item that has `without`).
    func storeSecret(
        _ secret: String, _ schema: UnsafePointer<SecretSchema>, _ attributes: AttributeTable, without: String,
        label: String
    ) throws(KeyringError) {
        try withUnlockedDefaultCollection(.store) { deadline throws(KeyringError) in
            _ = try Self.delete(schema, attributes, without: without, deadline)
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
                collection, schema, attributes.pointer, label, value, SECRET_ITEM_CREATE_NONE, deadline.cancellable,
                &error)
            if let item { libsecret.g_object_unref(UnsafeMutableRawPointer(item)) }
            if error != nil || item == nil { throw KeyringError.consuming(error, during: .store, deadline: deadline) }
        }
    }

    /// Whether `item` has the attribute `name`.
    static func has(_ item: OpaquePointer, _ name: String) -> Bool {
        guard let table = libsecret.secret_retrievable_get_attributes(item) else { return false }
        defer { libsecret.g_hash_table_unref(table) }
        return attribute(table, name) != nil
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
