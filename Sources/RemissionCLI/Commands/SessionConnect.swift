import RemissionRPC
import RemissionTransport

extension RemoteSession {
    /// `open` with the command line's trust flags (`--ca-file`, `--pin`, `--accept-fingerprint`).
    ///
    /// Needed because `open` lets `resolveTarget` default to `TrustFlags()`: an unparsed
    /// `ParsableArguments` whose properties trap when read. (The fix belongs in `RemoteSession.open`:
    /// pass parsed flags, e.g. `TrustFlags.parseOrExit([])`; then this can go.)
    static func open(
        _ context: CommandContext, server name: String?, auth: AuthOptions, trust: TrustFlags
    ) throws -> RemoteSession {
        let target = try context.resolveTarget(name, trustFlags: trust, auth: auth)
        context.warnAboutPlainHTTP(target)
        let transport: CurlTransport
        do { transport = try makeTransport(target, options: context.transportOptions) } catch {
            throw CommandFailure(RPCError.transport(error).description, status: .failure)
        }
        let client = RPCClient(transport: transport, credentials: target.credentials, logger: context.logger)
        return RemoteSession(context: context, target: target, transport: transport, client: client)
    }
}
