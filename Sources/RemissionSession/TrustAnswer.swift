import RemissionModel
import RemissionTrust

/// An answer to "Trust this certificate? (yes/no/[fingerprint])", as ssh reads it.
public enum TrustAnswer: Sendable, Equatable {
    case accept
    case decline
    /// Pin this presented CA key (`TrustChoices`: the issuer's or the root's) instead of the leaf.
    case pinKey(SPKIPin)
    /// Trust this file's certificates as the server's CA file (the root the server does not send).
    case caFile(String)
    /// A fingerprint that is not the presented certificate's.
    case mismatch(CertificateFingerprint)
    /// Neither yes, no nor a fingerprint: ask again.
    case unclear

    /// `yesOrNo` is the view's reading of the text (`Answers.yesOrNo`: true, false, or nil for
    /// neither); otherwise the text may be a fingerprint, which must match `leaf`'s.
    public init(_ text: String?, yesOrNo: Bool?, leaf: CertificateFacts) {
        if let yesOrNo {
            self = yesOrNo ? .accept : .decline
            return
        }
        guard let text, let typed = try? CertificateFingerprint(parsing: text.trimmingASCIIWhitespace()) else {
            self = .unclear
            return
        }
        self = typed == leaf.fingerprint ? .accept : .mismatch(typed)
    }
}
