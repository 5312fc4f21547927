import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// A failure whose cause is recognisable from what came over the wire: a reverse proxy's placeholder
/// certificate, a staging CA, a missing intermediate, TLS and plain HTTP crossed, an authentication
/// gateway, a wrong clock (PRODUCT.md §1 check). `check` names it with its own line and hint, and
/// `connect` never offers a placeholder certificate for acceptance. Pure: time is passed in.
public enum KnownCause: Sendable, Equatable {
    /// A reverse proxy served its built-in certificate: it has no site or certificate for this host.
    case placeholderCertificate(PlaceholderOrigin)
    /// A certificate from Let's Encrypt's staging (test) environment; `issuer` names the staging CA.
    case stagingCertificate(issuer: String)
    /// Only the leaf was sent and its issuer is unknown: the intermediate is missing from the chain, or
    /// the issuer is a private CA not given (the leaf alone cannot tell which).
    case missingIntermediate(issuer: String)
    /// A certificate not valid yet, or expired by less than a day: most likely this computer's clock.
    case clock(CertificateFacts, notYetValid: Bool)
    /// The TLS handshake was refused with an alert that means "no certificate for this name" (Caddy's
    /// internal_error, nginx's unrecognized_name from `ssl_reject_handshake`).
    case noCertificateForName(alert: String)
    /// TLS was spoken to a port that answers in plain HTTP.
    case plainHTTPPort
    /// Plain HTTP was spoken to a port that speaks TLS.
    case tlsPort
    /// An authentication gateway answered instead of Transmission.
    case authenticationGateway(AuthenticationGateway)

    /// Whose placeholder certificate it is.
    public enum PlaceholderOrigin: String, Sendable, Equatable {
        case traefik
    }

    /// Whether the certificate the server presents must never be offered for acceptance: it is not the
    /// server's own (a proxy's placeholder). A staging, clock or chain cause keeps the usual choices
    /// (the certificate is the server's), with the fix at its origin as the hint.
    public var refusesAcceptance: Bool {
        if case .placeholderCertificate = self { return true }
        return false
    }
}

extension KnownCause {
    /// The known cause of `failure` at `now` (Unix seconds), if any.
    public static func of(_ failure: Failure, now: Int64) -> KnownCause? {
        switch failure.cause {
        case .transport(.trustRefused(let decision, let chain)): return of(decision, chain: chain, now: now)
        case .transport(.tlsHandshake(let detail)): return ofHandshake(detail)
        case .transport(.connection(let detail)) where detail == TransportError.tlsAnswerDetail: return .tlsPort
        case .httpStatus(400, let snippet) where tlsPortAnswers.contains(where: snippet.contains):
            return .tlsPort
        case .authenticationGateway(let gateway): return .authenticationGateway(gateway)
        default: return nil
        }
    }

    /// The known cause of a refused chain: placeholder first (whatever else was configured: a pinned
    /// or accepted certificate is not what Traefik serves), the rest only for verification problems.
    public static func of(_ decision: TrustDecision, chain: PresentedChain, now: Int64) -> KnownCause? {
        guard case .refused(let problems) = decision else { return nil }
        if let leaf = chain.leaf, isTraefikDefault(leaf) { return .placeholderCertificate(.traefik) }
        let verification = problems.compactMap { problem -> VerificationProblem? in
            if case .verification(let found) = problem { return found }
            return nil
        }
        guard verification.count == problems.count, let leaf = chain.leaf else { return nil }
        if let staging = chain.certificates.flatMap({ [$0.issuer, $0.subject] }).first(where: isStagingName) {
            return .stagingCertificate(issuer: staging)
        }
        for problem in verification {
            switch problem {
            case .notYetValid: return .clock(leaf, notYetValid: true)
            case .expired(_, let notAfter) where now - notAfter < 86_400: return .clock(leaf, notYetValid: false)
            default: continue
            }
        }
        let unknownIssuer = verification.contains { if case .unknownIssuer = $0 { true } else { false } }
        if unknownIssuer, chain.certificates.count == 1, !leaf.isSelfIssued {
            return .missingIntermediate(issuer: leaf.issuer)
        }
        return nil
    }

    /// What a TLS port answers a plain-HTTP request with, in a 400: nginx's page, and Go's net/http
    /// (Caddy, Traefik) "Client sent an HTTP request to an HTTPS server."
    static let tlsPortAnswers = [
        "plain HTTP request was sent to HTTPS port", "Client sent an HTTP request to an HTTPS server",
    ]

    /// Traefik's generated default: `CN=TRAEFIK DEFAULT CERT`, a SAN under `.traefik.default`.
    static func isTraefikDefault(_ leaf: CertificateFacts) -> Bool {
        leaf.commonNames.contains { $0.uppercased() == "TRAEFIK DEFAULT CERT" }
            || leaf.subjectAltNames.contains {
                if case .dns(let name) = $0 { return name.lowercased().hasSuffix(".traefik.default") }
                return false
            }
    }

    /// Let's Encrypt staging: "(STAGING) …" names, or the retired "Fake LE Intermediate X1"/"Fake LE Root X1".
    static func isStagingName(_ name: String) -> Bool {
        name.contains("(STAGING)") || name.contains("Fake LE Intermediate") || name.contains("Fake LE Root")
    }

    /// OpenSSL's words for an HTTP answer to a ClientHello, and the alerts a proxy sends for a name it
    /// has no certificate for.
    static func ofHandshake(_ detail: String) -> KnownCause? {
        let lower = detail.lowercased()
        if lower.contains("wrong version number") || lower.contains("packet length too long")
            || lower.contains("http request")
        {
            return .plainHTTPPort
        }
        if lower.contains("unrecognized name") { return .noCertificateForName(alert: "unrecognized_name") }
        if lower.contains("alert internal error") { return .noCertificateForName(alert: "internal_error") }
        return nil
    }
}

extension Failure {
    /// The known cause of this failure now (`KnownCause.of`).
    public var knownCause: KnownCause? { KnownCause.of(self, now: SystemClock().now) }
}
