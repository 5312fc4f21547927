/// How a presented leaf differs from the accepted one, for the words of `CERTIFICATE CHANGED`. It
/// never makes a changed certificate trusted: it only says whether the change looks like a renewal by
/// the same certificate authority, and so which trust would have survived it.
public enum CertificateChange: Sendable, Hashable {
    /// The same names, the same issuer (and the same issuer key when both are known), and a validity
    /// that starts no earlier than the accepted one's: what a renewal by the same CA looks like.
    case renewedBySameIssuer(issuer: String)
    /// Another issuer (by name, or by key under the same name).
    case differentIssuer(accepted: String, presented: String)
    /// The certificate names other hosts than the accepted one did.
    case differentNames
    /// The accepted record holds no issuer or names (accepted before they were kept): not compared.
    case unknown

    /// The change from `accepted` to `leaf`; `presentedIssuerKey` is the key of the certificate the
    /// server sent after its leaf, if any.
    public static func between(
        _ accepted: AcceptedCertificate, _ leaf: CertificateFacts, presentedIssuerKey: SPKIPin?
    ) -> CertificateChange {
        guard let issuer = accepted.issuer, let names = accepted.names else { return .unknown }
        guard Set(names) == Set(leaf.subjectAltNames), names.isEmpty ? accepted.subject == leaf.subject : true else {
            return .differentNames
        }
        let keyDiffers =
            accepted.issuerKey != nil && presentedIssuerKey != nil && accepted.issuerKey != presentedIssuerKey
        guard issuer == leaf.issuer, !keyDiffers else {
            return .differentIssuer(accepted: issuer, presented: leaf.issuer)
        }
        guard leaf.notBefore >= accepted.notBefore else {
            return .differentIssuer(accepted: issuer, presented: leaf.issuer)
        }
        return .renewedBySameIssuer(issuer: issuer)
    }
}
