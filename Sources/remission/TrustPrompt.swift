import RemissionSession
import RemissionTrust
import RemissionViews

/// ssh's question for an untrusted certificate: `yes`, `no`, or the fingerprint the user expects,
/// which must match the presented leaf. Returns normally only when the user agreed.
/// - Parameter consequence: what refusing means, e.g. "nothing was saved".
func askToTrust(_ leaf: CertificateFacts, consequence: String) throws {
    while true {
        guard let answer = ask("Trust this certificate? (yes/no/[fingerprint]) ")?.trimmingASCIIWhitespace() else {
            throw Failure.command("No answer: the certificate was not trusted; \(consequence).", status: .trustRefused)
        }
        switch answer.lowercased() {
        case "yes": return
        case "no": throw Failure.command("The certificate was not trusted; \(consequence).", status: .trustRefused)
        default:
            guard let typed = try? CertificateFingerprint(parsing: answer) else {
                printError("Please type 'yes', 'no', or the fingerprint you expect (SHA256:…).")
                continue
            }
            guard typed == leaf.fingerprint else {
                throw Failure.command(
                    "The fingerprint you typed (\(typed)) is not the server's (\(leaf.fingerprint)): refused; \(consequence).",
                    status: .trustRefused)
            }
            return
        }
    }
}
