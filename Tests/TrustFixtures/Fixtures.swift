@testable import RemissionTrust

/// 2026-01-01 00:00:00 UTC.
public let newYear2026: Int64 = 1_767_225_600
public let day: Int64 = 86_400

/// A pin whose digest is 32 copies of `byte`.
public func pin(_ byte: UInt8) -> SPKIPin { SPKIPin(digest: [UInt8](repeating: byte, count: 32)) }

/// A fingerprint of 32 copies of `byte`.
public func fingerprint(_ byte: UInt8) -> CertificateFingerprint {
    CertificateFingerprint(bytes: [UInt8](repeating: byte, count: 32))
}

/// A certificate whose fingerprint and key pin are both derived from `id`, valid for the year 2026.
public func certificate(_ subject: String, id: UInt8, issuer: String = "CN=Home CA", names: [SubjectAltName] = [])
    -> CertificateFacts
{
    CertificateFacts(
        subject: subject, issuer: issuer, subjectAltNames: names, notBefore: newYear2026,
        notAfter: newYear2026 + 365 * day, keyType: "EC", keyBits: 256, signatureAlgorithm: "ecdsa-with-SHA256",
        fingerprint: fingerprint(id), spkiPin: pin(id), isSelfIssued: subject == issuer, der: [id])
}

public let leaf = certificate("CN=nas.lan", id: 0x11, issuer: "CN=Home Intermediate", names: [.dns("nas.lan")])
public let intermediate = certificate("CN=Home Intermediate", id: 0x22, issuer: "CN=Home CA")
public let root = certificate("CN=Home CA", id: 0x33)
/// A key that is in no presented chain: a backup pin.
public let backupPin = pin(0x44)
/// An impostor's leaf, as a CA would issue it to someone else.
public let impostor = certificate("CN=nas.lan", id: 0x55, issuer: "CN=Public CA", names: [.dns("nas.lan")])

public let selfSignedProblems: [VerificationProblem] = [
    .hostMismatch(expected: "192.168.1.2", covered: [.dns("nas.lan")]), .selfSigned,
]

/// A presented chain described by the store verification's problems (none: it verified) and, for CA
/// pins, the verification with each given presented certificate as the only anchor.
public func chain(
    _ certificates: [CertificateFacts], problems: [VerificationProblem] = [], anchoredByCAFile: Bool = false,
    path: [SPKIPin] = [], anchoredBy anchors: [(CertificateFacts, [VerificationProblem])] = []
) -> PresentedChain {
    PresentedChain(
        certificates: certificates, problems: problems, anchoredByCAFile: anchoredByCAFile, path: path,
        anchorVerifications: anchors.map { anchor, problems in
            AnchorVerification(
                anchors: .presentedCertificate(anchor.spkiPin), completed: problems.isEmpty, problems: problems)
        })
}

public func acceptedCertificate(_ certificate: CertificateFacts, at time: Int64 = newYear2026 + day)
    -> AcceptedCertificate
{
    AcceptedCertificate(
        fingerprint: certificate.fingerprint, subject: certificate.subject, notBefore: certificate.notBefore,
        notAfter: certificate.notAfter, acceptedAt: time)
}
