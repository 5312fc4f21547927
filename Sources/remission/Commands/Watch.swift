import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

extension RemissionCommand {
    /// `remission watch [--interval S] [--status S] [--search T] [--label L] [--sort FIELD] [--reverse]`:
    /// the live, interactive torrent list.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "watch",
            abstract: tr("The live torrent list: scroll, search, filter, act on torrents, open one; ? shows the keys."),
            usage: "remission watch [<options>]",
            discussion: tr(
                """
                Refreshes every --interval seconds. Keys: arrows, j/k, PgUp/PgDn, Home/End move the \
                cursor; space marks torrents; / searches names; f cycles the status filter; s, p, v, a \
                start, stop, verify and reannounce the marked torrents (or the one under the cursor); d \
                removes them (asks), D removes them and deletes their data (asks twice); Enter opens the \
                torrent's files (space gets or skips a file, p changes its priority), trackers, peers and \
                speed history; r refreshes now; ? lists the keys; q (or Ctrl-C) quits and restores the \
                terminal. --status, --search, --label, --sort and --reverse set the first view as in \
                `list`.

                --all watches every saved server in one list, with a Server column; IDs are each \
                server's own, and sorting by id groups the rows by server. Each server is refreshed \
                on its own, so a slow or hung one never holds up the others; actions go to the \
                selected torrent's own server. A server that does not answer is named on the status \
                line with the reason and retried; its rows (its snapshot before it first answers) \
                say Offline.

                While a refresh is slow, the status line shows the age of the data on screen and the \
                server it waits for; after --timeout (default 15 s) the last data stays on screen under \
                an "OFFLINE — data from <time> (<age> old)" banner and the view retries after 1, 2, 4, … \
                up to 30 seconds, resuming by itself. Needs a terminal: for scripts use `remission list`.

                Examples:
                  remission watch
                  remission watch --interval 5 --status downloading --sort eta
                  remission watch --search ubuntu
                  remission watch --all --sort down --reverse
                """))

        @OptionGroup(title: tr("Watch options")) var own: OwnOptions

        @OptionGroup(title: tr("Connection options")) var trustFlags: TrustFlags
        @OptionGroup(title: tr("Connection options")) var auth: AuthOptions
        @OptionGroup(title: tr("Connection options")) var global: GlobalOptions

        // Shorthands for the options in `own`.
        var interval: Double { own.interval }

        var query: ListQuery { own.shown.query }

        func validate() throws {
            guard interval >= 0.5, interval <= 3600 else {
                throw ValidationError(CommandText.watchIntervalRange)
            }
            if own.all && global.server != nil { throw ValidationError(AllServersList.serverOrAll) }
            if own.all && !trustFlags.isEmpty { throw ValidationError(AllServersList.trustFlagsWithAll) }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            guard context.terminal.stdinIsTTY, context.terminal.stdoutIsTTY else {
                throw Failure(.local(.watchNeedsTerminal))
            }
            if own.all { return try runAll(context) }
            let session = try context.openSession(global.server, trustFlags: trustFlags, auth: auth)
            defer { context.offerToStorePassword(after: session) }  // after the screen is left
            var screen = WatchScreen.State(
                server: session.target.label, totalCount: 0, useColor: context.terminal.useColor)
            screen.zone = context.zone
            let model = WatchModel(
                screen: screen, size: WatchTerminal.size(environment: context.environment), query: query,
                history: WatchSpeedHistory(seconds: Self.historySeconds, interval: interval))
            let fields = Self.fields(query: query)
            var loop = WatchLoop(
                model: model, session: session, environment: context.environment, interval: interval,
                timeout: context.transportOptions.timeoutSeconds,
                fields: fields + (own.notifies ? NotifyPoll.fields.filter { !fields.contains($0) } : []))
            loop.notifier =
                own.notifies ? WatchNotifier(session: session, paths: context.paths, exec: own.notifyExec) : nil
            WatchTerminal.enter()
            defer { WatchTerminal.leave() }
            try loop.run()
        }

        /// The detail's speed history covers the last five minutes.
        static let historySeconds = 300.0

        /// What the screen shows, filters and sorts by, and no more: every field costs the daemon
        /// time for every torrent on every refresh. List's fields, the verified size the Have
        /// column prefers (and remove's size of the data).
        static func fields(query: ListQuery) -> [TorrentField] {
            RemissionCommand.List.fields(json: false, query: query) + [.haveValid, .haveUnchecked]
        }
    }
}

extension RemissionCommand.Watch {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(help: ArgumentHelp(tr("Seconds between refreshes (at least 0.5)."), valueName: "seconds"))
        var interval: Double = 2

        @OptionGroup var shown: QueryOptions

        @Flag(help: .tr("Every saved server in one list, with a Server column."))
        var all = false

        @Flag(help: .tr("Desktop notifications while watching, as `remission notify` gives them."))
        var notify = false

        @Option(
            name: .customLong("notify-exec"),
            help: ArgumentHelp(
                tr(
                    "Also run CMD through /bin/sh for each event, its JSON on standard input, as `notify --exec` does (implies --notify)."
                ),
                valueName: "cmd"))
        var notifyExec: String?

        /// `--notify` or `--notify-exec`: events are followed while watching.
        var notifies: Bool { notify || notifyExec != nil }
    }
}
