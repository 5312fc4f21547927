import ArgumentParser
import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionViews

extension RemissionCommand {
    /// `remission credentials [set|forget|status] NAME`: the password in the keyring (PRODUCT.md §3).
    struct Credentials: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "credentials",
            abstract: "Store, forget, or find out where the password of a saved server comes from.",
            discussion: """
                Passwords live in the Secret Service keyring (libsecret), never in a file. They are keyed by the
                server's host, port, protocol and user, and `secret-tool lookup server HOST user USER` finds them.
                A keyring that cannot be used (no D-Bus session, no Secret Service, locked) is exit 7; remission
                then never falls back to plain text: use --password-stdin or TR_AUTH=user:password instead.

                Examples:
                  remission credentials set nas
                  pass show nas | remission credentials set nas --password-stdin
                  remission credentials status nas
                  remission credentials forget nas
                """,
            subcommands: [Set.self, Forget.self, Status.self])
    }
}

extension RemissionCommand.Credentials {
    /// `remission credentials set NAME [--user U] [--password-stdin]`.
    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Store the password of a saved server in the keyring.",
            discussion: """
                The password is read without echo on a terminal (asked twice), or from standard input with
                --password-stdin. --user changes the server's user; the previous user's keyring item is removed
                unless another saved server uses it. The password is not checked against the server: run
                `remission check NAME` for that.
                """)

        @Argument(help: "The saved server (default: --server, or the default server).")
        var name: String?

        @Option(name: .shortAndLong, help: "The RPC user name (changes the server's user).")
        var user: String?

        @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input (one line).")
        var passwordFromStandardInput = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let (label, endpoint, profile) = try context.locate(name ?? global.server)
            guard let user = user ?? profile?.user else {
                throw Failure(.local(.noUserForPassword(label: label)))
            }
            let key = try CredentialsSupport.key(endpoint, user)
            let password = try readPassword(for: key, terminal: context.terminal)
            do { try context.keyring.store(password, for: key) } catch {
                throw Failure(.local(.keyringNotChanged(error, .nothingStored)))
            }
            var notes = ["Stored the password for \(user)@\(endpoint.authority) in the keyring as \"\(key.label)\"."]
            if var profile, profile.user != user || profile.needsPassword {
                let previous = profile.user
                profile.user = user
                profile.needsPassword = false
                do { try context.profileStore.upsert(profile) } catch { throw Failure(.profile(error)) }
                if let previous, previous != user {
                    notes.append("'\(profile.name)' now logs in as '\(user)' (was '\(previous)').")
                    notes.append(try forgetPrevious(previous, of: profile, context: context))
                }
            }
            print(notes.joined(separator: "\n"))
        }

        private func readPassword(for key: CredentialKey, terminal: Terminal) throws -> String {
            if passwordFromStandardInput {
                guard let password = readLine(strippingNewline: true), !password.isEmpty else {
                    throw Failure(.input(.passwordStdinEmpty))
                }
                return password
            }
            guard terminal.isInteractive else {
                throw Failure(.local(.passwordNeedsTerminal))
            }
            let who = "\(key.user)@\(key.label.split(separator: "@").last ?? "")"
            guard let first = askSecret("Password for \(who): "), !first.isEmpty else {
                throw Failure(.local(.noPasswordGiven))
            }
            guard askSecret("Again: ") == first else {
                throw Failure(.local(.passwordsDiffer))
            }
            return first
        }

        /// The old user's item goes unless another saved server still uses it.
        private func forgetPrevious(_ previous: String, of profile: ServerProfile, context: CommandContext) throws
            -> String
        {
            guard let old = try? CredentialKey(endpoint: profile.endpoint, user: previous) else { return "" }
            let others = (try? context.profileStore.all().profiles.filter { $0.name != profile.name }) ?? []
            let sharing = SavedServers.sharing(old, among: others)
            if !sharing.isEmpty {
                return "Kept the keyring item \"\(old.label)\": also used by \(ServersText.names(sharing))."
            }
            do {
                return try context.keyring.remove(old)
                    ? "Removed the previous user's password \"\(old.label)\" from the keyring."
                    : "No password was stored for the previous user."
            } catch {
                throw Failure(.keyring(error))
            }
        }
    }

    /// `remission credentials forget NAME`.
    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Remove the password of a saved server from the keyring.",
            discussion: "The server stays saved; remission will ask for the password (or use TR_AUTH, netrc).")

        @Argument(help: "The saved server (default: --server, or the default server).")
        var name: String?

        @Option(name: .shortAndLong, help: "The user whose password to forget (default: the server's user).")
        var user: String?

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let (label, endpoint, profile) = try context.locate(name ?? global.server)
            guard let user = user ?? profile?.user else {
                print("'\(label)' has no user, so no password is stored for it.")
                return
            }
            let key = try CredentialsSupport.key(endpoint, user)
            let existed: Bool
            do { existed = try context.keyring.remove(key) } catch { throw Failure(.keyring(error)) }
            print(
                existed
                    ? "Removed the password \"\(key.label)\" from the keyring."
                    : "No password for \(user)@\(endpoint.authority) was stored in the keyring; nothing changed.")
        }
    }

    /// `remission credentials status NAME [--json]`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Say where the password would come from now, and whether the keyring can be used.",
            discussion: """
                The order is the one every command uses: TR_AUTH=user:password, a netrc file (--netrc FILE or
                ~/.netrc), the keyring; otherwise none (a terminal would be asked). The password is never shown.
                Exit 7 when the keyring would be needed but cannot be used (no D-Bus session, no Secret Service,
                locked).

                --json prints {"server", "url", "user", "source": "TR_AUTH"|"netrc"|"keyring"|"none", "netrcFile",
                "keyring": {"state": "available"|"locked"|"no-session-bus"|"no-provider"|"error", "message"}}.
                """)

        @Argument(help: "The saved server (default: --server, or the default server).")
        var name: String?

        @Option(name: .shortAndLong, help: "Ask about this user instead of the server's user.")
        var user: String?

        @Flag(name: .customLong("netrc"), help: "Consider ~/.netrc (or $NETRC).")
        var useNetrc = false

        @Option(name: .customLong("netrc-file"), help: "Consider this netrc file.")
        var netrcFile: String?

        @Flag(help: "Print JSON.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let (label, endpoint, profile) = try context.locate(name ?? global.server)
            // A ParsableArguments value must come from parsing (its property wrappers have no value otherwise).
            let auth = try AuthOptions.parse(
                (user.map { ["--user", $0] } ?? []) + (netrcFile.map { ["--netrc-file", $0] } ?? [])
                    + (useNetrc ? ["--netrc"] : []))
            let input = CredentialInput(
                auth: auth.request, environment: context.environment, savedUser: profile?.user,
                keyring: context.keyring, prompt: nil)
            let keyringStatus = context.keyring.status()
            var outcome: (credentials: BasicCredentials?, source: PasswordSource)?
            var keyringFailure: Failure?
            switch Result(catching: { () throws(Failure) in try input.resolve(for: endpoint) }) {
            case .success(let resolved): outcome = resolved
            case .failure(let failure) where failure.status == .keyring: keyringFailure = failure
            case .failure(let failure): throw failure
            }
            let report = CredentialsStatusReport(
                label: label, endpoint: endpoint, user: outcome?.credentials?.user ?? user ?? profile?.user,
                source: outcome?.source, keyring: keyringStatus, keyringNeededButUnusable: keyringFailure != nil)
            print(json ? report.jsonText() : report.text(needsPassword: profile?.needsPassword ?? false))
            if let keyringFailure { throw keyringFailure }
        }
    }
}

enum CredentialsSupport {
    static func key(_ endpoint: ServerEndpoint, _ user: String) throws -> CredentialKey {
        do { return try CredentialKey(endpoint: endpoint, user: user) } catch {
            throw Failure(.credentialKey(error))
        }
    }
}

/// What `credentials status` found.
struct CredentialsStatusReport {
    var label: String
    var endpoint: ServerEndpoint
    var user: String?
    /// nil when the keyring would be asked but cannot be used.
    var source: PasswordSource?
    var keyring: KeyringStatus
    var keyringNeededButUnusable: Bool

    var sourceName: String {
        switch source {
        case .environment: return "TR_AUTH"
        case .netrc: return "netrc"
        case .keyring: return "keyring"
        case .standardInput: return "stdin"
        case .prompt: return "prompt"
        case .some(.none), nil: return keyringNeededButUnusable ? "keyring-unusable" : "none"
        }
    }

    var keyringState: String {
        switch keyring {
        case .available: return "available"
        case .locked: return "locked"
        case .noSessionBus: return "no-session-bus"
        case .noProvider: return "no-provider"
        case .error(let error):
            switch error {
            case .locked: return "locked"
            case .noSessionBus, .sessionBusUnreachable: return "no-session-bus"
            case .noProvider: return "no-provider"
            default: return "error"
            }
        }
    }

    var keyringWords: String {
        switch keyringState {
        case "available": return "available"
        case "locked": return "locked"
        case "no-session-bus": return "no D-Bus session"
        case "no-provider": return "no provider"
        default: return "unavailable"
        }
    }

    func text(needsPassword: Bool) -> String {
        var lines = [
            "Server:   \(label) (\(endpoint.url))",
            "User:     \(user ?? "none")",
        ]
        let password: String
        switch source {
        case .environment: password = "from TR_AUTH (the environment); the keyring is not asked"
        case .netrc(let path): password = "from the netrc file \(path); the keyring is not asked"
        case .keyring:
            let item = user.flatMap { try? CredentialKey(endpoint: endpoint, user: $0) }.map {
                " (item \"\($0.label)\")"
            }
            password = "from the keyring\(item ?? "")"
        case .standardInput: password = "from --password-stdin"
        case .prompt: password = "from the prompt"
        case .some(.none), nil:
            if keyringNeededButUnusable {
                password = "would come from the keyring, which cannot be used now (see below)"
            } else if user == nil {
                password = "none: the server has no user, so none is sent"
            } else {
                password =
                    "none stored (a terminal would be asked)\(needsPassword ? "; imported server, never given one" : "")."
                    + " Store one with: remission credentials set \(label)"
            }
        }
        lines.append("Password: \(password)")
        lines.append("Keyring:  \(keyringWords) — \(FailureText.keyringStatus(keyring))")
        return lines.joined(separator: "\n")
    }

    func jsonText() -> String {
        var netrcFile: JSONValue = .null
        if case .netrc(let path) = source { netrcFile = .string(path) }
        let object = JSONObject([
            ("server", .string(label)),
            ("url", .string(endpoint.url)),
            ("user", user.map { .string($0) } ?? .null),
            ("source", .string(sourceName)),
            ("netrcFile", netrcFile),
            (
                "keyring",
                .object(
                    JSONObject([
                        ("state", .string(keyringState)), ("message", .string(FailureText.keyringStatus(keyring))),
                    ]))
            ),
        ])
        return JSONValue.object(object).serializedString(pretty: false)
    }
}
