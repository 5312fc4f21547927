import RemissionCredentials
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionViews

/// The command-local outcomes (`LocalProblem`) in the failure table: status and hint of each, and a
/// reason that says what was left alone.
enum LocalCatalogue {
    static func row(_ problem: LocalProblem, _ status: RemissionSession.ExitStatus, server: String? = nil)
        -> FailureRow
    {
        FailureRow(failure: Failure(.local(problem), server: server), status: status, step: nil, hint: nil)
    }

    static let offline = Failure(.transport(.refused(detail: "")), server: "nas")
    static let refused = Failure(.rpcRefused("no"), server: "nas")
    static let storage = StorageError.lockTimeout(lockPath: "/t.lock", timeout: .seconds(10))

    static let rows: [FailureRow] = [
        row(.confirmationNeedsTerminal(.removeAllPins(count: 2)), .usage),
        row(.confirmationNeedsTerminal(.forgetTrust), .usage),
        row(.confirmationNeedsTerminal(.removeServer(name: "nas", url: "https://nas:443/")), .usage),
        row(.declined(.removeAllPins(count: 2)), .failure),
        row(.declined(.forgetTrust), .failure),
        row(.declined(.removeServer(name: "nas", url: "https://nas:443/")), .failure),
        row(
            .confirmationNeedsTerminal(.repointServer(name: "nas", from: "https://a:443/", to: "https://b:443/")),
            .usage),
        row(.declined(.repointServer(name: "nas", from: "https://a:443/", to: "https://b:443/")), .failure),
        row(.declined(.removeTorrents(count: 3)), .failure),
        row(.declined(.deleteTorrentData(count: 3, bytes: 1024)), .failure),
        row(.deleteDataNeedsTerminal(ids: "1,2"), .usage),
        row(.noCertificate(url: "http://nas:9091/", label: "nas", change: .accept), .usage),
        row(.noCertificate(url: "http://nas:9091/", label: "nas", change: .caFile), .usage),
        row(.noPlainHTTPWarning(url: "https://nas/", label: "nas"), .usage),
        row(.probeFailed(.refused(detail: ""), authority: "nas:443", label: "nas"), .offline),
        row(.probeFailed(.dns(host: "nas", detail: ""), authority: "nas:443", label: "nas"), .offline),
        row(.probeFailed(.timeout(phase: .tlsHandshake, detail: ""), authority: "nas:443", label: "nas"), .offline),
        row(.probeFailed(.caFile(path: "/ca.pem", detail: "is missing"), authority: "nas:443", label: "nas"), .failure),
        row(.probeFailed(.tlsHandshake(detail: "alert"), authority: "nas:443", label: "nas"), .failure),
        row(.noCertificatePresented(authority: "nas:443"), .failure),
        row(
            .fingerprintNotPresented(
                given: fingerprint(1), presented: fingerprint(2), authority: "nas:443", label: "nas"), .trustRefused),
        row(.acceptNeedsTerminal(label: "nas"), .usage),
        row(.certificateDeclined, .trustRefused),
        row(.typedFingerprintMismatch(typed: fingerprint(1), presented: fingerprint(2)), .trustRefused),
        row(.notPinned(pin(1), identity: "https://nas:443", pinned: [pin(2)]), .failure),
        row(.caFileUnusable(.caFile(path: "/x.pem", detail: "holds no certificate")), .usage),
        row(.caFileNotRoot(CAFileTextTests.intermediateFile(root: "/pki/root.crt")), .usage),
        row(.caFileNotRoot(CAFileTextTests.intermediateFile(root: nil)), .usage),
        row(.trustNotChanged(storage), .failure),
        row(.backupKeyNotGenerated, .failure),
        row(.backupKeyNotWritten(path: "/k.pem", .io(path: "/k.pem", operation: "open", errno: 17)), .failure),
        row(.backupWouldLockOut(label: "nas", presentedUntrusted: false), .failure),
        row(.backupWouldLockOut(label: "nas", presentedUntrusted: true), .failure),
        row(.keyNotPresented(.root, label: "nas", leafSelfSigned: false), .failure),
        row(.keyNotPresented(.issuer, label: "nas", leafSelfSigned: true), .failure),
        row(.presentedKeyUnproven(.issuer, label: "nas", presented: pin(0x55), recorded: pin(0x22)), .trustRefused),
        row(.presentedKeyUnproven(.root, label: "nas", presented: pin(0x55), recorded: nil), .trustRefused),
        row(.confirmationNeedsTerminal(.replaceAccepted(fingerprint(1), with: .caFile("/ca.pem"))), .usage),
        row(.declined(.replaceAccepted(fingerprint(1), with: .pins([pin(2)]))), .failure),
        row(.confirmationNeedsTerminal(.forgetTrustParts([.accepted, .caFile])), .usage),
        row(.declined(.forgetTrustParts(.pins)), .failure),
        row(.keyringNotChanged(.locked(collection: "Login"), .nothingStored), .keyring),
        row(.keyringNotChanged(.passwordContainsNul, .nothingStored), .usage),
        row(.keyringNotChanged(.noSessionBus(reason: "unset"), .serverKept), .keyring),
        row(.noUserForPassword(label: "nas"), .usage),
        row(.passwordNeedsTerminal, .usage),
        row(.noPasswordGiven, .usage),
        row(.passwordsDiffer, .usage),
        row(.watchNeedsTerminal, .usage),
        row(.noSnapshot(otherSettings: false), .failure, server: "nas"),
        row(.noSnapshot(otherSettings: true), .failure, server: "nas"),
        row(.offlineWithoutSnapshot(offline, otherSettings: false), .offline),
        row(.passwordNotChecked(offline), .offline),
        row(
            .passwordNotChecked(Failure(.unauthorized(user: "alice", passwordSource: .prompt), server: "nas")),
            .authentication),
        row(.snapshotLacksFields(["labels"], savedAt: 0, serverOffline: false), .failure, server: "nas"),
        row(.snapshotLacksFields(["labels"], savedAt: 0, serverOffline: true), .offline, server: "nas"),
        row(.removalInterrupted(offline, removed: 250, total: 1000), .offline),
        row(.removalInterrupted(refused, removed: 250, total: 1000), .serverRefused),
        row(.partialAdd(succeeded: 1, total: 3, failed: [FailedArgument("a", refused)]), .serverRefused),
        row(
            .partialAdd(
                succeeded: 0, total: 2,
                failed: [
                    FailedArgument("a", Failure(.addSource(.missing("a")))),
                    FailedArgument("b", Failure(.addSource(.unreadable("b", errno: 13)))),
                ]), .usage),
        row(
            .portNotTested([
                PortTestResult(family: .ipv4, outcome: .untested("Couldn't test port: Couldn't resolve host name (0)")),
                PortTestResult(family: .ipv6, outcome: .untested("Couldn't test port")),
            ]), .serverRefused, server: "nas"),
        FailureRow(
            failure: Failure(
                .local(
                    .daemonCouldNotFetch(
                        DaemonFetchFailure(
                            fetched: .torrent, url: "https://example.org/a.torrent", status: 0,
                            statusText: "No Response"), server: nil)), server: "nas"),
            status: .serverRefused, step: nil, hint: "curl -I https://example.org/a.torrent"),
        FailureRow(
            failure: Failure(
                .local(
                    .daemonCouldNotFetch(
                        DaemonFetchFailure(fetched: .blocklist, url: nil, status: 404, statusText: "Not Found"),
                        server: "my nas")), server: "my nas"),
            status: .serverRefused, step: nil, hint: "remission session 'my nas' --blocklist-url URL"),
        row(.addFileChoice(.skipAndOnly), .usage),
        row(.addFileChoice(.outOfRange([7], count: 3)), .usage, server: "nas"),
        row(.addFileChoice(.noMatch("*.srt", count: 3)), .usage),
        row(.addFileChoice(.pausedMagnet), .usage),
        row(.addFileChoice(.reversedRange("3-1")), .usage),
        row(.addFileChoice(.emptyName), .usage),
        row(.addFileChoice(.fileListLate(id: 7, name: "x", seconds: 15, server: nil)), .failure, server: "nas"),
    ]

    /// The kind of a local problem, exhaustively: a new case does not compile until it is named here.
    static func kind(_ problem: LocalProblem) -> String {
        switch problem {
        case .confirmationNeedsTerminal: "confirmationNeedsTerminal"
        case .declined: "declined"
        case .deleteDataNeedsTerminal: "deleteDataNeedsTerminal"
        case .noCertificate: "noCertificate"
        case .noPlainHTTPWarning: "noPlainHTTPWarning"
        case .probeFailed: "probeFailed"
        case .noCertificatePresented: "noCertificatePresented"
        case .fingerprintNotPresented: "fingerprintNotPresented"
        case .acceptNeedsTerminal: "acceptNeedsTerminal"
        case .certificateDeclined: "certificateDeclined"
        case .typedFingerprintMismatch: "typedFingerprintMismatch"
        case .notPinned: "notPinned"
        case .caFileUnusable: "caFileUnusable"
        case .caFileNotRoot: "caFileNotRoot"
        case .trustNotChanged: "trustNotChanged"
        case .backupKeyNotGenerated: "backupKeyNotGenerated"
        case .backupKeyNotWritten: "backupKeyNotWritten"
        case .backupWouldLockOut: "backupWouldLockOut"
        case .keyNotPresented: "keyNotPresented"
        case .presentedKeyUnproven: "presentedKeyUnproven"
        case .keyringNotChanged: "keyringNotChanged"
        case .noUserForPassword: "noUserForPassword"
        case .passwordNeedsTerminal: "passwordNeedsTerminal"
        case .noPasswordGiven: "noPasswordGiven"
        case .passwordsDiffer: "passwordsDiffer"
        case .watchNeedsTerminal: "watchNeedsTerminal"
        case .noSnapshot: "noSnapshot"
        case .offlineWithoutSnapshot: "offlineWithoutSnapshot"
        case .snapshotLacksFields: "snapshotLacksFields"
        case .removalInterrupted: "removalInterrupted"
        case .passwordNotChecked: "passwordNotChecked"
        case .partialAdd: "partialAdd"
        case .portNotTested: "portNotTested"
        case .daemonCouldNotFetch: "daemonCouldNotFetch"
        case .addFileChoice: "addFileChoice"
        }
    }

    static let allKinds: Set<String> = [
        "confirmationNeedsTerminal", "declined", "deleteDataNeedsTerminal", "noCertificate", "noPlainHTTPWarning",
        "probeFailed", "noCertificatePresented", "fingerprintNotPresented", "acceptNeedsTerminal",
        "certificateDeclined", "typedFingerprintMismatch", "notPinned", "caFileUnusable", "caFileNotRoot",
        "trustNotChanged",
        "keyringNotChanged", "noUserForPassword", "passwordNeedsTerminal", "noPasswordGiven", "passwordsDiffer",
        "watchNeedsTerminal", "noSnapshot", "offlineWithoutSnapshot", "snapshotLacksFields", "removalInterrupted",
        "partialAdd", "passwordNotChecked", "backupKeyNotGenerated", "backupKeyNotWritten",
        "backupWouldLockOut", "keyNotPresented", "presentedKeyUnproven", "portNotTested", "daemonCouldNotFetch",
        "addFileChoice",
    ]
}

@Suite("Failure table: command-local outcomes")
struct LocalFailureTableTests {
    @Test("a batch that stopped part-way shows the failure, then what was done")
    func removalInterrupted() {
        let failure = Failure(.local(.removalInterrupted(LocalCatalogue.offline, removed: 250, total: 1000)))
        let message = FailureText.message(failure, now: 0)
        #expect(message.hasPrefix(FailureText.message(LocalCatalogue.offline, now: 0) + "\n"))
        #expect(
            message.hasSuffix(
                "\n250 torrents of 1000 were removed before this failure; run `remission list` to see what is left."))
    }

    @Test("offline without a snapshot: the failure with its hint, then the missing snapshot")
    func offlineWithoutSnapshot() {
        let failure = Failure(.local(.offlineWithoutSnapshot(LocalCatalogue.offline, otherSettings: false)))
        #expect(
            FailureText.message(failure, now: 0)
                == FailureText.message(LocalCatalogue.offline, now: 0)
                + "\nNothing saved yet for this server to show instead: list keeps what it shows while online.")
        let other = Failure(.local(.offlineWithoutSnapshot(LocalCatalogue.offline, otherSettings: true)))
        #expect(
            FailureText.message(other, now: 0).hasSuffix("with these settings (user, address, path) to show instead."))
        // Plainly, in both languages: nothing saved yet.
        #expect(
            FailureText.message(Failure(.local(.noSnapshot(otherSettings: false)), server: "nas"), now: 0)
                == "nas: nothing saved yet for this server: run list while it is online, then --offline shows that.")
        Language.$override.withValue(.russian) {
            #expect(
                FailureText.message(failure, now: 0).hasSuffix(
                    "для этого сервера ещё ничего не сохранено "
                        + "(list сохраняет то, что показывает, пока сервер доступен)."))
            #expect(
                FailureText.message(Failure(.local(.noSnapshot(otherSettings: false)), server: "nas"), now: 0)
                    .hasPrefix("nas: для этого сервера ещё ничего не сохранено: выполните list"))
        }
    }

    @Test("a refused change says that nothing changed")
    func nothingChanged() {
        let problems: [LocalProblem] = [
            .declined(.forgetTrust), .trustNotChanged(LocalCatalogue.storage), .certificateDeclined,
            .declined(.forgetTrustParts(.caFile)), .declined(.replaceAccepted(fingerprint(1), with: .caFile("/c"))),
            .confirmationNeedsTerminal(.replaceAccepted(fingerprint(1), with: .caFile("/c"))),
            .typedFingerprintMismatch(typed: fingerprint(1), presented: fingerprint(2)),
            .probeFailed(.refused(detail: ""), authority: "nas:443", label: "nas"),
        ]
        for problem in problems {
            #expect(FailureText.reason(Failure(.local(problem))).lowercased().contains("nothing was changed"))
        }
    }

    @Test("a URL the daemon could not fetch: named, what answered, what to check on the daemon's machine")
    func daemonFetch() {
        func message(_ fetch: DaemonFetchFailure, server: String? = "nas") -> String {
            FailureText.message(Failure(.local(.daemonCouldNotFetch(fetch, server: server)), server: server), now: 0)
        }
        let none = DaemonFetchFailure(
            fetched: .torrent, url: "http://tracker.example/x.torrent", status: 0, statusText: "No Response")
        #expect(
            message(none) == """
                nas: the daemon could not fetch http://tracker.example/x.torrent: no answer (no connection, a name \
                that does not resolve, a timeout or a TLS failure)
                hint: The daemon fetches the URL itself, from its own machine: check there that the host name \
                resolves and the host can be reached (DNS, network, firewall, a proxy the daemon needs), e.g. \
                with: curl -I http://tracker.example/x.torrent
                """)
        let missing = DaemonFetchFailure(
            fetched: .blocklist, url: "https://lists.example/level1.gz", status: 404, statusText: "Not Found")
        #expect(
            message(missing) == """
                nas: the daemon could not fetch https://lists.example/level1.gz: the web server answered 404 Not Found
                hint: The daemon fetches the URL itself, from its own machine, and got 404: check the URL \
                (curl -I https://lists.example/level1.gz on that machine shows the same answer). Change the \
                blocklist URL with: remission session nas --blocklist-url URL
                """)
        // The daemon's text and a URL from its settings are terminal-safe, and quoted for the shell.
        let hostile = DaemonFetchFailure(
            fetched: .blocklist, url: "http://x/a b\u{1B}[2J", status: 500, statusText: "Oops\u{07}")
        let text = message(hostile)
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"), "\(text)")
        #expect(text.contains("curl -I 'http://x/a b^[[2J'"), "\(text)")
        Language.$override.withValue(.russian) {
            #expect(message(missing).contains("демон не смог скачать https://lists.example/level1.gz"))
        }
    }

    @Test("a partial add names the arguments that failed, terminal-safe")
    func partialAdd() {
        let failure = Failure(
            .local(.partialAdd(succeeded: 1, total: 3, failed: [FailedArgument("a\u{1B}[2J", LocalCatalogue.refused)])))
        #expect(FailureText.message(failure, now: 0) == "1 of 3 added or already present; failed: a^[[2J")
    }

    @Test("the confirmation's question and the refusal without a terminal")
    func confirmations() {
        #expect(FailureText.question(.removeAllPins(count: 2)) == "Remove all 2 pins?")
        #expect(FailureText.question(.removeAllPins(count: 1)) == "Remove the pin?")
        #expect(
            FailureText.reason(Failure(.local(.confirmationNeedsTerminal(.forgetTrust))))
                == "Forget all of it? Not on a terminal, so nothing is asked: add --yes to confirm.")
        #expect(
            FailureText.question(.deleteTorrentData(count: 1, bytes: 2048)) == "Delete the data of 1 torrent (2.05 kB)?"
        )
        #expect(
            FailureText.question(.replaceAccepted(fingerprint(1), with: .caFile("/home/ann/root.crt")))
                == "Replace the accepted certificate \(fingerprint(1)) with the CA file /home/ann/root.crt?")
        #expect(
            FailureText.question(.replaceAccepted(fingerprint(1), with: .pins([pin(2)])))
                == "Replace the accepted certificate \(fingerprint(1)) with the pin \(pin(2))?")
        #expect(
            FailureText.reason(
                Failure(.local(.confirmationNeedsTerminal(.replaceAccepted(fingerprint(1), with: .pins([pin(2)])))))
            ).contains("add --replace-accepted"))
        #expect(
            FailureText.question(.forgetTrustParts([.accepted, .caFile]))
                == "Forget the accepted certificate and the CA file?")
        #expect(
            FailureText.question(.forgetTrustParts([.pins, .accepted, .caFile]))
                == "Forget the pins, the accepted certificate and the CA file?")
        #expect(
            FailureText.reason(Failure(.local(.keyNotPresented(.root, label: "caddy", leafSelfSigned: false))))
                .contains("Caddy never does") == true)
        #expect(
            FailureText.reason(Failure(.local(.keyNotPresented(.root, label: "caddy", leafSelfSigned: false))))
                .contains("remission trust ca caddy ROOT.crt"))
    }
}
