import RemissionCredentials
import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust

/// `connect` as a value: the use case says what there is to decide (`trustStep`, `plainHTTPStep`) and
/// takes the answers (`acceptCertificate`, `acknowledgePlainHTTP`); it never prints and never reads
/// the terminal. Decisions are kept in memory and written only by `save`, after the check succeeded.
public struct Onboarding {
    public let context: SessionContext
    public let endpoint: ServerEndpoint
    /// The URL was a bare host[:port]: the scheme (and maybe the port and path) were chosen for it.
    public internal(set) var schemeAssumed = false
    /// What the TLS probe of `findScheme` found about a bare host[:port] guessed as http; nil: no probe.
    public internal(set) var schemeFound: SchemeFinding?
    /// The arguments this value was made from, to make it again for https (`findScheme`).
    let request: Request
    public let name: String
    public let existing: ServerProfile?
    public let auth: AuthRequest
    public internal(set) var trust: ServerTrust
    /// The trust stored when connect started: `save` writes only what this run changed.
    let storedTrust: ServerTrust
    /// The fingerprint given with --accept-fingerprint, if any.
    let fingerprintFromFlag: CertificateFingerprint?
    /// The accepted certificate that --ca-file or --pin would leave deciding first, and what replaces
    /// it: connect asks (or takes --replace-accepted), then `replaceAccepted()`. Nil: nothing to replace.
    public let acceptedToReplace: (accepted: AcceptedCertificate, with: TrustReplacement)?
    public internal(set) var credentials: BasicCredentials?
    public internal(set) var passwordSource: PasswordSource = .none
    /// A password the user gave now (not one already in the keyring or a netrc file).
    var passwordToSave: String?
    /// The user name typed in this run (`answerUser`), kept across retries.
    var answeredUser: String?
    /// Passwords typed in this run, at most `passwordTries`.
    var passwordsTyped = 0
    /// CA files typed at the certificate question and refused, at most `caFileTries` (Onboarding+TrustAnswer).
    var caFilesRefused = 0
    /// The CA file given with --ca-file, when it holds no root (`CAFileRole.notRoot`): used as given,
    /// with a warning that names the root (`connect` prints it). Nil for a root or no --ca-file.
    public private(set) var givenCAFileNotRoot: NotRootCAFile?
    /// The saved server's options with what this run gave: the client certificate (--client-cert,
    /// --client-key; absolute paths) and the proxy with its trust (--proxy…). Saved by `save`.
    let options: ServerOptions
    /// The proxy given with --proxy, as given: a password in it goes to the keyring.
    let givenProxy: ProxyEndpoint?
    /// The client certificate offered in the check, once loaded (`obtainClientCertificate`).
    public internal(set) var clientIdentity: ClientIdentity?
    /// The way this run goes (`SessionContext.route`: `--via`, `--unix-socket`, `--proxy`, or the
    /// saved one, or the environment's proxy) and where a proxy came from.
    let route: (route: Route, proxySource: ProxySource?)
    /// A passphrase given now (not the keyring's), stored with the profile by `save`.
    var passphraseToSave: (keyFile: String, passphrase: String)?
    /// Gateway headers given now (`--header`, `--secret-header`, `--remove-header`), and all of the
    /// server's with their values once `obtainHeaders` ran (Onboarding+Headers.swift).
    let headerFlags: GatewayHeaderFlags
    public internal(set) var headers: [GatewayHeader] = []
    let now: Int64

    public init(
        context: SessionContext, url: String, name: String?, overrides: TrustOverrides, auth: AuthRequest,
        clientCertificate: ClientCertificatePaths? = nil, proxy: ProxyFlags? = nil, route: RouteFlags? = nil,
        headers: GatewayHeaderFlags = GatewayHeaderFlags(), now: Int64 = currentUnixTime()
    ) throws(Failure) {
        self.context = context
        self.headerFlags = headers
        self.auth = auth
        self.now = now
        request = Request(
            url: url, name: name, overrides: overrides, clientCertificate: clientCertificate, proxy: proxy,
            route: route)
        do { endpoint = try ServerEndpoint.parse(url) } catch {
            // A bare host[:port], as transmission-remote takes it; connect says which URL it used.
            guard let bare = ServerEndpoint.parseBare(url) else { throw Failure(.endpoint(error)) }
            endpoint = bare
            schemeAssumed = true
        }
        let chosen = name ?? String(endpoint.host.map { $0 == ":" ? "-" : $0 })  // `::1` becomes `--1`
        if let problem = ServerProfile.nameProblem(chosen) {
            throw Failure(.onboarding(.invalidName(chosen, problem)))
        }
        self.name = chosen
        existing = try context.savedServers().profiles.first { $0.name == chosen }
        var options = existing?.options ?? ServerOptions()
        if let clientCertificate {
            options.clientCertificate = clientCertificate.certificate
            options.clientKey = clientCertificate.key
        }
        givenProxy = try proxy?.apply(to: &options)
        // A route replaces a saved proxy, and --proxy a saved route: one way to the daemon at a time.
        try (route ?? RouteFlags(via: nil, unixSocket: nil)).apply(to: &options, proxyGiven: proxy != nil)
        if let tlsName = try TLSName.validated(overrides.tlsName) { options.tlsName = tlsName }
        options.headers = try headers.applied(to: options.headers)
        self.options = options
        self.route = try context.route(to: endpoint, options: options, givenProxy: givenProxy)
        trust = try context.storedTrust(for: ServerIdentity(endpoint, route: self.route.route.identity))
        storedTrust = trust
        try overrides.apply(to: &trust)
        fingerprintFromFlag = overrides.acceptFingerprint.flatMap { try? CertificateFingerprint(parsing: $0) }
        givenCAFileNotRoot = overrides.caFile.flatMap { NotRootCAFile.inspect(absolutePath($0)) }
        let before = storedTrust
        let newPins = trust.pins.filter { !before.pins.contains($0) }
        if overrides.acceptFingerprint == nil, let accepted = before.accepted {
            if let caFile = overrides.caFile {
                acceptedToReplace = (accepted, .caFile(absolutePath(caFile)))
            } else {
                acceptedToReplace = newPins.isEmpty ? nil : (accepted, .pins(newPins))
            }
        } else {
            acceptedToReplace = nil
        }
    }

    /// Who the server is: its address and its route's part (an SSH host, a unix socket).
    public var identity: ServerIdentity { ServerIdentity(endpoint, route: route.route.identity) }

    /// The user agreed (or gave --replace-accepted): the accepted certificate goes when this run saves.
    public mutating func replaceAccepted() {
        if acceptedToReplace != nil { trust.accepted = nil }
    }

    /// What the certificate asks of the user, decided by the stored trust and the flags.
    public enum TrustStep: Sendable {
        /// Plain HTTP, or a handshake that showed no chain to decide on.
        case notApplicable
        /// No connection or no TLS handshake: the check that follows says why, and nothing (no
        /// password) is asked before it.
        case unreachable
        /// Trusted; the decision and chain are for showing.
        case trusted(TrustDecision, PresentedChain)
        /// Not trusted, and someone may accept this certificate (`acceptCertificate`).
        case needsDecision(TrustDecision, PresentedChain, leaf: CertificateFacts)
    }

    /// Fetches the chain (no request is sent) and decides. Throws when no answer could change the
    /// outcome: a changed certificate or pin mismatch, a fingerprint flag that does not match, or
    /// nobody to ask (`mayAsk` false).
    public mutating func trustStep(mayAsk: Bool) throws(Failure) -> TrustStep {
        guard endpoint.scheme == .https else { return .notApplicable }
        let target = probeTarget
        let report: ConnectionReport
        var options = context.transportOptions
        options.examinesEveryPresentedAnchor = true  // which CA keys the first-contact screen may offer
        do { report = try probeServer(target, options: options) } catch {
            // Offline, refused, a handshake refused…: the check that follows says precisely what.
            return .unreachable
        }
        guard let decision = report.tls?.decision, let chain = report.tls?.chain, let leaf = chain.leaf else {
            return .notApplicable
        }
        if decision.isTrusted {
            if case .trusted(.acceptedCertificate, _) = decision {
                trust.accepted = accepted(chain)  // the facts of the certificate given by --accept-fingerprint
            }
            return .trusted(decision, chain)
        }
        guard case .refused(let problems) = decision else { return .notApplicable }
        // A proxy's placeholder, a staging CA, a wrong clock: never offered for acceptance.
        if KnownCause.of(decision, chain: chain, now: now)?.refusesAcceptance == true, fingerprintFromFlag == nil {
            throw Failure(.transport(.trustRefused(decision, chain: chain)), server: name)
        }
        if let given = fingerprintFromFlag, given != leaf.fingerprint, trust.pins.isEmpty {
            throw failure(.fingerprintMismatch(given: given, presented: leaf.fingerprint, chain: chain))
        }
        let hard = problems.contains {
            switch $0 {
            case .certificateChanged, .pinMismatch: return true
            default: return false
            }
        }
        if hard || !mayAsk {
            let acceptAs = existing == nil ? endpoint.url : name
            throw failure(
                .certificateNotTrusted(
                    hard: hard, authority: endpoint.authority, acceptAs: acceptAs, chain: chain, decision: decision))
        }
        return .needsDecision(decision, chain, leaf: leaf)
    }

    func failure(_ problem: OnboardingProblem) -> Failure {
        Failure(.onboarding(problem), server: name)
    }

    /// The record of accepting `chain`'s leaf now; `chain` has a leaf (`trustStep` returns none without).
    func accepted(_ chain: PresentedChain) -> AcceptedCertificate? {
        AcceptedCertificate(accepting: chain, at: now)
    }

    /// Whether plain HTTP must be acknowledged now: a non-loopback host not yet acknowledged.
    /// `allowed` (--allow-http) acknowledges it; without it and without a terminal it is refused.
    public mutating func plainHTTPNeedsAnswer(allowed: Bool, mayAsk: Bool) throws(Failure) -> Bool {
        guard endpoint.scheme == .http, !endpoint.isLoopback, !trust.httpAcknowledged else { return false }
        if allowed {
            trust.httpAcknowledged = true
            return false
        }
        guard mayAsk else { throw Failure(.onboarding(.plainHTTPNotAllowed(authority: endpoint.authority))) }
        return true
    }

    /// The user's answer to "Use plain HTTP for this server anyway?".
    public mutating func answerPlainHTTP(_ yes: Bool) throws(Failure) {
        guard yes else { throw Failure(.onboarding(.declined(.plainHTTP)), server: name) }
        trust.httpAcknowledged = true
    }

    /// The credentials, from the sources of `CredentialInput`.
    public mutating func obtainCredentials(prompt: (any PasswordPrompt)?) throws(Failure) {
        var input = CredentialInput(
            auth: auth, environment: context.environment, savedUser: existing?.user, keyring: context.keyring,
            prompt: prompt)
        input.readStandardInput = context.readStandardInput
        input.route = identity.route
        let context = context
        input.savedServers = { (try? context.savedServers().profiles) ?? [] }
        (credentials, passwordSource) = try input.resolve(for: endpoint)
        switch passwordSource {
        case .prompt:
            passwordToSave = credentials?.password
            passwordsTyped = 1
        case .standardInput, .environment: passwordToSave = credentials?.password
        case .netrc, .keyring, .none: passwordToSave = nil  // a netrc password stays where the user keeps it
        }
    }

    /// The full check with what was decided.
    public func check() -> CheckObservation {
        var target = ServerTarget(
            label: name, endpoint: endpoint, trust: trust, credentials: credentials, passwordSource: passwordSource,
            profile: existing, clientIdentity: clientIdentity)
        (target.route, target.proxySource) = route
        target.tlsName = options.tlsName
        target.headers = headers
        let observation = ConnectionCheck(target: target, options: context.transportOptions, logger: context.logger)
            .run(now: now)
        // One record for the command, its outcome, written at the end: not one per try.
        context.journal?.noteCheck(observation)
        return observation
    }

    /// Keyring first (it is the step most likely to fail, exit 7), then trust, then the profile; all
    /// or nothing: when trust or the profile cannot be written, the keyring gets back what it had
    /// (no password is left behind that no saved server refers to). A keyring that cannot be used at
    /// all (`keyringUnusable`) is the exception: profile and trust are saved without the password,
    /// and `Saved.passwordNotStored` says why, since every later command can still ask for it.
    public func save(savePassword: Bool, makeDefault: Bool) throws(Failure) -> Saved {
        var stored: (key: CredentialKey, previous: String?)?
        var unusable: KeyringError?
        if savePassword, let password = passwordToSave, let user = credentials?.user, !password.isEmpty {
            let key: CredentialKey
            do { key = try CredentialKey(endpoint: endpoint, route: identity.route, user: user) } catch {
                throw Failure(.credentialKey(error))
            }
            unusable = try unlessUnusable { () throws(KeyringError) in
                let previous = try context.keyring.lookup(key)
                try context.keyring.store(password, for: key)
                stored = (key, previous)
            }
        }
        do throws(Failure) {
            // A keyring that cannot be used at all keeps none of the secrets below either; they are
            // asked for again when needed, as the password is.
            if unusable == nil, let proxy = givenProxy, let user = proxy.user,
                let password = proxy.password
            {
                unusable = try unlessUnusable { () throws(KeyringError) in
                    try context.proxyPasswords.storeProxyPassword(password, proxy: proxy.url, user: user)
                }
            }
            var passphraseStored = false
            if unusable == nil, let (keyFile, passphrase) = passphraseToSave {
                unusable = try unlessUnusable { () throws(KeyringError) in
                    try context.passphrases.storePassphrase(passphrase, forKey: keyFile)
                    passphraseStored = true
                }
            }
            let headersUnusable = unusable == nil ? try unlessUnusable(storeHeaderValues) : unusable
            var saved = try saveTrustAndProfile(makeDefault: makeDefault, keyringLabel: stored?.key.label)
            saved.passwordNotStored = unusable
            saved.passphraseKeyFile = passphraseStored ? passphraseToSave?.keyFile : nil
            saved.noteHeaders(headersToStore.map(\.name), notStored: headersUnusable)
            forgetRemovedHeaderValues()
            return saved
        } catch {
            if let (key, previous) = stored {
                if let previous {
                    try? context.keyring.store(previous, for: key)
                } else {
                    _ = try? context.keyring.remove(key)
                }
            }
            throw error
        }
    }

    /// Runs one keyring write of the save: a keyring that cannot be used at all is returned (the
    /// save goes on without that secret), any other keyring failure fails the save.
    func unlessUnusable(_ write: () throws(KeyringError) -> Void) throws(Failure) -> KeyringError? {
        do {
            try write()
            return nil
        } catch {
            guard Self.keyringUnusable(error) else {
                throw Failure(.onboarding(.passwordNotStored(error)), server: name)
            }
            return error
        }
    }

    /// The keyring is not there to be used (no bus, no provider, no collection, locked, a dismissed
    /// prompt, no answer), as opposed to one that refused this password (a NUL) or failed otherwise.
    static func keyringUnusable(_ error: KeyringError) -> Bool {
        switch error {
        case .noSessionBus, .sessionBusUnreachable, .noProvider, .noDefaultCollection, .locked, .promptDismissed,
            .timedOut:
            return true
        case .passwordContainsNul, .failure: return false
        }
    }

    private func saveTrustAndProfile(makeDefault: Bool, keyringLabel: String?) throws(Failure) -> Saved {
        let (before, decided) = (storedTrust, trust)
        do {
            // Only what this run decided is written, over what is stored now (another process may have
            // changed it while we asked), and an unchanged acceptance keeps its date.
            try context.trustStore.change(identity) { current in
                current.pins += decided.pins.filter { !before.pins.contains($0) && !current.pins.contains($0) }
                if decided.accepted?.fingerprint != before.accepted?.fingerprint { current.accepted = decided.accepted }
                if decided.caFile != before.caFile { current.caFile = decided.caFile }
                if decided.httpAcknowledged != before.httpAcknowledged {
                    current.httpAcknowledged = decided.httpAcknowledged
                }
            }
        } catch {
            throw Failure(.storage(error))
        }
        let profile = ServerProfile(
            name: name, endpoint: endpoint, user: credentials?.user ?? answeredUser ?? existing?.user,
            options: options, createdAt: existing?.createdAt ?? now,
            legacyID: existing?.legacyID, needsPassword: false)
        do {
            let saved = try context.profileStore.upsert(profile, makeDefault: makeDefault)
            let isDefault = try context.profileStore.all().default == saved.name
            return Saved(name: saved.name, updated: existing != nil, isDefault: isDefault, keyringLabel: keyringLabel)
        } catch {
            throw Failure(.profile(error))
        }
    }
}

/// Why `connect` (or `trust accept`) stopped before anything was saved.
public enum OnboardingProblem: Sendable, Equatable {
    /// The name (given, or the host's) cannot be a server name.
    case invalidName(String, ProfileNameProblem)
    /// A fingerprint given with `--accept-fingerprint` (with the chain to show), or typed at the
    /// question (`chain` nil: it was shown), is not the server's.
    case fingerprintMismatch(given: CertificateFingerprint, presented: CertificateFingerprint, chain: PresentedChain?)
    /// The certificate is not trusted and no answer could be asked for (`hard`: it changed, or no pin
    /// matches, which no answer here may override). `acceptAs` names the server in the command to run.
    case certificateNotTrusted(
        hard: Bool, authority: String, acceptAs: String, chain: PresentedChain, decision: TrustDecision)
    /// Plain HTTP to a remote host without --allow-http and nobody to ask.
    case plainHTTPNotAllowed(authority: String)
    /// The user answered no.
    case declined(Declined)
    /// The keyring refused the password; nothing was saved.
    case passwordNotStored(KeyringError)

    public enum Declined: Sendable, Equatable {
        case certificate, plainHTTP
    }
}
