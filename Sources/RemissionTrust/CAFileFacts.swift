/// What a CA file holds, as the transport read it (`CAFileReader`): each certificate, whether it is
/// self-signed, and — for a file without a self-signed certificate — the root files a known private
/// CA keeps beside it (`rootCandidates`), each with whether it holds a self-signed certificate whose
/// key verifies a signature in the file. Signatures, never names, link the two.
public struct CAFileFacts: Sendable, Equatable {
    public struct Certificate: Sendable, Equatable {
        public var subject: String
        public var notBefore: Int64
        public var notAfter: Int64
        /// Its subject is its issuer and its signature verifies under its own key: a root.
        public var isSelfSigned: Bool

        public init(subject: String, notBefore: Int64, notAfter: Int64, isSelfSigned: Bool) {
            self.subject = subject
            self.notBefore = notBefore
            self.notAfter = notAfter
            self.isSelfSigned = isSelfSigned
        }
    }

    /// A root file looked for beside the CA file, as found.
    public struct Candidate: Sendable, Equatable {
        public var path: String
        /// It holds a self-signed certificate whose key verifies the signature of a certificate of the
        /// CA file: the root that issued it.
        public var issuedFileCertificate: Bool

        public init(path: String, issuedFileCertificate: Bool) {
            self.path = path
            self.issuedFileCertificate = issuedFileCertificate
        }
    }

    /// The absolute path read.
    public var path: String
    public var certificates: [Certificate]
    /// The candidates that exist and could be read, in `rootCandidates` order.
    public var candidates: [Candidate]

    public init(path: String, certificates: [Certificate], candidates: [Candidate] = []) {
        self.path = path
        self.certificates = certificates
        self.candidates = candidates
    }

    /// Where the private CAs Remission recognises keep their root beside what a person may take for
    /// it (facts: Caddy's `pki/authorities/local/{root,intermediate}.crt` and
    /// `certificates/local/HOST/HOST.crt`, step-ca's `certs/{root_ca,intermediate_ca}.crt`, mkcert's
    /// `rootCA.pem`): the same directory's `root.crt`, `root_ca.crt`, `rootCA.pem`, and for a Caddy
    /// leaf `…/certificates/CA/HOST/FILE`, `…/pki/authorities/CA/root.crt`. `path` is absolute.
    public static func rootCandidates(beside path: String) -> [String] {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2 else { return [] }
        parts.removeLast()
        let directory = parts.joined(separator: "/")
        var candidates = ["root.crt", "root_ca.crt", "rootCA.pem"].map { directory + "/" + $0 }
        // …/certificates/CA/HOST/FILE: the directory's parts end with certificates, CA, HOST.
        if parts.count >= 4, parts[parts.count - 3] == "certificates" {
            let data = parts.prefix(parts.count - 3).joined(separator: "/")
            candidates.append(data + "/pki/authorities/" + parts[parts.count - 2] + "/root.crt")
        }
        return candidates.filter { $0 != path }
    }
}

/// Whether a CA file can stand as the server's root (`CAFileFacts`), as connect's question asks for
/// "the CA's root certificate file": a file without a self-signed certificate holds an intermediate
/// (or a leaf), replaced whenever its CA renews it (Caddy's every week), and trust in it ends then.
public enum CAFileRole: Sendable, Equatable {
    /// At least one certificate is self-signed: a root, which survives renewals under it.
    case root
    /// No certificate is self-signed. `certificate` is the file's first; `root` the first candidate
    /// beside it that issued a certificate of the file (by signature), nil when none did.
    case notRoot(CAFileFacts.Certificate, root: String?)

    public init(_ facts: CAFileFacts) {
        if facts.certificates.isEmpty || facts.certificates.contains(where: \.isSelfSigned) {
            self = .root  // an empty file is refused as unreadable before this is asked
            return
        }
        self = .notRoot(
            facts.certificates[0], root: facts.candidates.first(where: \.issuedFileCertificate)?.path)
    }
}
