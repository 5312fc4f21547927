import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust

/// A connected RPC client for the torrent commands, with the same trust, credentials and error
/// handling as `check`: an untrusted or offline server gives the same precise message and exit code.
struct RemoteSession {
    let context: CommandContext
    let target: ServerTarget
    let transport: CurlTransport
    let client: RPCClient

    /// Resolves NAME (or `--server` / the default server), warns about plain HTTP, builds the client.
    static func open(
        _ context: CommandContext, server name: String?, trustFlags: TrustFlags = .none, auth: AuthOptions = .none
    ) throws -> RemoteSession {
        let target = try context.resolveTarget(name, trustFlags: trustFlags, auth: auth)
        context.warnAboutPlainHTTP(target)
        let transport: CurlTransport
        do { transport = try makeTransport(target, options: context.transportOptions) } catch {
            throw CommandFailure(RPCError.transport(error).description, status: .failure)
        }
        let client = RPCClient(transport: transport, credentials: target.credentials, logger: context.logger)
        return RemoteSession(context: context, target: target, transport: transport, client: client)
    }

    /// Runs RPC calls; a failure becomes a `CommandFailure` with the words and exit code of PRODUCT.md §1.
    func run<T>(_ body: (RPCClient) throws(RPCError) -> T) throws -> T {
        do {
            return try body(client)
        } catch {
            throw failure(error)
        }
    }

    func failure(_ error: RPCError) -> CommandFailure {
        let status = ExitStatus(rawValue: error.exitCode) ?? .failure
        guard case .transport(.trustRefused(let decision, let chain)) = error else {
            var message = error.description
            if case .unauthorized = error { message += " (password from \(target.passwordSource))" }
            return CommandFailure("\(target.label): \(message)", status: status)
        }
        let lines = TrustText(server: target.label, now: currentUnixTime()).lines(for: decision, chain: chain)
        let changed = CheckText.transportReason(.trustRefused(decision, chain: chain))
        return CommandFailure(
            "\(target.label): \(changed); nothing was sent.\n" + lines.joined(separator: "\n")
                + "\nInspect it with: remission trust show \(quotedForShell(target.label))", status: status)
    }
}
