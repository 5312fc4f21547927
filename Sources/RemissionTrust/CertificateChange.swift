/// How a presented leaf differs from the accepted one, for the words of `CERTIFICATE CHANGED` and what
/// is recommended after it (`TrustAdvice`). It never makes a changed certificate trusted.
///
/// A renewal by the same certificate authority is recognised only when it is proven: the new leaf's
/// signature verifies under the key recorded for the accepted leaf's issuer (`SignatureLinks`), or the
/// chain verifies under the server's CA file. Names prove nothing: an impostor copies them, and may send
/// a copy of the real CA's certificate after its own leaf.
public enum CertificateChange: Sendable, Hashable {
    /// The same names, the same issuer, and a signature that verifies under a key already trusted or
    /// recorded for it: a renewal by the same CA, proven.
    case renewedBySameIssuer(issuer: String)
    /// The same names and the same issuer name, but nothing proves it comes from that issuer: it is not
    /// signed by the key recorded for it (or none was recorded), or it is older than the accepted one.
    case unproven(issuer: String)
    /// Another issuer by name.
    case differentIssuer(accepted: String, presented: String)
    /// The certificate names other hosts than the accepted one did.
    case differentNames
    /// The accepted record holds no issuer or names (accepted before they were kept): not compared.
    case unknown

    /// The change from `accepted` to `chain`'s leaf, judged by the chain's signatures and verification.
    public static func between(_ accepted: AcceptedCertificate, _ chain: PresentedChain) -> CertificateChange {
        guard let leaf = chain.leaf, let issuer = accepted.issuer, let names = accepted.names else { return .unknown }
        guard Set(names) == Set(leaf.subjectAltNames), names.isEmpty ? accepted.subject == leaf.subject : true else {
            return .differentNames
        }
        guard issuer == leaf.issuer else { return .differentIssuer(accepted: issuer, presented: leaf.issuer) }
        let signedByRecordedIssuer = accepted.issuerKey.map(chain.leafVerifies(under:)) ?? false
        let verifiedByCAFile = chain.storeVerification.verified && chain.storeVerification.anchoredByCAFile
        guard signedByRecordedIssuer || verifiedByCAFile, leaf.notBefore >= accepted.notBefore else {
            return .unproven(issuer: issuer)
        }
        return .renewedBySameIssuer(issuer: issuer)
    }

    /// A renewal by the same CA, proven by signature.
    public var isProvenRenewal: Bool {
        if case .renewedBySameIssuer = self { return true }
        return false
    }
}
