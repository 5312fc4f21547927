import ArgumentParser
import RemissionSession
import RemissionViews

extension RemissionCommand.Trust {
    /// `remission trust ca NAME FILE`: a PEM CA file as an extra trust anchor for one server (home PKI).
    struct CA: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ca",
            abstract: tr("Use a PEM CA file as an extra trust anchor for a server (home PKI)."),
            usage: "remission trust ca [<options>] <name> <file>",
            discussion: tr(
                """
                The file is checked now (readable, at least one certificate) and stored by its absolute path; \
                it is read again on every connection, so keep it where it is. Host names are still checked.
                """))

        @Argument(help: .tr("A saved server name or an https URL."), completion: .savedServer)
        var name: String

        @Argument(help: .tr("The PEM file with the CA certificate(s)."), completion: .certificateFile)
        var file: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let settings = TrustSettings(context.session)
            let subject = try settings.subject(name)
            let change = try settings.setCAFile(subject, file)
            printError(TrustCommandText.caFileSet(change, subject: subject, now: currentUnixTime()))
        }
    }

    /// `remission trust http NAME --acknowledge|--revoke`: the plain-HTTP warning for one server.
    struct HTTP: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "http",
            abstract: tr("Acknowledge (or revoke) the plain-HTTP warning for a server."),
            usage: "remission trust http [<options>] [<name>]",
            discussion: tr(
                """
                Plain HTTP to a non-loopback host sends the password and all data unencrypted; every command \
                warns until you acknowledge it here (--acknowledge, the default); --revoke warns again. Not for https servers.
                """))

        enum Change: EnumerableFlag {
            case acknowledge, revoke

            static func help(for value: Change) -> ArgumentHelp? {
                switch value {
                case .acknowledge: .tr("Stop warning about plain HTTP for this server.")
                case .revoke: .tr("Warn about plain HTTP for this server again.")
                }
            }
        }

        @Argument(
            help: .tr("A saved server name or an http URL (default: --server or the default server)."),
            completion: .savedServer)
        var name: String?

        /// Acknowledging is what the command is for, so it is the default: the usage then shows
        /// `[--acknowledge | --revoke]`, not two flags that look required.
        @Flag var change: Change = .acknowledge

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let settings = TrustSettings(context.session)
            let subject = try settings.subject(name)
            let acknowledged = change == .acknowledge
            let previous = try settings.setPlainHTTP(subject, acknowledged: acknowledged)
            printError(TrustCommandText.plainHTTPSet(acknowledged, previous: previous, subject: subject))
        }
    }
}
