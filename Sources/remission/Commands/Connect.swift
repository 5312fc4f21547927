import ArgumentParser
import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionTrust
import RemissionViews

extension RemissionCommand {
    /// `remission connect URL`: onboarding. Decide trust, authenticate, run the full check, then save
    /// the profile, the trust decision and the password, and only then (PRODUCT.md §1).
    struct Connect: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "connect",
            abstract: "Add or update a server: decide trust, authenticate, check, then save it.",
            discussion: """
                On a terminal, connect shows an untrusted certificate and asks \
                "Trust this certificate? (yes/no/[fingerprint])", asks before using plain HTTP to another host, \
                and, when the daemon asks for a password, asks for what is missing: the user name, then the \
                password without echo (three tries). Answers are kept for the whole run. Without a terminal it never asks: give the decision \
                with --accept-fingerprint, --pin or --ca-file, plain HTTP with --allow-http, and the password \
                with --password-stdin or TR_AUTH=user:password.

                Nothing is saved when the check fails, unless --save-offline. The password goes to the \
                keyring (Secret Service), never to a file.

                Examples:
                  remission connect https://nas.local/transmission/rpc --name nas --user admin
                  printf %s "$PW" | remission connect https://10.0.0.5:8443 --name box \\
                      --user admin --password-stdin --accept-fingerprint SHA256:3F…
                """)

        @Argument(
            help: "The server URL: http(s)://host[:port][/path], or host[:port] (https for port 443, else http).")
        var url: String

        @OptionGroup(title: "Connect options") var own: OwnOptions
        @OptionGroup(title: "Connect options") var oldAddress: OldAddressFlags

        @OptionGroup(title: "Connection options") var trustFlags: TrustFlags
        @OptionGroup(title: "Connection options") var auth: AuthOptions
        @OptionGroup(title: "Connection options") var global: GlobalOptions

        // Shorthands for the options in `own`.
        var name: String? { own.name }
        var noSavePassword: Bool { own.noSavePassword }
        var allowHTTP: Bool { own.allowHTTP }
        var makeDefault: Bool { own.makeDefault }
        var saveOffline: Bool { own.saveOffline }
        var yes: Bool { own.yes }

        func validate() throws {
            // --server names the saved server to update; it is never ignored (issue 14).
            if let server = global.server, let name, server != name {
                throw ValidationError(
                    "--server \(server) updates that saved server and --name \(name) names another: give one of them.")
            }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            try requireHTTPEngine()
            let now = currentUnixTime()
            var onboarding = try Onboarding(
                context: context.session, url: url, name: name ?? global.server, overrides: trustFlags.overrides,
                auth: auth.request, now: now)
            if global.server != nil { try onboarding.requireSaved() }
            if let repointing = onboarding.repointing, !yes { try confirm(repointing, terminal: context.terminal) }
            let choices = OnboardingChoices(
                allowHTTP: allowHTTP, saveOffline: saveOffline, savePassword: !noSavePassword, makeDefault: makeDefault,
                oldAddress: oldAddress.choice)
            try OnboardingConversation(context: context).run(&onboarding, choices, now: now)
        }
    }
}

extension RemissionCommand.Connect {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The name to save the server under (default: the host name).", valueName: "name"))
        var name: String?

        @Flag(name: .customLong("no-save-password"), help: "Use the password for this check but do not keep it.")
        var noSavePassword = false

        @Flag(name: .customLong("allow-http"), help: "Acknowledge plain HTTP to a non-loopback host.")
        var allowHTTP = false

        @Flag(name: .customLong("default"), help: "Make this the default server.")
        var makeDefault = false

        @Flag(name: .customLong("save-offline"), help: "Save the server even if the check fails.")
        var saveOffline = false

        @Flag(
            help: ArgumentHelp(
                "Point a saved server at this URL without asking (it is asked on a terminal). " + Answers.rule))
        var yes = false
    }
}
