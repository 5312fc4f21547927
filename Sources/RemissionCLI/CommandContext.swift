import ArgumentParser
import Logging
import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// What every command needs from its surroundings: environment, terminal, files, logger, transport options.
struct CommandContext {
    var environment: [String: String]
    var terminal: Terminal
    var paths: StoragePaths
    var logger: Logger
    var transportOptions: TransportOptions

    init(global: GlobalOptions, environment: [String: String] = processEnvironment()) throws {
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

    /// A URL target: its stored trust (if any) with the command line's trust flags laid over it.
    func resolveTarget(_ text: String, trustFlags: TrustFlags, auth: AuthOptions) throws -> ServerTarget {
        let endpoint: ServerEndpoint
        do { endpoint = try ServerEndpoint.parse(text) } catch {
            throw CommandFailure(error.description, status: .usage)
        }
        var trust: ServerTrust
        do { trust = try trustStore.trust(for: endpoint) } catch {
            throw CommandFailure(error.description, status: .failure)
        }
        try apply(trustFlags, to: &trust)
        let (credentials, source) = try CredentialInput(auth: auth, environment: environment).resolve()
        return ServerTarget(
            label: endpoint.url, endpoint: endpoint, trust: trust, credentials: credentials, passwordSource: source)
    }

    private func apply(_ flags: TrustFlags, to trust: inout ServerTrust) throws {
        do {
            if let caFile = flags.caFile { trust.caFile = caFile }
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
