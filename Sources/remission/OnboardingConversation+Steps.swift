import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionViews

/// What the command line decided for the steps `connect` and `servers set-url` share.
struct OnboardingChoices {
    var allowHTTP = false
    var saveOffline = false
    var savePassword = true
    var makeDefault = false
    /// --forget-old / --keep-old; nil: asked on a terminal, kept without one.
    var oldAddress: OldAddressChoice?
    /// --client-key-passphrase-stdin: the client key's passphrase is the first line of standard input.
    var passphraseFromStandardInput = false
}

extension OnboardingConversation {
    /// The steps after the server and its name are known, for `connect` and `servers set-url` alike:
    /// trust, plain HTTP, credentials (asked on a terminal), the full check, then everything saved
    /// as one unit, and what a re-point left at the old address offered for forgetting.
    func run(_ onboarding: inout Onboarding, _ choices: OnboardingChoices, now: Int64) throws {
        if onboarding.schemeAssumed {
            printError(Warnings.assumedURL(onboarding.endpoint, foundTLS: onboarding.schemeFound == .tls))
        }
        if let notRoot = onboarding.givenCAFileNotRoot {
            printError(
                CAFileText.notRootWarning(notRoot, place: .connect, server: onboarding.name).joined(separator: "\n"))
        }
        try onboarding.obtainClientCertificate(
            prompt: context.passwordPrompt,
            passphraseFromStandardInput: choices.passphraseFromStandardInput ? readLine(strippingNewline: true) : nil)
        let reached = try decideTrust(&onboarding, now: now)
        try decidePlainHTTP(&onboarding, allowed: choices.allowHTTP)
        // No password is asked for a server that could not be reached: the check says why first.
        try onboarding.obtainCredentials(prompt: reached ? context.passwordPrompt : nil)
        try onboarding.obtainHeaders(prompt: reached ? context.passwordPrompt : nil)
        let observation = askCredentials(&onboarding, after: onboarding.check())
        let report = CheckReport.build(observation, place: .connect)
        print(report.render(on: context.terminal))
        guard report.online || choices.saveOffline else {
            printError(Warnings.nothingSaved)
            throw ExitCode(report.exitStatus.rawValue)
        }
        printError(
            Warnings.saved(try onboarding.save(savePassword: choices.savePassword, makeDefault: choices.makeDefault)))
        if let left = onboarding.leftBehind() { try settle(left, of: onboarding, choice: choices.oldAddress) }
        if !report.online { throw ExitCode(report.exitStatus.rawValue) }
    }

    /// The old address's trust entry and keyring item: forgotten on --forget-old or a yes at the
    /// question; otherwise kept, and the commands that forget them are named. Never deleted unasked.
    private func settle(_ left: LeftBehind, of onboarding: Onboarding, choice: OldAddressChoice?) throws {
        let forget: Bool
        switch choice {
        case .forget?: forget = true
        case .keep?: forget = false
        case nil: forget = terminal.isInteractive && Answers.isYes(ask(Prompts.forgetOldQuestion(left)))
        }
        guard forget else {
            printError(Warnings.leftBehind(left))
            return
        }
        printError(Warnings.forgotOld(try onboarding.forget(left)))
    }
}

/// `--forget-old` / `--keep-old`: what a re-point does with the old address's trust entry and keyring
/// item, for scripts; without either it is asked on a terminal and kept without one.
struct OldAddressFlags: ParsableArguments {
    @Flag(
        name: .customLong("forget-old"),
        help: .tr("After pointing a saved server elsewhere, forget its old address's trust settings and password."))
    var forgetOld = false

    @Flag(name: .customLong("keep-old"), help: .tr("Keep them without asking."))
    var keepOld = false

    func validate() throws {
        if forgetOld && keepOld { throw ValidationError("Give --forget-old or --keep-old, not both.") }
    }

    var choice: OldAddressChoice? { forgetOld ? .forget : keepOld ? .keep : nil }
}
