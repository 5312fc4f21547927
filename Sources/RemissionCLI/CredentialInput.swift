import RemissionCredentials
import RemissionModel
import RemissionStorage
import RemissionTransport

/// Finds the user name and password for a server, in PRODUCT.md §3's order: `--password-stdin`,
/// `TR_AUTH=user:password`, `--netrc` / `--netrc-file FILE` (only when asked; the `default` entry is
/// never used), the keyring, then a no-echo prompt on a terminal. The keyring is asked only when a user is known; a broken keyring is an error (exit 7),
/// never a silent "no password".
struct CredentialInput {
    var auth: AuthOptions
    var environment: [String: String]
    /// The user saved in the profile, if any.
    var savedUser: String?
    var keyring: any PasswordStore
    /// Whether a prompt may be shown (a terminal, and the command is not running several servers at once).
    var mayPrompt: Bool
    var readStandardInput: () -> String? = { readLine(strippingNewline: true) }
    var prompt: (String) -> String? = { askSecret($0) }

    func resolve(for endpoint: ServerEndpoint) throws -> (BasicCredentials?, PasswordSource) {
        let fromEnvironment = Self.parseTRAuth(environment["TR_AUTH"])
        if auth.passwordFromStandardInput {
            guard let user = auth.user ?? savedUser ?? fromEnvironment?.user else {
                throw CommandFailure("--password-stdin needs a user name: add --user NAME.", status: .usage)
            }
            guard let password = readStandardInput(), !password.isEmpty else {
                throw CommandFailure(
                    "--password-stdin: standard input was empty; pipe the password in (e.g. from pass or secret-tool).",
                    status: .usage)
            }
            return (BasicCredentials(user: user, password: password), .standardInput)
        }
        if let fromEnvironment {
            if let user = auth.user ?? savedUser, user != fromEnvironment.user {
                throw CommandFailure(
                    "TR_AUTH is for user '\(fromEnvironment.user)' but the server's user is '\(user)'.", status: .usage)
            }
            return (fromEnvironment, .environment)
        }
        let user = auth.user ?? savedUser
        if let (credentials, path) = try netrcCredentials(host: endpoint.host, user: user) {
            return (credentials, .netrc(path: path))
        }
        guard let user else { return (nil, .none) }
        if let password = try keyringPassword(endpoint: endpoint, user: user) {
            return (BasicCredentials(user: user, password: password), .keyring)
        }
        if mayPrompt, let password = prompt("Password for \(user)@\(endpoint.authority): "), !password.isEmpty {
            return (BasicCredentials(user: user, password: password), .prompt)
        }
        return (BasicCredentials(user: user, password: ""), .none)
    }

    /// The keyring's password; nil when none is stored. An unusable keyring throws (exit 7).
    func keyringPassword(endpoint: ServerEndpoint, user: String) throws -> String? {
        let key: CredentialKey
        do { key = try CredentialKey(endpoint: endpoint, user: user) } catch {
            throw CommandFailure("\(error)", status: .usage)
        }
        do { return try keyring.lookup(key) } catch {
            throw CommandFailure(error.description, status: .keyring)
        }
    }

    private func netrcCredentials(host: String, user: String?) throws -> (BasicCredentials, String)? {
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
            throw CommandFailure("Cannot read the netrc file \(path): \(error)", status: .failure)
        }
        guard let bytes else {
            throw CommandFailure("The netrc file \(path) does not exist.", status: .usage)
        }
        let netrc = Netrc(parsing: String(decoding: bytes, as: UTF8.self))
        guard let entry = netrc.entry(host: host, user: user), entry.machine != nil, let password = entry.password,
            let login = entry.login ?? user
        else { return nil }
        return (BasicCredentials(user: login, password: password), path)
    }

    /// `TR_AUTH=user:password`, as transmission-remote reads it. The password may contain colons.
    static func parseTRAuth(_ value: String?) -> BasicCredentials? {
        guard let value, let colon = value.firstIndex(of: ":"), colon != value.startIndex else { return nil }
        return BasicCredentials(user: String(value[..<colon]), password: String(value[value.index(after: colon)...]))
    }
}
