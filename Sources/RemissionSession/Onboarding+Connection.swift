import RemissionCredentials
import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust

// connect's client certificate and proxy (issue 17).

extension Onboarding {
    /// Loads the client certificate given now, or the saved server's, with its passphrase
    /// (`ClientCertificateInput`'s sources); a problem with it stops connect before its check.
    public mutating func obtainClientCertificate(
        prompt: (any PasswordPrompt)?, passphraseFromStandardInput: String? = nil
    ) throws(Failure) {
        guard
            var input = options.clientCertificateInput(
                environment: context.environment, passphrases: context.passphrases, prompt: prompt)
        else { return }
        input.fromStandardInput = passphraseFromStandardInput
        do {
            let (identity, _, given) = try input.load(now: now)
            clientIdentity = identity
            passphraseToSave = given.map { (input.keyFile, $0) }
        } catch {
            throw Failure(error.cause, server: name)
        }
    }
}

/// The files of a client certificate as `connect --client-cert FILE [--client-key FILE]` names them,
/// made absolute (they are stored by path, never copied).
public struct ClientCertificatePaths: Sendable, Equatable {
    public var certificate: String
    public var key: String?

    public init(certificate: String, key: String?) {
        self.certificate = absolutePath(certificate)
        self.key = key.map(absolutePath)
    }
}

/// `connect --proxy URL [--proxy-ca-file FILE] [--proxy-pin PIN]…`: saved in the profile's options.
/// A password in the URL goes to the keyring (`ProxyPasswordStore`); servers.json keeps only
/// `scheme://user@host:port`.
public struct ProxyFlags: Sendable, Equatable {
    public var url: String
    public var caFile: String?
    public var pins: [String]

    public init(url: String, caFile: String?, pins: [String]) {
        self.url = url
        self.caFile = caFile.map(absolutePath)
        self.pins = pins
    }

    func endpoint() throws(Failure) -> ProxyEndpoint {
        do { return try ProxyEndpoint.parse(url) } catch { throw Failure(.proxyInput(error)) }
    }

    /// Writes the proxy into `options` (without its password) and returns it as given.
    @discardableResult
    func apply(to options: inout ServerOptions) throws(Failure) -> ProxyEndpoint {
        let proxy = try endpoint()
        do { for pin in pins { _ = try SPKIPin(parsing: pin) } } catch { throw Failure(.trustInput(error)) }
        if let caFile {
            do { try SocketTransport.checkCAFile(caFile, options: TransportOptions()) } catch {
                throw Failure(.transport(error))
            }
        }
        options.proxy = proxy.user.map { "\(proxy.scheme.rawValue)://\($0)@\(proxy.authority)" } ?? proxy.url
        options.proxyCAFile = caFile
        options.proxyPins = pins
        return proxy
    }
}
