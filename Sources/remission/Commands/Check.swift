import ArgumentParser
import RemissionCredentials
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionTrust
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

extension RemissionCommand {
    /// `remission check [NAME|URL…] [--all] [--json] [--watch S] [--warn-expiry DAYS]`: the step-by-step
    /// diagnosis of PRODUCT.md §1.
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "check",
            abstract:
                tr("Diagnose servers step by step: dns, tcp, tls, http, auth, rpc; then ONLINE, OFFLINE or UNTRUSTED."),
            discussion: tr(
                """
                With no server named, the default server is checked. Credentials are sent only after the TLS \
                trust decision. `check` says where the password came from (--password-stdin, TR_AUTH, netrc, \
                the keyring or the prompt).

                --all checks every saved server at once, one line each, and exits with the worst code. \
                --json prints one object per server, one a line: server, url, status (online, offline, \
                untrusted, certificate-changed), insecure, exitCode, failedStep, reason, hint, steps (each \
                name, state, summary, details, ms) and transmission (version, rpcVersion, rpcVersionMinimum, \
                semver, dialect) or null. --watch S checks again every S seconds; each round of text starts \
                with a line giving its time (local time; --utc for UTC).

                The tls step warns ahead of expiry when a certificate the server presents, or the client \
                certificate, has less than 14 days left (or the DAYS of --warn-expiry) and its renewal is overdue: \
                less than a quarter of its lifetime is left (renewers such as certbot, Caddy and step-ca replace \
                a certificate when a third is left), a tenth for an intermediate (its CA renews it later). So a \
                90-day certificate warns at 14 days, a 12-hour Caddy leaf under 3 hours, and a certificate \
                renewed on schedule never warns. --warn-expiry DAYS makes the warning an exit code for cron and \
                monitoring: 9 when every server checked is otherwise ONLINE; an offline or refused server keeps \
                its own code. With --all, --json and --watch too.

                Examples:
                  remission check nas
                  remission check --all
                  remission check --all --json | jq -r '.server + ": " + .status'
                  remission check --all --warn-expiry 21 --json
                  TR_AUTH=admin:secret remission check https://nas.local/transmission/rpc
                  remission check https://10.0.0.5:8443 --ca-file home-ca.pem \\
                      --user admin --password-stdin
                """))

        @Argument(help: .tr("Saved server names or URLs (http(s)://host[:port][/path])."), completion: .savedServer)
        var targets: [String] = []

        @OptionGroup(title: tr("Check options")) var own: OwnOptions

        @OptionGroup(title: tr("Connection options")) var trustFlags: TrustFlags
        @OptionGroup(title: tr("Connection options")) var auth: AuthOptions
        @OptionGroup(title: tr("Connection options")) var global: GlobalOptions

        // Shorthands for the options in `own`.
        var all: Bool { own.all }
        var json: Bool { own.json }
        var watch: Double? { own.watch }
        var warnExpiry: Int? { own.warnExpiry }

        func validate() throws {
            if all && !targets.isEmpty { throw ValidationError(CommandText.namesOrAll) }
            if let watch, !(1...86_400).contains(watch) {
                throw ValidationError(CommandText.checkWatchRange)
            }
            if let warnExpiry, !(0...3650).contains(warnExpiry) {
                throw ValidationError(CommandText.warnExpiryRange)
            }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            var worst = ExitStatus.ok
            repeat {
                if watch != nil && !json { print(CheckText.roundStamp(now: currentUnixTime(), zone: context.zone)) }
                worst = try checkOnce(context)
                if let watch {
                    fflushStandardOutput()
                    sleepSeconds(Double(watch))
                    if !json { print("") }
                }
            } while watch != nil
            if worst != .ok { throw ExitCode(worst.rawValue) }
        }

        private func checkOnce(_ context: CommandContext) throws -> ExitStatus {
            var context = context
            let names: [String?]
            if all {
                let profiles: [ServerProfile]
                profiles = try context.session.savedServers().profiles
                guard !profiles.isEmpty else { throw Failure(.input(.noDefaultServer(saved: []))) }
                names = profiles.map(\.name)
            } else {
                names = targets.isEmpty ? [nil] : targets
            }
            let several = names.count > 1
            if several {
                context = try context.preloading()
                if let prefetched = context.prefetchedPasswords(for: names, auth: auth) {
                    context.session.keyring = prefetched
                }
            }
            let prepared = context
            let resolve: @Sendable (String?) -> Result<ServerTarget, Failure> = { [trustFlags, auth] name in
                Result { () throws(Failure) in
                    try prepared.resolveTarget(
                        name, trustFlags: trustFlags, auth: auth, mayPrompt: several ? false : nil)
                }
            }
            let options = context.transportOptions
            let logger = context.logger
            let journal = context.session.journal
            let now = currentUnixTime()
            let expiry = ExpiryRule(warnDays: warnExpiry)
            // One thread per server: resolving (profile, trust, keyring) and checking all run at once;
            // each check writes its own record to the diagnostics log when it is over.
            let outcomes = concurrently(names) { name in
                resolve(name).map { target in
                    (
                        target,
                        CheckReport.build(
                            ConnectionCheck(target: target, options: options, logger: logger, journal: journal)
                                .run(now: now), expiry: expiry)
                    )
                }
            }
            var reports: [CheckReport] = []
            for (name, outcome) in zip(names, outcomes) {
                switch outcome {
                case .success(let (target, report)):
                    if let name, ServerEndpoint.namesWebInterface(name) {
                        printError(CheckText.webInterfaceNote(typed: name, checked: target.endpoint.url))
                    }
                    context.warnAboutPlainHTTP(target)
                    reports.append(report)
                case .failure(let failure):
                    // A server that resolves (a keyring that refused) keeps its label; text that
                    // does not is never logged as typed (it may carry a password).
                    let label = (try? prepared.locate(name))?.label ?? DiagnosticsJournal.unresolved
                    journal?.record(server: label, failure: failure, now: now)
                    if !several { throw failure }
                    printError("remission: " + failure.message)
                    reports.append(CheckReport.unresolved(server: name ?? "default", failure))
                }
            }
            if json {
                reports.forEach { print($0.jsonText()) }
            } else if all {
                let width = reports.map(\.server.count).max() ?? 0
                reports.forEach { print($0.summaryLine(context.terminal, nameWidth: width)) }
            } else {
                print(reports.map { $0.render(on: context.terminal) }.joined(separator: "\n\n"))
            }
            if !json { pointAtTheLog(reports, context: context, now: now) }
            if !several, watch == nil, case .success(let (target, report))? = outcomes.first, report.online {
                context.offerToStorePassword(target)
            }
            return ExitStatus.worst(reports.map(\.exitStatus))
        }
    }
}

extension RemissionCommand.Check {
    /// A server that fails now and failed in the last hour besides: "offline 3 times in the last hour:
    /// remission log --server nas", on stderr (what scripts read of stdout stays the report). History
    /// is shown only where it explains the present: never under a server that is ONLINE now.
    fileprivate func pointAtTheLog(_ reports: [CheckReport], context: CommandContext, now: Int64) {
        guard context.session.journal != nil else { return }
        // An expiring certificate (exit 9) is a warning, not a failure the log could explain.
        let failing = reports.filter { $0.exitStatus.isFailure }
        guard !failing.isEmpty else { return }
        let history = DiagnosticsHistory(paths: context.paths, environment: context.environment)
        let servers = failing.map { (server: $0.server, currentFailed: true) }
        for recent in history.recentFailures(servers, now: now).compactMap({ $0 }) {
            printError(LogText.recentFailures(recent))
        }
    }
}

func fflushStandardOutput() {
    fflush(nil)
}

extension RemissionCommand.Check {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Flag(help: .tr("Check every saved server concurrently, one line each."))
        var all = false

        @Flag(help: .tr("Print one JSON object per server instead of the step report."))
        var json = false

        @Option(help: ArgumentHelp(tr("Check again every this many seconds until interrupted."), valueName: "seconds"))
        var watch: Double?

        @Option(
            name: .customLong("warn-expiry"),
            help: ArgumentHelp(
                tr(
                    "Warn, and exit 9 if the check is otherwise ONLINE, when a certificate has less than this many ",
                    "days left and its renewal is overdue (see above)."),
                valueName: "days"))
        var warnExpiry: Int?
    }
}
