import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust

extension RemissionCommand {
    /// `remission check URL…`: the step-by-step diagnosis of PRODUCT.md §1.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Diagnose a server step by step: dns, tcp, tls, http, auth, rpc; then ONLINE or OFFLINE.",
            discussion: """
                Credentials are sent only after the TLS trust decision. The password comes from
                --password-stdin or TR_AUTH=user:password.

                Examples:
                  TR_AUTH=admin:secret remission check https://nas.local/transmission/rpc
                  remission check https://10.0.0.5:8443/transmission/rpc --ca-file home-ca.pem --user admin --password-stdin
                """)

        @Argument(help: "Server URLs: http(s)://host[:port][/path].")
        var targets: [String] = []

        @Flag(help: "Print one JSON object per server instead of the step report.")
        var json = false

        @OptionGroup var trustFlags: TrustFlags
        @OptionGroup var auth: AuthOptions
        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if targets.isEmpty && global.server == nil {
                throw ValidationError(
                    "Name a server URL to check, e.g. remission check https://nas.local/transmission/rpc.")
            }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            let names = targets.isEmpty ? [global.server!] : targets
            var statuses: [ExitStatus] = []
            for name in names {
                let target = try context.resolveTarget(name, trustFlags: trustFlags, auth: auth)
                context.warnAboutPlainHTTP(target)
                let report = ConnectionCheck(target: target, options: context.transportOptions, logger: context.logger)
                    .run(now: currentUnixTime())
                print(json ? report.jsonText() : report.render(on: context.terminal))
                statuses.append(report.exitStatus)
            }
            let worst = ExitStatus.worst(statuses)
            if worst != .ok { throw ExitCode(worst.rawValue) }
        }
    }
}
