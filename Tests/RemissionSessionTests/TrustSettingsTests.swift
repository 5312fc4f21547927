import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionSession

@Suite("Use cases: trust settings (accept, pin, unpin, ca, http, forget, list), in process")
struct TrustSettingsTests {
    /// Nothing listens on port 1 of loopback: a handshake there is refused at once.
    static let closed = "https://127.0.0.1:1/transmission/rpc"

    /// Runs `body` with trust settings over a private fixture and its saved server `nas`.
    static func withSettings(_ body: (TrustSettings, TrustSubject, Fixture) throws -> Void) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let settings = TrustSettings(fixture.context)
        try body(settings, try settings.subject("nas"), fixture)
    }

    @Test("changes that need a certificate refuse plain HTTP; the plain-HTTP warning refuses https")
    func schemes() throws {
        try Self.withSettings { settings, nas, _ in
            let plain = try settings.subject("http://box.example:9091/transmission/rpc")
            let noCertificate = Failure(
                .local(.noCertificate(url: plain.endpoint.url, label: plain.label, change: .caFile)))
            #expect(throws: noCertificate) { try settings.setCAFile(plain, "/no/such.pem") }
            #expect(noCertificate.status == .usage)
            #expect(throws: Failure(.local(.noCertificate(url: plain.endpoint.url, label: plain.label, change: .pin))))
            {
                try settings.pin(plain, adding: [pin(1)], current: false)
            }
            #expect(try settings.setPlainHTTP(plain, acknowledged: true) == false)
            #expect(try settings.setPlainHTTP(plain, acknowledged: true) == true)
            #expect(try settings.stored(plain).httpAcknowledged)
            let nas = try settings.subject(nil)
            #expect(nas.label == "nas")
            #expect(throws: Failure(.local(.noPlainHTTPWarning(url: nas.endpoint.url, label: "nas")))) {
                try settings.setPlainHTTP(nas, acknowledged: true)
            }
        }
    }

    @Test("accepting: first time, the same certificate again (nothing changes), a replacement")
    func accept() throws {
        try Self.withSettings { settings, nas, _ in
            let first = try settings.accept(PresentedChain(certificates: [leaf], problems: []), for: nas, now: 100)
            #expect(first.previous == nil && first.changed && !first.pinsSet)
            let again = try settings.accept(PresentedChain(certificates: [leaf], problems: []), for: nas, now: 200)
            #expect(!again.changed)
            #expect(try settings.stored(nas).accepted?.acceptedAt == 100)
            let replaced = try settings.accept(
                PresentedChain(certificates: [impostor], problems: []), for: nas, now: 300)
            #expect(replaced.changed)
            #expect(replaced.previous?.fingerprint == leaf.fingerprint)
            #expect(try settings.stored(nas).accepted?.fingerprint == impostor.fingerprint)
        }
    }

    @Test("--fingerprint must be the presented certificate's (exit 5)")
    func verify() throws {
        try Self.withSettings { settings, nas, _ in
            let probe = TrustProbe(
                report: ConnectionReportFixture.empty, chain: chain([leaf]),
                decision: .refused([.verification(.selfSigned)]),
                leaf: leaf)
            try settings.verify(leaf.fingerprint, probe, subject: nas)
            let failure = Failure(
                .local(
                    .fingerprintNotPresented(
                        given: fingerprint(9), presented: leaf.fingerprint, authority: nas.endpoint.authority,
                        label: "nas")
                ))
            #expect(throws: failure) { try settings.verify(fingerprint(9), probe, subject: nas) }
            #expect(failure.status == .trustRefused)
        }
    }

    @Test("pins are added once each; offline, pinning still works and warns about nothing")
    func pinOffline() throws {
        try Self.withSettings { settings, _, _ in
            let subject = try settings.subject(Self.closed)
            let first = try settings.pin(subject, adding: [pin(1), pin(2), pin(1)], current: false)
            #expect(first.pinned == [pin(1), pin(2)])
            #expect(first.new == [pin(1), pin(2)])
            #expect(first.warning == nil)
            let second = try settings.pin(subject, adding: [pin(2), pin(3)], current: false)
            #expect(second.new == [pin(3)])
            #expect(second.pinned == [pin(1), pin(2), pin(3)])
            #expect(throws: Failure.self) { try settings.pin(subject, adding: [], current: true) }
        }
    }

    @Test("a pin set that matches no presented key, or has no backup, is warned about")
    func pinWarnings() {
        let presented = chain([leaf, intermediate, root])
        #expect(TrustSettings.warning([backupPin], chain: presented) == .noPinMatches(presented: leaf.spkiPin))
        #expect(TrustSettings.warning([leaf.spkiPin, root.spkiPin], chain: presented) == .noBackupPin)
        #expect(TrustSettings.warning([leaf.spkiPin, backupPin], chain: presented) == nil)
        #expect(TrustSettings.warning([backupPin], chain: nil) == nil)
    }

    @Test("unpinning: nothing pinned, a pin that is not set (exit 1), some, then all")
    func unpin() throws {
        try Self.withSettings { settings, nas, fixture in
            #expect(try settings.unpinning(nas, removing: []).nothingPinned)
            try fixture.context.trustStore.change(ServerIdentity(Fixture.nas)) { $0.pins = [pin(1), pin(2), pin(3)] }
            let notPinned = Failure(
                .local(.notPinned(pin(9), identity: nas.identity, pinned: [pin(1), pin(2), pin(3)])))
            #expect(throws: notPinned) { try settings.unpinning(nas, removing: [pin(9)]) }
            #expect(notPinned.status == .failure)
            #expect(try settings.unpin(nas, try settings.unpinning(nas, removing: [pin(2)])) == [pin(1), pin(3)])
            let all = try settings.unpinning(nas, removing: [])
            #expect(all.removesAll && !all.nothingPinned)
            #expect(try settings.unpin(nas, all) == [])
        }
    }

    @Test("a CA file that cannot be read is a usage failure, and nothing is stored")
    func caFile() throws {
        try Self.withSettings { settings, nas, fixture in
            let failure = #expect(throws: Failure.self) {
                try settings.setCAFile(nas, fixture.directory + "/missing.pem")
            }
            #expect(failure?.status == .usage)
            let stored = try settings.stored(nas)
            #expect(stored == .none)
        }
    }

    @Test("a handshake nobody answers is offline (exit 3) and changes nothing")
    func probeOffline() throws {
        try Self.withSettings { settings, _, _ in
            let subject = try settings.subject(Self.closed)
            let failure = #expect(throws: Failure.self) { try settings.probe(subject, trust: .none) }
            #expect(failure?.status == .offline)
            guard case .local(.probeFailed(.refused, _, _)) = failure?.cause else {
                Issue.record("\(String(describing: failure))")
                return
            }
        }
    }

    @Test("list names the saved servers of each identity; forget removes the identity")
    func listAndForget() throws {
        try Self.withSettings { settings, nas, _ in
            _ = try settings.accept(PresentedChain(certificates: [leaf], problems: []), for: nas, now: 100)
            _ = try settings.setPlainHTTP(try settings.subject("http://box.example:9091/"), acknowledged: true)
            let list = try settings.list()
            #expect(list.entries.map(\.identity) == ["http://box.example:9091", nas.identity])
            #expect(list.entries.map(\.servers) == [[], ["nas"]])
            try settings.forget(nas)
            #expect(try settings.list().entries.map(\.identity) == ["http://box.example:9091"])
        }
    }
}

enum ConnectionReportFixture {
    static let empty = ConnectionReport()
}
