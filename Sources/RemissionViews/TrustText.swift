import RemissionModel
import RemissionTrust

/// Words for people about trust decisions: one clear line per problem, the `CERTIFICATE CHANGED` block,
/// the basis of a trusted decision, and the exact commands that would change the outcome.
///
/// Pure: the server name used in command hints and the current time (for "expired 12 days ago") are
/// injected, so the same decision always renders the same text.
public struct TrustText: Sendable, Equatable {
    /// The saved server name (or URL) as the user types it in `remission trust … NAME`.
    public var server: String
    /// Unix seconds.
    public var now: Int64
    /// Where the text is shown: during `connect` the commands are connect's own flags, since the
    /// server is not saved yet (or is being re-pointed) and `remission trust … NAME` would not reach it.
    public var place: HintPlace
    /// False for a certificate that must not be accepted (a proxy's placeholder, a staging CA's, one
    /// whose dates say the clock is wrong: `KnownCause.refusesAcceptance`): the refusal then shows
    /// the fingerprint, but no command that would trust it.
    public var offersAcceptance = true

    public init(server: String, now: Int64, place: HintPlace = .command) {
        self.server = server
        self.now = now
        self.place = place
    }

    /// Why a chain is trusted: "pinned key sha256//…", "accepted certificate SHA256:…",
    /// "system certificate authorities", "CA file PATH".
    public func basis(_ basis: TrustBasis) -> String {
        switch basis {
        case .pinnedKey(let pin): return tr("pinned key \(pin)")
        case .acceptedCertificate(let fingerprint): return tr("accepted certificate \(fingerprint)")
        case .systemCertificateAuthorities: return tr("system certificate authorities")
        case .certificateAuthorityFile(let path): return tr("CA file \(path)")
        }
    }

    /// The whole decision, for `check`, `trust show` and `connect`:
    ///
    ///     Trusted: pinned key sha256//…
    ///       note: The certificate is self-signed: no certificate authority vouches for it.
    ///
    /// or `Refused:` with every problem, and, when the refusal comes from verification alone (rule 4),
    /// the leaf's fingerprint and pin with the commands to accept or pin it.
    /// Certificate text (subjects, issuers, names) is made terminal-safe here, line by line.
    public func lines(for decision: TrustDecision, chain: PresentedChain) -> [String] {
        unsafeLines(for: decision, chain: chain).map(TerminalText.safe)
    }

    private func unsafeLines(for decision: TrustDecision, chain: PresentedChain) -> [String] {
        switch decision {
        case .trusted(let trustBasis, let notes):
            let note = tr("note: ")
            return [tr("Trusted: \(basis(trustBasis))")]
                + notes.flatMap { lines(for: $0, chain: chain) }.map { "  " + note + $0 }
        case .refused(let problems):
            var result = [
                place == .proxy
                    ? tr("Refused: the proxy's certificate is not trusted.")
                    : tr("Refused: the server's certificate is not trusted.")
            ]
            let advice = place == .proxy ? nil : advice(decision, chain: chain)
            for problem in problems {
                let text = lines(for: problem, chain: chain, advice: advice)
                result += text.enumerated().map { ($0.offset == 0 ? "  - " : "    ") + $0.element }
            }
            if let leaf = chain.leaf, problems.allSatisfy(\.isVerification) {
                result += ChainText.aligned([
                    (tr("Certificate fingerprint:"), leaf.fingerprint.description),
                    (tr("Public key pin:"), leaf.spkiPin.description),
                ])
                if !offersAcceptance { return result }
                // A known server's refusal is a change: the advice, never a command that trusts this chain.
                if let advice, advice.verdict != .firstContact {
                    return result + adviceLines(advice, chain: chain)
                }
                // connect asks, or its refusal names its flags: the commands below need a saved server.
                if place == .connect { return result + [tr("Compare them with the server's own.")] }
                if place == .proxy {
                    return result + [
                        tr("Compare them with the proxy's own, then pin its key or give its CA:"),
                        "  \(pinCommand(leaf.spkiPin))",
                        "  remission connect URL --server \(quotedForShell(server)) --proxy-ca-file FILE",  // verbatim
                    ]
                }
                result += [
                    tr("Compare them with the server's own, then either trust this exact certificate:"),
                    "  \(acceptCommand(leaf.fingerprint))",
                    tr("or pin its key (also survives renewals that keep the key):"),
                    "  \(pinCommand(leaf.spkiPin))",
                ]
                return result + (advice.map { adviceLines($0, chain: chain) } ?? [])
            }
            if let advice, offersAcceptance { result += adviceLines(advice, chain: chain) }
            return result
        }
    }

    /// `remission trust accept NAME --fingerprint SHA256:…`; during connect, its flag
    /// `--accept-fingerprint SHA256:…`.
    public func acceptCommand(_ fingerprint: CertificateFingerprint) -> String {
        place == .command
            ? "remission trust accept \(quotedForShell(server)) --fingerprint \(fingerprint)"  // verbatim
            : "--accept-fingerprint \(fingerprint)"
    }

    /// `remission trust pin NAME --spki sha256//…`; during connect, `--pin sha256//…`.
    public func pinCommand(_ pin: SPKIPin) -> String { pinCommand(pin.description) }

    func pinCommand(_ pin: String) -> String {
        switch place {
        case .connect: return "--pin \(pin)"
        case .proxy: return "remission connect URL --server \(quotedForShell(server)) --proxy-pin \(pin)"  // verbatim
        case .command: return "remission trust pin \(quotedForShell(server)) --spki \(pin)"  // verbatim
        }
    }

    /// `remission trust ca NAME FILE`; during connect, `--ca-file FILE`.
    public var caCommand: String {
        switch place {
        case .connect: return "--ca-file FILE"
        case .proxy: return "remission connect URL --server \(quotedForShell(server)) --proxy-ca-file FILE"  // verbatim
        case .command: return "remission trust ca \(quotedForShell(server)) FILE"  // verbatim
        }
    }

    /// "run" before a command, "run it again with" before connect's flag.
    var runWord: String { place == .connect ? tr("run it again with") : tr("run") }
}

extension TrustProblem {
    public var isVerification: Bool {
        if case .verification = self { return true }
        return false
    }
}

/// `text` as one shell word: unchanged when it is plainly safe, otherwise in single quotes.
public func quotedForShell(_ text: String) -> String {
    let safe =
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.:/@%+=,".contains($0)) }
    return safe ? text : "'" + text.replacing("'", with: "'\\''") + "'"
}
