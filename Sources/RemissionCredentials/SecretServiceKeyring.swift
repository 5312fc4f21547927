import CSecret
import Glibc

/// Passwords in the desktop keyring, through libsecret and the Secret Service D-Bus API.
///
/// Items use the schema `org.remission.Credentials` (string attributes `server`, `port`,
/// `protocol`, `user`, and `route` for a server reached through an SSH host or a unix socket), the
/// label `Remission: user@host:port`, and the `default` collection
/// (the persistent login keyring). `secret-tool lookup server HOST user USER` finds them.
///
/// Every operation first checks the default collection: a locked one is reported as
/// ``KeyringError/locked(collection:)`` instead of being unlocked, because an unlock prompt
/// cannot be shown on a headless machine and a lookup in a locked collection returns "no
/// password" without an error. (A lookup still searches every collection, as libsecret does:
/// an item in some other, locked collection may make the provider prompt; the ``timeout``
/// bounds that.) Each operation runs under one ``timeout``.
///
/// Items are matched by schema name too, so items of other programs with the same attribute
/// names (git's `org.git.Password`) are never read or removed.
///
/// - Warning: Never falls back to another store. A looked-up password is copied once into a
///   Swift `String`; libsecret's buffer is released with `secret_password_free`, which wipes
///   it. A stored password is passed to libsecret straight from the `String`'s storage.
public struct SecretServiceKeyring: PasswordStore {
    /// How long one operation (connect, check the collection, then act) may take in all.
    /// Default 10 s: a working local keyring answers in milliseconds, a hung one never.
    public var timeout: Duration

    /// Replaces the process environment for the up-front session-bus check (tests); nil
    /// reads the process environment. GLib itself always uses the process environment.
    public var environment: [String: String]?

    public init(environment: [String: String]? = nil, timeout: Duration = .seconds(10)) {
        self.environment = environment
        self.timeout = timeout
    }

    /// Looks up first and checks the collection's lock only when nothing was found: a found password
    /// proves the keyring usable, and that saves several D-Bus round trips on every command. A locked
    /// collection answers "nothing" to a lookup, so "nothing" is then told apart from "locked".
    ///
    /// A direct server's item has an empty `route`; one without a `route` attribute (stored before
    /// routes were part of a server's identity) is found by a search that leaves routed items out,
    /// and stored again with the empty `route`, once, so the next lookup is one call again.
    public func lookup(_ key: CredentialKey) throws(KeyringError) -> String? {
        guard key.route == nil else { return try lookup(CredentialSchema.pointer) { AttributeTable(key) } }
        var legacy = false
        let found = try lookup(
            CredentialSchema.pointer, { AttributeTable(key) },
            orElse: { deadline throws(KeyringError) in
                let secret = try Self.searchSecret(
                    CredentialSchema.pointer, AttributeTable(key.addressAttributes), without: CredentialSchema.route,
                    deadline)
                legacy = secret != nil
                return secret
            })
        if legacy, let found { try? store(found, for: key) }  // best effort: found again next time anyway
        return found
    }

    /// `lookup(_:)` for any schema (client-key passphrases, proxy passwords too); `attributes`
    /// makes the table for each of the (at most two) lookups; `orElse`: where else to look when the
    /// lookup finds nothing.
    func lookup(
        _ schema: UnsafePointer<SecretSchema>, _ attributes: () -> AttributeTable,
        orElse: (Deadline) throws(KeyringError) -> String? = { _ in nil }
    ) throws(KeyringError) -> String? {
        try prepare()
        let deadline = Deadline(timeout: timeout)
        defer { deadline.finish() }
        func find() throws(KeyringError) -> String? {
            if let secret = try Self.lookupSecret(schema, attributes(), deadline) { return secret }
            return try orElse(deadline)
        }
        do throws(KeyringError) {
            if let secret = try find() { return secret }
        } catch {
            // e.g. a replaced provider: the careful path below reconnects and names the cause.
            guard !deadline.expired else { throw error }
        }
        let collection = try defaultCollection(deadline)
        if collection.isLocked { throw .locked(collection: collection.label) }
        return try find()
    }

    /// The secret of the item of `schema` with `attributes`, copied once into a `String`; libsecret's
    /// buffer is wiped and freed (`secret_password_free`). One copy for every schema (RPC passwords,
    /// client-key passphrases, proxy passwords).
    static func lookupSecret(
        _ schema: UnsafePointer<SecretSchema>, _ attributes: AttributeTable, _ deadline: Deadline
    ) throws(KeyringError) -> String? {
        var error: UnsafeMutablePointer<GError>?
        let secret = libsecret.secret_password_lookupv_sync(schema, attributes.pointer, deadline.cancellable, &error)
        guard error == nil else {
            if let secret { libsecret.secret_password_free(secret) }
            throw KeyringError.consuming(error, during: .lookup, deadline: deadline)
        }
        guard let secret else { return nil }
        defer { libsecret.secret_password_free(secret) }
        return String(cString: secret)
    }

    /// Stores `secret` as the item of `schema` with `attributes` in the default collection, passed to
    /// libsecret straight from the `String`'s storage. FALSE without an error: a prompt (to unlock or
    /// create the keyring) was dismissed.
    static func storeSecret(
        _ secret: String, _ schema: UnsafePointer<SecretSchema>, _ attributes: AttributeTable, label: String,
        _ deadline: Deadline
    ) throws(KeyringError) {
        var error: UnsafeMutablePointer<GError>?
        let stored = secret.withCString { secret in
            libsecret.secret_password_storev_sync(
                schema, attributes.pointer, SECRET_COLLECTION_DEFAULT, label, secret, deadline.cancellable, &error)
        }
        if error != nil { throw KeyringError.consuming(error, during: .store, deadline: deadline) }
        if stored == 0 { throw KeyringError.promptDismissed }
    }

    /// A new item, then the key's others deleted (`storePassword`): never a replacing store, which may
    /// take the same URL's item of another route.
    public func store(_ password: String, for key: CredentialKey) throws(KeyringError) {
        guard !password.utf8.contains(0) else { throw .passwordContainsNul }
        try storePassword(password, for: key)
    }

    /// Removes the key's items only (`removePassword`): for a direct key, an empty or absent `route`.
    @discardableResult
    public func remove(_ key: CredentialKey) throws(KeyringError) -> Bool {
        try removePassword(key)
    }

    /// Removes the items of `schema` with `attributes` from the unlocked default collection; false
    /// when there was none.
    func clearSecret(_ schema: UnsafePointer<SecretSchema>, _ attributes: AttributeTable) throws(KeyringError) -> Bool {
        try withUnlockedDefaultCollection(.remove) { deadline throws(KeyringError) in
            var error: UnsafeMutablePointer<GError>?
            let removed = libsecret.secret_password_clearv_sync(
                schema, attributes.pointer, deadline.cancellable, &error)
            if error != nil {
                throw KeyringError.consuming(error, during: .remove, deadline: deadline)
            }
            return removed != 0
        }
    }

    public func status() -> KeyringStatus {
        do throws(KeyringError) {
            try prepare()
            let deadline = Deadline(timeout: timeout)
            defer { deadline.finish() }
            let collection = try defaultCollection(deadline)
            return collection.isLocked
                ? .locked(collection: collection.label) : .available(collection: collection.label)
        } catch {
            return KeyringStatus(error)
        }
    }

    // MARK: - Steps

    /// Every operation starts here: a session bus must be there and libsecret must load (it is loaded
    /// now, on first use, not at start-up), each failing with the message users need.
    func prepare() throws(KeyringError) {
        try checkSessionBus()
        try SecretLibrary.load()
    }

    /// Fails fast, with the message users need, when there is no session bus at all.
    ///
    /// GLib finds the bus in `DBUS_SESSION_BUS_ADDRESS`, else at `$XDG_RUNTIME_DIR/bus` (the
    /// systemd user bus), else tries to autolaunch one through X11, which fails headless.
    func checkSessionBus() throws(KeyringError) {
        if let address = variable("DBUS_SESSION_BUS_ADDRESS"), !address.isEmpty { return }
        if let runtime = variable("XDG_RUNTIME_DIR"), !runtime.isEmpty, Self.isSocket(runtime + "/bus") { return }
        throw .noSessionBus(reason: "DBUS_SESSION_BUS_ADDRESS is not set")
    }

    /// Runs `body` once the bus is there and the default collection exists and is unlocked.
    func withUnlockedDefaultCollection<T>(
        _ operation: KeyringOperation, _ body: (Deadline) throws(KeyringError) -> T
    ) throws(KeyringError) -> T {
        try prepare()
        let deadline = Deadline(timeout: timeout)
        defer { deadline.finish() }
        let collection = try defaultCollection(deadline)
        if collection.isLocked { throw .locked(collection: collection.label) }
        return try body(deadline)
    }

    /// The label and lock state of the collection behind the `default` alias.
    ///
    /// libsecret shares one `SecretService` proxy per process, bound to the provider's unique
    /// bus name. When the provider is replaced (a keyring daemon restarted), that name is gone
    /// and calls fail with ServiceUnknown; libsecret's own name watch only runs inside a GLib
    /// main loop, which a CLI does not have. So "no provider" is retried once on a fresh proxy.
    func defaultCollection(_ deadline: Deadline) throws(KeyringError) -> (label: String, isLocked: Bool) {
        do throws(KeyringError) {
            return try readDefaultCollection(deadline)
        } catch {
            guard case .noProvider = error, !deadline.expired else { throw error }
            libsecret.secret_service_disconnect()
            return try readDefaultCollection(deadline)
        }
    }

    /// Connecting needs a real `SecretService` (passing NULL asserts in libsecret 0.20.5).
    /// Loading the collection reads its properties, so nothing is unlocked or prompted.
    private func readDefaultCollection(_ deadline: Deadline) throws(KeyringError) -> (label: String, isLocked: Bool) {
        var error: UnsafeMutablePointer<GError>?
        let service = libsecret.secret_service_get_sync(SECRET_SERVICE_NONE, deadline.cancellable, &error)
        guard let service, error == nil else {
            if let service { libsecret.g_object_unref(UnsafeMutableRawPointer(service)) }
            throw KeyringError.consuming(error, during: .connect, deadline: deadline)
        }
        defer { libsecret.g_object_unref(UnsafeMutableRawPointer(service)) }

        let collection = libsecret.secret_collection_for_alias_sync(
            service, SECRET_COLLECTION_DEFAULT, SECRET_COLLECTION_NONE, deadline.cancellable, &error)
        guard error == nil else {
            if let collection { libsecret.g_object_unref(UnsafeMutableRawPointer(collection)) }
            throw KeyringError.consuming(error, during: .openDefaultCollection, deadline: deadline)
        }
        guard let collection else {
            if deadline.expired { throw KeyringError.timedOut(operation: .openDefaultCollection) }
            throw KeyringError.noDefaultCollection(reason: "no collection has the alias 'default'")
        }
        defer { libsecret.g_object_unref(UnsafeMutableRawPointer(collection)) }

        let label = takeGString(libsecret.secret_collection_get_label(collection)) ?? ""
        // SecretCollection is a GDBusProxy.
        let proxy = collection
        let path = libsecret.g_dbus_proxy_get_object_path(proxy).map { String(cString: $0) } ?? "default"
        return (label.isEmpty ? path : label, libsecret.secret_collection_get_locked(collection) != 0)
    }

    // MARK: - Environment

    private func variable(_ name: String) -> String? {
        if let environment { return environment[name] }
        return getenv(name).map { String(cString: $0) }
    }

    private static func isSocket(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFSOCK
    }
}
