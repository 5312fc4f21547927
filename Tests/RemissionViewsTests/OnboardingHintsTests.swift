import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionTransport
import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionViews

/// Issue 14: a hint works where it is shown. During connect the server is not saved yet, so the trust
/// screen, the refusals and the check's hints name connect's own flags, never `remission trust … NAME`
/// or `credentials set NAME`; a saved server's hints keep its name. One wording per 401 state.
@Suite("Hints for the place they are shown (connect's flags while onboarding, the name when saved)")
struct OnboardingHintsTests {
    let connecting = TrustText(server: "home", now: newYear2026 + 12 * day, place: .connect)
    let saved = TrustText(server: "home", now: newYear2026 + 12 * day)

    func noSavedServerCommand(_ text: String) {
        #expect(!text.contains("remission trust"), "\(text)")
        #expect(!text.contains("credentials set"), "\(text)")
    }

    @Test("the onboarding trust screen: fingerprint and pin once each, no command for a server not saved")
    func refusedScreen() {
        let decision = TrustDecision.refused([.verification(.selfSigned)])
        let lines = connecting.lines(for: decision, chain: chain([leaf]))
        noSavedServerCommand(lines.joined(separator: "\n"))
        #expect(lines.filter { $0.contains(leaf.fingerprint.description) }.count == 1)
        #expect(lines.filter { $0.contains(leaf.spkiPin.description) }.count == 1)
        #expect(
            saved.lines(for: decision, chain: chain([leaf])).contains { $0.contains("remission trust accept home") })
    }

    @Test(
        "an untrusted or unknown CA names --ca-file during connect, `trust ca NAME` for a saved server",
        arguments: [VerificationProblem.untrustedRoot, .unknownIssuer(issuer: "CN=Home CA")])
    func untrustedCA(problem: VerificationProblem) {
        let line = connecting.line(for: problem)
        #expect(line.contains("connect's `--ca-file FILE`"), "\(line)")
        noSavedServerCommand(line)
        #expect(saved.line(for: problem).contains("`remission trust ca home FILE`"))
    }

    @Test("a pin mismatch, a changed certificate and a missing backup pin name connect's flags while onboarding")
    func hardRefusals() {
        // No flag that would trust a presented key or certificate nothing vouches for.
        let mismatch = connecting.lines(for: .pinMismatch(presented: [pin(1)], pinned: [pin(2)])).joined()
        #expect(!mismatch.contains("--pin \(pin(1))"), "\(mismatch)")
        let changed = connecting.lines(
            for: .certificateChanged(accepted: acceptedCertificate(leaf), presented: impostor, change: .unknown))
        #expect(!changed.joined().contains("--accept-fingerprint \(impostor.fingerprint)"))
        let backup = connecting.lines(for: .missingBackupPin).joined()
        #expect(backup.contains("`--pin sha256//…`"))
        for text in [mismatch, changed.joined(separator: "\n"), backup] { noSavedServerCommand(text) }
    }

    @Test("connect's refusal without a terminal names --accept-fingerprint, --pin and --ca-file; a hard one its flag")
    func onboardingRefusals() {
        let soft = Failure(
            .onboarding(
                .certificateNotTrusted(
                    hard: false, authority: "nas:443", acceptAs: "https://nas/transmission/rpc", chain: chain([leaf]),
                    decision: .refused([.verification(.untrustedRoot)]))), server: "home")
        let softText = (FailureText.preamble(soft, now: 0) + [FailureText.message(soft, now: 0)]).joined(
            separator: "\n")
        for flag in ["--accept-fingerprint \(leaf.fingerprint)", "--pin \(leaf.spkiPin)", "--ca-file FILE"] {
            #expect(softText.contains(flag), "\(flag) missing: \(softText)")
        }
        noSavedServerCommand(softText)

        let changed = Failure(
            .onboarding(
                .certificateNotTrusted(
                    hard: true, authority: "nas:443", acceptAs: "home", chain: chain([impostor]),
                    decision: .refused([
                        .certificateChanged(accepted: acceptedCertificate(leaf), presented: impostor, change: .unknown)
                    ]))
            ),
            server: "home")
        // Issued by a CA: the durable fix, the CA's root, as connect's flag (never the new leaf).
        let changedText = FailureText.message(changed, now: 0)
        #expect(changedText.contains("run it again with --ca-file ROOT.crt --replace-accepted"), "\(changedText)")
        #expect(!changedText.contains(impostor.fingerprint.description))
        var selfSigned = impostor
        selfSigned.issuer = selfSigned.subject
        selfSigned.isSelfIssued = true
        let replaced = Failure(
            .onboarding(
                .certificateNotTrusted(
                    hard: true, authority: "nas:443", acceptAs: "home", chain: chain([selfSigned]),
                    decision: .refused([
                        .certificateChanged(
                            accepted: acceptedCertificate(leaf), presented: selfSigned, change: .unknown)
                    ]))
            ),
            server: "home")
        let replacedText = FailureText.message(replaced, now: 0)
        #expect(replacedText.contains("run it again with --accept-fingerprint and the one you compared (SHA256:…)"))
        #expect(!replacedText.contains(impostor.fingerprint.description))
        noSavedServerCommand(changedText + FailureText.preamble(changed, now: 0).joined())

        let pinned = Failure(
            .onboarding(
                .certificateNotTrusted(
                    hard: true, authority: "nas:443", acceptAs: "home", chain: chain([impostor]),
                    decision: .refused([.pinMismatch(presented: [impostor.spkiPin], pinned: [pin(9)])]))),
            server: "home")
        #expect(FailureText.message(pinned, now: 0).contains("run it again with --pin and the key you compared"))
        #expect(!FailureText.message(pinned, now: 0).contains(impostor.spkiPin.description))
    }

    @Test(
        "one wording per 401 state, and hints that work where they are shown",
        arguments: [
            (
                Failure.Cause.unauthorized(user: nil, passwordSource: .none),
                "authentication required (401): no user name or password given", "--user NAME --password-stdin"
            ),
            (
                .unauthorized(user: "alice", passwordSource: .none),
                "authentication required (401): no password given for user 'alice'", "Give the password of 'alice'"
            ),
            (
                .unauthorized(user: "alice", passwordSource: .prompt),
                "authentication failed (401): wrong user or password (user 'alice', password from the prompt)",
                "--user NAME, --password-stdin"
            ),
            (
                .unauthorized(user: "alice", passwordSource: .standardInput),
                "authentication failed (401): wrong user or password (user 'alice', password from --password-stdin)",
                "run it again"
            ),
        ])
    func unauthorized(cause: Failure.Cause, reason: String, connectHint: String) throws {
        let failure = Failure(cause, server: "home")
        #expect(FailureText.reason(failure) == reason)
        #expect(!FailureText.message(failure, now: 0).contains("password from no"))
        let hint = try #require(FailureText.hint(failure, place: .connect))
        #expect(hint.contains(connectHint), "\(hint)")
        noSavedServerCommand(hint)
        // For a saved server, the hint names it.
        #expect(FailureText.hint(failure)?.contains("remission credentials set home") == true)
    }

    @Test("connect's check report: the hint and the trust lines name connect's flags")
    func connectCheckReport() {
        let endpoint = try! ServerEndpoint.parse("https://nas.example:8443/transmission/rpc")
        let refused = TrustDecision.refused([.verification(.selfSigned)])
        let observation = CheckObservation(
            server: "home", endpoint: endpoint,
            connection: ConnectionReport(
                timings: StepTimings(dns: 1, tcp: 2, tls: 3, firstByte: 4, total: 5), remoteAddress: "192.0.2.7",
                tls: TLSReport(protocolVersion: "TLSv1.3", cipher: nil, chain: chain([leaf]), decision: refused)),
            user: nil, passwordSource: .none, httpAcknowledged: false, sawSessionHandshake: false,
            outcome: .failure(Failure(.transport(.trustRefused(refused, chain: chain([leaf]))), server: "home")),
            now: newYear2026)
        let onboarding = CheckReport.build(observation, place: .connect)
        let text = onboarding.render(on: Terminal(useColor: false))
        noSavedServerCommand(text)
        #expect(onboarding.hint?.contains("--accept-fingerprint") == true)
        #expect(
            CheckReport.build(observation).render(on: Terminal(useColor: false)).contains("remission trust accept home")
        )
    }

    @Test("the certificate question's screen: what is happening first, every problem, fingerprint and pin once")
    func sshStyleScreen() {
        let decision = TrustDecision.refused([
            .verification(.selfSigned), .verification(.hostMismatch(expected: "nas", covered: [])),
        ])
        let lines = connecting.onboardingScreen(authority: "nas:8443", decision: decision, chain: chain([leaf, root]))
        // Sentences are wrapped at 80 cells (a token wider than that, the fingerprint's line, stays whole).
        #expect(
            lines[0...1] == [
                "The authenticity of nas:8443 cannot be established: no one you trust vouches for",
                "its certificate.",
            ])
        #expect(lines[2] == "  - " + connecting.line(for: .selfSigned))
        #expect(lines.contains { $0.hasPrefix("  - Host name mismatch") })
        #expect(lines.allSatisfy { TerminalText.width($0) <= 80 || $0.contains("SHA256:") }, "\(lines)")
        let text = lines.joined(separator: "\n")
        #expect(text.components(separatedBy: leaf.fingerprint.description).count == 2)
        #expect(text.components(separatedBy: leaf.spkiPin.description).count == 2)
        #expect(!text.contains(root.fingerprint.description))
        #expect(text.contains("Subject:     CN=nas.lan"))
        #expect(text.contains("the server sent 2 certificates"))
        #expect(!text.contains("Refused"))
        // Each certificate's lifetime follows: what a renewal will replace.
        #expect(text.contains("Lifetimes: leaf 365 days, root 365 days"), "\(text)")
        #expect(lines.allSatisfy { TerminalText.width($0) <= 80 }, "\(lines)")
        #expect(lines.count <= 17, "\(text)")
        noSavedServerCommand(text)
    }
}
