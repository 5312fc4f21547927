import ArgumentParser
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
}
