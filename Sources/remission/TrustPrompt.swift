import RemissionSession
import RemissionTrust
import RemissionViews

/// ssh's question for an untrusted certificate: `yes`, `no`, or the fingerprint the user expects,
/// which must match the presented leaf. Returns normally only when the user agreed.
/// - Parameter consequence: what refusing means, e.g. "nothing was saved".
func askToTrust(_ leaf: CertificateFacts, consequence: String) throws {
    while true {
        switch TrustAnswer(ask(Prompts.trustCertificate), leaf: leaf) {
        case .accept: return
        case .decline: throw Failure.command("The certificate was not trusted; \(consequence).", status: .trustRefused)
        case .unclear: printError(Prompts.trustCertificateAgain)
        case .mismatch(let typed):
            throw Failure.command(
                "The fingerprint you typed (\(typed)) is not the server's (\(leaf.fingerprint)): refused; \(consequence).",
                status: .trustRefused)
        }
    }
}
