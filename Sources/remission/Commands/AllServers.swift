import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionViews

/// `list --all` and `watch --all`: every saved server, each resolved and asked on a thread of its
/// own, each bounded by its own `--timeout`.
struct AllServers {
    let context: CommandContext
    let names: [String]
    let trustFlags: TrustFlags
    let auth: AuthOptions

    /// The saved servers, in the saved order; none saved is the usual "no server" failure. Reads
    /// servers.json and trust.json once, and the saved passwords in one keyring search.
    init(context: CommandContext, trustFlags: TrustFlags, auth: AuthOptions) throws {
        var context = try context.preloading()
        let profiles = try context.session.savedServers().profiles
        guard !profiles.isEmpty else { throw Failure(.input(.noDefaultServer(saved: []))) }
        names = profiles.map(\.name)
        if let prefetched = context.prefetchedPasswords(for: names, auth: auth) { context.session.keyring = prefetched }
        // One diagnostics record per command does not hold several servers: each failure is
        // recorded on its own (`record(server:failure:now:)`), as `check --all` does.
        context.session.journal = nil
        self.context = context
        self.trustFlags = trustFlags
        self.auth = auth
    }

    /// Opens a session for `name` without asking anything (no password prompt: several servers at
    /// once); the failure (keyring, trust settings) when it cannot.
    func open(_ name: String) -> Result<RemoteSession, Failure> {
        Result { () throws(Failure) in
            try RemoteSession.open(
                context.session, server: name, overrides: trustFlags.overrides, auth: auth.request, prompt: nil)
        }
    }

    /// The snapshot key of a saved server, without opening a session (`--offline`, a session that
    /// could not be opened).
    func snapshotKey(_ name: String) -> SnapshotKey? {
        guard let (label, endpoint, profile) = try? context.locate(name) else { return nil }
        let user = auth.user ?? profile?.user ?? CredentialInput.parseTRAuth(context.environment["TR_AUTH"])?.user
        return SnapshotKey(label: label, endpoint: endpoint, user: user)
    }

    /// Every server's torrents at once: fetched, or from its snapshot while offline, or why not.
    /// Plain-HTTP warnings and unsaved snapshots go to stderr afterwards, in the servers' order.
    func fetch(fields: [TorrentField]) -> [ServerTorrents] {
        let store = SnapshotStore(paths: context.paths)
        let outcomes = concurrently(names) { name -> (ServerTorrents, ServerTarget?, SnapshotError?) in
            switch open(name) {
            case .success(let session):
                var problem: SnapshotError?
                let part = ServerTorrents.fetch(session, fields: fields, store: store) { problem = $0 }
                return (part, session.target, problem)
            case .failure(let failure):
                let key = snapshotKey(name)
                guard let key else {
                    return (ServerTorrents(server: name, torrents: [], origin: .unavailable(failure)), nil, nil)
                }
                return (ServerTorrents.offline(key, failure: failure, fields: fields, store: store), nil, nil)
            }
        }
        for (target, problem) in outcomes.map({ ($0.1, $0.2) }) {
            if let target { context.warnAboutPlainHTTP(target) }
            if let problem {
                printError(context.terminal.styled("warning:", .yellow) + " " + FailureText.snapshotReason(problem))
            }
        }
        record(outcomes.map(\.0))
        return outcomes.map(\.0)
    }

    /// `--offline`: every server's snapshot, without the network.
    func saved(fields: [TorrentField]) -> [ServerTorrents] {
        let store = SnapshotStore(paths: context.paths)
        return names.map { name in
            guard let key = snapshotKey(name) else {
                return ServerTorrents(
                    server: name, torrents: [], origin: .unavailable(Failure(.local(.noSnapshot(otherSettings: false))))
                )
            }
            return ServerTorrents.saved(key, fields: fields, store: store)
        }
    }

    /// A diagnostics record for each server that failed.
    func record(_ parts: [ServerTorrents]) {
        guard let journal = DiagnosticsJournal.current else { return }
        let now = currentUnixTime()
        for part in parts {
            if let failure = part.failure { journal.record(server: part.server, failure: failure, now: now) }
        }
    }
}

extension CommandContext {
    /// The saved passwords of all named servers in one keyring search, unless another source wins
    /// anyway (`--password-stdin`, TR_AUTH). A keyring that fails here is asked again per server,
    /// which reports the cause on the right line. `list --all`, `watch --all`, `check --all`.
    func prefetchedPasswords(for names: [String?], auth: AuthOptions) -> PrefetchedPasswords? {
        guard !auth.passwordFromStandardInput, CredentialInput.parseTRAuth(environment["TR_AUTH"]) == nil else {
            return nil
        }
        let keys = names.compactMap { name -> CredentialKey? in
            guard let (_, endpoint, profile) = try? locate(name), let user = auth.user ?? profile?.user else {
                return nil
            }
            return try? CredentialKey(endpoint: endpoint, route: profile?.options.routeIdentity, user: user)
        }
        guard !keys.isEmpty else { return nil }
        return try? PrefetchedPasswords(keyring: SecretServiceKeyring(environment: environment), keys: keys)
    }
}
