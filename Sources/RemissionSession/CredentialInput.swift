import RemissionCredentials
import RemissionModel
import RemissionStorage
import RemissionTransport

/// Finds the user name and password for a server, in PRODUCT.md §3's order: `--password-stdin`,
/// `TR_AUTH=user:password`, `--netrc` / `--netrc-file FILE` (only when asked; the `default` entry is
/// never used), the keyring, then a no-echo prompt on a terminal. The keyring is asked only when a user is known; a broken keyring is an error (exit 7),
/// never a silent "no password".
public struct CredentialInput {
    public var auth: AuthRequest
    public var environment: [String: String]
    /// The user saved in the profile, if any.
    public var savedUser: String?
    public var keyring: any PasswordStore
    /// Asks for a password without echo; nil when nobody can be asked (no terminal, or several
    /// servers at once).
    public var prompt: PasswordPrompt?
    public var readStandardInput: () -> String? = { readLine(strippingNewline: true) }
    /// The route's part of the server's identity: its keyring item is its own (`CredentialKey.route`).
    public var route: RouteIdentity?
    /// The saved servers, read only when a routed server's item is not under its own key
    /// (`LegacyRouteItems`).
    public var savedServers: () -> [ServerProfile] = { [] }

    public init(
        auth: AuthRequest, environment: [String: String], savedUser: String?, keyring: any PasswordStore,
        prompt: PasswordPrompt?
    ) {
        self.auth = auth
        self.environment = environment
        self.savedUser = savedUser
        self.keyring = keyring
        self.prompt = prompt
    }

    public func resolve(for endpoint: ServerEndpoint) throws(Failure) -> (BasicCredentials?, PasswordSource) {
        let fromEnvironment = Self.parseTRAuth(environment["TR_AUTH"])
        if auth.passwordFromStandardInput {
            guard let user = auth.user ?? savedUser ?? fromEnvironment?.user else {
                throw Failure(.input(.passwordStdinNeedsUser))
            }
            guard let password = readStandardInput(), !password.isEmpty else {
                throw Failure(.input(.passwordStdinEmpty))
            }
            return (BasicCredentials(user: user, password: password), .standardInput)
        }
        if let fromEnvironment {
            if let user = auth.user ?? savedUser, user != fromEnvironment.user {
                throw Failure(.input(.trAuthUserMismatch(environment: fromEnvironment.user, server: user)))
            }
            return (fromEnvironment, .environment)
        }
        let user = auth.user ?? savedUser
        if let (credentials, path) = try netrcCredentials(host: endpoint.host, user: user) {
            return (credentials, .netrc(path: path))
        }
        guard let user else { return (nil, .none) }
        let stored: String?
        do { stored = try keyringPassword(endpoint: endpoint, user: user) } catch {
            // No usable keyring (no D-Bus session over SSH, a locked collection…): on a terminal the
            // password is asked there, and the prompt says it cannot be stored and why; otherwise exit 7.
            guard case .keyring(let problem) = error.cause, let prompt,
                let password = prompt.askPassword(user: user, endpoint: endpoint, keyringUnusable: problem),
                !password.isEmpty
            else { throw error }
            return (BasicCredentials(user: user, password: password), .prompt)
        }
        if let password = stored {
            return (BasicCredentials(user: user, password: password), .keyring)
        }
        if let prompt, let password = prompt.askPassword(user: user, endpoint: endpoint), !password.isEmpty {
            return (BasicCredentials(user: user, password: password), .prompt)
        }
        return (BasicCredentials(user: user, password: ""), .none)
    }

    /// The keyring's password; nil when none is stored. An unusable keyring throws (exit 7). A routed
    /// server's item is under its own key; one written before routes were part of a server's identity
    /// is taken from its bare URL when it can only have been this server's (`LegacyRouteItems`).
    public func keyringPassword(endpoint: ServerEndpoint, user: String) throws(Failure) -> String? {
        let key: CredentialKey
        do { key = try CredentialKey(endpoint: endpoint, route: route, user: user) } catch {
            throw Failure(.credentialKey(error))
        }
        do {
            if let password = try keyring.lookup(key) { return password }
            guard route != nil else { return nil }
            return try LegacyRouteItems.password(
                key, identity: ServerIdentity(endpoint, route: route), among: savedServers(), keyring: keyring)
        } catch {
            throw Failure(.keyring(error))
        }
    }

    private func netrcCredentials(host: String, user: String?) throws(Failure) -> (BasicCredentials, String)? {
        // Only when asked (--netrc, --netrc-file), as curl and transmission-remote's -N: a netrc file
        // holds passwords for other services, and its `default` entry would match any host.
        let path: String
        if let explicit = auth.netrcFile {
            path = explicit
        } else if auth.useNetrc, let file = environment["NETRC"], !file.isEmpty {
            path = file
        } else if auth.useNetrc, let home = environment["HOME"], !home.isEmpty {
            path = home + "/.netrc"
        } else {
            return nil
        }
        let bytes: [UInt8]?
        do { bytes = try AtomicFile.read(path) } catch {
            throw Failure(.input(.netrcUnreadable(path: path, error: error)))
        }
        guard let bytes else { throw Failure(.input(.netrcMissing(path: path))) }
        let netrc = Netrc(parsing: String(decoding: bytes, as: UTF8.self))
        guard let entry = netrc.entry(host: host, user: user), entry.machine != nil, let password = entry.password,
            let login = entry.login ?? user
        else { return nil }
        return (BasicCredentials(user: login, password: password), path)
    }

    /// `TR_AUTH=user:password`, as transmission-remote reads it. The password may contain colons.
    public static func parseTRAuth(_ value: String?) -> BasicCredentials? {
        guard let value, let colon = value.firstIndex(of: ":"), colon != value.startIndex else { return nil }
        return BasicCredentials(user: String(value[..<colon]), password: String(value[value.index(after: colon)...]))
    }
}

/// Where a password may be asked for (a terminal, without echo). Injected so use cases never read
/// the terminal themselves and tests can answer.
public protocol PasswordPrompt: Sendable {
    /// The password typed for `user` at `endpoint`; nil when nothing was typed.
    func askPassword(user: String, endpoint: ServerEndpoint) -> String?

    /// The same question when the keyring cannot be used: the prompt says so (the password will not
    /// be stored, and why) before asking.
    func askPassword(user: String, endpoint: ServerEndpoint, keyringUnusable: KeyringError) -> String?

    /// The passphrase of the encrypted client-certificate key at `keyFile`; nil when nothing was typed.
    func askPassphrase(keyFile: String) -> String?

    /// The same question after the passphrase typed was wrong, saying so and how many tries are left
    /// (`triesLeft` ≥ 1); nil when nothing was typed (and by default: no second question).
    func askPassphraseAgain(keyFile: String, triesLeft: Int) -> String?

    /// The value of the secret gateway header `name` for `server` (`scheme://host:port`), not found in
    /// the keyring (`keyringUnusable`: why it could not be asked); nil when nothing was typed.
    func askHeaderValue(name: String, server: String, keyringUnusable: KeyringError?) -> String?
}

extension PasswordPrompt {
    public func askPassphrase(keyFile: String) -> String? { nil }

    public func askPassphraseAgain(keyFile: String, triesLeft: Int) -> String? { nil }

    public func askHeaderValue(name: String, server: String, keyringUnusable: KeyringError?) -> String? { nil }

    public func askPassword(user: String, endpoint: ServerEndpoint, keyringUnusable: KeyringError) -> String? {
        askPassword(user: user, endpoint: endpoint)
    }
}

/// The credential options of a command: `--user`, `--password-stdin`, `--netrc`, `--netrc-file`.
public struct AuthRequest: Sendable, Equatable {
    public var user: String?
    public var passwordFromStandardInput: Bool
    public var useNetrc: Bool
    public var netrcFile: String?

    public init(
        user: String? = nil, passwordFromStandardInput: Bool = false, useNetrc: Bool = false, netrcFile: String? = nil
    ) {
        self.user = user
        self.passwordFromStandardInput = passwordFromStandardInput
        self.useNetrc = useNetrc
        self.netrcFile = netrcFile
    }
}
