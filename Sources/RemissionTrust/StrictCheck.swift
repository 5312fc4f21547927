/// The errors OpenSSL 3.0's strict X.509 mode (`X509_V_FLAG_X509_STRICT`) adds to the verification of a
/// TLS server's path (crypto/x509/x509_vfy.c: `check_extensions`, `check_purpose`), and whether each one
/// counts under the user's own anchor: a pinned certificate or one of the server's CA file.
///
/// Under the system store every strict finding counts: public CAs are held to WebPKI strictness. Under
/// the user's own anchor what makes a path unsafe counts (it is refused) and what is only profile does
/// not: a home CA that curl accepts works, and the anchor the user chose is an anchor (RFC 5280 §6.1.1).
/// What OpenSSL finds without strict mode — signatures, an issuer that is no CA or lacks keyCertSign,
/// path length, name constraints, validity, a leaf not for TLS servers, proxy certificates, weak keys
/// and digests — always counts and is not listed here. A code not listed counts everywhere: a check a
/// newer OpenSSL adds is refused until it is judged. devdoc/trust.md has this table with its reasons.
public enum StrictCheck: Int, Sendable, CaseIterable {
    /// 26 in strict mode only: an extension OpenSSL cannot decode (an empty keyUsage, a negative
    /// pathLenConstraint, a malformed extendedKeyUsage, …). Without strict mode OpenSSL then skips the
    /// purpose check altogether, so the leaf's fitness for a TLS server would go unchecked. Refused.
    case undecodableExtension = 26
    /// 78: the signature algorithm outside the signed part differs from the one inside it. Refused: a
    /// signature whose algorithm the signer did not choose.
    case signatureAlgorithmInconsistency = 78
    /// 79 in strict mode only: the top of the path (or the leaf) is a CA by an older convention OpenSSL
    /// accepts without strict mode there: a self-signed v1 certificate, or keyUsage with keyCertSign (or
    /// a Netscape SSL CA type) without basicConstraints. Every certificate between the leaf and the
    /// anchor must be CA:TRUE in any mode (79 without strict too), so this is the anchor's own form.
    case caByOlderConvention = 79
    /// 80: a pathLenConstraint on a certificate that is not a CA (which may not issue anyway).
    case pathLengthOnNonCA = 80
    /// 81: a pathLenConstraint without keyCertSign: keyUsage is absent (a CA's keyUsage without
    /// keyCertSign is refused without strict mode).
    case pathLengthWithoutKeyCertSign = 81
    /// 82: keyCertSign on a certificate that is not a CA (which may not issue anyway: 79 if it does).
    case keyCertSignOnNonCA = 82
    /// 83: an empty issuer name.
    case emptyIssuerName = 83
    /// 84: an empty subject name.
    case emptySubjectName = 84
    /// 85: no authorityKeyIdentifier (Python's `cryptography` adds none by default).
    case missingAuthorityKeyIdentifier = 85
    /// 86: a CA without subjectKeyIdentifier.
    case missingSubjectKeyIdentifier = 86
    /// 87: a subjectAltName extension with no name in it (the leaf then covers what its CN names, as for
    /// curl).
    case emptySubjectAltName = 87
    /// 88: an empty subject beside a subjectAltName that is not critical.
    case emptySubjectWithNonCriticalAltName = 88
    /// 89: a CA's basicConstraints not marked critical (easy-rsa 3.1).
    case basicConstraintsNotCritical = 89
    /// 90: an authorityKeyIdentifier marked critical.
    case criticalAuthorityKeyIdentifier = 90
    /// 91: a subjectKeyIdentifier marked critical.
    case criticalSubjectKeyIdentifier = 91
    /// 92: a CA without keyUsage (`openssl req -x509` under Debian's default configuration).
    case caWithoutKeyUsage = 92
    /// 93: extensions in a version 1 or 2 certificate (OpenSSL reads and enforces them all the same).
    case extensionsBeforeVersion3 = 93

    /// Whether a finding of this kind is tolerated under the user's own anchor.
    public var toleratedUnderUserAnchor: Bool {
        switch self {
        case .undecodableExtension, .signatureAlgorithmInconsistency: return false
        default: return true
        }
    }

    /// Whether a strict finding with OpenSSL error `code` counts against a path anchored by the user
    /// (`userAnchored`) or by the system store.
    public static func counts(_ code: Int, userAnchored: Bool) -> Bool {
        guard userAnchored, let check = StrictCheck(rawValue: code) else { return true }
        return !check.toleratedUnderUserAnchor
    }
}
