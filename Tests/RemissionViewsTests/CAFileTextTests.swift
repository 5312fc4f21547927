import RemissionModel
import RemissionSession
import RemissionTransport
import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionViews

/// connect's certificate question forgives (issue 32): paths typed as people type them are taken as
/// files, and a file that cannot serve is refused with the reason, the root's path and the tries left.
@Suite("CA file at the question: answers and words (pure)")
struct CAFileTextTests {
    /// Caddy's intermediate (7 days) at `path`, with the root beside it that issued it (or none).
    static func intermediateFile(
        path: String = "/pki/intermediate.crt", root: String?
    ) -> NotRootCAFile {
        let facts = CAFileFacts(
            path: path,
            certificates: [
                CAFileFacts.Certificate(
                    subject: "CN=Caddy Local Authority - ECC Intermediate", notBefore: 0, notAfter: 7 * day,
                    isSelfSigned: false)
            ],
            candidates: root.map { [CAFileFacts.Candidate(path: $0, issuedFileCertificate: true)] } ?? [])
        return NotRootCAFile(facts)!
    }

    static let choices: [TrustChoices.Choice] = [.certificate, .issuerKey(pin(0x22)), .caFile]

    @Test(
        "a path typed as people type it is the FILE answer",
        arguments: [
            "~/caddy-root.crt", "~/certs/home ca", "'/home/ann/root.crt' ", "\"~/root.crt\"", "root.crt", "ROOT.PEM",
            "ca.cer", "certs/root", "./root.crt", "~",
        ])
    func pathAnswers(typed: String) {
        #expect(
            Answers.trustAnswer(typed, offered: Self.choices, leaf: leaf) == .caFile(typed.trimmingASCIIWhitespace()))
    }

    @Test("words, fingerprints and nothing are not paths; without FILE offered a path is unclear")
    func notPaths() {
        #expect(Answers.trustAnswer("yes", offered: Self.choices, leaf: leaf) == .accept)
        #expect(Answers.trustAnswer("issuer", offered: Self.choices, leaf: leaf) == .pinKey(pin(0x22)))
        #expect(Answers.trustAnswer("maybe", offered: Self.choices, leaf: leaf) == .unclear)
        #expect(Answers.trustAnswer(nil, offered: Self.choices, leaf: leaf) == .decline)
        #expect(Answers.trustAnswer(leaf.fingerprint.description, offered: Self.choices, leaf: leaf) == .accept)
        #expect(Answers.trustAnswer("~/root.crt", offered: [.certificate], leaf: leaf) == .unclear)
    }

    @Test("asked again, the question lists every word it offered, in both languages")
    func askedAgain() {
        let chain = PresentedChain(certificates: [leaf, intermediate], problems: [])
        var choices = TrustChoices(chain: chain)
        choices.offered = Self.choices
        #expect(
            Prompts.trustAgain(choices)
                == "Please type 'yes', 'issuer', the path of a CA file, 'no', or the fingerprint you expect (SHA256:…)."
        )
        choices.offered = [.certificate]
        #expect(Prompts.trustAgain(choices) == Prompts.trustCertificateAgain)
        Language.$override.withValue(.russian) {
            choices.offered = Self.choices
            #expect(
                Prompts.trustAgain(choices)
                    == "Введите «да», «издатель», путь к файлу ЦС, «нет» или ожидаемый отпечаток (SHA256:…).")
        }
    }

    @Test("an intermediate: the reason, its lifetime, the root beside it to type, the tries left")
    func intermediateRefused() {
        let lines = CAFileText.refusedAtQuestion(
            .notRoot(Self.intermediateFile(root: "/pki/root.crt")), triesLeft: 2, home: "/home/ann")
        let text = lines.joined(separator: " ")
        #expect(lines.allSatisfy { TerminalText.width($0) <= 80 }, "\(lines)")
        #expect(text.contains("/pki/intermediate.crt holds no root certificate"), "\(text)")
        #expect(text.contains("an intermediate (it lives 7 days)"), "\(text)")
        #expect(text.hasSuffix("The root that issued it is beside it: type /pki/root.crt (2 tries left)."), "\(text)")
        let none = CAFileText.refusedAtQuestion(.notRoot(Self.intermediateFile(root: nil)), triesLeft: 1, home: "/h")
            .joined(separator: " ")
        #expect(none.contains("root.crt, root_ca.crt or rootCA.pem), or another answer (last try)."), "\(none)")
        Language.$override.withValue(.russian) {
            let russian = CAFileText.refusedAtQuestion(
                .notRoot(Self.intermediateFile(root: "/pki/root.crt")), triesLeft: 2, home: "/home/ann"
            ).joined(separator: " ")
            #expect(russian.contains("не содержит корневого сертификата"), "\(russian)")
            #expect(russian.contains("введите /pki/root.crt (осталось 2 попытки)"), "\(russian)")
        }
    }

    @Test("an unreadable file: the path it was read as, how paths are read (unless absolute or ~), the tries left")
    func unreadable() {
        let missing = TransportError.caFile(
            path: "/home/ann/root.crt", detail: "cannot be read (No such file or directory)")
        let relative = CAFileText.refusedAtQuestion(
            .unusable(missing, typed: "root.crt"), triesLeft: 2, home: "/home/ann"
        )
        .joined(separator: " ")
        #expect(relative.hasPrefix("CA file /home/ann/root.crt cannot be read (No such file or directory)."))
        #expect(relative.contains("A FILE path not starting with / is read from your home directory (/home/ann)."))
        #expect(relative.hasSuffix("Type the path of a PEM file, or another answer (2 tries left)."), "\(relative)")
        for typed in ["~/root.crt", "/home/ann/root.crt", "'/home/ann/root.crt'"] {
            let text = CAFileText.refusedAtQuestion(.unusable(missing, typed: typed), triesLeft: 1, home: "/home/ann")
                .joined(separator: " ")
            #expect(!text.contains("home directory"), "\(typed): \(text)")
        }
    }

    @Test("--ca-file and trust ca with an intermediate: a warning with the command that trusts the root, terminal-safe")
    func flagWarning() {
        let file = Self.intermediateFile(path: "/pki/inter\u{1b}[2J.crt", root: "/pki/root.crt")
        let connect = CAFileText.notRootWarning(file, place: .connect, server: "caddy")
        #expect(connect.first?.hasPrefix("warning: /pki/inter") == true, "\(connect)")
        #expect(!connect.joined().contains("\u{1b}"), "\(connect)")
        #expect(connect.last == "  --ca-file /pki/root.crt")
        let command = CAFileText.notRootWarning(file, place: .command, server: "my nas")
        #expect(command.last == "  remission trust ca 'my nas' /pki/root.crt")
        let unknown = CAFileText.notRootWarning(Self.intermediateFile(root: nil), place: .command, server: "nas")
        #expect(unknown.last == "  remission trust ca nas ROOT.crt")
        #expect(unknown.joined(separator: " ").contains("To trust the root that issued it instead:"))
    }

    @Test("after the last try: the reason, the root, and that nothing was saved (exit 2)")
    func lastTry() {
        let failure = Failure(.local(.caFileNotRoot(Self.intermediateFile(root: "/pki/root.crt"))), server: "caddy")
        #expect(failure.status == .usage)
        let message = FailureText.message(failure, now: 0)
        #expect(message.contains("holds no root certificate"), "\(message)")
        #expect(
            message.hasSuffix("Nothing was saved. The root that issued it is beside it: /pki/root.crt"), "\(message)")
    }
}
