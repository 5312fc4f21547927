import RemissionCredentials
import RemissionModel
import RemissionStorage

/// What a saved server's old address still has after connect pointed the server elsewhere: nothing
/// is deleted implicitly (PRODUCT.md §2), so the view names it and the commands that forget it.
public struct LeftBehind: Sendable, Equatable {
    public var oldURL: String
    /// The old identity's trust settings (`ServerIdentity.key`), when stored and no other saved server
    /// uses them.
    public var trustIdentity: String?
    /// The old keyring item, when stored and no other saved server uses it.
    public var keyring: CredentialKey?
}

extension Onboarding {
    /// `servers set-url NAME URL` and `connect --server NAME` update a saved server: a name that is
    /// not saved is refused, never saved as a new server.
    public func requireSaved() throws(Failure) {
        guard existing == nil else { return }
        throw Failure(.profile(.notFound(name, saved: try context.savedServers().profiles.map(\.name))))
    }

    /// `connect URL --name NAME` (or `--server NAME`) for a saved server at another address: the
    /// question to ask first (or --yes); nil when the server is new or keeps its URL.
    public var repointing: Confirmation? {
        guard let existing, existing.endpoint != endpoint else { return nil }
        return .repointServer(name: name, from: existing.endpoint.url, to: endpoint.url)
    }

    /// After `save` re-pointed a server (another URL, or another SSH host or socket: another
    /// identity): what its old identity left in trust.json and the keyring.
    public func leftBehind() -> LeftBehind? {
        guard let existing, existing.endpoint != endpoint || existing.identity != identity else { return nil }
        let others = (try? context.savedServers().profiles.filter { $0.name != name }) ?? []
        var result = LeftBehind(oldURL: existing.endpoint.url)
        let old = existing.identity
        if old != identity, !others.contains(where: { $0.identity == old }),
            let stored = try? context.trustStore.trust(for: old), stored != .none
        {
            result.trustIdentity = old.key
        }
        if let user = existing.user,
            let key = try? CredentialKey(endpoint: existing.endpoint, route: old.route, user: user),
            (try? CredentialKey(endpoint: endpoint, route: identity.route, user: credentials?.user ?? user)) != key,
            !others.contains(where: { $0.user == user && $0.identity == old }),
            (try? context.keyring.lookup(key)) != nil
        {
            result.keyring = key
        }
        return result.trustIdentity == nil && result.keyring == nil ? nil : result
    }
}

extension Onboarding {
    /// Forgets what the old address left behind, after the user said so (a yes, or --forget-old):
    /// its trust entry, then its keyring item. Returns what was removed. Never called implicitly.
    public func forget(_ left: LeftBehind) throws(Failure) -> LeftBehind {
        var removed = LeftBehind(oldURL: left.oldURL)
        if let identity = left.trustIdentity {
            do { _ = try context.trustStore.remove(identity) } catch {
                throw Failure(.local(.trustNotChanged(error)))
            }
            removed.trustIdentity = identity
        }
        if let key = left.keyring {
            do { _ = try context.keyring.remove(key) } catch { throw Failure(.keyring(error), server: name) }
            removed.keyring = key
        }
        return removed
    }
}

/// What to do with the old address's trust entry and keyring item after a re-point:
/// `--forget-old`, `--keep-old`, or nil: ask on a terminal, keep without one (and say how to forget).
public enum OldAddressChoice: Sendable, Equatable {
    case forget, keep
}
