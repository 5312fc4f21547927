import Logging
import RemissionCredentials
import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// What every use case needs from its surroundings: environment, files, keyring, logger, transport
/// options, and the server to use when none is named (`--server`). A value: tests build one with
/// private directories and an in-memory password store.
public struct SessionContext: Sendable {
    public var environment: [String: String]
    public var paths: StoragePaths
    public var logger: Logger
    public var transportOptions: TransportOptions
    /// The server commands use when none is named (`--server NAME|URL`); nil: the default server.
    public var defaultTarget: String?
    /// The password store; the Secret Service keyring unless a test or `check --all` sets another.
    public var keyring: any PasswordStore
    /// This run's diagnostics log (`DiagnosticsJournal`); nil in tests that keep none.
    public var journal: DiagnosticsJournal?
    /// Where client-key passphrases are kept: the Secret Service keyring unless a test sets another.
    public var passphrases: any PassphraseStore
    /// Where proxy passwords are kept: the Secret Service keyring unless a test sets another.
    public var proxyPasswords: any ProxyPasswordStore
    /// Where secret gateway headers' values are kept: the Secret Service keyring unless a test sets another.
    public var headerValues: any GatewayHeaderStore
    /// Saved servers and trust read once, for use cases that resolve many servers (`check --all`).
    public var preloaded: (servers: (default: String?, profiles: [ServerProfile]), trust: [String: ServerTrust])?
    /// One line of standard input (`--password-stdin`): the process's, unless the command runs in
    /// process with input of its own.
    public var readStandardInput: @Sendable () -> String? = { readLine(strippingNewline: true) }

    public init(
        environment: [String: String], paths: StoragePaths, logger: Logger, transportOptions: TransportOptions,
        defaultTarget: String? = nil, keyring: (any PasswordStore)? = nil
    ) {
        self.environment = environment
        self.paths = paths
        self.logger = logger
        self.transportOptions = transportOptions
        self.defaultTarget = defaultTarget
        self.keyring = keyring ?? SecretServiceKeyring(environment: environment)
        self.passphrases = SecretServiceKeyring(environment: environment)
        self.proxyPasswords = SecretServiceKeyring(environment: environment)
        self.headerValues = SecretServiceKeyring(environment: environment)
    }

    public var trustStore: TrustStore { TrustStore(paths: paths) }

    /// The home directory a path typed at a question is read from (`TypedPath`): `HOME` when it is an
    /// absolute path, else the working directory.
    public var homeDirectory: String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        return workingDirectory() ?? "/"
    }
    public var profileStore: ProfileStore { ProfileStore(paths: paths) }

    /// A server named by the user: a saved name, a URL, or (nil) `defaultTarget` / the default
    /// server; its stored trust with `overrides` laid over it (not saved), and its credentials.
    public func resolveTarget(
        _ text: String?, overrides: TrustOverrides = TrustOverrides(), auth: AuthRequest = AuthRequest(),
        prompt: PasswordPrompt?
    ) throws(Failure) -> ServerTarget {
        let (label, endpoint, profile) = try locate(text ?? defaultTarget)
        // From here on the command is about this server: its record is kept even when the keyring
        // or the connection fails.
        journal?.noteServer(label, now: currentUnixTime())
        var target = ServerTarget(
            label: label, endpoint: endpoint, trust: .none, credentials: nil, passwordSource: .none, profile: profile)
        // The route first: it is part of who the server is, for its trust and its keyring items.
        (target.route, target.proxySource) = try route(to: endpoint, options: profile?.options)
        target.trust = try storedTrust(for: target.identity)
        try overrides.apply(to: &target.trust)
        var input = CredentialInput(
            auth: auth, environment: environment, savedUser: profile?.user, keyring: keyring, prompt: prompt)
        input.readStandardInput = readStandardInput
        input.route = target.route.identity
        input.savedServers = { (try? self.savedServers().profiles) ?? [] }
        (target.credentials, target.passwordSource) = try input.resolve(for: endpoint)
        target.tlsName = try TLSName.validated(overrides.tlsName) ?? profile?.options.tlsName
        if profile == nil { target.unsavedOptions = overrides.words }
        try connectionSettings(for: &target, prompt: prompt)
        return target
    }

    /// The saved server's client certificate (loaded, with its passphrase) and its gateway headers,
    /// for every use case that connects to `target` (whose route is set: `route(to:options:)`).
    public func connectionSettings(for target: inout ServerTarget, prompt: (any PasswordPrompt)?) throws(Failure) {
        target.clientIdentity = try target.profile?.options.clientCertificateInput(
            environment: environment, passphrases: passphrases, prompt: prompt
        )?.load(now: currentUnixTime()).0
        try resolveHeaders(for: &target, prompt: prompt)
    }

    /// Finds the endpoint for a name or URL; nil means the default server.
    public func locate(_ text: String?) throws(Failure) -> (
        label: String, endpoint: ServerEndpoint, profile: ServerProfile?
    ) {
        let saved = try savedServers()
        guard let text else {
            guard let defaultName = saved.default,
                let profile = saved.profiles.first(where: { $0.name == defaultName })
            else { throw Failure(.input(.noDefaultServer(saved: saved.profiles.map(\.name)))) }
            return (profile.name, profile.endpoint, profile)
        }
        if text.contains("://") {
            let endpoint: ServerEndpoint
            do { endpoint = try ServerEndpoint.parse(text) } catch { throw Failure(.endpoint(error)) }
            let profile = try onlyServer(at: endpoint, named: text, among: saved.profiles)
            return (profile?.name ?? endpoint.url, endpoint, profile)
        }
        if let profile = saved.profiles.first(where: { $0.name == text }) {
            return (profile.name, profile.endpoint, profile)
        }
        if let endpoint = try bareAddress(text, saved: saved.profiles) {
            let profile = try onlyServer(at: endpoint, named: text, among: saved.profiles)
            return (profile?.name ?? endpoint.url, endpoint, profile)
        }
        throw Failure(.profile(.notFound(text, saved: saved.profiles.map(\.name))))
    }

    /// `host[:port]` where a URL is accepted, read as `connect` reads it (`ServerEndpoint.parseBare`),
    /// after the saved names; a saved server at that host and port (whatever its scheme) is that
    /// server. Only text shaped like an address (a port, a dot, `[` or `localhost`) counts, so a
    /// mistyped name stays "No server named". Plain HTTP to another host is used only when already
    /// acknowledged; otherwise the URL it would be is the answer, so no password leaves in clear
    /// because a scheme was guessed.
    func bareAddress(_ text: String, saved: [ServerProfile]) throws(Failure) -> ServerEndpoint? {
        let shaped = text.contains(":") || text.contains(".") || text.hasPrefix("[") || text == "localhost"
        guard shaped, let guess = ServerEndpoint.parseBare(text) else { return nil }
        let atAddress = saved.filter { $0.endpoint.host == guess.host && $0.endpoint.port == guess.port }
        // One URL, even saved several times (other routes): `locate` then says whose it is.
        if Set(atAddress.map(\.endpoint)).count == 1 { return atAddress[0].endpoint }
        guard guess.scheme == .http, !guess.isLoopback else { return guess }
        guard try storedTrust(for: ServerIdentity(guess)).httpAcknowledged else {
            throw Failure(.input(.bareHostPlainHTTP(text: text, url: guess.url)))
        }
        return guess
    }

    /// The saved server at `endpoint`, nil when none. A URL that several saved servers have (through
    /// other routes: another SSH host, a socket; or saved twice) names none of them: never one picked
    /// silently.
    func onlyServer(at endpoint: ServerEndpoint, named text: String, among profiles: [ServerProfile])
        throws(Failure) -> ServerProfile?
    {
        let matching = profiles.filter { $0.endpoint == endpoint }
        guard matching.count > 1 else { return matching.first }
        throw Failure(
            .input(
                .ambiguousServer(
                    text: text, servers: matching.map { SavedRoute($0.name, $0.options.routeIdentity?.text) })))
    }

    /// This context with servers.json and trust.json read once (each read parses the whole file).
    public func preloading() throws(Failure) -> SessionContext {
        var context = self
        let trust: [(identity: String, trust: ServerTrust)]
        do { trust = try trustStore.all() } catch { throw Failure(.storage(error)) }
        context.preloaded = (
            try savedServers(), Dictionary(trust.map { ($0.identity, $0.trust) }) { first, _ in first }
        )
        return context
    }

    /// Every saved server, in file order, and the default's name.
    public func savedServers() throws(Failure) -> (default: String?, profiles: [ServerProfile]) {
        if let preloaded { return preloaded.servers }
        do { return try profileStore.all() } catch { throw Failure(.profile(error)) }
    }

    /// What trust.json holds for the server's identity (its address and its route's part).
    public func storedTrust(for identity: ServerIdentity) throws(Failure) -> ServerTrust {
        if let preloaded { return preloaded.trust[identity.key] ?? .none }
        do { return try trustStore.trust(for: identity) } catch { throw Failure(.storage(error)) }
    }
}

/// Trust given for one run (`--ca-file`, `--pin`, `--accept-fingerprint`), laid over the stored trust
/// and not saved (`connect` and `trust` save what they decide).
public struct TrustOverrides: Sendable, Equatable {
    public var caFile: String?
    public var pins: [String]
    public var acceptFingerprint: String?
    /// `--tls-name`: the name the certificate is checked against and sent as SNI.
    public var tlsName: String?

    public init(caFile: String? = nil, pins: [String] = [], acceptFingerprint: String? = nil, tlsName: String? = nil) {
        self.caFile = caFile
        self.pins = pins
        self.acceptFingerprint = acceptFingerprint
        self.tlsName = tlsName
    }

    /// The options as a command line gives them (the CA file's path made absolute), for a hint
    /// that names another command for the same server: `--tls-name N --ca-file F --pin P… --accept-fingerprint F`.
    public var words: [String] {
        var words: [String] = []
        if let tlsName { words += ["--tls-name", tlsName] }
        if let caFile { words += ["--ca-file", absolutePath(caFile)] }
        for pin in pins { words += ["--pin", pin] }
        if let acceptFingerprint { words += ["--accept-fingerprint", acceptFingerprint] }
        return words
    }

    /// Lays these over `trust`; a malformed pin or fingerprint is a usage failure.
    public func apply(to trust: inout ServerTrust) throws(Failure) {
        if let caFile { trust.caFile = absolutePath(caFile) }
        do {
            for pin in pins { trust.pins.append(try SPKIPin(parsing: pin)) }
            if let acceptFingerprint {
                let fingerprint = try CertificateFingerprint(parsing: acceptFingerprint)
                trust.accepted = AcceptedCertificate(
                    fingerprint: fingerprint, subject: "", notBefore: 0, notAfter: 0, acceptedAt: 0)
            }
        } catch {
            throw Failure(.trustInput(error))
        }
    }
}

/// A relative path made absolute against the working directory (a CA file is stored by path).
public func absolutePath(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let directory = workingDirectory() else { return path }
    var relative = Substring(path)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    return (directory == "/" ? "" : directory) + "/" + relative
}

/// The working directory, or nil when it cannot be named (removed, too long).
func workingDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
