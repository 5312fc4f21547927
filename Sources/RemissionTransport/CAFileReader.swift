import COpenSSL
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a CA file into `CAFileFacts`: its certificates, which are self-signed, and — when none is —
/// the root files a known private CA keeps beside it (`CAFileFacts.rootCandidates`), each tested by
/// signature against the file's certificates. Whether the file can stand as a root is `CAFileRole`'s
/// decision, not this reader's.
public enum CAFileReader {
    /// A candidate beside the file is read only when it is a regular file of at most this many bytes
    /// (a root certificate is about 1 kB; this is never the file the user named).
    static let candidateLimit = 256 * 1024

    /// Reads `path` (absolute) as every transport given it will: an unreadable file or one without a
    /// PEM certificate is the same `TransportError.caFile`.
    public static func read(_ path: String) throws(TransportError) -> CAFileFacts {
        let certificates = try TrustAnchors.readPEMCertificates(path)
        defer { certificates.forEach { X509_free($0) } }
        let described = certificates.map { certificate in
            CAFileFacts.Certificate(
                subject: CertificateReader.name(X509_get_subject_name(certificate)),
                notBefore: CertificateReader.unixTime(X509_get0_notBefore(certificate)),
                notAfter: CertificateReader.unixTime(X509_get0_notAfter(certificate)),
                isSelfSigned: isSelfSigned(certificate))
        }
        var facts = CAFileFacts(path: path, certificates: described)
        guard !described.contains(where: \.isSelfSigned) else { return facts }
        for candidate in CAFileFacts.rootCandidates(beside: path) {
            guard let roots = readCandidate(candidate) else { continue }
            defer { roots.forEach { X509_free($0) } }
            let issued = roots.contains { root in
                isSelfSigned(root) && certificates.contains { X509_verify($0, X509_get0_pubkey(root)) == 1 }
            }
            facts.candidates.append(CAFileFacts.Candidate(path: candidate, issuedFileCertificate: issued))
        }
        ERR_clear_error()
        return facts
    }

    /// Subject equals issuer and the signature verifies under the certificate's own key.
    static func isSelfSigned(_ certificate: OpaquePointer) -> Bool {
        let named = X509_NAME_cmp(X509_get_subject_name(certificate), X509_get_issuer_name(certificate)) == 0
        let verified = named && X509_verify(certificate, X509_get0_pubkey(certificate)) == 1
        ERR_clear_error()
        return verified
    }

    /// The certificates of a small regular file, or nil (missing, not a regular file, too large, none).
    private static func readCandidate(_ path: String) -> [OpaquePointer]? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, status.st_size <= candidateLimit
        else { return nil }
        return try? TrustAnchors.readPEMCertificates(path)
    }
}
