import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionTrust
import RemissionViews

/// The steps of `connect`, in order: trust, plain HTTP, credentials, check, save. Decisions taken here
/// are kept in memory and written only by `save`, after the check succeeded.
struct Onboarding {
    let context: CommandContext
    let endpoint: ServerEndpoint
    let name: String
    let existing: ServerProfile?
    let auth: AuthOptions
    var trust: ServerTrust
    /// The trust stored when connect started: `save` writes only what this run changed.
    let storedTrust: ServerTrust
    /// The fingerprint given with --accept-fingerprint, if any.
    let fingerprintFromFlag: CertificateFingerprint?
    var credentials: BasicCredentials?
    var passwordSource: PasswordSource = .none
    /// A password the user gave now (not one already in the keyring).
    var passwordToSave: String?

    private var now: Int64 { currentUnixTime() }
    private var terminal: Terminal { context.terminal }

    init(context: CommandContext, url: String, name: String?, trustFlags: TrustFlags, auth: AuthOptions) throws {
        self.context = context
        self.auth = auth
        do { endpoint = try ServerEndpoint.parse(url) } catch {
            throw Failure.command(error.description, status: .usage)
        }
        let chosen = name ?? endpoint.host.replacingColons()
        if let problem = ServerProfile.nameProblem(chosen) {
            throw Failure.command(
                "'\(chosen)' cannot be a server name: \(problem). Choose one with --name.", status: .usage)
        }
        self.name = chosen
        do {
            existing = try context.profileStore.all().profiles.first { $0.name == chosen }
            trust = try context.trustStore.trust(for: endpoint)
        } catch {
            throw Failure.command("\(error)", status: .failure)
        }
        storedTrust = trust
        try context.apply(trustFlags, to: &trust)
        fingerprintFromFlag = trustFlags.acceptFingerprint.flatMap { try? CertificateFingerprint(parsing: $0) }
    }

    // MARK: - Trust

    private var pinsDoNotDecide: Bool { trust.pins.isEmpty }

    mutating func decideTrust() throws {
        guard endpoint.scheme == .https else { return }
        let target = ServerTarget(
            label: name, endpoint: endpoint, trust: trust, credentials: nil, passwordSource: .none)
        let report: ConnectionReport
        do { report = try makeTransport(target, options: context.transportOptions).probe() } catch {
            return  // offline, refused…: the check that follows says precisely what.
        }
        guard let decision = report.tls?.decision, let chain = report.tls?.chain, let leaf = chain.leaf else { return }
        let text = TrustText(server: name, now: now)
        if decision.isTrusted {
            printError(text.lines(for: decision, chain: chain).joined(separator: "\n"))
            if case .trusted(.acceptedCertificate, _) = decision {
                trust.accepted = accepted(leaf)  // the facts of the certificate given by --accept-fingerprint
            }
            return
        }
        guard case .refused(let problems) = decision else { return }
        if let given = fingerprintFromFlag, given != leaf.fingerprint, pinsDoNotDecide {
            printError(ChainText.lines(chain, now: now).joined(separator: "\n"))
            throw Failure.command(
                "The fingerprint you gave (\(given)) is not the server's (\(leaf.fingerprint)): refused; nothing was saved.",
                status: .trustRefused)
        }
        let hardFailure = problems.contains {
            switch $0 {
            case .certificateChanged, .pinMismatch: return true
            default: return false
            }
        }
        if hardFailure || !terminal.isInteractive {
            printError(
                (ChainText.lines(chain, now: now) + text.lines(for: decision, chain: chain)).joined(separator: "\n"))
            let advice =
                hardFailure
                ? "Nothing was changed. If the new certificate is expected, accept it explicitly with: remission trust accept \(quotedForShell(existing == nil ? endpoint.url : name)) --fingerprint \(leaf.fingerprint)"
                : "Not on a terminal, so nothing is asked: add --accept-fingerprint \(leaf.fingerprint) to trust this exact certificate, --pin \(leaf.spkiPin) to trust its key, or --ca-file FILE for your CA."
            throw Failure.command(
                "The certificate of \(endpoint.authority) is not trusted. \(advice)", status: .trustRefused)
        }
        printError((ChainText.lines(chain, now: now) + text.lines(for: decision, chain: chain)).joined(separator: "\n"))
        try askToTrust(leaf, consequence: "nothing was saved")
        trust.accepted = accepted(leaf)
    }

    private func accepted(_ leaf: CertificateFacts) -> AcceptedCertificate {
        AcceptedCertificate(
            fingerprint: leaf.fingerprint, subject: leaf.subject, notBefore: leaf.notBefore, notAfter: leaf.notAfter,
            acceptedAt: now)
    }

    mutating func decidePlainHTTP(allowed: Bool) throws {
        guard endpoint.scheme == .http, !endpoint.isLoopback, !trust.httpAcknowledged else { return }
        if allowed {
            trust.httpAcknowledged = true
            return
        }
        let warning = "\(endpoint.authority) is reached over plain HTTP: the password and all data travel unencrypted."
        guard terminal.isInteractive else {
            throw Failure.command("\(warning) Use https://, or add --allow-http to accept that.", status: .trustRefused)
        }
        printError(terminal.styled("warning:", .yellow) + " " + warning)
        let answer = ask("Use plain HTTP for this server anyway? (yes/no) ")?.trimmingASCIIWhitespace().lowercased()
        guard answer == "yes" else {
            throw Failure.command("Plain HTTP was not accepted; nothing was saved.", status: .trustRefused)
        }
        trust.httpAcknowledged = true
    }

    // MARK: - Credentials, check, save

    mutating func obtainCredentials() throws {
        let input = CredentialInput(
            auth: auth.request, environment: context.environment, savedUser: existing?.user,
            keyring: context.keyring, prompt: context.passwordPrompt)
        (credentials, passwordSource) = try input.resolve(for: endpoint)
        switch passwordSource {
        case .standardInput, .environment, .prompt: passwordToSave = credentials?.password
        case .netrc, .keyring, .none: passwordToSave = nil  // a netrc password stays where the user keeps it
        }
    }

    func check() -> CheckReport {
        let target = ServerTarget(
            label: name, endpoint: endpoint, trust: trust, credentials: credentials, passwordSource: passwordSource,
            profile: existing)
        return CheckReport.build(
            ConnectionCheck(target: target, options: context.transportOptions, logger: context.logger).run(now: now))
    }

    /// Keyring first (it is the step most likely to fail, exit 7), then trust, then the profile.
    func save(savePassword: Bool, makeDefault: Bool) throws {
        var notes: [String] = []
        if savePassword, let password = passwordToSave, let user = credentials?.user, !password.isEmpty {
            do {
                let key = try CredentialKey(endpoint: endpoint, user: user)
                try context.keyring.store(password, for: key)
                notes.append("password stored in the keyring as \"\(key.label)\"")
            } catch let error as KeyringError {
                throw Failure.command(
                    "\(error.description) Nothing was saved; run again with --no-save-password to connect without keeping the password.",
                    status: .keyring)
            }
        }
        do {
            let (before, decided) = (storedTrust, trust)
            // Only what this run decided is written, over what is stored now (another process may have
            // changed it while we asked), and an unchanged acceptance keeps its date.
            try context.trustStore.update(endpoint) { current in
                current.pins += decided.pins.filter { !before.pins.contains($0) && !current.pins.contains($0) }
                if decided.accepted?.fingerprint != before.accepted?.fingerprint { current.accepted = decided.accepted }
                if decided.caFile != before.caFile { current.caFile = decided.caFile }
                if decided.httpAcknowledged != before.httpAcknowledged {
                    current.httpAcknowledged = decided.httpAcknowledged
                }
            }
            let profile = ServerProfile(
                name: name, endpoint: endpoint, user: credentials?.user ?? existing?.user,
                options: existing?.options ?? ServerOptions(), createdAt: existing?.createdAt ?? now,
                legacyID: existing?.legacyID, needsPassword: false)
            let saved = try context.profileStore.upsert(profile, makeDefault: makeDefault)
            let isDefault = try context.profileStore.all().default == saved.name
            notes.insert(
                "\(existing == nil ? "saved" : "updated") server '\(saved.name)'\(isDefault ? " (default)" : "")", at: 0
            )
        } catch {
            throw Failure.command("\(error)", status: .failure)
        }
        printError(notes.joined(separator: "; ") + ".")
    }
}

extension String {
    /// IPv6 hosts cannot be names as they are; `::1` becomes `--1`.
    func replacingColons() -> String {
        String(map { $0 == ":" ? "-" : $0 })
    }
}
