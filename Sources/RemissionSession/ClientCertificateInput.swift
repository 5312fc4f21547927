import RemissionCredentials
import RemissionStorage
import RemissionTransport
import RemissionTrust

/// Why the client certificate (mutual TLS) kept a server from answering; worded by `FailureText`,
/// exit 8 (`ExitStatus.clientCertificate`).
public enum ClientCertificateProblem: Sendable, Equatable {
    /// The server asked for a client certificate and none is configured for it; `url` is the server's
    /// (for the hint's command), when known.
    case required(url: String?)
    /// The server refused the certificate offered (another CA, revoked, expired by its clock); `alert`
    /// is the TLS alert it sent, nil when it answered with nginx's 400 "The SSL certificate error".
    case rejected(alert: String?)
    /// The certificate or its key could not be used: missing, unreadable, mismatched, expired, or its
    /// passphrase is missing or wrong. Nothing was sent.
    case unusable(ClientCertificateError)

    /// The problem a transport's `clientCertificateRefused` means: ours refused, or none offered.
    public static func refused(offered: Bool, alert: String?) -> ClientCertificateProblem {
        offered ? .rejected(alert: alert) : .required(url: nil)
    }
}

/// Where the passphrase of an encrypted client key came from.
public enum PassphraseSource: Sendable, Equatable {
    /// The key is not encrypted.
    case none
    case standardInput
    /// `REMISSION_CLIENT_KEY_PASSPHRASE`.
    case environment
    case keyring
    case prompt
}

/// Loads the client certificate of a server, finding the passphrase of an encrypted key in this
/// order: standard input (already read by the command), `REMISSION_CLIENT_KEY_PASSPHRASE`, the
/// keyring (`PassphraseStore`), then a no-echo prompt on a terminal. The files are read where they
/// are; the passphrase is never written anywhere but the keyring (by `connect`).
public struct ClientCertificateInput {
    public static let passphraseVariable = "REMISSION_CLIENT_KEY_PASSPHRASE"

    public var certificate: String
    public var key: String?
    public var environment: [String: String]
    public var passphrases: any PassphraseStore
    public var prompt: (any PasswordPrompt)?
    public var fromStandardInput: String?

    public init(
        certificate: String, key: String?, environment: [String: String], passphrases: any PassphraseStore,
        prompt: (any PasswordPrompt)?, fromStandardInput: String? = nil
    ) {
        self.certificate = certificate
        self.key = key
        self.environment = environment
        self.passphrases = passphrases
        self.prompt = prompt
        self.fromStandardInput = fromStandardInput
    }

    /// The key file the passphrase belongs to (the keyring item's attribute).
    public var keyFile: String { key ?? certificate }

    /// Passphrases typed at the prompt before a wrong one is a failure, as passwords.
    public static let passphraseTries = 3

    /// The loaded certificate, the passphrase's source and the passphrase itself when it was given now
    /// (for `connect` to store). A wrong passphrase typed at the prompt is asked again
    /// (`passphraseTries` in all, saying how many are left); a wrong one from any other source, or the
    /// last typed, is a failure, and the keyring's item is then left as it is.
    public func load(now: Int64) throws(Failure) -> (ClientIdentity, PassphraseSource, given: String?) {
        do {
            return (try ClientIdentity.load(certificate: certificate, key: key, passphrase: nil, now: now), .none, nil)
        } catch .passphraseNeeded(let path) {
            var (passphrase, source) = try findPassphrase()
            var typed = 1
            while true {
                guard let given = passphrase else {
                    throw Failure(.clientCertificate(.unusable(.passphraseNeeded(path: path))))
                }
                do {
                    let identity = try ClientIdentity.load(
                        certificate: certificate, key: key, passphrase: given, now: now)
                    return (identity, source, source == .keyring ? nil : given)
                } catch .wrongPassphrase(let path) where source == .prompt && typed < Self.passphraseTries {
                    passphrase = prompt?.askPassphraseAgain(
                        keyFile: path, triesLeft: Self.passphraseTries - typed
                    ).flatMap { $0.isEmpty ? nil : $0 }
                    typed += 1
                } catch {
                    throw Failure(.clientCertificate(.unusable(error)))
                }
            }
        } catch {
            throw Failure(.clientCertificate(.unusable(error)))
        }
    }

    private func findPassphrase() throws(Failure) -> (String?, PassphraseSource) {
        if let fromStandardInput { return (fromStandardInput, .standardInput) }
        if let variable = environment[Self.passphraseVariable], !variable.isEmpty { return (variable, .environment) }
        // No usable keyring is as none stored: a terminal is asked; otherwise the missing passphrase
        // is the failure (its hint names the variable), not the keyring.
        if let stored = try? passphrases.passphrase(forKey: keyFile) { return (stored, .keyring) }
        if let prompt, let typed = prompt.askPassphrase(keyFile: keyFile), !typed.isEmpty { return (typed, .prompt) }
        return (nil, .none)
    }
}

extension ServerOptions {
    /// The client certificate configured for this server, as `ClientCertificateInput` takes it.
    public func clientCertificateInput(
        environment: [String: String], passphrases: any PassphraseStore, prompt: (any PasswordPrompt)?
    ) -> ClientCertificateInput? {
        clientCertificate.map {
            ClientCertificateInput(
                certificate: $0, key: clientKey, environment: environment, passphrases: passphrases, prompt: prompt)
        }
    }
}

/// A configured client certificate as `servers` and `trust show` show it, read without its key.
public struct ClientCertificateStatus: Sendable, Equatable {
    public var path: String
    /// The certificate's facts; nil when they cannot be read (`problem`), or a PKCS#12 file needs
    /// its passphrase first.
    public var facts: CertificateFacts?
    public var problem: ClientCertificateError?

    public init(path: String) {
        self.path = path
        do { facts = try ClientIdentity.certificateFacts(path: path) } catch { problem = error }
    }
}
