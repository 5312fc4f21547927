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
}

/// What Remission knows about one presented certificate, read from its DER by the transport.
/// Times are seconds since the Unix epoch (UTC).
public struct CertificateFacts: Sendable, Hashable {
    public var subject: String
    public var issuer: String
    public var subjectAltNames: [SubjectAltName]
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
        spkiPin: SPKIPin, isSelfIssued: Bool, der: [UInt8]
    ) {
        self.subject = subject
        self.issuer = issuer
        self.subjectAltNames = subjectAltNames
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
    /// Any other OpenSSL verification error, kept with its code and text.
    case other(code: Int, message: String)
}

/// Everything the handshake presented and what verification against the trust anchors found.
public struct PresentedChain: Sendable, Hashable {
    /// Leaf first, as the server sent it.
    public var certificates: [CertificateFacts]
    /// Every problem found by chain verification (system store + CA file) and the host check.
    /// Empty means the chain verified and the host matched.
    public var problems: [VerificationProblem]
    /// Whether the trust anchor that verified the chain came from the server's CA file (not the system store).
    public var anchoredByCAFile: Bool
    /// How many certificates, from the leaf, form a chain whose signatures verify (each one issued and
    /// signed by the next). Only these can match a pin: a server can append any public certificate.
    public var signedPrefix: Int
    /// The SPKI pins of the chain OpenSSL built and verified without any problem, anchors from the
    /// store included (a root the server does not send); empty when verification found problems.
    public var verifiedChainPins: [SPKIPin]

    /// - Parameter signedPrefix: nil means the leaf alone, the safe reading when linkage is unknown.
    public init(
        certificates: [CertificateFacts], problems: [VerificationProblem], anchoredByCAFile: Bool = false,
        signedPrefix: Int? = nil, verifiedChainPins: [SPKIPin] = []
    ) {
        self.certificates = certificates
        self.problems = problems
        self.anchoredByCAFile = anchoredByCAFile
        self.signedPrefix = min(signedPrefix ?? 1, certificates.count)
        self.verifiedChainPins = verifiedChainPins
    }

    /// True when the host check found the leaf does not cover the host we meant to reach.
    public var hasHostMismatch: Bool {
        problems.contains { if case .hostMismatch = $0 { true } else { false } }
    }

    public var leaf: CertificateFacts? { certificates.first }
}

func hexByte(_ byte: UInt8) -> String {
    let digits: [Character] = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
