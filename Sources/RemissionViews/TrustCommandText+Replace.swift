import RemissionModel
import RemissionSession
import RemissionTrust

/// The words of the way out of an accepted certificate (`trust ca`, `trust pin`, `connect --ca-file
/// |--pin` replacing it), of `trust forget`'s parts, and of `trust pin --issuer|--root`.
extension TrustCommandText {
    /// "Replace the accepted certificate SHA256:… with the CA file /x?", answered yes or no.
    public static func replaceQuestion(_ fingerprint: CertificateFingerprint, with replacement: TrustReplacement)
        -> String
    {
        switch replacement {
        case .caFile(let path):
            return tr("Replace the accepted certificate \(fingerprint) with the CA file \(safe(path))?")
        case .pins(let pins, let spare):
            let list = pins.map(\.description).joined(separator: ", ")
            if pins.isEmpty { return tr("Replace the accepted certificate \(fingerprint) with a spare key's pin?") }
            return spare
                ? tr("Replace the accepted certificate \(fingerprint) with the pins \(list) and a spare key's?")
                : tr(
                    "Replace the accepted certificate \(fingerprint) with \(plural: pins.count, "the pin", "the pins") \(list)?"
                )
        }
    }

    /// Without a terminal: the flag that replaces it.
    public static func replaceNeedsFlag(_ fingerprint: CertificateFingerprint, with replacement: TrustReplacement)
        -> String
    {
        tr(
            "An accepted certificate (\(fingerprint)) is stored for this server and would keep deciding first. ",
            "Not on a terminal, so nothing is asked and nothing was changed: add --replace-accepted to replace it.")
    }

    /// The line after a replacement: what went, named as every view names a certificate (a leaf
    /// without a subject, as Caddy's and most ACME leaves are, by the names it covered).
    static func replacedLine(_ accepted: AcceptedCertificate) -> String {
        tr("Replaced the accepted certificate \(accepted.fingerprint) (\(CertificateName.of(accepted))).")
    }

    /// "Forget the accepted certificate and the CA file?"
    public static func forgetQuestion(_ parts: TrustParts) -> String {
        tr("Forget \(partsList(parts))?")
    }

    /// "the pins, the accepted certificate and the CA file", in the order `trust list` shows them.
    static func partsList(_ parts: TrustParts) -> String {
        var names: [String] = []
        if parts.contains(.pins) { names.append(tr("the pins")) }
        if parts.contains(.accepted) { names.append(tr("the accepted certificate")) }
        if parts.contains(.caFile) { names.append(tr("the CA file")) }
        if parts.contains(.plainHTTP) { names.append(tr("the plain-HTTP acknowledgement")) }
        guard let last = names.popLast() else { return "" }
        return names.isEmpty ? last : tr("\(names.joined(separator: ", ")) and \(last)")
    }

    /// What `trust forget --accepted|--ca-file|--pins` removed, and what decides trust now.
    public static func forgottenParts(_ removed: ServerTrust, now stored: ServerTrust, subject: TrustSubject)
        -> String
    {
        var rows = removed.pins.enumerated().map { ($0.offset == 0 ? tr("pins:") : "", "\($0.element)") }
        if let accepted = removed.accepted { rows.append((tr("accepted:"), accepted.fingerprint.description)) }
        if let caFile = removed.caFile { rows.append((tr("CA file:"), safe(caFile))) }
        if removed.httpAcknowledged { rows.append((tr("plain HTTP:"), tr("acknowledged"))) }
        var lines = [tr("Removed for \(subject.identity):")] + labelled(rows).map { "  " + $0 }
        lines.append(decidesNow(stored))
        return lines.joined(separator: "\n")
    }

    /// Which rule decides with `stored` (PRODUCT.md §2's order).
    static func decidesNow(_ stored: ServerTrust) -> String {
        if !stored.pins.isEmpty { return tr("The pins decide trust now.") }
        if stored.accepted != nil { return tr("The accepted certificate decides trust now.") }
        return stored.caFile == nil
            ? tr("The system CAs decide trust now.") : tr("The CA file and the system CAs decide trust now.")
    }

    /// Nothing of the parts asked for is stored.
    public static func partsNotStored(_ parts: TrustParts, subject: TrustSubject) -> String {
        tr("Not stored for \(subject.identity): \(partsList(parts)); nothing was changed.")
    }

    /// `trust pin --issuer|--root` found no such certificate in what the server presents.
    static func keyNotPresented(_ key: PresentedKey, label: String, leafSelfSigned: Bool) -> String {
        let name = quotedForShell(label)
        if leafSelfSigned {
            return tr(
                "\(safe(label))'s certificate is self-signed: no other certificate issued it. Nothing was pinned; ",
                "pin its own key with: remission trust pin \(name) --current")
        }
        switch key {
        case .issuer:
            return tr(
                "\(safe(label)) does not send the certificate that issued its own (an incomplete chain). Nothing ",
                "was pinned; trust the issuing CA's file instead: remission trust ca \(name) CA.crt")
        case .root:
            return tr(
                "\(safe(label)) does not send its root certificate (Caddy never does; most servers do not). ",
                "Nothing was pinned; trust the root's file instead: remission trust ca \(name) ROOT.crt ",
                "(Caddy's is pki/authorities/local/root.crt in its data directory).")
        }
    }

    /// `trust pin --issuer|--root` refused on a chain nothing stored vouches for.
    static func presentedKeyUnproven(label: String, presented: SPKIPin, recorded: SPKIPin?) -> String {
        let name = quotedForShell(label)
        let why =
            recorded.map {
                tr(
                    "the certificate that issued \(safe(label))'s (key \(presented)) is not the one recorded when its ",
                    "certificate was accepted (key \($0))")
            } ?? tr("what is stored for \(safe(label)) refuses the chain it presents (its issuer's key: \(presented))")
        return tr(
            "Nothing was pinned: \(why), so nothing shows it comes from the same certificate authority, and an ",
            "impostor would choose the key. See remission trust show \(name); if your certificate authority was ",
            "replaced, trust its root, copied from its machine: remission trust ca \(name) ROOT.crt")
    }
}
