import RemissionModel
import RemissionSession
import RemissionViews

extension OnboardingConversation {
    /// After a check that ended in 401, on a terminal: asks for what is missing (the user name, then
    /// the password without echo) and checks again, up to three passwords. The trust decision and the
    /// user name stay in `onboarding`, so nothing answered before is asked again. Returns the last check.
    func askCredentials(_ onboarding: inout Onboarding, after first: CheckObservation) -> CheckObservation {
        var observation = first
        guard terminal.isInteractive else { return observation }
        while let question = onboarding.credentialQuestion(after: observation) {
            if let sentence = Prompts.credentialsNeeded(question, endpoint: onboarding.endpoint) {
                printError(sentence)
            }
            switch question {
            case .user:
                guard let user = ask(Prompts.userName(endpoint: onboarding.endpoint)), !user.isEmpty else {
                    return observation
                }
                onboarding.answerUser(user)
                if onboarding.knownUser == nil { return observation }
            case .password(let user, _, _):
                guard let password = askSecret(Prompts.password(user: user, endpoint: onboarding.endpoint)),
                    !password.isEmpty
                else { return observation }
                onboarding.answerPassword(password, user: user)
                observation = onboarding.check()
            }
        }
        return observation
    }
}
