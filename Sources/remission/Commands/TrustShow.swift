import ArgumentParser
import RemissionSession
import RemissionViews

extension RemissionCommand.Trust {
    /// `remission trust show NAME|URL`: the presented chain and the trust decision, from a TLS handshake
    /// that sends no HTTP request.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: tr("Show the server's certificates and the trust decision, without sending any request."),
            usage: "remission trust show [<options>] [<name>]",
            discussion: tr(
                """
                Connects, completes the TLS handshake and disconnects: no HTTP request and no credential is \
                sent. Prints each certificate (subject, issuer, names, validity, key, signature, SHA-256 \
                fingerprint, SPKI pin), the decision with its reasons, and what is stored for the server. \
                Exits 0 when trusted, 5 when refused, 3 when offline.
                """))

        @Argument(
            help: .tr("A saved server name or a URL (default: --server or the default server)."),
            completion: .savedServer)
        var name: String?

        @Flag(help: .tr("Print one JSON object instead of text."))
        var json = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let settings = TrustSettings(context.session)
            let subject = try settings.subject(name)
            switch try settings.show(subject) {
            case .plainHTTP(let stored, let state):
                print(
                    json
                        ? TrustCommandText.showPlainHTTPJSON(subject, stored: stored, state: state)
                        : context.terminal.fitted(TrustCommandText.showPlainHTTP(subject, state: state)))
                guard state.isAccepted else {
                    printError(TrustCommandText.plainHTTPNotAcknowledged(subject))
                    throw ExitCode(ExitStatus.trustRefused.rawValue)
                }
            case .certificate(let stored, let probe):
                let now = currentUnixTime()
                if json {
                    print(TrustCommandText.showJSON(subject, stored: stored, probe: probe, now: now))
                } else {
                    print(
                        context.terminal.fitted(TrustCommandText.show(subject, stored: stored, probe: probe, now: now)))
                    if let client = subject.clientCertificate {
                        print(
                            context.terminal.fitted(
                                ClientCertificateText.status(client, now: now).joined(separator: "\n")))
                    }
                    printError(TrustCommandText.noRequestSent)
                }
                if !probe.decision.isTrusted { throw ExitCode(ExitStatus.trustRefused.rawValue) }
            }
        }
    }
}
