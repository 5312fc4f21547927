import ArgumentParser
import RemissionSession
import RemissionViews

extension RemissionCommand.Trust {
    /// `remission trust list [--json]`: every identity in the trust store and the saved servers using it.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: tr("List the trust store: pins, accepted certificate, CA file, plain-HTTP acknowledgement."),
            usage: "remission trust list [<options>]",
            discussion: tr(
                """
                --json prints one line: {"entries": [{"identity", "servers": […], "pins": […], "accepted": \
                {"fingerprint", "subject", "notBefore", "notAfter", "acceptedAt"} or null, "caFile", \
                "httpAcknowledged"}]} with times in Unix seconds.
                """))

        @Flag(help: .tr("Print one JSON object instead of text."))
        var json = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let list = try TrustSettings(context.session).list()
            if json {
                print(TrustCommandText.listJSON(list))
            } else if list.entries.isEmpty {
                printError(TrustCommandText.emptyList(list))
            } else {
                print(TrustCommandText.list(list))
            }
        }
    }

    /// `remission trust forget NAME [--accepted] [--ca-file] [--pins]`: remove what is stored for the
    /// server's identity, or the parts named.
    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: tr("Forget trust for a server: pins, accepted certificate, CA file, HTTP acknowledgement."),
            usage: "remission trust forget [<options>] <name>",
            discussion: tr(
                """
                Without --accepted, --ca-file or --pins everything is forgotten; with them only those parts \
                (combinable), and it says what it removed. Asks first on a terminal; without one, --yes is \
                required. The saved server itself stays.
                """))

        @Argument(help: .tr("A saved server name or a URL."), completion: .savedServer)
        var name: String

        @Flag(help: .tr("Forget only the accepted certificate."))
        var accepted = false

        @Flag(name: .customLong("ca-file"), help: .tr("Forget only the CA file."))
        var caFile = false

        @Flag(help: .tr("Forget only the pins."))
        var pins = false

        @Flag(help: ArgumentHelp(tr("Forget without asking. ") + Answers.rule))
        var yes = false

        var parts: TrustParts {
            let named: TrustParts = [accepted ? .accepted : [], caFile ? .caFile : [], pins ? .pins : []]
            return named.isEmpty ? .all : named
        }

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let settings = TrustSettings(context.session)
            let subject = try settings.subject(name)
            let stored = try settings.stored(subject)
            guard stored != .none else {
                printError(TrustCommandText.nothingStored(subject))
                return
            }
            guard parts == .all else {
                let present = parts.intersection(TrustParts(present: stored))
                guard !present.isEmpty else {
                    printError(TrustCommandText.partsNotStored(parts, subject: subject))
                    return
                }
                if !yes { try confirm(.forgetTrustParts(present), terminal: context.terminal) }
                let removed = try settings.forget(subject, parts: present)
                printError(
                    TrustCommandText.forgottenParts(removed, now: try settings.stored(subject), subject: subject))
                return
            }
            printError(TrustCommandText.storedFor(subject, stored))
            if !yes { try confirm(.forgetTrust, terminal: context.terminal) }
            try settings.forget(subject)
            printError(TrustCommandText.forgotten(subject))
        }
    }
}
