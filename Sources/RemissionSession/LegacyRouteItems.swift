import RemissionCredentials
import RemissionModel
import RemissionStorage

/// Keyring items written before a route was part of a server's identity: a server reached through an
/// SSH host or a unix socket kept its password (and secret header values) under its bare URL, shared
/// with every server of that URL. trust.json is migrated as a whole (`TrustDocument`, version 2); the
/// keyring has no version, so each such item is found where it was when its server first needs it,
/// and moved to the server's own key, once.
///
/// - Warning: Never widens: an item moves only to the one route that alone could have written it.
enum LegacyRouteItems {
    /// Whether the route-less items of `identity`'s URL (the password of `user`; a header value when
    /// `user` is nil) were the routed server `identity`'s: every saved server of that URL (with that
    /// user, for a password) goes by this same route. With a direct or proxied server of that URL, the
    /// items stay its own; with two routes, nobody can tell whose they were, and each asks anew. Pure.
    static func belong(to identity: ServerIdentity, user: String?, among servers: [ServerProfile]) -> Bool {
        guard identity.route != nil else { return false }
        let using = servers.filter { $0.identity.address == identity.address && (user == nil || $0.user == user) }
        return !using.isEmpty && using.allSatisfy { $0.identity == identity }
    }

    /// The password of `key` (a routed server's) found under its old, route-less key, and moved to
    /// `key` (stored there, then removed there): a direct server of the same URL saved later would
    /// otherwise read it. Nil when there is none. A move the keyring refuses leaves the item where
    /// it was; the password is still used.
    static func password(
        _ key: CredentialKey, identity: ServerIdentity, among servers: [ServerProfile], keyring: any PasswordStore
    ) throws(KeyringError) -> String? {
        guard key.route != nil, belong(to: identity, user: key.user, among: servers),
            let password = try keyring.lookup(key.withoutRoute)
        else { return nil }
        if (try? keyring.store(password, for: key)) != nil { _ = try? keyring.remove(key.withoutRoute) }
        return password
    }

    /// The value of secret header `name` of the routed server `identity`, found under its bare URL
    /// and moved to the identity's own key, as `password` does.
    static func headerValue(
        _ name: String, identity: ServerIdentity, among servers: [ServerProfile], store: any GatewayHeaderStore
    ) throws(KeyringError) -> String? {
        guard belong(to: identity, user: nil, among: servers),
            let value = try store.headerValue(server: identity.address, name: name)
        else { return nil }
        if (try? store.storeHeaderValue(value, server: identity.key, name: name)) != nil {
            _ = try? store.removeHeaderValue(server: identity.address, name: name)
        }
        return value
    }
}
