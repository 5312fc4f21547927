import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionViews
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

extension RemissionCommand {
    /// `remission notify [NAME…] [--interval S] [--exec CMD] [--no-desktop] [--once]`: follows servers
    /// and reports finished torrents, torrent errors, servers going offline and back, and
    /// certificates about to expire.
    struct Notify: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "notify",
            abstract: tr("Report finished torrents, errors, offline servers and expiring certificates."),
            usage: "remission notify [<name-or-url> ...] [<options>]",
            discussion: tr(
                """
                Follows every saved server (or the servers named, or --server) and polls each every \
                --interval seconds, each on its own so that a hung server never delays another. Reports: a \
                torrent finished downloading; a torrent got a tracker or local error, and when it cleared; a \
                server went offline (with the cause) and came back, once each; a certificate of the server \
                expires soon (check's rule), once per certificate.

                Each event is a line on standard output, a desktop notification (org.freedesktop.Notifications \
                on the session bus; not with --no-desktop) and, with --exec, one run of CMD through /bin/sh \
                with the event as one JSON object on its standard input (nothing of the server is put in its \
                command line or environment); CMD is killed after 30 seconds.

                What was reported is remembered under $XDG_STATE_HOME/remission/notify: a restart reports what \
                happened meanwhile, once, and nothing twice. The first poll of a server records its torrents \
                without reporting them. Without a notification server and without --exec it exits 1 at once. \
                Meant to run as the systemd user unit remission-notify.service.

                Examples:
                  remission notify
                  remission notify nas --interval 30 --exec 'cat >> ~/torrent-events.jsonl'
                  systemctl --user enable --now remission-notify.service
                """))

        @Argument(
            help: ArgumentHelp(tr("Saved servers to follow (default: every saved server)."), valueName: "name-or-url"),
            completion: .savedServer)
        var targets: [String] = []

        @OptionGroup(title: tr("Notify options")) var own: OwnOptions

        @OptionGroup(title: tr("Connection options")) var global: GlobalOptions

        func validate() throws {
            guard own.interval >= Self.minimumInterval, own.interval <= 86_400 else {
                throw ValidationError(CommandText.notifyIntervalRange)
            }
        }

        /// Polling a daemon more often than this is `watch`'s job.
        static let minimumInterval = 2.0

        func run() throws {
            // Not `preloading()`: a service that runs for weeks reads servers.json and trust.json
            // again when it opens a session, so trust accepted or a server changed meanwhile counts.
            let context = try CommandContext(global: global)
            let names = try followed(context)
            let delivery = try makeDelivery()
            let followers = names.map { NotifyFollower(name: $0, context: context.session) }
            if own.once {
                let polls = concurrently(followers) { $0.poll() }
                for problem in polls.flatMap(\.problems) { printError(problem) }
                for problem in delivery.deliver(polls.flatMap(\.events)) { printError(problem) }
                return
            }
            let queue = Mutex<[NotifyEvent]>([])
            let interval = own.interval
            for follower in followers {
                let thread = startThread {
                    while true {
                        let (events, problems) = follower.poll()
                        for problem in problems { printError(problem) }
                        queue.withLock { $0 += events }
                        sleepSeconds(interval)
                    }
                }
                if let thread { pthread_detach(thread) }
            }
            while true {
                let events = queue.withLock { pending in
                    defer { pending = [] }
                    return pending
                }
                for problem in delivery.deliver(events) { printError(problem) }
                sleepSeconds(0.1)
            }
        }

        /// The servers named, --server, or every saved server.
        private func followed(_ context: CommandContext) throws -> [String] {
            for name in targets { _ = try context.locate(name) }  // a typo is an error now, not an event later
            var seen = Set<String>()
            if !targets.isEmpty { return targets.filter { seen.insert($0).inserted } }  // each once
            if let server = global.server { return [server] }
            let profiles = try context.session.savedServers().profiles
            guard !profiles.isEmpty else { throw Failure(.input(.noDefaultServer(saved: []))) }
            return profiles.map(\.name)
        }

        /// Desktop notifications unless --no-desktop, checked once: without them and without --exec
        /// nothing would reach anyone, so it exits 1.
        private func makeDelivery() throws -> NotifyDelivery {
            let exec = own.exec.map { ExecHook(command: $0) }
            guard !own.noDesktop else { return NotifyDelivery(desktop: nil, exec: exec, writesLines: true) }
            let desktop = DesktopNotifier()
            if case .failure(let problem) = desktop.probe() {
                guard exec != nil else {
                    printError(NotifyText.noWayToReport(NotifyText.reason(problem)))
                    throw ExitCode(ExitStatus.failure.rawValue)
                }
                printError(NotifyText.noDesktop(NotifyText.reason(problem)))
                return NotifyDelivery(desktop: desktop, exec: exec, writesLines: true, desktopKnownMissing: true)
            }
            return NotifyDelivery(desktop: desktop, exec: exec, writesLines: true)
        }
    }
}

extension RemissionCommand.Notify {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                tr("Seconds between polls of each server (at least 2)."), valueName: "seconds"))
        var interval: Double = 60

        @Option(
            help: ArgumentHelp(
                tr("Run this shell command once per event, with the event as JSON on its standard input."),
                valueName: "command"))
        var exec: String?

        @Flag(name: .customLong("no-desktop"), help: .tr("No desktop notifications (standard output and --exec only)."))
        var noDesktop = false

        @Flag(help: .tr("Poll each server once, report, and exit (for cron and tests)."))
        var once = false
    }
}
