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

    /// `remission trust forget NAME`: remove everything stored for the server's identity.
    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: tr("Forget all trust for a server: pins, accepted certificate, CA file, HTTP acknowledgement."),
            usage: "remission trust forget [<options>] <name>",
            discussion: tr("Asks first on a terminal; without one, --yes is required. The saved server itself stays."))

        @Argument(help: .tr("A saved server name or a URL."), completion: .savedServer)
        var name: String

        @Flag(help: ArgumentHelp(tr("Forget without asking. ") + Answers.rule))
        var yes = false

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
            printError(TrustCommandText.storedFor(subject, stored))
            if !yes { try confirm(.forgetTrust, terminal: context.terminal) }
            try settings.forget(subject)
            printError(TrustCommandText.forgotten(subject))
        }
    }
}
