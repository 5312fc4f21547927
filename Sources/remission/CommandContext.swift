import ArgumentParser
import Logging
import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionTrust
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

/// What a command needs: the use cases' `SessionContext`, the terminal, and the global options.
struct CommandContext: Sendable {
    var session: SessionContext
    var terminal: Terminal
    var global: GlobalOptions

    init(global: GlobalOptions, environment: [String: String] = processEnvironment()) throws {
        self.global = global
        terminal = Terminal.detect(environment: environment, noColor: global.noColor)
        let paths: StoragePaths
        do { paths = try StoragePaths(environment: environment) } catch { throw Failure(.storage(error)) }
        session = SessionContext(
            environment: environment, paths: paths, logger: global.makeLogger(),
            transportOptions: TransportOptions(
                timeoutSeconds: global.timeout, connectTimeoutSeconds: min(10, global.timeout),
                userAgent: "remission/\(RemissionCommand.version)", environment: environment),
            defaultTarget: global.server)
        let io = CommandIO.current
        session.readStandardInput = { io.readLine(strippingNewline: true) }
        if let journal = DiagnosticsJournal.current {
            journal.attach(paths: paths, environment: environment)
            session.journal = journal
        }
    }

    /// The clock dates are written in: local time (TZ honoured), UTC with --utc.
    var zone: TimeZoneChoice { global.utc ? .utc : .local }

    var environment: [String: String] { session.environment }
    var paths: StoragePaths { session.paths }
    var logger: Logger { session.logger }
    var transportOptions: TransportOptions { session.transportOptions }
    var trustStore: TrustStore { session.trustStore }
    var profileStore: ProfileStore { session.profileStore }
    var keyring: any PasswordStore { session.keyring }

    /// The terminal's no-echo prompt, when someone can answer.
    var passwordPrompt: (any PasswordPrompt)? { terminal.isInteractive ? TerminalPasswordPrompt() : nil }

    /// After a command worked with a password typed at the prompt, on a terminal: offers to store it
    /// in the keyring (as git's credential approve). Declining changes nothing; a keyring that then
    /// refuses it is reported and leaves the command's own exit status.
    func offerToStorePassword(_ target: ServerTarget) {
        offer(StoredPasswords(session).offer(after: target))
    }

    /// The same after a torrent command, once a request of this run that carried the typed password
    /// was answered 2xx (`RemoteSession.answered`); called from a `defer`, so also when the command
    /// failed later for another reason.
    func offerToStorePassword(after remote: RemoteSession) {
        offer(StoredPasswords(session).offer(after: remote))
    }

    private func offer(_ offer: @autoclosure () -> PasswordOffer?) {
        let passwords = StoredPasswords(session)
        guard terminal.isInteractive, let offer = offer() else { return }
        guard Answers.isYes(ask(Prompts.storePassword(offer))) else { return }
        do { printError(CredentialsText.stored(try passwords.store(offer)).joined(separator: "\n")) } catch {
            printError("remission: " + error.message)
        }
    }

    /// A server named on the command line: a saved name, a URL, or (nil) `--server` / the default server.
    /// Its stored trust has the command line's trust flags laid over it (not saved).
    func resolveTarget(
        _ text: String?, trustFlags: TrustFlags = .none, auth: AuthOptions = .none, mayPrompt: Bool? = nil
    ) throws(Failure) -> ServerTarget {
        let prompt = (mayPrompt ?? terminal.isInteractive) ? TerminalPasswordPrompt() : nil
        return try session.resolveTarget(text, overrides: trustFlags.overrides, auth: auth.request, prompt: prompt)
    }

    /// Finds the endpoint for a name or URL; nil means the default server.
    func locate(_ text: String?) throws -> (label: String, endpoint: ServerEndpoint, profile: ServerProfile?) {
        try session.locate(text)
    }

    /// Saved servers and trust read once, for commands that resolve many servers (`check --all`).
    func preloading() throws -> CommandContext {
        var context = self
        context.session = try session.preloading()
        return context
    }

    func apply(_ flags: TrustFlags, to trust: inout ServerTrust) throws {
        try flags.overrides.apply(to: &trust)
    }

    /// Plain HTTP to a non-loopback host warns on every command until acknowledged (PRODUCT.md §2).
    func warnAboutPlainHTTP(_ target: ServerTarget) {
        guard target.needsPlainHTTPWarning else { return }
        printError(Warnings.plainHTTP(target, terminal: terminal))
    }

    /// Opens a session for the torrent commands: resolves, warns about plain HTTP, builds the client.
    func openSession(_ name: String?, trustFlags: TrustFlags = .none, auth: AuthOptions = .none) throws
        -> RemoteSession
    {
        let session = try RemoteSession.open(
            session, server: name, overrides: trustFlags.overrides, auth: auth.request, prompt: passwordPrompt)
        warnAboutPlainHTTP(session.target)
        return session
    }
}

extension TrustFlags {
    /// No trust flags. (A default-constructed ParsableArguments cannot be read: it must be parsed.)
    static var none: TrustFlags { try! TrustFlags.parse([]) }

    var overrides: TrustOverrides {
        TrustOverrides(caFile: caFile, pins: pins, acceptFingerprint: acceptFingerprint, tlsName: tlsName)
    }
}

extension AuthOptions {
    /// No user, no --password-stdin, no netrc file.
    static var none: AuthOptions { try! AuthOptions.parse([]) }

    var request: AuthRequest {
        AuthRequest(
            user: user, passwordFromStandardInput: passwordFromStandardInput, useNetrc: useNetrc,
            netrcFile: netrcFile)
    }
}

/// The terminal's no-echo password question.
struct TerminalPasswordPrompt: PasswordPrompt {
    func askPassword(user: String, endpoint: ServerEndpoint) -> String? {
        askSecret(Prompts.password(user: user, endpoint: endpoint))
    }

    func askPassword(user: String, endpoint: ServerEndpoint, keyringUnusable: KeyringError) -> String? {
        printError(Warnings.keyringUnusable(keyringUnusable))
        return askSecret(Prompts.password(user: user, endpoint: endpoint))
    }

    func askPassphrase(keyFile: String) -> String? {
        askSecret(Prompts.passphrase(keyFile: keyFile))
    }

    func askPassphraseAgain(keyFile: String, triesLeft: Int) -> String? {
        printError(Prompts.wrongPassphrase(keyFile: keyFile, triesLeft: triesLeft))
        return askSecret(Prompts.passphrase(keyFile: keyFile))
    }

    func askHeaderValue(name: String, server: String, keyringUnusable: KeyringError?) -> String? {
        if let keyringUnusable { printError(Warnings.keyringUnusable(keyringUnusable)) }
        return askSecret(GatewayText.valuePrompt(name: name, server: server))
    }
}

/// The current run's environment (`CommandIO`): the process's, read from `environ`, unless a
/// command runs in process with its own.
func processEnvironment() -> [String: String] {
    if let environment = CommandIO.current.environment { return environment }
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
