import ArgumentParser
import RemissionSession
import RemissionStorage
import RemissionViews

extension RemissionCommand {
    /// `remission log [--server NAME] [--since DURATION] [--failures] [--json] | --clear`: the local
    /// diagnostics log.
    struct Log: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "log",
            abstract: tr("Show the local diagnostics log: one record for each command that talked to a server."),
            usage: "remission log [<options>]",
            discussion: tr(
                """
                Each record has the time (shown in local time; --utc for UTC), the command, the server (its saved name, \
                or its URL), the outcome and exit code, the failing step and the kind of failure, the \
                milliseconds of each step, Transmission's version and dialect, and the ids of the \
                torrents it acted on. It never holds a password, an Authorization header, a session \
                id, torrent names or content; nothing in it is ever sent anywhere.

                The log is $XDG_STATE_HOME/remission/diagnostics.log (default \
                ~/.local/state/remission/), at most 1 MB, with the previous 1 MB kept as \
                diagnostics.log.1. REMISSION_LOG=off turns it off.

                --json prints one object: {"records": [{"time": unix seconds, "command", "server", \
                "outcome": "ok|failed", "exitCode", "failedStep", "failureClass", "steps": [{"name", \
                "ms"}], "version", "rpcVersion", "dialect": "classic|jsonrpc", "torrents": [id]}], \
                "skipped": lines that were not records}.

                Examples:
                  remission log
                  remission log --server nas --since 1h --failures
                  remission log --clear
                """))

        @Option(
            help: ArgumentHelp(
                tr("Only this server's records (a saved name, URL or host:port)."), valueName: "name-or-url"),
            completion: .savedServer)
        var server: String?

        @Option(help: ArgumentHelp(tr("Only records this recent: 45s, 30m, 1h, 2d, 1w."), valueName: "duration"))
        var since: String?

        @Flag(help: .tr("Only failures."))
        var failures = false

        @Flag(help: .tr("Print one JSON object (keys above) instead of lines."))
        var json = false

        @Flag(help: .tr("Empty the log."))
        var clear = false

        @Flag(help: .tr("Write times in UTC instead of local time."))
        var utc = false

        func validate() throws {
            if let since, DiagnosticsQuery.seconds(of: since) == nil {
                throw ValidationError("--since takes a duration like 45s, 30m, 1h, 2d or 1w.")
            }
            if clear && (server != nil || since != nil || failures || json) {
                throw ValidationError("--clear empties the whole log; it takes no other option.")
            }
        }

        func run() throws {
            let environment = processEnvironment()
            let paths: StoragePaths
            do { paths = try StoragePaths(environment: environment) } catch { throw Failure(.storage(error)) }
            let history = DiagnosticsHistory(paths: paths, environment: environment)
            if clear {
                try history.clear()
                printError(LogText.cleared)
                return
            }
            let query = DiagnosticsQuery(
                server: server.map { DiagnosticsHistory.serverLabel($0, paths: paths, environment: environment) },
                withinSeconds: since.flatMap(DiagnosticsQuery.seconds(of:)), failuresOnly: failures)
            let listing = try history.records(query, now: currentUnixTime())
            if listing.skipped > 0 { printError(LogText.skipped(listing.skipped)) }
            if json {
                print(LogText.json(listing))
            } else if listing.records.isEmpty {
                printError(LogText.empty(query, logIsOff: history.isOff))
            } else {
                let terminal = Terminal.detect(environment: environment, noColor: true)
                print(
                    LogText.lines(listing.records, zone: utc ? .utc : .local, width: terminal.columns).joined(
                        separator: "\n"))
            }
        }
    }
}
