import ArgumentParser
import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTrust
import RemissionViews

extension RemissionCommand {
    /// `remission servers [list|remove|default|rename]`: the saved profiles (PRODUCT.md §1, §4).
    struct Servers: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "servers",
            abstract: "List and manage saved servers.",
            discussion: """
                Servers are saved by `remission connect` in servers.json (no secrets there). A server imported
                from the original Remission app is marked "needs password" until you give it one with
                `remission credentials set NAME`.

                Examples:
                  remission servers
                  remission servers default nas
                  remission servers rename nas home-nas
                  remission servers remove old-box --yes
                """,
            subcommands: [List.self, Remove.self, Default.self, Rename.self],
            defaultSubcommand: List.self)
    }
}

extension RemissionCommand.Servers {
    /// `remission servers list [--json]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List saved servers: name, URL, user, the default, and which need a password.",
            discussion: """
                --json prints {"default": NAME|null, "servers": [{"name", "url", "scheme", "host", "port", "path",
                "user", "default", "needsPassword", "createdAt"}]}.
                """)

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let (defaultName, profiles) = try ServersSupport.all(context)
            if json {
                print(ServersSupport.jsonText(defaultName: defaultName, profiles: profiles))
                return
            }
            guard !profiles.isEmpty else {
                printError("No servers are saved yet. Add one with: remission connect URL")
                return
            }
            print(ServersSupport.table(defaultName: defaultName, profiles: profiles, terminal: context.terminal))
            if defaultName == nil {
                printError("No default server: set one with: remission servers default NAME")
            }
        }
    }

    /// `remission servers remove NAME [--yes]`.
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove a saved server, its password in the keyring and its trust settings.",
            discussion: """
                Asks first on a terminal; without one, --yes is required. The password is removed from the
                keyring and the trust settings (pins, accepted certificate, CA file, HTTP acknowledgement) from
                trust.json, unless another saved server uses the same ones. A keyring that cannot be used stops
                the removal (exit 7) before anything changes; --keep-password removes the server without
                touching the keyring.
                """)

        @Argument(help: "The saved server to remove.")
        var name: String

        @Flag(name: [.customShort("y"), .long], help: "Do not ask for confirmation.")
        var yes = false

        @Flag(name: .customLong("keep-password"), help: "Leave the password in the keyring.")
        var keepPassword = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let (defaultName, profiles) = try ServersSupport.all(context)
            guard let profile = profiles.first(where: { $0.name == name }) else {
                throw Failure(.profile(.notFound(name, saved: profiles.map(\.name))))
            }
            let others = profiles.filter { $0.name != name }
            try confirm(profile, terminal: context.terminal)

            var notes: [String] = []
            notes.append(try removePassword(of: profile, others: others, context: context))
            notes.append(try removeTrust(of: profile, others: others, context: context))
            do { try context.profileStore.remove(named: name) } catch { throw Failure(.profile(error)) }
            notes.insert("Removed server '\(name)' (\(profile.endpoint.url)).", at: 0)
            if defaultName == name {
                notes.append("There is no default server now; set one with: remission servers default NAME")
            }
            print(notes.joined(separator: "\n"))
        }

        private func confirm(_ profile: ServerProfile, terminal: Terminal) throws {
            if yes { return }
            let confirmation = Confirmation.removeServer(name: name, url: profile.endpoint.url)
            guard terminal.isInteractive else { throw Failure(.local(.confirmationNeedsTerminal(confirmation))) }
            let answer = ask("\(FailureText.question(confirmation)) (yes/no) ")?.trimmingASCIIWhitespace().lowercased()
            guard answer == "yes" || answer == "y" else { throw Failure(.local(.declined(confirmation))) }
        }

        private func removePassword(of profile: ServerProfile, others: [ServerProfile], context: CommandContext) throws
            -> String
        {
            guard let user = profile.user else { return "No keyring item: the server has no user." }
            let key: CredentialKey
            do { key = try CredentialKey(endpoint: profile.endpoint, user: user) } catch {
                return "No keyring item: " + FailureText.credentialKeyReason(error)
            }
            if keepPassword { return "Kept the keyring item \"\(key.label)\" (--keep-password)." }
            let sharing = others.filter { other in
                other.user.flatMap { try? CredentialKey(endpoint: other.endpoint, user: $0) } == key
            }
            if !sharing.isEmpty {
                return "Kept the keyring item \"\(key.label)\": also used by \(ServersSupport.names(sharing))."
            }
            do {
                let existed = try context.keyring.remove(key)
                return existed
                    ? "Removed the password \"\(key.label)\" from the keyring."
                    : "No password for \(user)@\(profile.endpoint.authority) was stored in the keyring."
            } catch {
                throw Failure(.local(.keyringNotChanged(error, .serverKept)))
            }
        }

        private func removeTrust(of profile: ServerProfile, others: [ServerProfile], context: CommandContext) throws
            -> String
        {
            let identity = profile.endpoint.trustIdentity
            let sharing = others.filter { $0.endpoint.trustIdentity == identity }
            if !sharing.isEmpty {
                return "Kept the trust settings for \(identity): also used by \(ServersSupport.names(sharing))."
            }
            do {
                return try context.trustStore.remove(identity)
                    ? "Removed the trust settings for \(identity)."
                    : "No trust settings were stored for \(identity)."
            } catch {
                throw Failure(.storage(error))
            }
        }
    }

    /// `remission servers default NAME`.
    struct Default: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "default",
            abstract: "Make a saved server the default (used when no server is named).")

        @Argument(help: "The saved server to use by default.")
        var name: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            do { try context.profileStore.setDefault(name) } catch {
                throw ServersSupport.failure(error)
            }
            print("'\(name)' is now the default server.")
        }
    }

    /// `remission servers rename OLD NEW`.
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rename",
            abstract: "Rename a saved server.",
            discussion: """
                The password in the keyring and the trust settings belong to the server's address (host, port,
                protocol, user), not to its name, so they stay as they are and keep working under the new name.
                """)

        @Argument(help: "The current name.")
        var old: String

        @Argument(help: "The new name.")
        var new: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let renamed: ServerProfile
            do { renamed = try context.profileStore.rename(old, to: new) } catch {
                throw ServersSupport.failure(error)
            }
            let isDefault = (try? context.profileStore.all().default) == renamed.name
            print(
                "Renamed '\(old)' to '\(new)'\(isDefault ? " (the default server)" : "")."
                    + " Its keyring password and trust settings are keyed by its address, so they apply unchanged.")
        }
    }
}

/// Shared by the `servers` and `credentials` commands.
enum ServersSupport {
    static func all(_ context: CommandContext) throws -> (default: String?, profiles: [ServerProfile]) {
        do { return try context.profileStore.all() } catch { throw failure(error) }
    }

    static func failure(_ error: ProfileError) -> Failure { Failure(.profile(error)) }

    static func names(_ profiles: [ServerProfile]) -> String {
        profiles.map { "'\($0.name)'" }.joined(separator: ", ")
    }

    static func notes(_ profile: ServerProfile, isDefault: Bool) -> [String] {
        var notes: [String] = []
        if isDefault { notes.append("default") }
        if profile.needsPassword { notes.append("needs password") }
        return notes
    }

    static func table(defaultName: String?, profiles: [ServerProfile], terminal: Terminal) -> String {
        var rows = [["NAME", "URL", "USER", "NOTES"]]
        for profile in profiles {
            let notes = Self.notes(profile, isDefault: profile.name == defaultName)
            rows.append([
                (profile.name == defaultName ? "* " : "  ") + profile.name, profile.endpoint.url, profile.user ?? "-",
                notes.joined(separator: ", "),
            ])
        }
        rows[0][0] = "  NAME"
        var widths = [Int](repeating: 0, count: 4)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.enumerated().map { number, row in
            var line = ""
            for (index, cell) in row.enumerated() {
                let padded =
                    index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
                line += padded
            }
            while line.hasSuffix(" ") { line.removeLast() }
            return number == 0 ? terminal.styled(line, .bold) : line
        }.joined(separator: "\n")
    }

    static func jsonText(defaultName: String?, profiles: [ServerProfile]) -> String {
        let servers: [JSONValue] = profiles.map { profile in
            .object(
                JSONObject([
                    ("name", .string(profile.name)),
                    ("url", .string(profile.endpoint.url)),
                    ("scheme", .string(profile.endpoint.scheme.rawValue)),
                    ("host", .string(profile.endpoint.host)),
                    ("port", .int(Int64(profile.endpoint.port))),
                    ("path", .string(profile.endpoint.path)),
                    ("user", profile.user.map { .string($0) } ?? .null),
                    ("default", .bool(profile.name == defaultName)),
                    ("needsPassword", .bool(profile.needsPassword)),
                    ("createdAt", .int(profile.createdAt)),
                ]))
        }
        let document: JSONValue = .object(
            JSONObject([
                ("default", defaultName.map { .string($0) } ?? .null),
                ("servers", .array(servers)),
            ]))
        return document.serializedString(pretty: false)
    }
}
