import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

extension RemissionCommand {
    /// `remission watch [--interval S] [--status S] [--sort FIELD] [--reverse]`: the live full-screen list.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "watch",
            abstract: "A live full-screen torrent list: progress bars, rates, totals; q quits.",
            usage: "remission watch [<options>]",
            discussion: """
                Refreshes every --interval seconds. While a refresh is slow, the status line shows the age of \
                the data on screen and the server it waits for; after --timeout (default 15 s) the last data \
                stays on screen under an "OFFLINE — data from <time> (<age> old)" banner and the view retries \
                after 1, 2, 4, … up to 30 seconds, resuming by itself. q (or Ctrl-C) quits and restores the terminal; r refreshes \
                now. Needs a terminal: for scripts use `remission list`.

                Examples:
                  remission watch
                  remission watch --interval 5 --status downloading --sort eta
                """)

        @OptionGroup(title: "Watch options") var own: OwnOptions

        @OptionGroup(title: "Connection options") var trustFlags: TrustFlags

        @OptionGroup(title: "Connection options") var auth: AuthOptions
        @OptionGroup(title: "Connection options") var global: GlobalOptions

        // Shorthands for the options in `own`.
        var interval: Double { own.interval }
        var status: WatchStatusFilter? { own.status }
        var sort: WatchSortKey { own.sort }
        var reverse: Bool { own.reverse }

        static let maximumBackoff = 30.0

        func validate() throws {
            guard interval >= 0.5, interval <= 3600 else {
                throw ValidationError("--interval takes seconds between 0.5 and 3600, e.g. --interval 2.")
            }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            guard context.terminal.stdinIsTTY, context.terminal.stdoutIsTTY else {
                throw Failure(.local(.watchNeedsTerminal))
            }
            let session = try context.openSession(global.server, trustFlags: trustFlags, auth: auth)
            defer { context.offerToStorePassword(after: session) }  // after the screen is left
            WatchTerminal.enter()
            defer { WatchTerminal.leave() }
            try loop(session, context: context)
        }

        /// Fetches, draws, waits for a key or the next refresh; returns when q is pressed.
        private func loop(_ session: RemoteSession, context: CommandContext) throws {
            var torrents: [Torrent] = []
            var view: [String] = []
            if let status { view.append("status \(status.rawValue)") }
            if sort != .id || reverse { view.append("by \(sort.rawValue)\(reverse ? ", reversed" : "")") }
            var state = WatchScreen.State(
                server: session.target.label, totalCount: 0, view: view.joined(separator: ", "),
                useColor: context.terminal.useColor)
            state.zone = context.zone
            var backoff = 1.0
            let fields = Self.fields(sort: sort)
            func draw() {
                let shown = WatchScreen.arrange(torrents, status: status, sort: sort, reverse: reverse)
                let size = WatchTerminal.size(environment: context.environment)
                WatchTerminal.write(
                    WatchScreen.render(torrents: shown, size: size, state: state, now: currentUnixTime()))
            }
            while true {
                var wait = interval
                let refresh = WatchRefresh(
                    session: session, fields: fields, timeout: context.transportOptions.timeoutSeconds)
                state.refreshStartedAt = currentUnixTime()
                if state.lastUpdate == nil { draw() }
                let outcome = waitForRefresh(refresh, redraw: draw, context: context)
                state.refreshStartedAt = nil
                switch outcome {
                case .success(let fetched):
                    torrents = fetched
                    state.lastUpdate = currentUnixTime()
                    state.totalCount = torrents.count
                    state.offline = nil
                    backoff = 1
                case .failure(let failure):
                    guard Self.isRetryable(failure.status) else { throw failure }
                    wait = backoff
                    state.offline = WatchScreen.Offline(
                        reason: FailureText.reason(failure),
                        retryAt: currentUnixTime() + Int64(backoff.rounded(.up)))
                    backoff = min(backoff * 2, Self.maximumBackoff)
                }
                draw()
                if try waitForKeys(seconds: wait, redraw: draw, offline: state.offline != nil, context: context) {
                    return
                }
            }
        }

        /// Waits for `refresh`, redrawing each second (the data's age) and on resize. q quits at
        /// once: the terminal is restored and the process ends with `_exit`, as the request thread
        /// may be inside libcurl, whose destructors `exit` would run under it.
        private func waitForRefresh(
            _ refresh: WatchRefresh, redraw: () -> Void, context: CommandContext
        ) -> Result<[Torrent], Failure> {
            var size = WatchTerminal.size(environment: context.environment)
            var second = currentUnixTime()
            while true {
                if let result = refresh.result { return result }
                switch WatchTerminal.readKey() {  // waits at most 0.1 s
                case UInt8(ascii: "q"), UInt8(ascii: "Q"):
                    WatchTerminal.leave()
                    _exit(0)
                default: break
                }
                let newSize = WatchTerminal.size(environment: context.environment)
                let newSecond = currentUnixTime()
                if newSize != size || newSecond != second { redraw() }
                size = newSize
                second = newSecond
            }
        }

        /// What the screen shows and sorts by, and no more: every field costs the daemon time for
        /// every torrent on every refresh. The list's table fields, the verified size the Have
        /// column prefers, and the added date when sorting by it.
        static func fields(sort: WatchSortKey) -> [TorrentField] {
            RemissionCommand.List.tableFields + [.haveValid] + (sort == .added ? [.addedDate] : [])
        }

        /// Polls stdin until the time is up; true when q was pressed. Redraws on resize, and every second
        /// while offline (the retry countdown).
        private func waitForKeys(
            seconds: Double, redraw: () -> Void, offline: Bool, context: CommandContext
        ) throws -> Bool {
            let deadline = WatchTerminal.monotonicSeconds() + seconds
            var size = WatchTerminal.size(environment: context.environment)
            var second = currentUnixTime()
            while WatchTerminal.monotonicSeconds() < deadline {
                switch WatchTerminal.readKey() {
                case UInt8(ascii: "q"), UInt8(ascii: "Q"): return true
                case UInt8(ascii: "r"), UInt8(ascii: "R"): return false
                default: break
                }
                let newSize = WatchTerminal.size(environment: context.environment)
                let newSecond = currentUnixTime()
                if newSize != size || (offline && newSecond != second) { redraw() }
                size = newSize
                second = newSecond
            }
            return false
        }

        /// Offline, gateway errors and malformed replies are retried; refused trust, credentials or
        /// permission end the view with their exit code.
        static func isRetryable(_ status: ExitStatus) -> Bool {
            status == .offline || status == .failure
        }
    }
}

extension WatchStatusFilter: ExpressibleByArgument {}
extension WatchSortKey: ExpressibleByArgument {}

extension RemissionCommand.Watch {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(help: ArgumentHelp("Seconds between refreshes (at least 0.5).", valueName: "seconds"))
        var interval: Double = 2

        @Option(
            help: ArgumentHelp(
                "Show only torrents in this state.", valueName: "state")
        )
        var status: WatchStatusFilter?

        @Option(
            help: ArgumentHelp(
                "Order by this key.", valueName: "key"))
        var sort: WatchSortKey = .id

        @Flag(help: "Reverse the order.")
        var reverse = false
    }
}
