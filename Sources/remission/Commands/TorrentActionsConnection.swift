import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

/// The connection options of the torrent commands: `--server` and the other global options, plus the
/// trust flags and credential options of `check`, so that `--server URL --ca-file F` and
/// `--user U --password-stdin` work as they do there.
struct TorrentConnectionOptions: ParsableArguments {
    @OptionGroup(title: tr("Connection options")) var trustFlags: TrustFlags
    @OptionGroup(title: tr("Connection options")) var auth: AuthOptions
    @OptionGroup(title: tr("Connection options")) var global: GlobalOptions

    /// The command context and a session with `check`'s trust and error handling.
    /// `server` (a positional NAME|URL) wins over `--server`.
    func open(server: String? = nil) throws -> (CommandContext, RemoteSession) {
        let context = try CommandContext(global: global)
        return (context, try context.openSession(server ?? global.server, trustFlags: trustFlags, auth: auth))
    }
    /// Opens the session and looks `selection` up, with `fields`: notes the torrents found in the
    /// diagnostics record and reports the ids that do not exist (a warning, or exit 1 when none
    /// does). `body` acts on what was found; the offer to store the password follows it, whatever
    /// happened.
    func lookUp<Result>(
        _ selection: TorrentSelection, fields: [TorrentField] = [],
        _ body: (CommandContext, RemoteSession, TorrentLookup) throws -> Result
    ) throws -> Result {
        let (context, session) = try open()
        defer { context.offerToStorePassword(after: session) }
        let lookup = try session.run { client throws(RPCError) in
            try TorrentLookup.find(selection, fields: fields, client: client)
        }
        session.noteTorrents(lookup.found.map(\.id))
        try lookup.reportMissing()
        return try body(context, session, lookup)
    }
}
