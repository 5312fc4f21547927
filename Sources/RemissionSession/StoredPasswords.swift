import RemissionCredentials
import RemissionModel
import RemissionStorage
import RemissionTransport

/// `credentials …`: a saved server's password in the keyring, as values. Reading the password
/// (standard input, the terminal) is the command's; everything it decides is here.
public struct StoredPasswords: Sendable {
    public let context: SessionContext

    public init(_ context: SessionContext) { self.context = context }

    /// Where `credentials set` stores: the server (`name`, else `--server` or the default), the user
    /// (`user`, else the saved one) and its keyring item. No user is a usage failure.
    public func target(_ name: String?, user: String?) throws(Failure) -> PasswordTarget {
        let (label, endpoint, profile) = try context.locate(name ?? context.defaultTarget)
        guard let user = user ?? profile?.user else { throw Failure(.local(.noUserForPassword(label: label))) }
        return PasswordTarget(
            label: label, endpoint: endpoint, profile: profile, key: try Self.key(endpoint, profile, user))
    }

    /// Stores `password`, then makes the saved server log in as the target's user (no longer "needs
    /// password"); a previous user's item goes unless another saved server uses it. A keyring that
    /// refuses the password stores nothing.
    public func store(_ password: String, for target: PasswordTarget) throws(Failure) -> StoredPassword {
        do { try context.keyring.store(password, for: target.key) } catch {
            throw Failure(.local(.keyringNotChanged(error, .nothingStored)))
        }
        var stored = StoredPassword(
            user: target.key.user, authority: target.endpoint.authority, label: target.key.label)
        guard var profile = target.profile, profile.user != target.key.user || profile.needsPassword else {
            return stored
        }
        let previous = profile.user
        profile.user = target.key.user
        profile.needsPassword = false
        do { try context.profileStore.upsert(profile) } catch { throw Failure(.profile(error)) }
        if let previous, previous != target.key.user {
            stored.previousUser = (server: profile.name, user: previous)
            stored.previousItem = try forgetPrevious(previous, of: profile)
        }
        return stored
    }

    private func forgetPrevious(_ previous: String, of profile: ServerProfile) throws(Failure) -> PreviousItem? {
        guard
            let old = try? CredentialKey(
                endpoint: profile.endpoint, route: profile.options.routeIdentity, user: previous)
        else { return nil }
        let others = (try? context.profileStore.all().profiles.filter { $0.name != profile.name }) ?? []
        let sharing = SavedServers.sharing(old, among: others)
        if !sharing.isEmpty { return .shared(label: old.label, with: sharing) }
        do { return try context.keyring.remove(old) ? .removed(label: old.label) : .notStored } catch {
            throw Failure(.keyring(error))
        }
    }

    /// `credentials set` checks the password against the server before storing it (unless --no-check):
    /// one check with the server's stored trust; any failure (401, offline, untrusted) stores nothing.
    public func verify(_ password: String, for target: PasswordTarget, source: PasswordSource) throws(Failure) {
        var server = ServerTarget(
            label: target.label, endpoint: target.endpoint, trust: .none,
            credentials: BasicCredentials(user: target.key.user, password: password), passwordSource: source,
            profile: target.profile)
        (server.route, server.proxySource) = try context.route(to: target.endpoint, options: target.profile?.options)
        server.trust = try context.storedTrust(for: server.identity)
        try context.connectionSettings(for: &server, prompt: nil)
        let check = ConnectionCheck(
            target: server, options: context.transportOptions, logger: context.logger, journal: context.journal)
        if let failure = check.run(now: currentUnixTime()).failure {
            throw Failure(.local(.passwordNotChecked(failure)))
        }
    }

    /// `credentials forget`: removes the item of `user` (else the saved user) of the server.
    public func forget(_ name: String?, user: String?) throws(Failure) -> ForgottenPassword {
        let (label, endpoint, profile) = try context.locate(name ?? context.defaultTarget)
        guard let user = user ?? profile?.user else { return .noUser(label: label) }
        let key = try Self.key(endpoint, profile, user)
        do {
            return try context.keyring.remove(key)
                ? .removed(label: key.label) : .notStored(user: user, authority: endpoint.authority)
        } catch {
            throw Failure(.keyring(error))
        }
    }

    /// `credentials status`: where the password would come from now (in the order every command
    /// uses) and the keyring's state. A keyring that would be needed but cannot be used is part of
    /// the answer (`keyringFailure`), not a thrown failure, so the status can still be shown.
    public func status(_ name: String?, auth: AuthRequest) throws(Failure) -> PasswordStatus {
        let (label, endpoint, profile) = try context.locate(name ?? context.defaultTarget)
        var input = CredentialInput(
            auth: auth, environment: context.environment, savedUser: profile?.user, keyring: context.keyring,
            prompt: nil)
        input.readStandardInput = context.readStandardInput
        input.route = profile?.options.routeIdentity
        input.savedServers = { (try? context.savedServers().profiles) ?? [] }
        let keyring = context.keyring.status()
        var status = PasswordStatus(
            label: label, endpoint: endpoint, user: auth.user ?? profile?.user, source: nil, keyring: keyring,
            keyringFailure: nil, needsPassword: profile?.needsPassword ?? false)
        status.route = profile?.options.routeIdentity
        do throws(Failure) {
            let (credentials, source) = try input.resolve(for: endpoint)
            status.source = source
            status.user = credentials?.user ?? status.user
        } catch  where error.status == .keyring {
            status.keyringFailure = error
        }
        return status
    }

    /// The keyring key of `user` on the server at `endpoint`, with the saved server's route.
    static func key(_ endpoint: ServerEndpoint, _ profile: ServerProfile?, _ user: String) throws(Failure)
        -> CredentialKey
    {
        do { return try CredentialKey(endpoint: endpoint, route: profile?.options.routeIdentity, user: user) } catch {
            throw Failure(.credentialKey(error))
        }
    }
}

/// The server, user and keyring item `credentials set` stores under.
public struct PasswordTarget: Sendable, Equatable {
    public var label: String
    public var endpoint: ServerEndpoint
    public var profile: ServerProfile?
    public var key: CredentialKey
}

/// What `credentials set` did.
public struct StoredPassword: Sendable {
    public var user: String
    public var authority: String
    /// The keyring item's label.
    public var label: String
    /// The saved server that logged in as another user before.
    public var previousUser: (server: String, user: String)?
    /// What became of that user's item (nil: it cannot be named).
    public var previousItem: PreviousItem?

    init(user: String, authority: String, label: String) {
        (self.user, self.authority, self.label) = (user, authority, label)
    }
}

/// The previous user's keyring item after `credentials set --user`.
public enum PreviousItem: Sendable, Equatable {
    case shared(label: String, with: [String])
    case removed(label: String)
    case notStored
}

/// What `credentials forget` did.
public enum ForgottenPassword: Sendable, Equatable {
    /// The server has no user, so no password is stored for it.
    case noUser(label: String)
    case removed(label: String)
    case notStored(user: String, authority: String)
}

/// What `credentials status` found.
public struct PasswordStatus: Sendable {
    public var label: String
    public var endpoint: ServerEndpoint
    public var user: String?
    /// Where the password comes from; nil when the keyring would be asked but cannot be used.
    public var source: PasswordSource?
    public var keyring: KeyringStatus
    /// The keyring's failure, when it would be needed and cannot be used (the command exits with it).
    public var keyringFailure: Failure?
    /// An imported server that was never given a password.
    public var needsPassword: Bool
    /// The saved server's route part of its identity: its keyring item's `route`.
    public var route: RouteIdentity?

    public init(
        label: String, endpoint: ServerEndpoint, user: String?, source: PasswordSource?, keyring: KeyringStatus,
        keyringFailure: Failure?, needsPassword: Bool
    ) {
        (self.label, self.endpoint, self.user, self.source) = (label, endpoint, user, source)
        (self.keyring, self.keyringFailure, self.needsPassword) = (keyring, keyringFailure, needsPassword)
    }
}
