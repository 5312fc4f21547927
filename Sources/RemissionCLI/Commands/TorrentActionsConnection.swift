import ArgumentParser
import RemissionRPC
import RemissionTransport

/// The connection options of the torrent commands: `--server` and the other global options, plus the
/// trust flags and credential options of `check`, so that `--server URL --ca-file F` and
/// `--user U --password-stdin` work as they do there.
struct TorrentConnectionOptions: ParsableArguments {
    @OptionGroup var trustFlags: TrustFlags
    @OptionGroup var auth: AuthOptions
    @OptionGroup var global: GlobalOptions

    /// The command context and a session through `RemoteSession`'s trust and error handling.
    /// (`RemoteSession.open` is not used directly: its default `AuthOptions()`/`TrustFlags()` are
    /// undecoded ArgumentParser values and trap when read.)
    func open() throws -> (CommandContext, RemoteSession) {
        let context = try CommandContext(global: global)
        let target = try context.resolveTarget(global.server, trustFlags: trustFlags, auth: auth)
        context.warnAboutPlainHTTP(target)
        let transport: CurlTransport
        do { transport = try makeTransport(target, options: context.transportOptions) } catch {
            throw CommandFailure(RPCError.transport(error).description, status: .failure)
        }
        let client = RPCClient(transport: transport, credentials: target.credentials, logger: context.logger)
        return (context, RemoteSession(context: context, target: target, transport: transport, client: client))
    }
}
