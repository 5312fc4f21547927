import RemissionTrust

/// The trust lines and the certificate expiry under the tls step of `check`.
public enum CheckText {
    /// The trust decision under the tls step, with every note or problem.
    public static func trustLines(
        _ decision: TrustDecision, chain: PresentedChain?, server: String, now: Int64, place: HintPlace = .command
    ) -> [String] {
        TrustText(server: server, now: now, place: place).lines(
            for: decision, chain: chain ?? PresentedChain(certificates: [], problems: []))
    }

    /// A URL of the web interface given to check: the RPC address beside it is what is checked.
    public static func webInterfaceNote(typed: String, checked: String) -> String {
        tr(
            "note: \(TerminalText.safe(typed)) is the web interface; checking its RPC address \(TerminalText.safe(checked))"
        )
    }

    /// "certificate CN=nas, expires 2026-12-21 (in 30 days)".
    public static func expiryLine(_ leaf: CertificateFacts, now: Int64) -> String {
        let when = Dates.relativeDays(leaf.notAfter, now: now)
        let (subject, date) = (CertificateName.of(leaf), Dates.day(leaf.notAfter))
        return leaf.notAfter < now
            ? tr("Certificate: \(subject), expired \(date) (\(when))")
            : tr("Certificate: \(subject), expires \(date) (\(when))")

    }
}
