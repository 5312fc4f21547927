import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionTrust
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

extension RemissionCommand {
    /// `remission trust …`: look at a server's certificate and manage what the trust store holds for it
    /// (PRODUCT.md §1, §2). Every change is explicit; nothing is replaced or removed implicitly.
    struct Trust: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "trust",
            abstract: "Show a server's certificate and manage the trust store (pins, accepted certificates, CA files).",
            discussion: """
                Trust is kept per identity: scheme, host and port. NAME is a saved server name or a URL; without
                NAME, show/accept/pin/ca/http use --server or the default server.

                Examples:
                  remission trust show nas
                  remission trust accept nas --fingerprint SHA256:3F…
                  remission trust pin nas --current --spki sha256//BACKUP…
                  remission trust ca nas ~/home-ca.pem
                  remission trust list --json
                """,
            subcommands: [Show.self, Accept.self, Pin.self, Unpin.self, Forget.self, List.self, CA.self, HTTP.self])
    }
}

/// The server a `trust` subcommand works on: its label, endpoint and (when saved) profile.
struct TrustSubject {
    var label: String
    var endpoint: ServerEndpoint
    var profile: ServerProfile?

    init(_ text: String?, context: CommandContext) throws {
        (label, endpoint, profile) = try context.locate(text ?? context.global.server)
    }

    var identity: String { endpoint.trustIdentity }

    var isHTTPS: Bool { endpoint.scheme == .https }

    /// Plain HTTP has no certificate: a usage error naming the command that applies instead.
    func requireHTTPS(for action: String) throws {
        guard !isHTTPS else { return }
        throw Failure.command(
            "\(endpoint.url) is plain HTTP: there is no certificate to \(action). "
                + "To acknowledge plain HTTP use: remission trust http \(quotedForShell(label)) --acknowledge",
            status: .usage)
    }

    func storedTrust(_ context: CommandContext) throws -> ServerTrust {
        do { return try context.trustStore.trust(for: endpoint) } catch { throw Failure(.storage(error)) }
    }

    /// Changes the stored trust under the file lock; storage errors become exit 1.
    @discardableResult
    func update<Result>(_ context: CommandContext, _ body: (inout ServerTrust) throws -> Result) throws -> Result {
        do { return try context.trustStore.update(endpoint, body) } catch let failure as Failure {
            throw failure
        } catch let error as StorageError {
            throw Failure(.storage(error))
        } catch {
            throw Failure.command("\(error) Nothing was changed.", status: .failure)
        }
    }
}

/// What a TLS handshake without any request showed: the chain and the decision `trust` evaluated in it.
struct TrustProbe {
    var report: ConnectionReport
    var chain: PresentedChain
    var decision: TrustDecision

    var leaf: CertificateFacts { chain.certificates[0] }

    /// Connects and completes the TLS handshake with `trust` deciding; sends no HTTP request.
    /// Offline (DNS, refused, unreachable, timeout) exits 3; other failures exit 1.
    init(_ subject: TrustSubject, trust: ServerTrust, context: CommandContext) throws {
        let target = ServerTarget(
            label: subject.label, endpoint: subject.endpoint, trust: trust, credentials: nil, passwordSource: .none,
            profile: subject.profile)
        let report: ConnectionReport
        do { report = try makeTransport(target, options: context.transportOptions).probe() } catch {
            throw Self.failure(error, subject: subject)
        }
        guard let chain = report.tls?.chain, !chain.certificates.isEmpty, let decision = report.tls?.decision else {
            throw Failure.command(
                "\(subject.endpoint.authority) completed no TLS handshake with a certificate; nothing was changed.",
                status: .failure)
        }
        self.report = report
        self.chain = chain
        self.decision = decision
    }

    static func failure(_ error: TransportError, subject: TrustSubject) -> Failure {
        let reason = FailureText.transportReason(error)
        switch error {
        case .dns, .refused, .unreachable, .timeout:
            return Failure.command(
                "\(subject.endpoint.authority) is offline: \(reason). Nothing was changed; run `remission check "
                    + "\(quotedForShell(subject.label))` for a diagnosis.", status: .offline)
        case .caFile:
            return Failure.command(
                "\(reason). Point to a readable PEM file with: remission trust ca \(quotedForShell(subject.label)) FILE"
                    + ", or remove it with: remission trust forget \(quotedForShell(subject.label))",
                status: .failure)
        default:
            return Failure.command("\(subject.endpoint.authority): \(reason). Nothing was changed.", status: .failure)
        }
    }

    /// The certificates and the decision, as `trust show` prints them.
    func lines(server: String, now: Int64) -> [String] {
        ChainText.lines(chain, now: now) + TrustText(server: server, now: now).lines(for: decision, chain: chain)
    }
}

/// Asks before a destructive change: `--yes` answers for scripts; without a terminal and without
/// `--yes` nothing is changed (exit 2); any answer but "yes" changes nothing (exit 1).
func confirmChange(_ question: String, yes: Bool, context: CommandContext) throws {
    if yes { return }
    guard context.terminal.isInteractive else {
        throw Failure.command(
            "\(question) Not on a terminal, so nothing is asked: add --yes to confirm.", status: .usage)
    }
    let answer = ask("\(question) (yes/no) ")?.trimmingASCIIWhitespace().lowercased()
    guard answer == "yes" else { throw Failure.command("Nothing was changed.", status: .failure) }
}

/// The stored trust of one identity, one line each, for `show`, `forget` and `list`.
func storedTrustLines(_ trust: ServerTrust) -> [String] {
    var lines: [String] = []
    if trust.pins.isEmpty {
        lines.append("pins:        none")
    } else {
        lines += trust.pins.enumerated().map { ($0.offset == 0 ? "pins:        " : "             ") + "\($0.element)" }
    }
    if let accepted = trust.accepted {
        lines.append("accepted:    \(accepted.fingerprint)")
        lines.append(
            "             \(TerminalText.safe(accepted.subject)), valid \(UTCDate(unixSeconds: accepted.notBefore)) to "
                + "\(UTCDate(unixSeconds: accepted.notAfter)), accepted \(UTCDate(unixSeconds: accepted.acceptedAt))")
    } else {
        lines.append("accepted:    none")
    }
    lines.append("CA file:     \(trust.caFile ?? "none")")
    lines.append("plain HTTP:  \(trust.httpAcknowledged ? "acknowledged" : "not acknowledged")")
    return lines
}

extension ServerTrust {
    var jsonValue: JSONValue {
        .object([
            "pins": .array(pins.map { .string($0.description) }),
            "accepted": accepted.map { accepted in
                .object([
                    "fingerprint": .string(accepted.fingerprint.description),
                    "subject": .string(accepted.subject),
                    "notBefore": .int(accepted.notBefore),
                    "notAfter": .int(accepted.notAfter),
                    "acceptedAt": .int(accepted.acceptedAt),
                ])
            } ?? .null,
            "caFile": caFile.map { .string($0) } ?? .null,
            "httpAcknowledged": .bool(httpAcknowledged),
        ])
    }
}
