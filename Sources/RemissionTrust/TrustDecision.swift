import RemissionModel

/// Why a chain was trusted.
public enum TrustBasis: Sendable, Hashable {
    /// The SPKI of some certificate in the chain is in the server's pin set.
    case pinnedKey(SPKIPin)
    /// The leaf is exactly the certificate the user accepted (trust on first use).
    case acceptedCertificate(CertificateFingerprint)
    /// The chain verifies against the system CA store and the host matches.
    case systemCertificateAuthorities
    /// The chain verifies against the server's own CA file and the host matches.
    case certificateAuthorityFile(path: String)
}

/// A reason a chain is refused, or a note kept beside a trusted decision.
public enum TrustProblem: Sendable, Hashable {
    /// A verification problem found in the chain (self-signed, expired, host mismatch, …).
    case verification(VerificationProblem)
    /// Pins are set for this server and no certificate in the chain matches any of them.
    case pinMismatch(presented: [SPKIPin], pinned: [SPKIPin])
    /// The leaf differs from the one the user accepted: `CERTIFICATE CHANGED`, with how it differs
    /// (a renewal by the same CA, or not).
    case certificateChanged(accepted: AcceptedCertificate, presented: CertificateFacts, change: CertificateChange)
    /// A presented certificate's key is pinned, but the chain does not verify with it as the anchor:
    /// these are the path's problems (an issuer that is no CA, a leaf not for TLS servers, …).
    case pinnedAnchorRefused(pin: SPKIPin, problems: [VerificationProblem])
    /// Pins are set but none of them is a backup (all pins are in the presented chain).
    case missingBackupPin
    /// The server presented no certificate at all.
    case noCertificate
}

/// The outcome of evaluating a presented chain for one server. Policies return it; they do not throw.
public enum TrustDecision: Sendable, Hashable {
    case trusted(TrustBasis, notes: [TrustProblem])
    case refused([TrustProblem])

    public var isTrusted: Bool {
        if case .trusted = self { return true }
        return false
    }
}

/// A certificate the user explicitly accepted for one server identity.
public struct AcceptedCertificate: Sendable, Hashable, Codable {
    public var fingerprint: CertificateFingerprint
    public var subject: String
    public var notBefore: Int64
    public var notAfter: Int64
    /// Unix seconds when the user accepted it.
    public var acceptedAt: Int64
    /// Its issuer, the names it covered and the key of the presented certificate whose key verified
    /// its signature (`PresentedChain.leafIssuer`, never by name or position): what proves a renewal by
    /// the same CA (`CertificateChange`). Nil in records kept before these were.
    public var issuer: String?
    public var names: [SubjectAltName]?
    public var issuerKey: SPKIPin?

    public init(
        fingerprint: CertificateFingerprint, subject: String, notBefore: Int64, notAfter: Int64, acceptedAt: Int64,
        issuer: String? = nil, names: [SubjectAltName]? = nil, issuerKey: SPKIPin? = nil
    ) {
        self.fingerprint = fingerprint
        self.subject = subject
        self.notBefore = notBefore
        self.notAfter = notAfter
        self.acceptedAt = acceptedAt
        self.issuer = issuer
        self.names = names
        self.issuerKey = issuerKey
    }

    /// The record of accepting `chain`'s leaf at `time`.
    public init?(accepting chain: PresentedChain, at time: Int64) {
        guard let leaf = chain.leaf else { return nil }
        self.init(
            fingerprint: leaf.fingerprint, subject: leaf.subject, notBefore: leaf.notBefore, notAfter: leaf.notAfter,
            acceptedAt: time, issuer: leaf.issuer, names: leaf.subjectAltNames,
            issuerKey: chain.leafIssuer?.spkiPin)
    }
}

/// What the trust store holds for one identity (scheme, host, port).
///
/// `trust.json` has its own documented form (see `TrustDocument`, written by `TrustStore`); the synthesized
/// `Codable` conformances of these types are not the file format.
public struct ServerTrust: Sendable, Hashable, Codable {
    public var pins: [SPKIPin]
    public var accepted: AcceptedCertificate?
    /// Path of a PEM file with extra trust anchors for this server (home PKI).
    public var caFile: String?
    /// The user acknowledged that this server is reached over plain HTTP.
    public var httpAcknowledged: Bool

    public init(
        pins: [SPKIPin] = [], accepted: AcceptedCertificate? = nil, caFile: String? = nil,
        httpAcknowledged: Bool = false
    ) {
        self.pins = pins
        self.accepted = accepted
        self.caFile = caFile
        self.httpAcknowledged = httpAcknowledged
    }

    public static let none = ServerTrust()
}
