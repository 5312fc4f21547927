import RemissionTrust

extension TrustText {
    /// "Lifetimes: leaf 12 hours, intermediate 7 days, root not sent" — how long each certificate of
    /// the chain lives, so a person sees what a renewal will replace.
    public func lifetimeLine(_ chain: PresentedChain) -> String {
        var parts: [String] = []
        for (index, certificate) in chain.certificates.enumerated() {
            let role = index == 0 ? tr("leaf") : (certificate.isSelfIssued ? tr("root") : tr("intermediate"))
            parts.append("\(role) \(Self.duration(certificate.notAfter - certificate.notBefore))")
        }
        if let last = chain.certificates.last, !last.isSelfIssued {
            parts.append(tr("root not sent"))
        }
        return tr("Lifetimes: \(parts.joined(separator: ", "))")
    }

    /// A lifetime as people say it: hours below two days, days below two years, then years.
    public static func duration(_ seconds: Int64) -> String {
        let hours = Int(clamping: max(0, seconds) / 3600)
        if hours < 48 { return tr("\(count: hours, "hour", "hours")") }
        let days = hours / 24
        if days < 730 { return tr("\(count: days, "day", "days")") }
        return tr("\(count: days / 365, "year", "years")")
    }

    /// What first contact offers beside this certificate, which choice survives renewals (a line of
    /// its own that begins with "Recommended:" and names what to type), where a known private CA
    /// keeps its root, and a warning before trusting a short-lived leaf alone. `interactive`: the
    /// answers typed at connect's question; otherwise the commands (or connect's flags) that do it.
    public func renewalLines(_ choices: TrustChoices, chain: PresentedChain, interactive: Bool) -> [String] {
        guard let leaf = chain.leaf else { return [] }
        var lines: [String] = []
        if choices.leafIsShortLived {
            lines += TerminalText.wrap(
                tr(
                    "This certificate lives \(Self.duration(leaf.notAfter - leaf.notBefore)): trusting it alone means ",
                    "CERTIFICATE CHANGED at every renewal."))
        }
        if let privateCA = choices.privateCA { lines += TerminalText.wrap(rootLocation(privateCA)) }
        guard choices.offered.count > 1 else { return lines }
        if interactive {
            // Short answers: one aligned table, as the question's words.
            lines.append(tr("What to trust (type the word):"))
            let rows = choices.offered.map { choice in
                (
                    choice == .caFile
                        ? tr("FILE") : answer(choice, leaf: leaf, privateCA: choices.privateCA, interactive: true),
                    meaning(choice, chain: chain)
                )
            }
            let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
            for (word, meaning) in rows {
                let label = "  " + word + String(repeating: " ", count: width - TerminalText.width(word) + 2)
                lines += TerminalText.wrap(meaning, first: label, rest: String(repeating: " ", count: width + 4))
            }
        } else {
            // Commands are long: each under what it trusts. This certificate's own command is above.
            lines.append(tr("What else can be trusted:"))
            for choice in choices.offered where choice != .certificate {
                lines += TerminalText.wrap(meaning(choice, chain: chain) + ":", first: "  ", rest: "    ")
                lines.append("    " + answer(choice, leaf: leaf, privateCA: choices.privateCA, interactive: false))
            }
        }
        let recommended = answer(
            choices.recommended, leaf: leaf, privateCA: choices.privateCA, interactive: interactive)
        if interactive {
            lines += TerminalText.wrap(tr("Recommended: type \(recommended) (it survives the server's renewals)."))
        } else {
            lines.append(tr("Recommended (it survives the server's renewals):"))
            lines.append("  " + recommended)
        }
        return lines
    }

    private func answer(_ choice: TrustChoices.Choice, leaf: CertificateFacts, privateCA: PrivateCA?, interactive: Bool)
        -> String
    {
        let file = Self.rootFileName(privateCA)
        switch (choice, interactive) {
        case (.certificate, true): return tr("yes")
        case (.issuerKey, true): return tr("issuer")
        case (.rootKey, true): return tr("root")
        case (.caFile, true): return tr("the path of \(file)")
        case (.certificate, false): return acceptCommand(leaf.fingerprint)
        case (.issuerKey(let key), false):
            guard place == .command else { return pinCommand(key) }
            return "remission trust pin \(quotedForShell(server)) --issuer"  // verbatim
        case (.rootKey(let key), false):
            guard place == .command else { return pinCommand(key) }
            return "remission trust pin \(quotedForShell(server)) --root"  // verbatim
        case (.caFile, false):
            return caCommand.replacing("FILE", with: file)
        }
    }

    private func meaning(_ choice: TrustChoices.Choice, chain: PresentedChain) -> String {
        func lifetime(_ index: Int) -> String {
            guard index < chain.certificates.count else { return "" }
            let certificate = chain.certificates[index]
            return Self.duration(certificate.notAfter - certificate.notBefore)
        }
        switch choice {
        case .certificate:
            return tr("this certificate only: replaced at every renewal")
        case .issuerKey:
            return tr("its issuer's key: survives renewals of the leaf while the issuer lives (\(lifetime(1)))")
        case .rootKey:
            return tr("the root's key: survives every renewal under that root")
        case .caFile:
            return tr(
                "the path of the CA's root certificate file, which the server does not send: survives every ",
                "renewal under it")
        }
    }

    func rootLocation(_ privateCA: PrivateCA) -> String {
        switch privateCA {
        case .caddy:
            return tr(
                "This is Caddy's own certificate authority (tls internal). Its root certificate is on the Caddy ",
                "machine, in Caddy's data directory: pki/authorities/local/root.crt (Debian's caddy service: ",
                "/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt). Copy it here.")
        case .stepCA:
            return tr(
                "This looks like step-ca. Its root certificate is on the CA's machine: $(step path)/certs/root_ca.crt ",
                "(or run: step ca root root_ca.crt). Copy it here.")
        case .mkcert:
            return tr(
                "This is an mkcert certificate authority. Its root certificate is rootCA.pem in the directory ",
                "`mkcert -CAROOT` prints on the machine that made it. Copy it here.")
        }
    }

    /// The file name a known private CA gives its root, for the commands shown.
    static func rootFileName(_ privateCA: PrivateCA?) -> String {
        switch privateCA {
        case .caddy?: return "root.crt"  // verbatim
        case .stepCA?: return "root_ca.crt"
        case .mkcert?: return "rootCA.pem"
        case nil: return "ROOT.crt"
        }
    }
}
