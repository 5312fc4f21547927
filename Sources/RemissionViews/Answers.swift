import RemissionModel
import RemissionSession
import RemissionTrust

/// How a typed answer to a yes/no question is read: one rule for every command (`servers remove`,
/// `trust unpin`, `trust forget`, `remove`, `connect`'s questions, the offer to store a password).
/// Kept small and in one place so other languages' words can be added beside the English ones.
public enum Answers {
    /// The rule as `--help` states it.
    public static var rule: String { tr("A question takes yes or y; any other answer, or none, is no.") }

    /// The choices shown after a question.
    public static var choices: String { tr("(yes/no)") }

    /// The choices after a question answered by one key (`watch`): y, or д in Russian, is yes.
    public static var keyChoices: String { tr("(y/n)") }

    /// True for yes, false for no, nil for anything else (a question that must be answered asks
    /// again). Case and surrounding blanks are ignored; end of input is no.
    public static func yesOrNo(_ text: String?) -> Bool? {
        guard let text else { return false }
        switch text.trimmingASCIIWhitespace().lowercased() {
        // Russian's words count in either language: a Russian speaker's habit works everywhere.
        case "yes", "y", "да", "д": return true
        case "no", "n", "нет", "н": return false
        default: return nil
        }
    }

    /// Whether one key answers yes: y or д, either case (`yesOrNo` of that key).
    public static func isYes(key: Character) -> Bool { yesOrNo(String(key)) == true }

    /// Whether the answer to a confirmation is yes: only `yesOrNo` true is.
    public static func isYes(_ text: String?) -> Bool { yesOrNo(text) == true }

    /// An answer to connect's certificate question with the choices first contact offered
    /// (`TrustChoices`): yes or no; `issuer` or `root` (Russian `издатель`, `корень`) for that key;
    /// a path for the CA file (with a `/`, beginning with `~`, or ending in `.crt`, `.pem`, `.cer`;
    /// quotes around it allowed; `TypedPath` reads it); otherwise a fingerprint, or unclear.
    public static func trustAnswer(_ text: String?, offered: [TrustChoices.Choice], leaf: CertificateFacts)
        -> TrustAnswer
    {
        let word = (text ?? "").trimmingASCIIWhitespace()
        let unquoted = word.drop { $0 == "'" || $0 == "\"" }.reversed().drop { $0 == "'" || $0 == "\"" }.reversed()
            .map(String.init).joined()
        let isPath =
            unquoted.contains("/") || unquoted.hasPrefix("~")
            || [".crt", ".pem", ".cer"].contains { unquoted.lowercased().hasSuffix($0) }
        for choice in offered {
            switch choice {
            case .issuerKey(let key) where ["issuer", "издатель"].contains(word.lowercased()): return .pinKey(key)
            case .rootKey(let key) where ["root", "корень", "корневой"].contains(word.lowercased()): return .pinKey(key)
            case .caFile where isPath: return .caFile(word)
            default: continue
            }
        }
        return TrustAnswer(text, yesOrNo: yesOrNo(text), leaf: leaf)
    }
}
