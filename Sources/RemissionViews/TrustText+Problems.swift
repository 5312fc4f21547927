import RemissionModel
import RemissionTrust

extension TrustText {
    /// One line for one verification problem, with the fact the user needs and, where there is one, what to do.
    /// A certificate is named as `CertificateName` names it, by its names in `chain` when it has no subject.
    public func line(for problem: VerificationProblem, chain: PresentedChain? = nil) -> String {
        func name(_ subject: String) -> String { CertificateName.of(subject: subject, in: chain) }
        switch problem {
        case .selfSigned:
            return tr("The certificate is self-signed: no certificate authority vouches for it.")
        case .untrustedRoot:
            return tr(
                "The chain ends in a root certificate that is not trusted. If it is your own CA, ",
                "trust it for this server: \(caAdvice).")
        case .unknownIssuer(let issuer) where (chain?.certificates.count ?? 0) >= 2:
            // The server sent its chain; what is missing is the root it ends in, which nobody here trusts.
            return tr(
                "Unknown issuer: no trusted certificate authority issued '\(issuer)', the root this chain ends in ",
                "(servers do not send their root). If this is your own CA, use \(caAdvice).")
        case .unknownIssuer(let issuer):
            return tr(
                "Unknown issuer or incomplete chain: no trusted certificate authority issued '\(issuer)'. ",
                "The server (or its proxy) may not send the intermediate certificate; ",
                "if this is your own CA, use \(caAdvice).")
        case .expired(let subject, let notAfter):
            return tr(
                "The certificate '\(name(subject))' expired on \(Dates.day(notAfter)) ",
                "(\(Dates.relativeDays(notAfter, now: now))).")
        case .notYetValid(let subject, let notBefore):
            return tr(
                "The certificate '\(name(subject))' is not valid before \(Dates.day(notBefore)) ",
                "(\(Dates.relativeDays(notBefore, now: now))). Check this computer's clock.")
        case .hostMismatch(let expected, let covered):
            guard !covered.isEmpty else {
                return tr(
                    "Host name mismatch: the certificate does not cover '\(expected)'; it covers no host names at all.")
            }
            let names = covered.map(\.description).joined(separator: ", ")
            // Whether to check it as one of these names is advice (`TrustAdvice.tlsName`), said after.
            return tr("Host name mismatch: the certificate does not cover '\(expected)'; it covers \(names).")
        case .weakKey(let subject, let keyType, let bits):
            return tr(
                "The certificate '\(name(subject))' has a weak key (\(keyType), \(count: bits, "bit", "bits")): ",
                "the server needs a new, stronger key.")
        case .weakSignature(let subject, let algorithm):
            return tr(
                "The certificate '\(name(subject))' has a weak signature (\(algorithm)): ",
                "the server needs a certificate signed with SHA-256 or better.")
        case .revoked(let subject):
            return tr("The certificate '\(name(subject))' has been revoked by its issuer.")
        case .notACertificateAuthority(let subject):
            return tr(
                "The certificate '\(name(subject))' issued another one but is not a certificate authority allowed to ",
                "issue certificates: the chain is forged or broken.")
        case .pathLengthExceeded(let subject):
            return tr("The chain is longer than the certificate authority '\(name(subject))' allows.")
        case .notForTLSServers(let subject):
            return tr(
                "The certificate '\(name(subject))' is not meant for a TLS server (its key usage says otherwise).")
        case .nameConstraintViolation(let subject):
            return tr("The certificate '\(name(subject))' names a host its certificate authority may not vouch for.")
        case .profileViolation(let subject, let code, let rule):
            // Only the system store's anchors are held to this; the user's own CA is not (StrictCheck).
            return tr(
                "The certificate '\(name(subject))' breaks a rule of the strict X.509 profile that the system's ",
                "certificate authorities are held to: \(rule) (OpenSSL error \(code)). If it is your own CA, ",
                "trust it for this server instead, where only what makes a chain unsafe is refused: \(caAdvice).")
        case .other(let code, let message):
            return tr("Verification failed: \(message) (OpenSSL error \(code)).")
        }
    }

    /// The lines for one trust problem: one line each, except the `CERTIFICATE CHANGED` block, which
    /// says first whether the change is a proven renewal (`advice`; what to do follows the problems).
    public func lines(for problem: TrustProblem, chain: PresentedChain? = nil, advice: TrustAdvice? = nil)
        -> [String]
    {
        switch problem {
        case .verification(let verification):
            return [line(for: verification, chain: chain)]
        case .pinMismatch(let presented, let pinned):
            // No command that pins a presented key: the server under suspicion would choose it.
            return [
                tr(
                    "Pin mismatch: no key in the chain is pinned for this server. ",
                    "Presented: \(list(presented)); pinned: \(list(pinned)). ",
                    "Someone may be intercepting the connection, or the server's keys were replaced.")
            ]
        case .pinnedAnchorRefused(let pin, let problems):
            let reasons = problems.map { line(for: $0, chain: chain) }.joined(separator: " ")
            return [
                tr(
                    "The pinned key \(pin) is in the chain, but the chain does not verify with it as the trust anchor ",
                    "(a pinned CA vouches only for certificates it may issue): \(reasons)")
            ]
        case .certificateChanged(let accepted, let presented, let change):
            return certificateChanged(accepted: accepted, presented: presented, change: change)
        case .missingBackupPin:
            return [
                tr(
                    "No backup pin: every pinned key is in the chain the server presents now, so a new server key ",
                    "would lock you out. Pin a spare key too: `\(pinCommand("sha256//…"))`.")
            ]
        case .noCertificate:
            return [tr("The server presented no certificate.")]
        }
    }

    /// The ssh-style hard failure: a proven renewal says so first (and no "intercepting"); otherwise
    /// the warning. Then both fingerprints, subjects and dates, and whether it comes from the same CA.
    /// What to do is the advice's, said after every problem (`adviceLines`).
    private func certificateChanged(
        accepted: AcceptedCertificate, presented: CertificateFacts, change: CertificateChange
    ) -> [String] {
        let labels = [tr("accepted:"), tr("presented:")]
        let width = labels.map(TerminalText.width).max() ?? 0
        func label(_ text: String) -> String {
            "  " + text + String(repeating: " ", count: width - TerminalText.width(text) + 1)
        }
        let indent = String(repeating: " ", count: width + 3)
        var lines = [tr("CERTIFICATE CHANGED: \(server) presents a different certificate from the one you accepted.")]
        if case .renewedBySameIssuer(let issuer) = change {
            lines.append(
                tr(
                    "It is a renewal by the same certificate authority (\(CertificateName.of(subject: issuer, in: nil))): ",
                    "the new certificate is signed by the key recorded for it when you accepted the old one. It is ",
                    "still refused: an accepted certificate is replaced at every renewal."))
        } else {
            lines.append(tr("Someone may be intercepting the connection, or the server's certificate was replaced."))
        }
        lines += [
            label(labels[0]) + accepted.fingerprint.description,
            indent
                + tr(
                    "\(CertificateName.of(accepted)), valid \(validity(accepted.notBefore, accepted.notAfter)), ",
                    "accepted \(Dates.day(accepted.acceptedAt))"),
            label(labels[1]) + presented.fingerprint.description,
            indent + tr("\(CertificateName.of(presented)), valid \(validity(presented.notBefore, presented.notAfter))"),
        ]
        if let unproven = notShownSameCA(change) { lines.append(unproven) }
        return lines
    }

    /// Why a change is not shown to come from the same certificate authority; nil for a proven renewal.
    private func notShownSameCA(_ change: CertificateChange) -> String? {
        switch change {
        case .renewedBySameIssuer:
            return nil
        case .unproven(let issuer):
            return tr(
                "It is not shown to come from the same certificate authority: it names the same issuer ",
                "(\(CertificateName.of(subject: issuer, in: nil))), but its signature does not verify under the ",
                "key recorded for it. Nothing was changed.")
        case .differentIssuer(let accepted, let presented):
            return tr(
                "It is not shown to come from the same certificate authority: it was issued by ",
                "\(CertificateName.of(subject: presented, in: nil)), the accepted one by ",
                "\(CertificateName.of(subject: accepted, in: nil)). Nothing was changed.")
        case .differentNames:
            return tr(
                "It is not shown to come from the same certificate authority: it names other hosts than the ",
                "accepted certificate did. Nothing was changed.")
        case .unknown:
            return tr(
                "Whether it comes from the same certificate authority cannot be told: the accepted certificate ",
                "was recorded before its issuer was. Nothing was changed.")
        }
    }

    /// `remission trust ca NAME FILE` in backquotes, or connect's `--ca-file FILE`.
    var caAdvice: String { place == .connect ? tr("connect's `\(caCommand)`") : "`\(caCommand)`" }

    private func validity(_ notBefore: Int64, _ notAfter: Int64) -> String {
        tr("\(Dates.day(notBefore)) to \(Dates.day(notAfter))")
    }

    private func list(_ pins: [SPKIPin]) -> String {
        pins.isEmpty ? tr("none") : pins.map(\.description).joined(separator: ", ")
    }
}
