import RemissionModel

/// SHA-256 over a certificate's DER: the identity of one exact certificate (trust on first use).
/// Rendered `SHA256:` + upper-case hex, as PRODUCT.md §1 spells it for `--accept-fingerprint`.
public struct CertificateFingerprint: Sendable, Hashable, Codable, CustomStringConvertible {
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    public var hex: String { bytes.map { hexByte($0) }.joined() }

    /// `SHA256:` followed by 64 upper-case hex digits, no separators.
    public var description: String { "SHA256:" + hex }

    /// The same, as colon-separated pairs (`AB:CD:…`), the form `openssl x509 -fingerprint` prints.
    public var colonSeparated: String { bytes.map { hexByte($0) }.joined(separator: ":") }
}

/// RFC 7469 pin: base64 of SHA-256 over the DER SubjectPublicKeyInfo, spelled `sha256//B64`
/// exactly as `curl --pinnedpubkey` takes it.
public struct SPKIPin: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The 44-character base64 text after `sha256//`.
    public let base64: String

    public init(base64: String) { self.base64 = base64 }

    public var description: String { "sha256//" + base64 }
}

/// One subjectAltName entry the certificate covers.
public enum SubjectAltName: Sendable, Hashable, Codable, CustomStringConvertible {
    case dns(String)
    case ip(String)

    public var description: String {
        switch self {
        case .dns(let name): return "DNS:\(name)"
        case .ip(let address): return "IP:\(address)"
        }
    }

    /// Reads `description` back: `DNS:NAME` or `IP:ADDRESS`.
    public init?(_ text: String) {
        if text.hasPrefix("DNS:") {
            self = .dns(String(text.dropFirst(4)))
        } else if text.hasPrefix("IP:") {
            self = .ip(String(text.dropFirst(3)))
        } else {
            return nil
        }
    }
}

/// What Remission knows about one presented certificate, read from its DER by the transport.
/// Times are seconds since the Unix epoch (UTC).
public struct CertificateFacts: Sendable, Hashable {
    public var subject: String
    public var issuer: String
    public var subjectAltNames: [SubjectAltName]
    /// Every commonName of the subject, in order (read for the host only without subjectAltName names).
    public var commonNames: [String]
    public var notBefore: Int64
    public var notAfter: Int64
    /// "RSA", "EC", "Ed25519", "Ed448", …
    public var keyType: String
    /// Size in bits (RSA modulus, EC curve size).
    public var keyBits: Int
    /// e.g. "sha256WithRSAEncryption", "ecdsa-with-SHA256".
    public var signatureAlgorithm: String
    public var fingerprint: CertificateFingerprint
    public var spkiPin: SPKIPin
    /// Subject equals issuer (a self-issued certificate).
    public var isSelfIssued: Bool
    /// The certificate itself, DER-encoded.
    public var der: [UInt8]

    public init(
        subject: String, issuer: String, subjectAltNames: [SubjectAltName], notBefore: Int64, notAfter: Int64,
        keyType: String, keyBits: Int, signatureAlgorithm: String, fingerprint: CertificateFingerprint,
        spkiPin: SPKIPin, isSelfIssued: Bool, der: [UInt8], commonNames: [String] = []
    ) {
        self.subject = subject
        self.issuer = issuer
        self.subjectAltNames = subjectAltNames
        self.commonNames = commonNames
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.keyType = keyType
        self.keyBits = keyBits
        self.signatureAlgorithm = signatureAlgorithm
        self.fingerprint = fingerprint
        self.spkiPin = spkiPin
        self.isSelfIssued = isSelfIssued
        self.der = der
    }
}

/// One problem found while verifying a chain, as an enum that renders to text (never only text).
/// The transport maps every OpenSSL verification error (all of them, not only the last) to these.
public enum VerificationProblem: Sendable, Hashable {
    /// The leaf is self-signed and not a trust anchor (X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT, 18).
    case selfSigned
    /// The chain ends in a self-signed root that is not trusted (19).
    case untrustedRoot
    /// The issuer is unknown or the chain is incomplete: the proxy may not send the intermediate (2, 20, 21).
    case unknownIssuer(issuer: String)
    /// A certificate's notAfter has passed (10). `notAfter` in Unix seconds.
    case expired(subject: String, notAfter: Int64)
    /// A certificate's notBefore is in the future (9).
    case notYetValid(subject: String, notBefore: Int64)
    /// The leaf does not cover the host we meant to reach (62, 64).
    case hostMismatch(expected: String, covered: [SubjectAltName])
    /// Key too small for the security level (66, 67).
    case weakKey(subject: String, keyType: String, bits: Int)
    /// Signature digest too weak (68), e.g. SHA-1 or MD5.
    case weakSignature(subject: String, algorithm: String)
    /// Revoked (23).
    case revoked(subject: String)
    /// A certificate that issued another is not a CA allowed to issue (basicConstraints, keyCertSign;
    /// 79, 37, 32).
    case notACertificateAuthority(subject: String)
    /// A CA's path length constraint is exceeded (25, 38).
    case pathLengthExceeded(subject: String)
    /// The certificate is not for a TLS server (extendedKeyUsage/keyUsage; 26), or is an RFC 3820
    /// proxy certificate (40).
    case notForTLSServers(subject: String)
    /// A name constraint of an issuing CA excludes the certificate (47–52).
    case nameConstraintViolation(subject: String)
    /// The certificate breaks a rule of the RFC 5280 profile that OpenSSL checks only in strict X.509
    /// mode (a CA without keyUsage or a subjectKeyIdentifier, a basicConstraints that is not critical, …;
    /// errors 80–93), with OpenSSL's code and text. It counts under the system store only; under the
    /// user's own anchor it is tolerated (`StrictCheck`).
    case profileViolation(subject: String, code: Int, rule: String)
    /// Any other OpenSSL verification error, kept with its code and text.
    case other(code: Int, message: String)
}

/// Everything the handshake presented and what verification found: the facts the policy decides on.
public struct PresentedChain: Sendable, Hashable {
    /// Leaf first, as the server sent it.
    public var certificates: [CertificateFacts]
    /// The name or address the leaf must cover; nil when the facts come without one (then a host
    /// mismatch is whatever `storeVerification.problems` say).
    public var peerName: PeerName?
    /// The chain against the system CA store plus the server's CA file.
    public var storeVerification: AnchorVerification
    /// The chain against each presented certificate after the leaf whose key is pinned, alone.
    public var anchorVerifications: [AnchorVerification]
    /// Which presented keys verify which presented certificates (`SignatureLinks`); examined on a
    /// refusal and at first contact, where advice needs them.
    public var signatures = SignatureLinks()
    /// Whether the names the leaf covers resolve here to the address connected; looked up only when
    /// the leaf does not cover the host (`LocalNames`).
    public var localNames: LocalNames?
    /// The certificates of the server's CA file, read on a refusal (what the stored anchor is: a root,
    /// or an intermediate its CA renews).
    public var caFileCertificates: [CertificateFacts] = []
    /// The trust this chain was judged by (stored trust with the command's overrides), so that what is
    /// recommended after a refusal knows what vouched for the server before; nil when not known.
    public var judgedBy: ServerTrust?

    public init(
        certificates: [CertificateFacts], peerName: PeerName?, storeVerification: AnchorVerification,
        anchorVerifications: [AnchorVerification] = []
    ) {
        self.certificates = certificates
        self.peerName = peerName
        self.storeVerification = storeVerification
        self.anchorVerifications = anchorVerifications
    }

    /// Facts without a peer name: `problems` are the store verification's as given (a `.hostMismatch`
    /// among them counts); `completed` is true. For views and tests that describe a chain by its problems.
    public init(
        certificates: [CertificateFacts], problems: [VerificationProblem], anchoredByCAFile: Bool = false,
        path: [SPKIPin] = [], anchorVerifications: [AnchorVerification] = []
    ) {
        self.init(
            certificates: certificates, peerName: nil,
            storeVerification: AnchorVerification(
                anchors: .store, completed: true, problems: problems, path: path, anchoredByCAFile: anchoredByCAFile),
            anchorVerifications: anchorVerifications)
    }

    public var leaf: CertificateFacts? { certificates.first }

    /// Whether the leaf covers the name asked for (`HostMatch`).
    public var hostCovered: Bool {
        guard let peerName else { return !storeVerification.problems.contains(where: \.isHostMismatch) }
        guard let leaf else { return false }
        return HostMatch.covers(leaf, peerName)
    }

    /// Every problem found: the store verification's, and the host's when the leaf does not cover it.
    public var problems: [VerificationProblem] {
        guard let peerName, let leaf, !HostMatch.covers(leaf, peerName) else { return storeVerification.problems }
        return storeVerification.problems + [
            .hostMismatch(expected: peerName.description, covered: leaf.subjectAltNames)
        ]
    }

    /// True when the leaf does not cover the host we meant to reach.
    public var hasHostMismatch: Bool { !hostCovered }
}

extension VerificationProblem {
    var isHostMismatch: Bool {
        if case .hostMismatch = self { return true }
        return false
    }
}

func hexByte(_ byte: UInt8) -> String {
    let digits: [Character] = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
