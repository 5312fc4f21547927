import RemissionTrust

/// The words of `TrustAdvice`: what a refusal recommends, in the order decided there, as commands that
/// work where they are shown. Nothing here chooses what to recommend.
extension TrustText {
    /// The advice for `decision` about `chain` where this text is shown: a saved server (or one with
    /// stored trust) is known, so a refusal is a change; a URL with nothing stored is a first contact.
    public func advice(_ decision: TrustDecision, chain: PresentedChain) -> TrustAdvice {
        TrustAdvice.advise(decision: decision, chain: chain, known: place == .command && !server.contains("://"))
    }

    /// The lines after the problems: what the names say, the findings, and each fix with its
    /// command(s), best first; no fix for a trusted chain or a first contact (its own screen says it).
    public func adviceLines(_ advice: TrustAdvice, chain: PresentedChain) -> [String] {
        var lines: [String] = []
        if case .resolvesHere(let name, let address)? = advice.tlsName, advice.fixes.contains(.checkAs(name: name)) {
            lines.append(
                tr(
                    "\(name) resolves to \(address) on this computer, the address connected: ",
                    "if this is the server named \(name), add --tls-name \(name)."))
        } else if case .notHere(let names, let address)? = advice.tlsName {
            let list = names.joined(separator: ", ")
            switch (address, names.count) {
            case (let address?, 1):
                lines.append(
                    tr(
                        "\(list) does not resolve to \(address) on this computer: make sure this address is that ",
                        "server before you check it by that name (--tls-name NAME)."))
            case (let address?, _):
                lines.append(
                    tr(
                        "None of \(list) resolves to \(address) on this computer: make sure this address is one of ",
                        "those servers before you check it by that name (--tls-name NAME)."))
            case (nil, _):
                lines.append(
                    tr("Make sure this server is \(list) before you check it by that name (--tls-name NAME)."))
            }
        }
        // First contact's own screen (`renewalLines`) says the rest: what else can be trusted, and where.
        if advice.verdict == .firstContact || advice.verdict == .trusted { return lines }
        let rootFile = advice.fixes.contains { if case .trustRootFile = $0 { true } else { false } }
        for finding in advice.findings {
            if case .privateCA = finding, !rootFile { continue }  // where its root lives matters only then
            lines += findingLines(finding)
        }
        let fixes = advice.fixes.filter { if case .checkAs = $0 { false } else { true } }
        guard let first = fixes.first else { return lines }
        switch advice.verdict {
        case .renewedBySameCA:
            lines.append(
                tr(
                    "Nothing was changed. To let this and the next renewals pass, trust the certificate authority ",
                    "instead, best first:"))
        case .notShownSameCA:
            lines.append(tr("Only if you are sure it is your server and it was changed on purpose, best first:"))
        case .trusted, .firstContact, .hostMismatchOnly:
            return lines
        }
        // One line per sentence and per command, as every trust line: the place that shows them wraps.
        for fix in [first] + fixes.dropFirst() {
            lines.append("  - " + description(fix))
            lines += commands(fix).map { "      " + $0 }
        }
        return lines
    }

    /// The final `hint:` of a refusal: the first fix in one line (for a proven renewal, the durable
    /// one); nil when the advice recommends nothing here.
    public func hint(_ advice: TrustAdvice) -> String? {
        if advice.verdict == .hostMismatchOnly {
            guard let name = advice.tlsName?.resolving else {
                return tr("Put a name its certificate covers in the server's URL, once you are sure it is that server.")
            }
            let safe = TerminalText.safe(name)  // the certificate's (plain by `LocalNames.candidates`)
            return tr("It is the server named \(safe) here: add --tls-name \(safe).")
        }
        guard let fix = advice.fixes.first(where: { if case .checkAs = $0 { false } else { true } }) else { return nil }
        let command = commands(fix).joined(separator: tr(", then "))
        switch (advice.verdict, fix) {
        case (.renewedBySameCA, _):
            return tr("Trust the certificate authority, not one certificate: \(command)")
        case (.notShownSameCA, .trustRootFile):
            return tr("If it is your own certificate authority, trust its root, copied from its machine: \(command)")
        case (.notShownSameCA, .compareThenPin):
            return tr(
                "Compare its key with the server's own (remission trust show \(quotedForShell(server))), ",
                "then pin that one: \(command)")
        case (.notShownSameCA, _):
            return tr("Compare it with the server's own on a terminal: \(command)")
        case (.trusted, _), (.firstContact, _), (.hostMismatchOnly, _):
            return nil
        }
    }

    private func findingLines(_ finding: TrustAdvice.Finding) -> [String] {
        switch finding {
        case .shortLivedLeaf:
            return []  // said at first contact; a refusal recommends what outlives it
        case .privateCA(let privateCA):
            return [rootLocation(privateCA)]
        case .caFileHoldsIntermediate(let subject, let replaced):
            let name = CertificateName.of(subject: subject, in: nil)
            return [
                replaced
                    ? tr(
                        "The server's CA file holds an intermediate certificate ('\(name)'), not a root, and the ",
                        "server now presents another certificate of that name: its certificate authority renews its ",
                        "intermediate (Caddy every 7 days), and a CA file with it stops working then.")
                    : tr(
                        "The server's CA file holds an intermediate certificate ('\(name)'), not a root: its ",
                        "certificate authority renews it (Caddy every 7 days), and the CA file stops working then.")
            ]
        case .pinnedKeysNotPresented:
            return [
                tr(
                    "None of the pinned keys is presented: a renewal with a new key looks like this (of a pinned ",
                    "leaf, or of a pinned intermediate: Caddy renews its own every 7 days), and so does an impostor.")
            ]
        }
    }

    /// What one fix does, ending in a colon (its commands follow).
    private func description(_ fix: TrustAdvice.Fix) -> String {
        switch fix {
        case .trustRootFile:
            return tr(
                "trust the root certificate of its certificate authority, copied from the CA's own machine: it ",
                "survives every renewal, and a chain it did not issue is refused:")
        case .pinRootKey: return tr("pin the root's key (it survives every renewal under that root):")
        case .pinIssuerKey(_, let lifetime, _):
            return tr(
                "pin its issuer's key (it survives renewals of the leaf while the issuer lives, \(Self.duration(lifetime))):"
            )
        case .acceptCertificate: return tr("accept this certificate only (it is replaced at its next renewal):")
        case .pinLeafKey: return tr("pin this certificate's key:")
        case .compareThenAccept:
            return tr(
                "look at it on a terminal and compare its fingerprint with the server's own before you answer ",
                "(on the server: openssl x509 -noout -fingerprint -sha256 -in CERTIFICATE):")
        case .compareThenPin:
            return tr(
                "compare the key it presents (remission trust show \(quotedForShell(server))) with the server's own ",
                "(on the server: openssl x509 -noout -pubkey -in CERTIFICATE | openssl pkey -pubin -outform der | ",
                "openssl dgst -sha256 -binary | openssl base64), then pin the one you compared:")
        case .checkAs(let name): return tr("check it as \(name):")
        }
    }

    /// The commands of one fix where this text is shown (connect's flags during connect).
    func commands(_ fix: TrustAdvice.Fix) -> [String] {
        let name = quotedForShell(server)
        let replace = " --replace-accepted"  // verbatim
        switch (fix, place) {
        case (.trustRootFile(let privateCA, let replacingAccepted, let replacingPins), .command):
            let file = Self.rootFileName(privateCA)
            return ["remission trust ca \(name) \(file)" + (replacingAccepted ? replace : "")]  // verbatim
                + (replacingPins ? ["remission trust forget \(name) --pins --yes"] : [])  // verbatim
        case (.pinRootKey(_, let replacingAccepted), .command):
            return ["remission trust pin \(name) --root" + (replacingAccepted ? replace : "")]  // verbatim
        case (.pinIssuerKey(_, _, let replacingAccepted), .command):
            return ["remission trust pin \(name) --issuer" + (replacingAccepted ? replace : "")]  // verbatim
        case (.compareThenAccept, .command): return ["remission trust accept \(name)"]  // verbatim
        case (.compareThenPin, .command): return [pinCommand("sha256//…")]
        case (.trustRootFile(let privateCA, let replacingAccepted, let replacingPins), .connect):
            // connect replaces an accepted certificate with the flag; pins would still decide during
            // connect's own check, so they are forgotten first.
            return (replacingPins ? ["remission trust forget \(name) --pins --yes"] : [])  // verbatim
                + ["--ca-file \(Self.rootFileName(privateCA))" + (replacingAccepted ? replace : "")]  // verbatim
        case (.trustRootFile(let privateCA, _, _), _):
            return [caCommand.replacing("FILE", with: Self.rootFileName(privateCA))]
        case (.pinRootKey(let key, _), _), (.pinIssuerKey(let key, _, _), _), (.pinLeafKey(let key), _):
            return [pinCommand(key)]
        case (.acceptCertificate(let fingerprint), _): return [acceptCommand(fingerprint)]
        case (.compareThenAccept, _): return [acceptCommand(placeholder: true)]
        case (.compareThenPin, _): return [pinCommand("sha256//…")]
        case (.checkAs(let tlsName), _): return ["--tls-name \(tlsName)"]  // verbatim
        }
    }

    /// `--accept-fingerprint SHA256:…` (connect) or `trust accept NAME --fingerprint SHA256:…`: the one
    /// the user read on the server goes in place of the dots.
    private func acceptCommand(placeholder: Bool) -> String {
        place == .command
            ? "remission trust accept \(quotedForShell(server)) --fingerprint SHA256:…"  // verbatim
            : "--accept-fingerprint SHA256:…"  // verbatim
    }
}

extension TLSNameAdvice {
    /// The name that resolves here to the address connected, if one does.
    var resolving: String? {
        if case .resolvesHere(let name, _) = self { return name }
        return nil
    }
}
