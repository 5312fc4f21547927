import ArgumentParser
import Logging
import RemissionCredentials
import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// What every command needs from its surroundings: environment, terminal, files, logger, transport options.
struct CommandContext: Sendable {
    var environment: [String: String]
    var terminal: Terminal
    var paths: StoragePaths
    var logger: Logger
    var transportOptions: TransportOptions

    var global: GlobalOptions

    init(global: GlobalOptions, environment: [String: String] = processEnvironment()) throws {
        self.global = global
        self.environment = environment
        terminal = Terminal(environment: environment, noColor: global.noColor)
        do { paths = try StoragePaths(environment: environment) } catch {
            throw CommandFailure(error.description, status: .failure)
        }
        logger = global.makeLogger()
        transportOptions = TransportOptions(
            timeoutSeconds: global.timeout, connectTimeoutSeconds: min(10, global.timeout),
            userAgent: "remission/\(RemissionCommand.version)", environment: environment)
    }

    var trustStore: TrustStore { TrustStore(paths: paths) }

    var profileStore: ProfileStore { ProfileStore(paths: paths) }
    /// Passwords already read from the keyring in one batch (`check --all`); nil reads on demand.
    var prefetchedPasswords: PrefetchedPasswords?
    var keyring: any PasswordStore { prefetchedPasswords ?? SecretServiceKeyring(environment: environment) }

    /// A server named on the command line: a saved name, a URL, or (nil) `--server` / the default server.
    /// Its stored trust has the command line's trust flags laid over it (not saved).
    func resolveTarget(
        _ text: String?, trustFlags: TrustFlags = .none, auth: AuthOptions = .none, mayPrompt: Bool? = nil
    ) throws -> ServerTarget {
        let (label, endpoint, profile) = try locate(text ?? global.server)
        var trust = try storedTrust(for: endpoint)
        try apply(trustFlags, to: &trust)
        let input = CredentialInput(
            auth: auth, environment: environment, savedUser: profile?.user, keyring: keyring,
            mayPrompt: mayPrompt ?? terminal.isInteractive)
        let (credentials, source) = try input.resolve(for: endpoint)
        return ServerTarget(
            label: label, endpoint: endpoint, trust: trust, credentials: credentials, passwordSource: source,
            profile: profile)
    }

    /// Finds the endpoint for a name or URL; nil means the default server.
    func locate(_ text: String?) throws -> (label: String, endpoint: ServerEndpoint, profile: ServerProfile?) {
        do {
            let saved = try savedServers()
            guard let text else {
                guard let defaultName = saved.default,
                    let profile = saved.profiles.first(where: { $0.name == defaultName })
                else {
                    let hint =
                        saved.profiles.isEmpty
                        ? "Add one with: remission connect URL"
                        : "Name one (\(saved.profiles.map(\.name).joined(separator: ", "))) or set one with: remission servers default NAME"
                    throw CommandFailure("No server given and no default server. \(hint)", status: .usage)
                }
                return (profile.name, profile.endpoint, profile)
            }
            if text.contains("://") {
                let endpoint: ServerEndpoint
                do { endpoint = try ServerEndpoint.parse(text) } catch {
                    throw CommandFailure(error.description, status: .usage)
                }
                let profile = saved.profiles.first { $0.endpoint == endpoint }
                return (profile?.name ?? endpoint.url, endpoint, profile)
            }
            guard let profile = saved.profiles.first(where: { $0.name == text }) else {
                throw ProfileError.notFound(text, saved: saved.profiles.map(\.name))
            }
            return (profile.name, profile.endpoint, profile)
        } catch let error as ProfileError {
            throw CommandFailure(
                error.description, status: { if case .notFound = error { return .usage } else { return .failure } }())
        }
    }

    /// Saved servers and trust read once, for commands that resolve many servers (`check --all`):
    /// each read parses the whole file.
    var preloaded: (servers: (default: String?, profiles: [ServerProfile]), trust: [String: ServerTrust])?

    func preloading() throws -> CommandContext {
        var context = self
        do {
            let trust = try trustStore.all()
            context.preloaded = (
                try profileStore.all(), Dictionary(trust.map { ($0.identity, $0.trust) }) { first, _ in first }
            )
        } catch {
            throw CommandFailure("\(error)", status: .failure)
        }
        return context
    }

    private func savedServers() throws(ProfileError) -> (default: String?, profiles: [ServerProfile]) {
        if let preloaded { return preloaded.servers }
        return try profileStore.all()
    }

    private func storedTrust(for endpoint: ServerEndpoint) throws -> ServerTrust {
        if let preloaded { return preloaded.trust[endpoint.trustIdentity] ?? .none }
        do { return try trustStore.trust(for: endpoint) } catch {
            throw CommandFailure(error.description, status: .failure)
        }
    }

    func apply(_ flags: TrustFlags, to trust: inout ServerTrust) throws {
        do {
            if let caFile = flags.caFile { trust.caFile = absolutePath(caFile) }
            for pin in flags.pins { trust.pins.append(try SPKIPin(parsing: pin)) }
            if let text = flags.acceptFingerprint {
                let fingerprint = try CertificateFingerprint(parsing: text)
                trust.accepted = AcceptedCertificate(
                    fingerprint: fingerprint, subject: "", notBefore: 0, notAfter: 0, acceptedAt: 0)
            }
        } catch {
            throw CommandFailure(error.description, status: .usage)
        }
    }

    /// Plain HTTP to a non-loopback host warns on every command until acknowledged (PRODUCT.md §2).
    func warnAboutPlainHTTP(_ target: ServerTarget) {
        guard target.endpoint.scheme == .http, !target.endpoint.isLoopback, !target.trust.httpAcknowledged else {
            return
        }
        printError(
            terminal.styled("warning:", .yellow)
                + " \(target.endpoint.authority) is reached over plain HTTP: the password and all data travel unencrypted."
                + " Use https://, or acknowledge with: remission trust http \(target.label) --acknowledge")
    }
}

extension TrustFlags {
    /// No trust flags. (A default-constructed ParsableArguments cannot be read: it must be parsed.)
    static var none: TrustFlags { try! TrustFlags.parse([]) }
}

extension AuthOptions {
    /// No user, no --password-stdin, no netrc file.
    static var none: AuthOptions { try! AuthOptions.parse([]) }
}

/// A failure the command already knows how to word, with its exit status.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var status: ExitStatus

    init(_ message: String, status: ExitStatus) {
        self.message = message
        self.status = status
    }

    var description: String { message }
}

/// The process environment as a dictionary, read once.
func processEnvironment() -> [String: String] {
    var result: [String: String] = [:]
    var cursor = environ
    while let entry = cursor.pointee {
        let text = String(cString: entry)
        if let equals = text.firstIndex(of: "=") {
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        cursor += 1
    }
    return result
}
