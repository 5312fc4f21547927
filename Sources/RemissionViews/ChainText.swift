import RemissionTrust

/// The presented chain as `trust show` and `connect` print it: each certificate's facts, leaf first.
public enum ChainText {
    public static func lines(_ chain: PresentedChain, now: Int64) -> [String] {
        var lines: [String] = []
        for (index, certificate) in chain.certificates.enumerated() {
            let role = index == 0 ? "leaf" : (certificate.isSelfIssued ? "root" : "intermediate")
            lines.append("Certificate \(index) (\(role))")
            lines += certificateLines(certificate, now: now).map { "  " + $0 }
        }
        return lines
    }

    public static func certificateLines(_ certificate: CertificateFacts, now: Int64) -> [String] {
        let validity =
            "\(UTCDate(unixSeconds: certificate.notBefore)) to \(UTCDate(unixSeconds: certificate.notAfter))"
        let state: String
        if certificate.notAfter < now {
            state = "expired \(relativeDays(certificate.notAfter, now: now))"
        } else if certificate.notBefore > now {
            state = "not valid until \(relativeDays(certificate.notBefore, now: now))"
        } else {
            state = "\(daysLeft(certificate.notAfter, now: now)) days left"
        }
        var lines = [
            "Subject:     \(TerminalText.safe(certificate.subject))",
            "Issuer:      \(TerminalText.safe(certificate.issuer))",
        ]
        if !certificate.subjectAltNames.isEmpty {
            let names = certificate.subjectAltNames.map(\.description).joined(separator: ", ")
            lines.append("Names:       \(TerminalText.safe(names))")
        }
        lines += [
            "Validity:    \(validity) (\(state))",
            "Key:         \(TerminalText.safe(certificate.keyType)) \(certificate.keyBits) bits",
            "Signature:   \(TerminalText.safe(certificate.signatureAlgorithm))",
            "Fingerprint: \(certificate.fingerprint)",
            "SPKI pin:    \(certificate.spkiPin)",
        ]
        return lines
    }

    public static func daysLeft(_ instant: Int64, now: Int64) -> Int64 {
        (instant - now) / 86_400
    }
}
