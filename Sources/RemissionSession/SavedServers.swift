import RemissionCredentials
import RemissionModel
import RemissionStorage

/// `servers …`: the saved servers as values, and the changes `remove`, `default` and `rename` make.
/// Never prints and never asks; the command confirms, the views (`ServersText`) word the results.
public struct SavedServers: Sendable {
    public let context: SessionContext

    public init(_ context: SessionContext) { self.context = context }

    /// Every saved server, in file order, and the default's name.
    public func all() throws(Failure) -> ServerList {
        do {
            let (defaultName, profiles) = try context.profileStore.all()
            var list = ServerList(defaultName: defaultName, profiles: profiles, now: currentUnixTime())
            for profile in profiles {
                if let path = profile.options.clientCertificate {
                    list.clientCertificates[profile.name] = ClientCertificateStatus(path: path)
                }
            }
            return list
        } catch { throw Failure(.profile(error)) }
    }

    /// What `servers remove NAME` would remove; a usage failure when no server is called `name`.
    public func removal(of name: String) throws(Failure) -> ServerRemoval {
        let list = try all()
        guard let profile = list.profiles.first(where: { $0.name == name }) else {
            throw Failure(.profile(.notFound(name, saved: list.profiles.map(\.name))))
        }
        return ServerRemoval(
            profile: profile, isDefault: list.defaultName == name, others: list.profiles.filter { $0.name != name })
    }

    /// Removes the server of `removal` with its keyring item and trust settings, each unless another
    /// saved server uses the same (or `keepPassword`). The keyring goes first: one that cannot be
    /// used stops the removal before anything changed.
    public func remove(_ removal: ServerRemoval, keepPassword: Bool) throws(Failure) -> RemovedServer {
        let password = try removePassword(removal, keep: keepPassword)
        let headers = keepPassword ? [] : removeHeaderValues(removal)
        let trust = try removeTrust(removal)
        let newDefault: String?
        do {
            try context.profileStore.remove(named: removal.profile.name)
            newDefault = removal.isDefault ? try context.profileStore.all().default : nil
        } catch { throw Failure(.profile(error)) }
        var removed = RemovedServer(
            profile: removal.profile, wasDefault: removal.isDefault, password: password, trust: trust,
            newDefault: newDefault)
        removed.headerValuesRemoved = headers
        return removed
    }

    /// The keyring values of the server's secret gateway headers, unless another saved server at the
    /// same address has a secret header of that name. Best effort: the names of those removed.
    private func removeHeaderValues(_ removal: ServerRemoval) -> [String] {
        let identity = removal.profile.identity.key
        let shared = Set(
            removal.others.filter { $0.identity.key == identity }
                .flatMap { $0.options.headers.filter(\.isSecret).map { $0.name.lowercased() } })
        return removal.profile.options.headers.filter { $0.isSecret && !shared.contains($0.name.lowercased()) }
            .compactMap { header in
                (try? context.headerValues.removeHeaderValue(server: identity, name: header.name)) == true
                    ? header.name : nil
            }
    }

    private func removePassword(_ removal: ServerRemoval, keep: Bool) throws(Failure) -> PasswordRemoval {
        let profile = removal.profile
        guard let user = profile.user else { return .noUser }
        let key: CredentialKey
        do {
            key = try CredentialKey(endpoint: profile.endpoint, route: profile.options.routeIdentity, user: user)
        } catch {
            return .noKey(error)
        }
        if keep { return .kept(label: key.label) }
        let sharing = Self.sharing(key, among: removal.others)
        if !sharing.isEmpty { return .shared(label: key.label, with: sharing) }
        do {
            // Its password as an older remission kept it, under the bare URL, goes too when it can
            // only have been this server's: a direct server of that URL saved later must not read it.
            var legacy = false
            if key.route != nil,
                LegacyRouteItems.belong(to: profile.identity, user: user, among: removal.others + [profile])
            {
                legacy = try context.keyring.remove(key.withoutRoute)
            }
            return try context.keyring.remove(key) || legacy
                ? .removed(label: key.label) : .notStored(user: user, authority: profile.endpoint.authority)
        } catch {
            throw Failure(.local(.keyringNotChanged(error, .serverKept)))
        }
    }

    private func removeTrust(_ removal: ServerRemoval) throws(Failure) -> TrustRemoval {
        let identity = removal.profile.identity
        let sharing = removal.others.filter { $0.identity == identity }.map(\.name)
        if !sharing.isEmpty { return .shared(identity: identity.key, with: sharing) }
        do {
            return try context.trustStore.remove(identity)
                ? .removed(identity: identity.key) : .notStored(identity: identity.key)
        } catch {
            throw Failure(.storage(error))
        }
    }

    /// `servers default NAME`.
    public func makeDefault(_ name: String) throws(Failure) {
        do { try context.profileStore.setDefault(name) } catch { throw Failure(.profile(error)) }
    }

    /// `servers rename OLD NEW`: the keyring item and the trust settings are keyed by the server's
    /// identity (address and route), not its name, so they apply unchanged.
    public func rename(_ old: String, to new: String) throws(Failure) -> RenamedServer {
        let renamed: ServerProfile
        do { renamed = try context.profileStore.rename(old, to: new) } catch { throw Failure(.profile(error)) }
        let isDefault = (try? context.profileStore.all().default) == renamed.name
        return RenamedServer(old: old, new: renamed.name, isDefault: isDefault)
    }

    /// The names of the servers in `profiles` whose keyring item is `key`.
    public static func sharing(_ key: CredentialKey, among profiles: [ServerProfile]) -> [String] {
        profiles.filter { other in
            other.user.flatMap {
                try? CredentialKey(endpoint: other.endpoint, route: other.options.routeIdentity, user: $0)
            }
                == key
        }.map(\.name)
    }
}

/// The saved servers and the default's name.
public struct ServerList: Sendable, Equatable {
    public var defaultName: String?
    public var profiles: [ServerProfile]
    /// The client certificate of each server that has one, by server name, as read now.
    public var clientCertificates: [String: ClientCertificateStatus] = [:]
    /// When the list was read (Unix seconds), for "expires in 12 days".
    public var now: Int64

    public init(defaultName: String?, profiles: [ServerProfile], now: Int64 = 0) {
        (self.defaultName, self.profiles, self.now) = (defaultName, profiles, now)
    }
}

/// A server about to be removed (the command confirms `confirmation` first).
public struct ServerRemoval: Sendable, Equatable {
    public var profile: ServerProfile
    public var isDefault: Bool
    /// The other saved servers, which may share its keyring item or trust settings.
    public var others: [ServerProfile]

    public var confirmation: Confirmation { .removeServer(name: profile.name, url: profile.endpoint.url) }
}

/// What `servers remove` did.
public struct RemovedServer: Sendable, Equatable {
    public var profile: ServerProfile
    public var wasDefault: Bool
    public var password: PasswordRemoval
    public var trust: TrustRemoval
    /// The server that became the default because it was the only one left (the removed one was the default).
    public var newDefault: String?
    /// The secret gateway headers whose values were removed from the keyring.
    public var headerValuesRemoved: [String] = []

    public init(
        profile: ServerProfile, wasDefault: Bool, password: PasswordRemoval, trust: TrustRemoval,
        newDefault: String? = nil
    ) {
        (self.profile, self.wasDefault, self.password, self.trust) = (profile, wasDefault, password, trust)
        self.newDefault = newDefault
    }
}

/// What became of a removed server's keyring item.
public enum PasswordRemoval: Sendable, Equatable {
    /// The server had no user, so no item.
    case noUser
    /// No item can be named for it.
    case noKey(CredentialKeyError)
    /// `--keep-password`.
    case kept(label: String)
    /// Other saved servers use the same item.
    case shared(label: String, with: [String])
    case removed(label: String)
    case notStored(user: String, authority: String)
}

/// What became of a removed server's trust settings.
public enum TrustRemoval: Sendable, Equatable {
    case shared(identity: String, with: [String])
    case removed(identity: String)
    case notStored(identity: String)
}

/// What `servers rename` did.
public struct RenamedServer: Sendable, Equatable {
    public var old: String
    public var new: String
    /// Whether the renamed server is the default.
    public var isDefault: Bool
}
