import ArgumentParser
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission credentials [set|forget|status] NAME`: the password in the keyring (PRODUCT.md §3).
    struct Credentials: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "credentials",
            abstract: tr("Store, forget, or find out where the password of a saved server comes from."),
            discussion: tr(
                """
                Passwords live in the Secret Service keyring (libsecret), never in a file. They are keyed by the \
                server's host, port, protocol and user, and `secret-tool lookup server HOST user USER` finds them. \
                A keyring that cannot be used (no D-Bus session, no Secret Service, locked) is exit 7; remission \
                then never falls back to plain text: use --password-stdin or TR_AUTH=user:password instead.

                Examples:
                  remission credentials set nas
                  pass show nas | remission credentials set nas --password-stdin
                  remission credentials status nas
                  remission credentials forget nas
                """),
            subcommands: [Set.self, Forget.self, Status.self])
    }
}

extension RemissionCommand.Credentials {
    /// `remission credentials set NAME [--user U] [--password-stdin]`.
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: tr("Store the password of a saved server in the keyring."),
            usage: "remission credentials set [<options>] [<name>]",
            discussion: tr(
                """
                The password is read without echo on a terminal (asked twice), or from standard input with \
                --password-stdin. --user changes the server's user; the previous user's keyring item is removed \
                unless another saved server uses it. The password is checked against the server first (one \
                check, with the server's trust) and nothing is stored when it fails; --no-check stores it unchecked.
                """))

        @Argument(help: .tr("The saved server (default: --server, or the default server)."), completion: .savedServer)
        var name: String?

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp(tr("The RPC user name (changes the server's user)."), valueName: "user")
        )
        var user: String?

        @Flag(name: .customLong("password-stdin"), help: .tr("Read the password from standard input (one line)."))
        var passwordFromStandardInput = false

        @Flag(name: .customLong("no-check"), help: .tr("Store the password without checking it against the server."))
        var noCheck = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let passwords = StoredPasswords(context.session)
            let target = try passwords.target(name, user: user)
            let password = try readPassword(for: target, terminal: context.terminal)
            if !noCheck {
                try passwords.verify(
                    password, for: target, source: passwordFromStandardInput ? .standardInput : .prompt)
            }
            print(CredentialsText.stored(try passwords.store(password, for: target)).joined(separator: "\n"))
        }

        /// One line of standard input, or the terminal's answer asked twice without echo.
        private func readPassword(for target: PasswordTarget, terminal: Terminal) throws(Failure) -> String {
            if passwordFromStandardInput {
                guard let password = readLine(strippingNewline: true), !password.isEmpty else {
                    throw Failure(.input(.passwordStdinEmpty))
                }
                return password
            }
            guard terminal.isInteractive else { throw Failure(.local(.passwordNeedsTerminal)) }
            guard let first = askSecret(Prompts.password(user: target.key.user, endpoint: target.endpoint)),
                !first.isEmpty
            else {
                throw Failure(.local(.noPasswordGiven))
            }
            guard askSecret(CredentialsText.again) == first else { throw Failure(.local(.passwordsDiffer)) }
            return first
        }
    }

    /// `remission credentials forget NAME`.
    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: tr("Remove the password of a saved server from the keyring."),
            usage: "remission credentials forget [<options>] [<name>]",
            discussion: tr("The server stays saved; remission will ask for the password (or use TR_AUTH, netrc)."))

        @Argument(help: .tr("The saved server (default: --server, or the default server)."), completion: .savedServer)
        var name: String?

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp(tr("The user whose password to forget (default: the server's user)."), valueName: "user")
        )
        var user: String?

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            print(CredentialsText.forgotten(try StoredPasswords(context.session).forget(name, user: user)))
        }
    }

    /// `remission credentials status NAME [--json]`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: tr("Say where the password would come from now, and whether the keyring can be used."),
            usage: "remission credentials status [<options>] [<name>]",
            discussion: tr(
                """
                The order is the one every command uses: TR_AUTH=user:password, a netrc file (--netrc FILE or \
                ~/.netrc), the keyring; otherwise none (a terminal would be asked). The password is never shown. \
                Exit 7 when the keyring would be needed but cannot be used (no D-Bus session, no Secret Service, \
                locked).

                --json prints {"server", "url", "user", "source": "TR_AUTH"|"netrc"|"keyring"|"none", "netrcFile", \
                "keyring": {"state": "available"|"locked"|"no-session-bus"|"no-provider"|"error", "message"}}.
                """))

        @Argument(help: .tr("The saved server (default: --server, or the default server)."), completion: .savedServer)
        var name: String?

        @Option(
            name: .shortAndLong,
            help: ArgumentHelp(tr("Ask about this user instead of the server's user."), valueName: "user"))
        var user: String?

        @Flag(name: .customLong("netrc"), help: .tr("Consider ~/.netrc (or $NETRC)."))
        var useNetrc = false

        @Option(
            name: .customLong("netrc-file"), help: ArgumentHelp(tr("Consider this netrc file."), valueName: "file"),
            completion: .file())
        var netrcFile: String?

        @Flag(help: .tr("Print JSON."))
        var json = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            // A ParsableArguments value must come from parsing (its property wrappers have no value otherwise).
            let auth = try AuthOptions.parse(
                (user.map { ["--user", $0] } ?? []) + (netrcFile.map { ["--netrc-file", $0] } ?? [])
                    + (useNetrc ? ["--netrc"] : []))
            let status = try StoredPasswords(context.session).status(name, auth: auth.request)
            print(json ? CredentialsText.statusJSON(status) : CredentialsText.status(status))
            if let failure = status.keyringFailure { throw failure }
        }
    }
}
