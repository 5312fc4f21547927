import RemissionTrust

extension TrustText {
    /// connect's certificate question in the ssh spirit (its sentences wrapped at 80 cells): one sentence saying what is happening and why
    /// the question comes, every problem, the facts a person compares (subject, names, issuer,
    /// validity, fingerprint once, pin once), and how to compare them. The question itself follows.
    ///
    ///     The authenticity of nas:8443 cannot be established: no one you trust vouches for its certificate.
    ///       - The certificate is self-signed: no certificate authority vouches for it.
    ///         Subject:     CN=nas
    ///         …
    ///         Fingerprint: SHA256:…
    ///         SPKI pin:    sha256//…
    ///     Compare the fingerprint with the server's own before you answer; …
    ///
    /// Then each certificate's lifetime and what else could be trusted (`renewalLines`): the answers
    /// to type when `interactive`, connect's flags otherwise.
    public func onboardingScreen(
        authority: String, decision: TrustDecision, chain: PresentedChain, interactive: Bool = true
    ) -> [String] {
        var lines = TerminalText.wrap(
            tr(
                "The authenticity of \(TerminalText.safe(authority)) cannot be established: ",
                "no one you trust vouches for its certificate."))
        if case .refused(let problems) = decision {
            for problem in problems {
                let text = self.lines(for: problem, chain: chain).map(TerminalText.safe)
                for (index, line) in text.enumerated() {
                    lines += TerminalText.wrap(line, first: index == 0 ? "  - " : "    ", rest: "    ")
                }
            }
        }
        guard let leaf = chain.leaf else { return lines }
        for row in ChainText.certificateLines(leaf, now: now, withKey: false) {
            // A row wider than 80 cells (the fingerprint: 84) puts its value under its label, whole.
            guard TerminalText.width("    " + row) > 80, let colon = row.firstIndex(of: ":") else {
                lines.append("    " + row)
                continue
            }
            lines.append("    " + row[...colon])
            lines.append("      " + row[row.index(after: colon)...].drop { $0 == " " })
        }
        if chain.certificates.count > 1 {
            lines.append(
                tr(
                    "(the server sent \(count: chain.certificates.count, "certificate", "certificates"); ",
                    "this is the first, its own)"))
        }
        lines += TerminalText.wrap(
            tr(
                "Compare the fingerprint with the server's own before you answer ",
                "(on the server: openssl x509 -noout -fingerprint -sha256 -in CERTIFICATE)."))
        lines += TerminalText.wrap(lifetimeLine(chain))
        lines += renewalLines(TrustChoices(chain: chain), chain: chain, interactive: interactive)
        return lines
    }
}
