import RemissionCredentials
import RemissionModel
import RemissionRPC

extension StoredPasswords {
    /// After a command worked with a password typed at the prompt: where it could be stored (as git's
    /// credential approve offers), or nil when there is nothing to offer. Nothing is offered for a
    /// password from anywhere else, for a user other than the saved server's (storing would change
    /// whom it logs in as), when an item is already stored, or when the keyring cannot be used: the
    /// prompt already said so, once, and why.
    public func offer(after target: ServerTarget) -> PasswordOffer? {
        guard target.passwordSource == .prompt, let credentials = target.credentials, !credentials.password.isEmpty,
            target.profile?.user.map({ $0 == credentials.user }) ?? true,
            let key = try? CredentialKey(
                endpoint: target.endpoint, route: target.route.identity, user: credentials.user)
        else { return nil }
        let stored: String?
        do { stored = try context.keyring.lookup(key) } catch { return nil }
        guard stored == nil else { return nil }
        return PasswordOffer(
            target: PasswordTarget(label: target.label, endpoint: target.endpoint, profile: target.profile, key: key),
            password: credentials.password)
    }

    /// The same after a torrent command's run, only when one of its calls was answered with the password
    /// (`RemoteSession.answered`): a 2xx to a request that carried it. Nothing the client merely knows
    /// (an rpc-version remembered from an earlier run) counts.
    public func offer(after remote: RemoteSession) -> PasswordOffer? {
        guard remote.answered.authenticated else { return nil }
        return offer(after: remote.target)
    }

    /// Stores an accepted offer, as `credentials set` does (the password already worked).
    public func store(_ offer: PasswordOffer) throws(Failure) -> StoredPassword {
        try store(offer.password, for: offer.target)
    }
}

/// A typed password that worked and may be stored; its description never shows the password.
public struct PasswordOffer: Sendable, Equatable, CustomStringConvertible {
    public var target: PasswordTarget
    let password: String

    public var description: String { "PasswordOffer(\(target.key.label), password: <redacted>)" }
}
