import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission port-test [--json]`: whether the daemon's peer port is reachable from the internet.
    struct PortTest: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "port-test",
            abstract: tr("Test whether the daemon's peer port is reachable from the internet."),
            discussion: tr(
                """
                The daemon asks the Transmission project's port-checking service \
                (portcheck.transmissionbt.com) to connect to its peer port. Transmission 4.1 and later test \
                IPv4 and IPv6 apart, one line each; older daemons test once.

                Exit codes: 0 the port is open (on at least one IP family); 10 it is closed (on every family \
                that could be tested); 6 it could not be tested at all: the daemon could not reach the \
                port-checking service (no internet, DNS, a firewall) or refused the test. That is never \
                reported as closed: it says nothing about the port. The daemon waits up to 20 seconds for \
                the service (each family on 4.1): on a slow link give --timeout 60, as --timeout bounds the \
                whole command.

                --json prints {"peerPort", "status": "open|closed|untested", "results": [{"family": \
                "ipv4|ipv6|null", "outcome": "open|closed|untested", "error": the daemon's words or null}]}.

                Examples:
                  remission port-test
                  remission port-test nas --json
                """))

        @OptionGroup(title: tr("Port test options")) var own: OwnOptions

        @Argument(
            help: .tr("A saved server name or URL (default: --server or the default server)."), completion: .savedServer
        )
        var name: String?

        @OptionGroup var connection: TorrentConnectionOptions

        func run() throws {
            let (context, session) = try connection.open(server: name)
            defer { context.offerToStorePassword(after: session) }
            let view = try session.run { client throws(RPCError) -> PortTestView in
                let results = try PortCheck.run(client)
                let port = try? client.sessionGet(fields: [.peerPort]).peerPort
                return PortTestView(results: results, peerPort: port ?? nil)
            }
            if own.json {
                print(view.jsonValue().serializedString())
            } else {
                print(view.text(on: context.terminal))
            }
            switch view.verdict {
            case .open: return
            case .closed: throw ExitCode(FurtherExitStatus.portClosed.rawValue)
            case .untested:
                throw Failure(.local(.portNotTested(view.results)), server: session.target.label)
            }
        }
    }
}

extension RemissionCommand.PortTest {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Flag(help: .tr("Print the results as one JSON object."))
        var json = false
    }
}

extension RemissionCommand {
    /// `remission blocklist update [--json]`: the daemon fetches its blocklist again.
    struct Blocklist: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "blocklist",
            abstract: tr("Update the daemon's blocklist of peer addresses."),
            discussion: tr(
                """
                The daemon fetches the blocklist from its blocklist URL (set it with `remission session \
                --blocklist-url URL`; turn the blocklist on with --blocklist on) and loads it.

                Examples:
                  remission blocklist update
                  remission blocklist update nas --json
                """),
            subcommands: [Update.self])
    }
}

extension RemissionCommand.Blocklist {
    /// `remission blocklist update [NAME] [--json]`.
    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: tr("Make the daemon fetch its blocklist again and report how many rules it holds."),
            usage: "remission blocklist update [<options>] [<name>]",
            discussion: tr(
                """
                The daemon fetches the URL set with `remission session --blocklist-url URL` itself, from its \
                own machine. A fetch that fails (the URL unreachable from there, not found) is the daemon's \
                error (exit 6), which names the URL; the blocklist it had stays. --json prints {"rules": N}.

                Examples:
                  remission blocklist update
                  remission blocklist update nas --json
                  remission session --blocklist-url https://example.org/level1.gz --blocklist on
                """))

        @Flag(help: .tr("Print the rule count as one JSON object."))
        var json = false

        @Argument(
            help: .tr("A saved server name or URL (default: --server or the default server)."), completion: .savedServer
        )
        var name: String?

        @OptionGroup var connection: TorrentConnectionOptions

        func run() throws {
            let (context, session) = try connection.open(server: name)
            defer { context.offerToStorePassword(after: session) }
            let rules: Int
            do throws(Failure) {
                rules = try session.run { client throws(RPCError) in try client.blocklistUpdate() }
            } catch {
                // The daemon could not fetch its blocklist URL: say which URL, read back.
                guard case .rpcRefused(let message) = error.cause,
                    var fetch = DaemonFetchFailure.recognize(message, url: nil)
                else { throw error }
                fetch.url = try? session.run { client throws(RPCError) in
                    try client.sessionGet(fields: [.blocklistUrl]).blocklistUrl
                }
                throw Failure(.local(.daemonCouldNotFetch(fetch, server: error.server)), server: error.server)
            }
            print(json ? BlocklistView.json(rules: rules).serializedString() : BlocklistView.updated(rules: rules))
        }
    }
}
