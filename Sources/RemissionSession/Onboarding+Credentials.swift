import RemissionModel
import RemissionTransport

/// What `connect` may ask for after the daemon answered 401: the user name when none is known, then
/// the password (no echo), at most `Onboarding.passwordTries` times. Every answer of the run is kept:
/// the trust decision and the user name stay in the `Onboarding` value, so a retry asks neither again.
public enum CredentialQuestion: Sendable, Equatable {
    /// No user name was given (no --user, none saved): ask for it.
    case user
    /// Ask for the password of `user`; `attempt` counts from 1 to `Onboarding.passwordTries`.
    /// `refused` says where the password that was just refused came from (`.none`: none was sent).
    case password(user: String, attempt: Int, refused: PasswordSource)
}

extension Onboarding {
    /// Three password tries, as ssh, sudo and git give.
    public static let passwordTries = 3

    /// The user name known so far: the one answered in this run, the one sent, --user, or the saved one.
    public var knownUser: String? { answeredUser ?? credentials?.user ?? auth.user ?? existing?.user }

    /// What to ask after `observation`, or nil when nothing more may be asked: the check did not end
    /// in 401, the password came from a flag, TR_AUTH or netrc (a script's answer is not second-guessed),
    /// or the tries are spent. The caller asks only on a terminal.
    public func credentialQuestion(after observation: CheckObservation) -> CredentialQuestion? {
        guard case .unauthorized? = observation.failure?.cause else { return nil }
        switch passwordSource {
        case .standardInput, .environment, .netrc: return nil
        case .none, .keyring, .prompt: break
        }
        guard headersLeaveRoomForPassword else { return nil }  // an Authorization header goes instead
        guard let user = knownUser else { return .user }
        guard passwordsTyped < Self.passwordTries else { return nil }
        let refused = credentials?.password.isEmpty == false ? passwordSource : .none
        return .password(user: user, attempt: passwordsTyped + 1, refused: refused)
    }

    /// The answer to `.user`; an empty answer is no answer.
    public mutating func answerUser(_ user: String) {
        let trimmed = user.trimmingASCIIWhitespace()
        if !trimmed.isEmpty { answeredUser = trimmed }
    }

    /// The answer to `.password`: the next check sends it, and `save` stores it (unless --no-save-password).
    public mutating func answerPassword(_ password: String, user: String) {
        passwordsTyped += 1
        credentials = BasicCredentials(user: user, password: password)
        passwordSource = .prompt
        passwordToSave = password
    }
}
