import ArgumentParser
import RemissionSession
import RemissionTrust
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
                it is read again on every connection, so keep it where it is. Host names are still checked. \
                A file in which no certificate is self-signed holds an intermediate, which its CA replaces \
                (Caddy's every week): it is used as given, with a warning that names the root beside it \
                (Caddy's root.crt, step-ca's root_ca.crt, mkcert's rootCA.pem) when that root issued it.

                A certificate accepted before would keep deciding first, so the CA file replaces it: asked on a \
                terminal, with --replace-accepted without one. Trusting your own CA (a Caddy root, mkcert's \
                rootCA.pem) survives the leaf's renewals; an accepted certificate does not.
                """))

        @Argument(help: .tr("A saved server name or an https URL."), completion: .savedServer)
        var name: String

        @Argument(help: .tr("The PEM file with the CA certificate(s)."), completion: .certificateFile)
        var file: String

        @Flag(
            name: .customLong("replace-accepted"),
            help: .tr("Replace an accepted certificate without asking (it is asked on a terminal)."))
        var replaceAccepted = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let settings = TrustSettings(context.session)
            let subject = try settings.subject(name)
            let change = try settings.setCAFile(
                subject, file, replacing: replacementQuestion(given: replaceAccepted, terminal: context.terminal))
            printError(TrustCommandText.caFileSet(change, subject: subject, now: currentUnixTime()))
            if let notRoot = change.notRoot {
                printError(
                    CAFileText.notRootWarning(notRoot, place: .command, server: subject.label).joined(separator: "\n"))
            }
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

/// What `trust ca`, `trust pin` and `connect` ask before an accepted certificate is replaced
/// (PRODUCT.md §2: nothing changes trust implicitly): nothing with `--replace-accepted`, the question
/// on a terminal, exit 2 naming the flag otherwise.
func replacementQuestion(given: Bool, terminal: Terminal)
    -> (AcceptedCertificate, TrustReplacement) throws(Failure) -> Void
{
    { accepted, replacement throws(Failure) in
        guard !given else { return }
        try confirm(.replaceAccepted(accepted.fingerprint, with: replacement), terminal: terminal)
    }
}
