import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionTrust
import RemissionViews

extension RemissionCommand.Trust {
    /// `remission trust accept NAME [--fingerprint SHA256:HEX]`: trust on first use, and the one explicit way
    /// to replace an accepted certificate that changed.
    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "accept",
            abstract: tr("Trust the certificate the server presents now (trust on first use)."),
            usage: "remission trust accept [<options>] [<name>]",
            discussion: tr(
                """
                Connects without sending any request and shows the certificate. On a terminal it asks \
                "Trust this certificate? (yes/no/[fingerprint])"; typing the fingerprint you expect checks it. \
                Without a terminal --fingerprint is required and must match the presented certificate exactly. \
                Accepting again replaces the certificate accepted before; both fingerprints are printed.
                """))

        @Argument(
            help: .tr("A saved server name or an https URL (default: --server or the default server)."),
            completion: .savedServer)
        var name: String?

        @Option(
            help: ArgumentHelp(
                tr("The SHA-256 fingerprint you expect (SHA256:HEX); it must match the presented certificate."),
                valueName: "SHA256:…"))
        var fingerprint: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let fingerprint {
                do { _ = try CertificateFingerprint(parsing: fingerprint) } catch {
                    throw ValidationError(FailureText.trustInputReason(error))
                }
            }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            let settings = TrustSettings(context.session)
            let subject = try settings.subject(name)
            try settings.requireHTTPS(subject, for: .accept)
            let now = currentUnixTime()
            let probe = try settings.probe(subject, trust: try settings.stored(subject))
            if let fingerprint {
                try settings.verify(try CertificateFingerprint(parsing: fingerprint), probe, subject: subject)
            } else {
                printError(TrustCommandText.probeLines(probe, server: subject.label, now: now).joined(separator: "\n"))
                guard context.terminal.isInteractive else {
                    throw Failure(.local(.acceptNeedsTerminal(label: subject.label)))
                }
                try askToTrust(probe.leaf)
            }
            let acceptance = try settings.accept(probe, for: subject, now: now)
            printError(TrustCommandText.accepted(acceptance, subject: subject))
        }
    }
}
