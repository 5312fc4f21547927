import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionViews

extension RemissionCommand.Servers {
    /// `remission servers set-url NAME URL`: re-points a saved server, through connect's use case.
    struct SetURL: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set-url",
            abstract: tr("Point a saved server at another URL: decide trust for it, check, then save."),
            discussion: tr(
                """
                The same steps as connect for a saved server: the new address's certificate is shown and asked \
                about on a terminal (--accept-fingerprint, --pin or --ca-file otherwise), the password is asked \
                for or given (--password-stdin, TR_AUTH), the full check runs, and only then is the server \
                saved with its new URL, its trust decision and its password. The old address's trust settings \
                and keyring item are never deleted implicitly: on a terminal you are asked whether to forget \
                them (--forget-old or --keep-old for scripts); without a terminal they are kept and the \
                commands that forget them are named. \(Answers.rule)

                Examples:
                  remission servers set-url nas https://nas.local:8443/transmission/rpc
                  printf %s "$PW" | remission servers set-url nas https://10.0.0.5 \\
                      --password-stdin --accept-fingerprint SHA256:3F… --forget-old
                """))

        @Argument(help: .tr("The saved server to point elsewhere."), completion: .savedServer)
        var name: String

        @Argument(
            help: .tr("Its new URL: http(s)://host[:port][/path], or host[:port] (https for port 443, else http)."))
        var url: String

        @OptionGroup(title: tr("Set-url options")) var own: OwnOptions
        @OptionGroup(title: tr("Set-url options")) var oldAddress: OldAddressFlags
        @OptionGroup(title: tr("Set-url options")) var route: RouteOptions

        @OptionGroup(title: tr("Connection options")) var trustFlags: TrustFlags
        @OptionGroup(title: tr("Connection options")) var auth: AuthOptions
        @OptionGroup(title: tr("Connection options")) var global: GlobalOptions

        var allowHTTP: Bool { own.allowHTTP }
        var saveOffline: Bool { own.saveOffline }
        var noSavePassword: Bool { own.noSavePassword }

        struct OwnOptions: ParsableArguments {
            @Flag(
                name: .customLong("no-save-password"), help: .tr("Use the password for this check but do not keep it."))
            var noSavePassword = false

            @Flag(name: .customLong("allow-http"), help: .tr("Acknowledge plain HTTP to a non-loopback host."))
            var allowHTTP = false

            @Flag(name: .customLong("save-offline"), help: .tr("Save the new URL even if the check fails."))
            var saveOffline = false
        }

        /// The server is the `<name>` argument; GlobalOptions' --server would only contradict it.
        func validate() throws {
            if global.server != nil {
                throw ValidationError(
                    "servers set-url takes the saved server as its <name> argument; --server does not apply.")
            }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            let now = currentUnixTime()
            var onboarding = try Onboarding(
                context: context.session, url: url, name: name, overrides: trustFlags.overrides, auth: auth.request,
                route: route.flags, now: now)
            try onboarding.findScheme()
            try onboarding.requireSaved()
            let choices = OnboardingChoices(
                allowHTTP: allowHTTP, saveOffline: saveOffline, savePassword: !noSavePassword,
                oldAddress: oldAddress.choice)
            try OnboardingConversation(context: context).run(&onboarding, choices, now: now)
        }
    }
}
