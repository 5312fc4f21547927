import RemissionModel
import RemissionSession
import RemissionTrust

/// The words of `trust …`: what is stored, what a change did, and the notes that follow it. The
/// certificate and decision lines are `ChainText`'s and `TrustText`'s; JSON is in
/// `TrustCommandText+JSON`.
public enum TrustCommandText {
    /// The stored trust of one identity, one line each, for `show`, `forget` and `list`.
    public static func storedLines(_ trust: ServerTrust) -> [String] {
        var rows: [(String, String)] = []
        if trust.pins.isEmpty {
            rows.append((tr("pins:"), tr("none")))
        } else {
            rows += trust.pins.enumerated().map { ($0.offset == 0 ? tr("pins:") : "", "\($0.element)") }
        }
        if let accepted = trust.accepted {
            rows.append((tr("accepted:"), accepted.fingerprint.description))
            let (from, to) = (Dates.day(accepted.notBefore), Dates.day(accepted.notAfter))
            rows.append(
                (
                    "",
                    tr(
                        "\(CertificateName.of(accepted)), valid \(from) to \(to), accepted \(Dates.day(accepted.acceptedAt))"
                    )
                ))
        } else {
            rows.append((tr("accepted:"), tr("none")))
        }
        rows.append((tr("CA file:"), trust.caFile.map(safe) ?? tr("none")))
        rows.append((tr("plain HTTP:"), trust.httpAcknowledged ? tr("acknowledged") : tr("not acknowledged")))
        return labelled(rows)
    }

    /// `label value` rows with the values in one column of at least 13 cells, as `trust show` aligns them.
    static func labelled(_ rows: [(String, String)]) -> [String] {
        let width = max(12, rows.map { TerminalText.width($0.0) }.max() ?? 0)
        return rows.map { label, value in
            label + String(repeating: " ", count: width - TerminalText.width(label) + 1) + value
        }
    }

    /// The certificates and the decision, as `trust show` and `trust accept` print them.
    public static func probeLines(_ probe: TrustProbe, server: String, now: Int64) -> [String] {
        ChainText.lines(probe.chain, now: now)
            + TrustText(server: server, now: now).lines(for: probe.decision, chain: probe.chain)
    }

    /// `trust show` of an https server: the server, TLS, the certificates, the decision, what is stored.
    public static func show(_ subject: TrustSubject, stored: ServerTrust, probe: TrustProbe, now: Int64) -> String {
        var rows = [(tr("Server:"), "\(safe(subject.label)) (\(subject.identity))")]
        if let tls = probe.report.tls, let version = tls.protocolVersion {
            rows.append((tr("TLS:"), "\(safe(version))\(tls.cipher.map { ", \(safe($0))" } ?? "")"))
        }
        var lines = labelled(rows)
        lines += probeLines(probe, server: subject.label, now: now)
        let text = TrustText(server: subject.label, now: now)
        lines.append(text.lifetimeLine(probe.chain))
        // First contact's choices; a known server's refusal already said what it recommends.
        if let choices = text.advice(probe.decision, chain: probe.chain).choices {
            lines += text.renewalLines(choices, chain: probe.chain, interactive: false)
        }
        lines.append(tr("Stored for \(subject.identity):"))
        lines += storedLines(stored).map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    public static var noRequestSent: String { tr("No HTTP request was sent.") }

    /// `trust show` of a plain-HTTP server: no certificate, and whether it is acknowledged.
    public static func showPlainHTTP(_ subject: TrustSubject, state: PlainHTTPState) -> String {
        let rows = labelled([
            (tr("Server:"), "\(safe(subject.label)) (\(subject.identity))"),
            (tr("Plain HTTP:"), plainHTTPState(state)),
        ])
        return [
            rows[0], tr("No certificate: \(subject.endpoint.authority) is reached over plain HTTP, unencrypted."),
            rows[1],
        ].joined(separator: "\n")
    }

    static func plainHTTPState(_ state: PlainHTTPState) -> String {
        switch state {
        case .acknowledged: tr("acknowledged")
        case .loopback: tr("not needed (loopback)")
        case .notAcknowledged: tr("not acknowledged")
        }
    }

    /// Why `trust show` of an unacknowledged plain-HTTP server exits 5.
    public static func plainHTTPNotAcknowledged(_ subject: TrustSubject) -> String {
        tr(
            "Plain HTTP to \(subject.endpoint.authority) is not acknowledged, so commands warn about it. ",
            "Use https://, or acknowledge with: remission trust http \(quotedForShell(subject.label)) --acknowledge")
    }

    /// What `trust accept` did, the note about pins, and the next command.
    public static func accepted(_ acceptance: Acceptance, subject: TrustSubject) -> String {
        var lines: [String] = []
        let accepted = acceptance.accepted
        let name = CertificateName.of(subject: accepted.subject, names: acceptance.names)
        if let previous = acceptance.previous, !acceptance.changed {
            lines.append(
                tr(
                    "This certificate was already accepted for \(subject.identity) on ",
                    "\(Dates.day(previous.acceptedAt)); nothing was changed."))
        } else if let previous = acceptance.previous {
            let old = tr("old:")
            let new = tr("new:")
            let width = max(TerminalText.width(old), TerminalText.width(new))
            func label(_ text: String) -> String {
                "  " + text + String(repeating: " ", count: width - TerminalText.width(text) + 1)
            }
            lines += [
                tr("Replaced the accepted certificate for \(subject.identity):"),
                label(old)
                    + tr(
                        "\(previous.fingerprint) (\(CertificateName.of(previous)), accepted ",
                        "\(Dates.day(previous.acceptedAt)))"),
                label(new) + "\(accepted.fingerprint) (\(name))",
            ]
        } else {
            lines.append(tr("Accepted \(accepted.fingerprint) (\(name)) for \(subject.identity)."))
        }
        if acceptance.pinsSet {
            lines.append(
                tr(
                    "Note: pins are set for this server and decide first; the accepted certificate counts only without ",
                    "them (remission trust unpin \(quotedForShell(subject.label)))."))
        }
        lines.append(next(subject))
        return lines.joined(separator: "\n")
    }

    static func next(_ subject: TrustSubject) -> String { tr("Next: remission check \(quotedForShell(subject.label))") }

    /// What `trust pin` did, and a warning about the pin set.
    public static func pinned(_ pinning: Pinning, subject: TrustSubject, now: Int64 = 0) -> String {
        var lines =
            pinning.new.isEmpty
            ? [tr("Every pin given was already set for \(subject.identity); nothing was changed.")]
            : [
                tr(
                    "Pinned \(count: pinning.new.count, "key", "keys") for \(subject.identity); ",
                    "\(pinning.pinned.count) set now.")
            ]
        if let current = pinning.currentAlso {
            lines.append(
                tr(
                    "Pinned the key the server presents now too (no pins were set, and the spare alone would refuse ",
                    "it): \(current)"))
        }
        // With a probe (--issuer, --root) the decision below says it, a missing backup pin as its note.
        switch pinning.probe == nil ? pinning.warning : nil {
        case .noPinMatches(let presented):
            lines.append(
                tr(
                    "warning: no pin matches a key the server presents now, so connections will be refused (pin ",
                    "mismatch). Its key is \(presented)."))
        case .noBackupPin:
            lines.append(
                tr(
                    "warning: every pin is a key in the current chain: add a backup pin (a spare key kept offline) ",
                    "with `remission trust pin \(quotedForShell(subject.label)) --generate-backup spare-key.pem`, ",
                    "or a new server key will lock you out."))
        case nil: break
        }
        if let backup = pinning.backup { lines += spareKey(backup, subject: subject) }
        if let replaced = pinning.replacedAccepted { lines.append(replacedLine(replaced)) }
        if let probe = pinning.probe {
            lines += TrustText(server: subject.label, now: now).lines(for: probe.decision, chain: probe.chain)
        }
        return lines.joined(separator: "\n")
    }

    /// What `--generate-backup` made, where to keep it, and how it serves when the key is rotated.
    static func spareKey(_ backup: SpareKeyFile, subject: TrustSubject) -> [String] {
        let name = quotedForShell(subject.label)
        let file = quotedForShell(backup.path)
        return [
            tr(
                "Generated a spare \(backup.keyType) key in \(safe(backup.path)) (mode 0600) and pinned it: \(backup.pin)"
            ),
            tr(
                "Keep that file offline, not on the server (a USB stick, a password manager): whoever takes the server ",
                "must not get its spare too."),
            tr(
                "When you rotate the server's key: make its new certificate with the spare ",
                "(openssl req -new -key \(file) …, signed by your CA, or -x509 for a self-signed one), install it, ",
                "check it with `remission check \(name)`, then pin a new spare ",
                "(`remission trust pin \(name) --generate-backup NEW.pem`) and remove the old key's pin ",
                "(`remission trust unpin \(name) --spki OLD`)."),
        ]
    }

    public static func nothingPinned(_ subject: TrustSubject) -> String {
        tr("No pins are set for \(subject.identity); nothing was changed.")
    }

    /// The pins `trust unpin` without --spki would remove, shown before asking.
    public static func pinsSet(_ stored: ServerTrust, subject: TrustSubject) -> String {
        tr("Pins set for \(subject.identity):") + "\n" + stored.pins.map { "  \($0)" }.joined(separator: "\n")
    }

    /// What `trust unpin` did, and what decides trust now.
    public static func unpinned(_ unpinning: Unpinning, remaining: [SPKIPin], subject: TrustSubject) -> String {
        let stored = unpinning.stored
        let removed = tr(
            "Removed \(count: stored.pins.count - remaining.count, "pin", "pins") for \(subject.identity);")
        let now: String
        if !remaining.isEmpty {
            now = tr("\(remaining.count) left.")
        } else if stored.accepted != nil {
            now = tr("the accepted certificate decides trust now.")
        } else {
            now =
                stored.caFile == nil
                ? tr("the system CAs decide trust now.") : tr("the CA file and system CAs decide trust now.")
        }
        return removed + " " + now
    }

    public static func nothingStored(_ subject: TrustSubject) -> String {
        tr("Nothing is stored for \(subject.identity); nothing was changed.")
    }

    /// What `trust forget` is about to remove, shown before asking.
    public static func storedFor(_ subject: TrustSubject, _ stored: ServerTrust) -> String {
        tr("Stored for \(subject.identity):") + "\n" + storedLines(stored).map { "  " + $0 }.joined(separator: "\n")
    }

    public static func forgotten(_ subject: TrustSubject) -> String {
        subject.isHTTPS
            ? tr(
                "Forgot the trust for \(subject.identity). The next connection is trusted only through the system CAs.")
            : tr(
                "Forgot the trust for \(subject.identity). The next connection is trusted only through the system CAs; ",
                "plain HTTP warns again.")
    }

    /// `trust list` as text: each identity, the saved servers using it, and what is stored.
    public static func list(_ list: TrustList) -> String {
        var lines: [String] = []
        for (index, entry) in list.entries.enumerated() {
            if index > 0 { lines.append("") }
            lines.append(
                entry.identity
                    + (entry.servers.isEmpty
                        ? "  " + tr("(no saved server)") : "  (\(entry.servers.map(safe).joined(separator: ", ")))"))
            lines += storedLines(entry.trust).map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    public static func emptyList(_ list: TrustList) -> String {
        tr("The trust store (\(safe(list.path))) is empty. Add trust with: remission trust accept|pin|ca NAME")
    }

    /// What `trust ca` did, the note when pins or an accepted certificate decide first, the decision
    /// with the new trust, and the next command.
    public static func caFileSet(_ change: CAFileChange, subject: TrustSubject, now: Int64) -> String {
        let path = safe(change.path)
        var lines: [String]
        switch change.previous {
        case change.path: lines = [tr("\(path) was already the CA file for \(subject.identity); nothing was changed.")]
        case .some(let old): lines = [tr("CA file for \(subject.identity): \(path) (replaces \(safe(old))).")]
        case .none: lines = [tr("CA file for \(subject.identity): \(path).")]
        }
        if let replaced = change.replacedAccepted { lines.append(replacedLine(replaced)) }
        if !change.stored.pins.isEmpty {
            lines.append(
                tr(
                    "Note: pins are set and decide first; the CA file decides once you remove them: ",
                    "remission trust unpin \(quotedForShell(subject.label))"))
        }
        if let probe = change.probe {
            lines += TrustText(server: subject.label, now: now).lines(for: probe.decision, chain: probe.chain)
        }
        lines.append(next(subject))
        return lines.joined(separator: "\n")
    }

    /// What `trust http` did (`previous`: the state before).
    public static func plainHTTPSet(_ acknowledged: Bool, previous: Bool, subject: TrustSubject) -> String {
        var message: String
        if previous == acknowledged {
            message =
                acknowledged
                ? tr("Plain HTTP was already acknowledged for \(subject.identity); nothing was changed.")
                : tr("Plain HTTP was already not acknowledged for \(subject.identity); nothing was changed.")
        } else if acknowledged {
            message = tr(
                "Plain HTTP acknowledged for \(subject.identity): commands no longer warn. Undo with --revoke.")
        } else {
            message = tr("Acknowledgement revoked for \(subject.identity): commands warn about plain HTTP again.")
        }
        if subject.endpoint.isLoopback {
            message += " " + tr("(\(subject.endpoint.host) is loopback, which never warns.)")
        }
        return message
    }

    static func safe(_ text: String) -> String { TerminalText.safe(text) }
}
