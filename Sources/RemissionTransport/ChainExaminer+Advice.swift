import COpenSSL
import CShims
import RemissionModel
import RemissionTrust

/// The facts only advice needs (`TrustAdvice`), gathered on a refusal and at first contact, never on a
/// trusted handshake: which presented keys verify which presented certificates, every presented CA tried
/// as the only anchor, what the server's CA file holds, and the trust the chain was judged by.
extension ChainExaminer {
    /// Which presented certificates' keys verify which presented certificates' signatures
    /// (`X509_verify`: the signature over the certificate's contents, by that key; never by name).
    /// At most `SignatureLinks.maximumExamined` certificates: n² checks, so a hostile chain of hundreds
    /// cannot make this slow.
    static func signatureLinks(_ presented: [OpaquePointer]) -> SignatureLinks {
        let examined = Array(presented.prefix(SignatureLinks.maximumExamined))
        let keys = examined.map { X509_get0_pubkey($0) }
        let signers = examined.map { certificate in
            keys.indices.filter { index in
                guard let key = keys[index] else { return false }
                return X509_verify(certificate, key) == 1
            }
        }
        ERR_clear_error()
        return SignatureLinks(signers: signers)
    }

    /// `chain` completed for advice inside the handshake's callback: the signature links, and every
    /// presented certificate after the leaf not yet tried as the only anchor. (Called once the policy
    /// refused; the store verification itself cannot run twice on one context.)
    static func completeForAdvice(_ chain: inout PresentedChain, storeContext: OpaquePointer, time: Int64?) {
        let presented = untrustedCertificates(storeContext)
        chain.signatures = signatureLinks(presented)
        guard let leaf = presented.first, let untrusted = X509_STORE_CTX_get0_untrusted(storeContext) else { return }
        let tried = Set(
            chain.anchorVerifications.compactMap { verification -> SPKIPin? in
                if case .presentedCertificate(let key) = verification.anchors { return key }
                return nil
            })
        for (certificate, fact) in zip(presented, chain.certificates).dropFirst().prefix(SignatureLinks.maximumExamined)
        where !tried.contains(fact.spkiPin) {
            chain.anchorVerifications.append(
                verify(
                    leaf: leaf, untrusted: untrusted, anchor: certificate, key: fact.spkiPin, time: time,
                    parameters: X509_STORE_CTX_get0_param(storeContext)))
        }
        ERR_clear_error()
    }

    /// The facts of the certificates of a CA file (at most 16; an unreadable file gives none).
    static func caFileFacts(_ path: String?) -> [CertificateFacts] {
        guard let path, let certificates = try? TrustAnchors.readPEMCertificates(path) else { return [] }
        defer { certificates.forEach { X509_free($0) } }
        return certificates.prefix(16).map { CertificateReader.facts(of: $0) }
    }
}
