import ArgumentParser
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission servers [list|remove|default|rename|set-url]`: the saved profiles (PRODUCT.md §1, §4).
    struct Servers: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "servers",
            abstract: tr("List and manage saved servers."),
            discussion: tr(
                """
                Servers are saved by `remission connect` in servers.json (no secrets there). A server imported \
                from the original Remission app is marked "needs password" until you give it one with \
                `remission credentials set NAME`.

                Examples:
                  remission servers
                  remission servers default nas
                  remission servers rename nas home-nas
                  remission servers set-url nas https://nas.local:8443/transmission/rpc
                  remission servers remove old-box --yes
                """),
            subcommands: [List.self, Remove.self, Default.self, Rename.self, SetURL.self],
            defaultSubcommand: List.self)
    }
}

extension RemissionCommand.Servers {
    /// `remission servers list [--json]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: tr(
                "List saved servers: name, URL, user, the default, which need a password, and how each is reached."),
            usage: "remission servers list [<options>]",
            discussion: tr(
                """
                --json prints {"default": NAME|null, "servers": [{"name", "url", "scheme", "host", "port", "path", \
                "user", "default", "needsPassword", "createdAt", "clientCertificate", "proxy", "via", "unixSocket", \
                "tlsName", "headers": [{"name", "secret"}]}]}. The table and the JSON show how each server is reached \
                (its proxy, ssh host or unix socket), its TLS name and its gateway headers' names, never their values.
                """))

        @Flag(help: .tr("Print JSON instead of a table."))
        var json = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let list = try SavedServers(context.session).all()
            if json {
                print(ServersText.json(list))
                return
            }
            guard !list.profiles.isEmpty else {
                printError(ServersText.noneSaved)
                return
            }
            print(ServersText.table(list, terminal: context.terminal))
            if list.defaultName == nil { printError(ServersText.noDefault) }
        }
    }

    /// `remission servers remove NAME [--yes]`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: tr("Remove a saved server, its password in the keyring and its trust settings."),
            usage: "remission servers remove [<options>] <name>",
            discussion: tr(
                """
                Asks first on a terminal; without one, --yes is required. The password is removed from the \
                keyring and the trust settings (pins, accepted certificate, CA file, HTTP acknowledgement) from \
                trust.json, unless another saved server uses the same ones. A keyring that cannot be used stops \
                the removal (exit 7) before anything changes; --keep-password removes the server without \
                touching the keyring.
                """))

        @Argument(help: .tr("The saved server to remove."), completion: .savedServer)
        var name: String

        @Flag(name: [.customShort("y"), .long], help: ArgumentHelp(tr("Do not ask for confirmation. ") + Answers.rule))
        var yes = false

        @Flag(name: .customLong("keep-password"), help: .tr("Leave the password in the keyring."))
        var keepPassword = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let servers = SavedServers(context.session)
            let removal = try servers.removal(of: name)
            if !yes { try confirm(removal.confirmation, terminal: context.terminal) }
            print(ServersText.removed(try servers.remove(removal, keepPassword: keepPassword)).joined(separator: "\n"))
        }
    }

    /// `remission servers default NAME`.
    struct Default: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "default",
            abstract: tr("Make a saved server the default (used when no server is named)."),
            usage: "remission servers default [<options>] <name>")

        @Argument(help: .tr("The saved server to use by default."), completion: .savedServer)
        var name: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            try SavedServers(context.session).makeDefault(name)
            print(ServersText.defaultSet(name))
        }
    }

    /// `remission servers rename OLD NEW`.
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: tr("Rename a saved server."),
            usage: "remission servers rename [<options>] <old> <new>",
            discussion: tr(
                """
                The password in the keyring and the trust settings belong to the server's address (host, port, \
                protocol, user), not to its name, so they stay as they are and keep working under the new name.
                """))

        @Argument(help: .tr("The current name."), completion: .savedServer)
        var old: String

        @Argument(help: .tr("The new name."))
        var new: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            print(ServersText.renamed(try SavedServers(context.session).rename(old, to: new)))
        }
    }
}
