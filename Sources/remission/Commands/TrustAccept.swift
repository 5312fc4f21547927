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
            abstract: "Trust the certificate the server presents now (trust on first use).",
            discussion: """
                Connects without sending any request and shows the certificate. On a terminal it asks
                "Trust this certificate? (yes/no/[fingerprint])"; typing the fingerprint you expect checks it.
                Without a terminal --fingerprint is required and must match the presented certificate exactly.
                Accepting again replaces the certificate accepted before; both fingerprints are printed.
                """)

        @Argument(help: "A saved server name or an https URL (default: --server or the default server).")
        var name: String?

        @Option(help: "The SHA-256 fingerprint you expect (SHA256:HEX); it must match the presented certificate.")
        var fingerprint: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let fingerprint {
                do { _ = try CertificateFingerprint(parsing: fingerprint) } catch {
                    throw ValidationError("\(error.description)")
                }
            }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            let subject = try TrustSubject(name, context: context)
            try subject.requireHTTPS(for: "accept")
            let stored = try subject.storedTrust(context)
            let now = currentUnixTime()
            let probe = try TrustProbe(subject, trust: stored, context: context)
            let leaf = probe.leaf
            let expected = try fingerprint.map { try CertificateFingerprint(parsing: $0) }

            if let expected {
                guard expected == leaf.fingerprint else {
                    throw Failure.command(
                        "The fingerprint given (\(expected)) is not the one \(subject.endpoint.authority) presents "
                            + "(\(leaf.fingerprint)). Refused; nothing was changed. Compare with the server's own "
                            + "certificate, e.g. `remission trust show \(quotedForShell(subject.label))`.",
                        status: .trustRefused)
                }
            } else {
                printError(probe.lines(server: subject.label, now: now).joined(separator: "\n"))
                guard context.terminal.isInteractive else {
                    throw Failure.command(
                        "Not on a terminal, so nothing is asked and nothing was changed. Compare the fingerprint above "
                            + "with the server's, then run: remission trust accept \(quotedForShell(subject.label)) "
                            + "--fingerprint SHA256:…",
                        status: .usage)
                }
                try askToTrust(leaf, consequence: "nothing was changed")
            }

            let accepted = AcceptedCertificate(
                fingerprint: leaf.fingerprint, subject: leaf.subject, notBefore: leaf.notBefore,
                notAfter: leaf.notAfter, acceptedAt: now)
            let previous = try subject.update(context) { trust -> AcceptedCertificate? in
                let previous = trust.accepted
                if previous?.fingerprint != accepted.fingerprint { trust.accepted = accepted }
                return previous
            }
            report(subject, previous: previous, accepted: accepted, pins: stored.pins)
        }

        private func report(
            _ subject: TrustSubject, previous: AcceptedCertificate?, accepted: AcceptedCertificate, pins: [SPKIPin]
        ) {
            var lines: [String] = []
            if let previous, previous.fingerprint == accepted.fingerprint {
                lines.append(
                    "This certificate was already accepted for \(subject.identity) on "
                        + "\(UTCDate(unixSeconds: previous.acceptedAt)); nothing was changed.")
            } else if let previous {
                lines += [
                    "Replaced the accepted certificate for \(subject.identity):",
                    "  old: \(previous.fingerprint) (\(TerminalText.safe(previous.subject)), accepted \(UTCDate(unixSeconds: previous.acceptedAt)))",
                    "  new: \(accepted.fingerprint) (\(TerminalText.safe(accepted.subject)))",
                ]
            } else {
                lines.append(
                    "Accepted \(accepted.fingerprint) (\(TerminalText.safe(accepted.subject))) for \(subject.identity)."
                )
            }
            if !pins.isEmpty {
                lines.append(
                    "Note: pins are set for this server and decide first; the accepted certificate counts only without "
                        + "them (remission trust unpin \(quotedForShell(subject.label))).")
            }
            lines.append("Next: remission check \(quotedForShell(subject.label))")
            printError(lines.joined(separator: "\n"))
        }
    }
}
