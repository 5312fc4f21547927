import RemissionModel
import RemissionSession
import RemissionTrust
import RemissionViews

/// The terminal side of `connect`: shows what the use case (`RemissionSession.Onboarding`) has to
/// decide, asks on the terminal, and hands the answers back. Words come from the views.
struct OnboardingConversation {
    let context: CommandContext
    var terminal: Terminal { context.terminal }

    /// The certificate step: shows a trusted decision; on a terminal, shows an untrusted certificate
    /// and asks until the answer is yes, no or a fingerprint. Returns whether the server could be
    /// reached (false: no connection or no handshake, which the check that follows explains).
    func decideTrust(_ onboarding: inout Onboarding, now: Int64) throws -> Bool {
        switch try onboarding.trustStep(mayAsk: terminal.isInteractive) {
        case .notApplicable: return true
        case .unreachable: return false
        case .trusted(let decision, let chain):
            printError(
                TrustText(server: onboarding.name, now: now, place: .connect).lines(for: decision, chain: chain).joined(
                    separator: "\n"))
            return true
        case .needsDecision(let decision, let chain, let leaf):
            printError(
                TrustText(server: onboarding.name, now: now, place: .connect).onboardingScreen(
                    authority: onboarding.endpoint.authority, decision: decision, chain: chain
                ).joined(separator: "\n"))
            let choices = TrustChoices(chain: chain)
            let home = context.session.homeDirectory
            if choices.offered.contains(.caFile) { printError(CAFileText.pathRule(home: home)) }
            while true {
                let answer = askTrustAnswer(leaf, choices: choices)
                if answer == .unclear {
                    printError(Prompts.trustAgain(choices))
                    continue
                }
                // A file that cannot serve asks again, everything answered so far kept (issue 32).
                if case .fileRefused(let refusal, let triesLeft) = try onboarding.answerTrust(answer, chain: chain) {
                    printError(
                        CAFileText.refusedAtQuestion(refusal, triesLeft: triesLeft, home: home).joined(separator: "\n"))
                    continue
                }
                return true
            }
        }
    }

    /// The plain-HTTP step: --allow-http, or a question on a terminal.
    func decidePlainHTTP(_ onboarding: inout Onboarding, allowed: Bool) throws {
        guard try onboarding.plainHTTPNeedsAnswer(allowed: allowed, mayAsk: terminal.isInteractive) else { return }
        printError(Warnings.plainHTTPQuestion(onboarding.endpoint, terminal: terminal))
        try onboarding.answerPlainHTTP(Answers.isYes(ask(Prompts.usePlainHTTP)))
    }
}
