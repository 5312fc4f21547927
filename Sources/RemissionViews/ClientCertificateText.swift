import RemissionSession
import RemissionTransport
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// The words of client certificates (mutual TLS): why one kept a server from answering, the next
/// step, and the line that shows which certificate a server uses. Paths and certificate names pass
/// through `TerminalText.safe`.
public enum ClientCertificateText {
    public static func reason(_ problem: ClientCertificateProblem) -> String {
        switch problem {
        case .required: return tr("the server asks for a client certificate and none is configured")
        case .rejected(let alert?): return tr("the server refused the client certificate (TLS alert: \(safe(alert)))")
        case .rejected(nil):
            return tr("the server refused the client certificate (HTTP 400: The SSL certificate error)")
        case .unusable(let error): return unusableReason(error)
        }
    }

    static func unusableReason(_ error: ClientCertificateError) -> String {
        switch error {
        case .missing(let path): return tr("client certificate file \(safe(path)) does not exist")
        case .unreadable(let path, let code):
            return tr("cannot read client certificate file \(safe(path)): \(String(cString: strerror(code)))")
        case .notACertificate(let path): return tr("\(safe(path)) holds no client certificate (PEM or PKCS#12)")
        case .noKey(let path): return tr("no private key could be read from \(safe(path))")
        case .passphraseNeeded(let path):
            return tr("the client key \(safe(path)) is encrypted and no passphrase was given")
        case .wrongPassphrase(let path): return tr("wrong passphrase for the client key \(safe(path))")
        case .keyMismatch(let certificate, let key):
            return tr("the client key \(safe(key)) does not belong to the certificate \(safe(certificate))")
        case .expired(let path, let notAfter):
            return tr("the client certificate \(safe(path)) expired on \(Dates.day(notAfter))")
        }
    }

    /// The next step; `place` `.connect` names connect's own flags.
    public static func hint(_ problem: ClientCertificateProblem, server: String, place: HintPlace) -> String {
        let again: String
        if place == .connect {
            again = tr("run connect again with --client-cert FILE (and --client-key FILE when the key is apart)")
        } else if server.contains("://") {
            again = tr("remission connect \(server) --client-cert FILE [--client-key FILE]")
        } else {
            again = tr("remission connect URL --server \(server) --client-cert FILE [--client-key FILE]")
        }
        switch problem {
        case .required(let url?) where place == .command && !server.contains("://"):
            return tr(
                "Give this server its client certificate: remission connect \(quotedForShell(url)) --server ",
                "\(server) --client-cert FILE [--client-key FILE]")
        case .required:
            return tr("Give this server its client certificate: \(again)")
        case .rejected:
            return tr(
                "The server does not accept this certificate: check that its CA is the one the server trusts ",
                "and that it is still valid (remission servers shows which one is used).")
        case .unusable(.passphraseNeeded), .unusable(.wrongPassphrase):
            return tr(
                "Give the passphrase on a terminal or in \(ClientCertificateInput.passphraseVariable); ",
                "connect stores it in the keyring.")
        case .unusable(.keyMismatch):
            return tr("Give the key that belongs to the certificate: \(again)")
        case .unusable(.expired):
            return tr("Renew the certificate, then: \(again)")
        case .unusable:
            return tr("Check the file, or point the server at another one: \(again)")
        }
    }

    /// "Client certificate: CN=me, expires 2026-12-21 (in 30 days)" and "Issued by: CN=Home CA"
    /// (two lines, so each fits a terminal more often): under check's tls step, in `servers` and in
    /// `trust show`.
    public static func lines(_ facts: CertificateFacts, now: Int64) -> [String] {
        let subject = CertificateName.of(facts)
        let (day, when) = (Dates.day(facts.notAfter), Dates.relativeDays(facts.notAfter, now: now))
        return [
            facts.notAfter < now
                ? tr("Client certificate: \(subject), expired \(day) (\(when))")
                : tr("Client certificate: \(subject), expires \(day) (\(when))"),
            "  " + tr("issued by \(safe(facts.issuer))"),
        ]
    }

    /// What a person sees of a configured certificate (`servers`, `trust show`): its file, then its
    /// facts, or why they cannot be read.
    public static func status(_ status: ClientCertificateStatus, now: Int64) -> [String] {
        var lines = [tr("Client certificate file: \(safe(status.path))")]
        if let facts = status.facts {
            lines += self.lines(facts, now: now)
        } else if let problem = status.problem {
            lines.append(tr("Client certificate: \(unusableReason(problem))"))
        } else {
            lines.append(tr("Client certificate: PKCS#12, opened with its passphrase when connecting"))
        }
        return lines
    }

    /// Shown when the server asked for a client certificate and ours was sent, or none was.
    public static func offered(_ sent: Bool) -> String {
        sent
            ? tr("The server asked for a client certificate; it was sent.")
            : tr("The server asked for a client certificate.")
    }

    static func safe(_ text: String) -> String { TerminalText.safe(text) }
}
