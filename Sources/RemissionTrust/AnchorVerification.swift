/// OpenSSL's verification of the presented chain against one set of trust anchors: the RFC 5280 path
/// checks (signatures, issuers allowed to issue, key usage, path length, name constraints, validity at the
/// examination's time) with partial chains, for a TLS server's leaf.
///
/// It keeps apart what OpenSSL finds without strict X.509 mode (`pathProblems`, what curl and
/// `openssl verify` find: each one counts) and what strict mode adds (`strictFindings`, RFC 5280 profile
/// rules). Which strict findings count depends on the anchor (`problems`): all of them under the system
/// store (WebPKI strictness), only those `StrictCheck` refuses under the user's own anchor — a pinned
/// certificate or one of the server's CA file (PRODUCT.md §2, "Under a user-given anchor").
public struct AnchorVerification: Sendable, Hashable {
    /// Which anchors: the system CA store with the server's CA file, or one presented certificate alone.
    public enum Anchors: Sendable, Hashable {
        case store
        /// The presented certificate with this key, as the only anchor (what a CA pin means).
        case presentedCertificate(SPKIPin)
    }

    public var anchors: Anchors
    /// `X509_verify_cert` itself reported success (it runs on past each error to collect them all).
    public var completed: Bool
    /// Every problem OpenSSL finds without strict X.509 mode, not only its last: each one counts.
    public var pathProblems: [VerificationProblem]
    /// What OpenSSL's strict X.509 mode finds beyond `pathProblems`.
    public var strictFindings: [StrictFinding]
    /// The key pins of the path OpenSSL built, leaf first and anchor last; empty when it built none.
    public var path: [SPKIPin]
    /// The anchor of the path is a certificate of the server's CA file (not the system store).
    public var anchoredByCAFile: Bool

    /// - Parameters:
    ///   - problems: what OpenSSL finds without strict mode (`pathProblems`).
    ///   - strictFindings: what strict mode finds beyond them.
    public init(
        anchors: Anchors, completed: Bool, problems: [VerificationProblem], strictFindings: [StrictFinding] = [],
        path: [SPKIPin] = [], anchoredByCAFile: Bool = false
    ) {
        self.anchors = anchors
        self.completed = completed
        self.pathProblems = problems
        self.strictFindings = strictFindings
        self.path = path
        self.anchoredByCAFile = anchoredByCAFile
    }

    /// The path ends at an anchor the user gave: the pinned certificate, or one of the server's CA file.
    /// The system store's anchors are not the user's, even beside a CA file.
    public var userAnchored: Bool {
        switch anchors {
        case .presentedCertificate: return true
        case .store: return anchoredByCAFile
        }
    }

    /// Every problem that counts against this path: `pathProblems`, then the strict findings that count
    /// for its anchor (`StrictCheck.counts`). When no anchor vouches for the path at all (self-signed,
    /// an untrusted root, an unknown issuer), it is refused for that, and the findings the user's own
    /// anchor would tolerate are left out: the anchor the user may give is what judges them, and a home
    /// CA's first contact should not read as broken.
    public var problems: [VerificationProblem] {
        let unanchored = pathProblems.contains(where: \.isMissingAnchor)
        return pathProblems
            + strictFindings.filter {
                StrictCheck.counts($0.code, userAnchored: userAnchored)
                    && !(unanchored && !StrictCheck.counts($0.code, userAnchored: true))
            }.map(\.problem)
    }

    /// The strict findings that do not count, because the user's own anchor tolerates them.
    public var tolerated: [StrictFinding] {
        strictFindings.filter { !StrictCheck.counts($0.code, userAnchored: userAnchored) }
    }

    /// A valid certification path: OpenSSL succeeded and found nothing that counts.
    public var verified: Bool { completed && problems.isEmpty }
}

extension VerificationProblem {
    /// No anchor vouches for the path: the leaf is self-signed, the root is untrusted, or the issuer unknown.
    var isMissingAnchor: Bool {
        switch self {
        case .selfSigned, .untrustedRoot, .unknownIssuer: return true
        default: return false
        }
    }
}

/// One error OpenSSL's strict X.509 mode found beyond the path checks: its `X509_V_ERR_*` code and the
/// problem it reads as.
public struct StrictFinding: Sendable, Hashable {
    public var code: Int
    public var problem: VerificationProblem

    public init(code: Int, problem: VerificationProblem) {
        self.code = code
        self.problem = problem
    }
}
