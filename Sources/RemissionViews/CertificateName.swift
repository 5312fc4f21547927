import RemissionTrust

/// How a certificate is named to a person, the one rule for every view: its subject; a certificate
/// without one (every Caddy leaf, most ACME leaves) by the names it covers, the first few of them; one
/// with neither as "no subject". Terminal-safe: subjects and names come from the server.
public enum CertificateName {
    /// How many subjectAltNames name a certificate without a subject before "and N more".
    static let shownNames = 3

    public static func of(_ certificate: CertificateFacts) -> String {
        of(subject: certificate.subject, names: certificate.subjectAltNames)
    }

    /// An accepted certificate keeps its subject and, when accepted since they were kept, its names.
    public static func of(_ accepted: AcceptedCertificate) -> String {
        of(subject: accepted.subject, names: accepted.names ?? [])
    }

    /// A subject as a verification problem carries it: the names of the certificate in `chain` that
    /// has this (empty) subject, when there is one.
    public static func of(subject: String, in chain: PresentedChain?) -> String {
        let names = chain?.certificates.first { $0.subject == subject }?.subjectAltNames ?? []
        return of(subject: subject, names: names)
    }

    public static func of(subject: String, names: [SubjectAltName]) -> String {
        if !isBlank(subject) { return TerminalText.safe(subject) }
        guard !names.isEmpty else { return tr("no subject") }
        let shown = TerminalText.safe(names.prefix(shownNames).map(\.description).joined(separator: ", "))
        let more = names.count - shownNames
        return more > 0 ? tr("\(shown) and \(count: more, "more name", "more names")") : shown
    }

    /// The value of a "Subject:" row: the subject, or "none" (the names have a row of their own).
    public static func subjectRow(_ subject: String) -> String {
        isBlank(subject) ? tr("none") : TerminalText.safe(subject)
    }

    private static func isBlank(_ subject: String) -> Bool { subject.allSatisfy(\.isWhitespace) }
}
