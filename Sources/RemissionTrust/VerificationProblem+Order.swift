extension VerificationProblem {
    /// Where the problem sorts in a report: first whether anyone vouches for the chain, then its dates,
    /// then whether it names the host, then its strength, then anything else. The transport reports
    /// problems in OpenSSL's callback order, which varies with the chain; this order does not.
    var reportRank: Int {
        switch self {
        case .selfSigned: return 0
        case .untrustedRoot: return 1
        case .unknownIssuer: return 2
        case .revoked: return 3
        case .notACertificateAuthority, .pathLengthExceeded, .nameConstraintViolation, .profileViolation: return 3
        case .notForTLSServers: return 3
        case .expired: return 4
        case .notYetValid: return 5
        case .hostMismatch: return 6
        case .weakKey: return 7
        case .weakSignature: return 8
        case .other: return 9
        }
    }
}

/// Every distinct problem, as trust problems, in report order (stable: equal ranks keep the order found).
func orderedProblems(_ problems: [VerificationProblem]) -> [TrustProblem] {
    uniqued(problems).enumerated()
        .sorted { ($0.element.reportRank, $0.offset) < ($1.element.reportRank, $1.offset) }
        .map { .verification($0.element) }
}
