import CSecret
import Glibc

/// A `GHashTable` of string attributes, as libsecret's `…v_sync` calls take them.
///
/// Keys and values are `g_strdup`'d copies owned by the table (`g_free` on both); the table
/// is released with the Swift object, so no path can leak it.
final class AttributeTable {
    let pointer: OpaquePointer

    init(_ attributes: [(name: String, value: String)]) {
        pointer = libsecret.g_hash_table_new_full(
            libsecret.g_str_hash, libsecret.g_str_equal, libsecret.g_free, libsecret.g_free)!
        for (name, value) in attributes {
            _ = libsecret.g_hash_table_insert(pointer, libsecret.g_strdup(name), libsecret.g_strdup(value))
        }
    }

    convenience init(_ key: CredentialKey) {
        self.init(key.attributes)
    }

    deinit {
        libsecret.g_hash_table_unref(pointer)
    }
}

/// The `org.remission.Credentials` schema: four string attributes, matched by schema name.
///
/// Matching the name (no `SECRET_SCHEMA_DONT_MATCH_NAME`) keeps lookups and removals to
/// Remission's own items: git's `org.git.Password` items use the same attribute names, and
/// `remove` must never erase them. `secret-tool lookup server HOST user USER` still finds
/// Remission's items, because secret-tool matches attributes only.
enum CredentialSchema {
    static let name = "org.remission.Credentials"
    static let attributeNames = ["server", "port", "protocol", "user", route]
    /// Only on a routed server's item (`CredentialKey.route`).
    static let route = "route"

    /// Built once and kept for the life of the process (libsecret only reads it).
    nonisolated(unsafe) static let pointer: UnsafePointer<SecretSchema> = makeSchema(name, attributeNames)
}

/// The `org.remission.ClientKey` schema: the passphrase of one encrypted client-certificate key,
/// found by its one attribute `client-key` (the key file's absolute path). A schema of its own, so a
/// passphrase is never found where an RPC password is looked for, nor the other way round.
enum ClientKeySchema {
    static let name = "org.remission.ClientKey"
    static let attribute = "client-key"

    nonisolated(unsafe) static let pointer: UnsafePointer<SecretSchema> = makeSchema(name, [attribute])
}

/// The `org.remission.Proxy` schema: a proxy's password, found by `proxy` (`scheme://host:port`) and
/// `user`.
enum ProxySchema {
    static let name = "org.remission.Proxy"
    static let proxy = "proxy"
    static let user = "user"

    nonisolated(unsafe) static let pointer: UnsafePointer<SecretSchema> = makeSchema(name, [proxy, user])
}

/// The `org.remission.Header` schema: the value of a secret gateway header (`connect
/// --secret-header`), found by `server` (the server's identity, `scheme://host:port`) and `header`
/// (the header's name, lower-cased). Never `org.remission.Credentials`: a gateway's token is not a
/// Transmission password.
enum HeaderSchema {
    static let name = "org.remission.Header"
    static let server = "server"
    static let header = "header"

    nonisolated(unsafe) static let pointer: UnsafePointer<SecretSchema> = makeSchema(name, [server, header])
}

private func makeSchema(_ name: String, _ attributeNames: [String]) -> UnsafePointer<SecretSchema> {
    let schema = UnsafeMutablePointer<SecretSchema>.allocate(capacity: 1)
    schema.initialize(to: SecretSchema())
    schema.pointee.name = UnsafePointer(strdup(name))
    schema.pointee.flags = SECRET_SCHEMA_NONE
    withUnsafeMutableBytes(of: &schema.pointee.attributes) { raw in
        let slots = raw.bindMemory(to: SecretSchemaAttribute.self)
        for (index, attribute) in attributeNames.enumerated() {
            slots[index] = SecretSchemaAttribute(
                name: UnsafePointer(strdup(attribute)), type: SECRET_SCHEMA_ATTRIBUTE_STRING)
        }
    }
    return UnsafePointer(schema)
}

extension KeyringError {
    /// Converts a GError into a keyring error, once, and frees it.
    ///
    /// A cancellation after the deadline has passed is the one the deadline caused: it
    /// becomes ``timedOut(operation:)``.
    static func consuming(
        _ error: UnsafeMutablePointer<GError>?, during operation: KeyringOperation, deadline: Deadline
    ) -> KeyringError {
        guard let error else {
            return deadline.expired
                ? .timedOut(operation: operation)
                : .failure(
                    operation: operation, domain: "remission", code: 0, message: "libsecret failed without saying why")
        }
        defer { libsecret.g_error_free(error) }
        let domain = libsecret.g_quark_to_string(error.pointee.domain).map { String(cString: $0) } ?? "unknown"
        if deadline.expired && domain == GErrorDomain.io && error.pointee.code == GErrorDomain.ioCancelled {
            return .timedOut(operation: operation)
        }
        let message = error.pointee.message.map { String(cString: $0) } ?? ""
        return KeyringError(domain: domain, code: error.pointee.code, message: message, during: operation)
    }
}

/// Copies a `gchar *` that GLib gave us into a Swift string and frees it with `g_free`.
func takeGString(_ pointer: UnsafeMutablePointer<gchar>?) -> String? {
    guard let pointer else { return nil }
    defer { libsecret.g_free(pointer) }
    return String(cString: pointer)
}
