import RemissionTrust

/// The presented chain as `trust show` and `connect` print it: each certificate's facts, leaf first.
public enum ChainText {
    public static func lines(_ chain: PresentedChain, now: Int64) -> [String] {
        var lines: [String] = []
        for (index, certificate) in chain.certificates.enumerated() {
            let role = index == 0 ? tr("leaf") : (certificate.isSelfIssued ? tr("root") : tr("intermediate"))
            lines.append(tr("Certificate \(index) (\(role))"))
            lines += certificateLines(certificate, now: now).map { "  " + $0 }
        }
        return lines
    }

    /// The facts of one certificate, one per line under aligned labels; `withKey: false` leaves out
    /// the key and signature lines (connect's question shows what a person compares).
    public static func certificateLines(_ certificate: CertificateFacts, now: Int64, withKey: Bool = true) -> [String] {
        let validity = tr("\(Dates.day(certificate.notBefore)) to \(Dates.day(certificate.notAfter))")
        let state: String
        if certificate.notAfter < now {
            state = tr("expired \(Dates.relativeDays(certificate.notAfter, now: now))")
        } else if certificate.notBefore > now {
            state = tr("not valid until \(Dates.relativeDays(certificate.notBefore, now: now))")
        } else {
            let days = Int(clamping: daysLeft(certificate.notAfter, now: now))
            state = tr("\(count: days, "day", "days") left")
        }
        var rows = [
            (tr("Subject:"), CertificateName.subjectRow(certificate.subject)),
            (tr("Issuer:"), TerminalText.safe(certificate.issuer)),
        ]
        if !certificate.subjectAltNames.isEmpty {
            let names = certificate.subjectAltNames.map(\.description).joined(separator: ", ")
            rows.append((tr("Names:"), TerminalText.safe(names)))
        }
        rows.append((tr("Validity:"), "\(validity) (\(state))"))
        if withKey {
            let bits = tr("\(count: certificate.keyBits, "bit", "bits")")
            rows.append((tr("Key:"), "\(TerminalText.safe(certificate.keyType)) \(bits)"))
            rows.append((tr("Signature:"), TerminalText.safe(certificate.signatureAlgorithm)))
        }
        rows.append((tr("Fingerprint:"), certificate.fingerprint.description))
        rows.append((tr("SPKI pin:"), certificate.spkiPin.description))
        return aligned(rows)
    }

    /// `label value` rows with the values in one column (labels measured in terminal cells).
    public static func aligned(_ rows: [(String, String)]) -> [String] {
        let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
        return rows.map { label, value in
            label + String(repeating: " ", count: width - TerminalText.width(label) + 1) + value
        }
    }

    public static func daysLeft(_ instant: Int64, now: Int64) -> Int64 {
        (instant - now) / 86_400
    }
}
