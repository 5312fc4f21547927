import RemissionSession
import RemissionTrust
import RemissionViews

/// ssh's question for an untrusted certificate: `yes`, `no`, or the fingerprint the user expects,
/// which must match the presented leaf. Returns normally only when the user agreed.
func askToTrust(_ leaf: CertificateFacts) throws {
    while true {
        switch askTrustAnswer(leaf) {
        case .accept, .pinKey, .caFile: return
        case .decline: throw Failure(.local(.certificateDeclined))
        case .unclear: printError(Prompts.trustCertificateAgain)
        case .mismatch(let typed):
            throw Failure(.local(.typedFingerprintMismatch(typed: typed, presented: leaf.fingerprint)))
        }
    }
}

/// "Trust this certificate? (yes/no/[fingerprint])", read with the one answer rule (`Answers`).
func askTrustAnswer(_ leaf: CertificateFacts) -> TrustAnswer {
    let text = ask(Prompts.trustCertificate)
    return TrustAnswer(text, yesOrNo: Answers.yesOrNo(text), leaf: leaf)
}

/// connect's question with what first contact offers beside the certificate (`TrustChoices`).
func askTrustAnswer(_ leaf: CertificateFacts, choices: TrustChoices) -> TrustAnswer {
    Answers.trustAnswer(ask(Prompts.trust(choices)), offered: choices.offered, leaf: leaf)
}
