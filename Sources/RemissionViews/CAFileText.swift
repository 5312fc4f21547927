import RemissionModel
import RemissionSession
import RemissionTransport
import RemissionTrust

/// The words about a CA file that holds no root, and about a file typed at connect's certificate
/// question that cannot serve (issue 32): the reason, the root beside it when one issued it, and how
/// a typed path is read (`TypedPath`).
public enum CAFileText {
    /// "/…/intermediate.crt holds no root certificate: 'CN=…' is not self-signed, an intermediate
    /// (it lives 7 days), replaced when its CA renews it, and trust in it would end then."
    public static func notRoot(_ file: NotRootCAFile) -> String {
        let lifetime = TrustText.duration(file.certificate.notAfter - file.certificate.notBefore)
        return tr(
            "\(safe(file.path)) holds no root certificate: '\(safe(file.certificate.subject))' is not self-signed, ",
            "so it is an intermediate (it lives \(lifetime)), replaced whenever its CA renews it, and trust in it ",
            "would end then.")
    }

    /// The root that issued it, or what to look for.
    static func rootSentence(_ file: NotRootCAFile) -> String {
        guard let root = file.root else {
            return tr(
                "Give the root certificate that issued it (a CA keeps it as root.crt, root_ca.crt or rootCA.pem).")
        }
        return tr("The root that issued it is beside it: \(safe(root))")
    }

    /// The failure after the last try, and `connect`'s message for it.
    static func notRootFailure(_ file: NotRootCAFile) -> String {
        notRoot(file) + " " + tr("Nothing was saved.") + " " + rootSentence(file)
    }

    /// The lines after a file typed at the question was refused: why, the root's path or how a path is
    /// read, and the tries left. `home` is where a path that does not begin with `/` was read from.
    public static func refusedAtQuestion(_ refusal: CAFileRefusal, triesLeft: Int, home: String) -> [String] {
        let tries = triesLeft == 1 ? tr("last try") : tr("\(count: triesLeft, "try", "tries") left")
        var text: String
        switch refusal {
        case .unusable(let error, let typed):
            text = FailureText.transportReason(error) + "."
            let trimmed = typed.trimmingASCIIWhitespace().drop { $0 == "'" || $0 == "\"" }
            if !trimmed.hasPrefix("/") && !trimmed.hasPrefix("~") {
                text += " " + pathRule(home: home)
            }
            text += " " + tr("Type the path of a PEM file, or another answer (\(tries)).")
        case .notRoot(let file):
            text = notRoot(file) + " "
            if let root = file.root {
                text += tr("The root that issued it is beside it: type \(safe(root)) (\(tries)).")
            } else {
                text += tr(
                    "Type the path of the root certificate that issued it (a CA keeps it as root.crt, ",
                    "root_ca.crt or rootCA.pem), or another answer (\(tries)).")
            }
        }
        return TerminalText.wrap(text)
    }

    /// How a path typed at a question is read, said before the question when it takes a file.
    public static func pathRule(home: String) -> String {
        tr("A FILE path not starting with / is read from your home directory (\(safe(home))).")
    }

    /// `connect --ca-file` or `trust ca` with a file that holds no root: it is used as given, and this
    /// says why that ends at the CA's next renewal and which command trusts the root instead.
    /// `place`: `.connect` names connect's `--ca-file ROOT`, otherwise `remission trust ca NAME ROOT`.
    public static func notRootWarning(_ file: NotRootCAFile, place: HintPlace, server: String) -> [String] {
        var text = tr("warning: \(notRoot(file))") + " "
        let root = file.root.map { safe(quotedForShell($0)) } ?? "ROOT.crt"
        let command =
            place == .connect
            ? "--ca-file \(root)"  // verbatim
            : "remission trust ca \(safe(quotedForShell(server))) \(root)"  // verbatim
        if file.root != nil {
            text += tr("The root that issued it is beside it. To trust the root instead:")
        } else {
            text += tr("To trust the root that issued it instead:")
        }
        return TerminalText.wrap(text) + ["  " + command]
    }

    private static func safe(_ text: String) -> String { TerminalText.safe(text) }
}
