import Foundation
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// Remission's decisions held against `openssl verify` on a generated corpus (certs/chains): valid
/// chains and hostile ones — issuers that are no CA, missing keyCertSign, path length and name
/// constraint violations, client-only and proxy leaves, CN-only and IP leaves, wildcards, expired and
/// not-yet-valid links, an intermediate as the anchor — and home CAs as people make them (an
/// `openssl req -x509` tutorial, Python's `cryptography`, easy-rsa, mkcert, a v1 root), each with a leaf
/// forged under a certificate it issued to a client. Each chain runs in three modes: the anchor as the
/// CA file, the anchor's key pinned with the anchor appended to what the server sends, and the anchor in
/// the system store.
///
/// Under the user's own anchor (CA file, pin) Remission trusts exactly what `openssl verify
/// -partial_chain -purpose sslserver` trusts without strict X.509 mode, as curl does; every chain that
/// strict mode alone refuses is listed, and what it found is a check `StrictCheck` tolerates. Under
/// the system store Remission trusts exactly what `openssl verify -x509_strict` trusts. Host-name rules
/// aside, where Remission follows curl and OpenSSL does not (the generator marks those chains `c` and
/// `o`):
/// - `c`: a certificate without any subjectAltName whose CN is the IP address asked for: curl reads the
///   CN, `openssl verify -verify_ip` reads only iPAddress entries (error 64);
/// - `o`: OpenSSL reads the CN when there is no *DNS* name even beside an IP entry, accepts any CN (curl:
///   the last), and matches partial wildcards (`f*.good.test`) that curl refuses. Remission refuses
///   these with the host mismatch alone.
@Suite("Remission against openssl verify on generated chains (certs/chains)")
struct ChainDifferentialTests {
    enum Mode: String, CaseIterable, CustomStringConvertible {
        case caFile = "CA file", caPin = "CA pin", systemStore = "system store"
        var description: String { rawValue }
        var userAnchored: Bool { self != .systemStore }
    }

    struct Entry {
        var id, kind, peer, leaf, intermediates, anchor, intent, host, openssl, strict: String
        /// What `openssl verify` says in this mode: without strict mode under a user's anchor, with it
        /// under the system store.
        func reference(_ mode: Mode) -> String { mode.userAnchored ? openssl : strict }
        /// The error code of strict mode's last error ("error N at …"), if it refused.
        var strictCode: Int? { strict.split(separator: " ").dropFirst().first.flatMap { Int($0) } }
    }

    static func corpus(in directory: String) throws -> (entries: [Entry], time: Int64) {
        let script = TestBed.repositoryRoot + "/certs/chains"
        let made = try ProcessRunner.run("/bin/bash", args: [script, directory], timeout: .seconds(300))
        try #require(made.status == 0, "\(made.stderrText)")
        let manifest = try String(contentsOfFile: directory + "/manifest.tsv", encoding: .utf8)
        let entries = manifest.split(separator: "\n").map { line -> Entry in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Entry(
                id: f[0], kind: f[1], peer: f[2], leaf: f[3], intermediates: f[4], anchor: f[5], intent: f[6],
                host: f[7], openssl: f[8], strict: f[9])
        }
        let time = try #require(Int64(try String(contentsOfFile: directory + "/attime", encoding: .utf8).trimmed))
        return (entries, time)
    }

    /// Remission's decision on one chain in one mode, with the facts it decided on.
    static func decide(_ entry: Entry, mode: Mode, time: Int64, in directory: String) throws -> (
        TrustDecision, PresentedChain
    ) {
        let path = { (name: String) in directory + "/" + name }
        let leaf = try PEM.certificates(file: path(entry.leaf))
        let sent = entry.intermediates == "-" ? [] : try PEM.certificates(file: path(entry.intermediates))
        let anchor = try PEM.certificates(file: path(entry.anchor))
        let peer = PeerName(host: entry.peer)
        switch mode {
        case .caFile:
            let chain = try #require(
                ChainExaminer.examine(chain: leaf + sent, anchors: anchor, peerName: peer, pinnedKeys: [], time: time))
            return (TrustPolicy.evaluate(chain: chain, trust: ServerTrust(caFile: path(entry.anchor))), chain)
        case .caPin:
            // A server that sends its root: the anchor appended unless it is already there.
            let presented = leaf + sent + anchor.filter { !sent.contains($0) }
            let plain = try #require(
                ChainExaminer.examine(chain: presented, anchors: [], peerName: peer, pinnedKeys: [], time: time))
            let anchorPin = try #require(plain.certificates.last?.spkiPin)
            let chain = try #require(
                ChainExaminer.examine(
                    chain: presented, anchors: [], peerName: peer, pinnedKeys: [anchorPin], time: time))
            return (TrustPolicy.evaluate(chain: chain, trust: ServerTrust(pins: [anchorPin])), chain)
        case .systemStore:
            let chain = try #require(
                ChainExaminer.examine(
                    chain: leaf + sent, anchors: [], systemAnchors: anchor, peerName: peer, pinnedKeys: [], time: time))
            return (TrustPolicy.evaluate(chain: chain, trust: ServerTrust()), chain)
        }
    }

    static func isCAAnchored(_ decision: TrustDecision, mode: Mode) -> Bool {
        switch (decision, mode) {
        case (.trusted(.certificateAuthorityFile, _), .caFile), (.trusted(.pinnedKey, _), .caPin),
            (.trusted(.systemCertificateAuthorities, _), .systemStore):
            return true
        default: return false
        }
    }

    /// The path verified to the mode's anchor (the host aside: OpenSSL's path checks have no host).
    static func pathVerified(_ chain: PresentedChain, mode: Mode) -> Bool {
        switch mode {
        case .caFile: return chain.storeVerification.verified && chain.storeVerification.anchoredByCAFile
        case .caPin: return chain.anchorVerifications.count == 1 && chain.anchorVerifications[0].verified
        case .systemStore: return chain.storeVerification.verified && !chain.storeVerification.anchoredByCAFile
        }
    }

    @Test("in every mode, Remission trusts exactly the chains openssl verify trusts (host-name rules aside)")
    func agreement() throws {
        let directory = TemporaryDirectory()
        let (entries, time) = try Self.corpus(in: directory.path)
        #expect(entries.count >= 270)
        for mode in Mode.allCases {
            var counts: [String: Int] = [:]
            var profileOnly: [String] = []
            for entry in entries {
                let (decision, chain) = try Self.decide(entry, mode: mode, time: time, in: directory.path)
                let trusted = Self.isCAAnchored(decision, mode: mode)
                let reference = entry.reference(mode)
                let context = Comment(rawValue: "\(mode) \(entry.id): openssl \(reference); Remission \(decision)")
                #expect(decision.isTrusted == trusted, context)
                if mode.userAnchored { #expect(trusted == (entry.intent == "ok"), context) }
                switch entry.host {
                case "c":
                    // curl's rule covers the name, OpenSSL's does not: the path itself verified.
                    #expect(trusted && reference.hasPrefix("error 64 "), context)
                    #expect(Self.pathVerified(chain, mode: mode) && chain.hostCovered, context)
                    counts["curl-only host rule", default: 0] += 1
                case "o":
                    // OpenSSL's rule covers the name, curl's does not: refused for the host alone.
                    #expect(reference == "OK" && !trusted, context)
                    #expect(Self.pathVerified(chain, mode: mode) && !chain.hostCovered, context)
                    counts["OpenSSL-only host rule", default: 0] += 1
                default:
                    #expect(trusted == (reference == "OK"), context)
                    #expect(!trusted || Self.pathVerified(chain, mode: mode), context)
                    counts[trusted ? "both trust" : "both refuse", default: 0] += 1
                }
                // Every verdict strict mode alone changes: trusted under the user's anchor for a
                // tolerated check only, and refused under the system store.
                if entry.openssl == "OK" && entry.strict != "OK" && entry.host == "y" {
                    let code = try #require(entry.strictCode, context)
                    #expect(StrictCheck(rawValue: code)?.toleratedUnderUserAnchor == true, context)
                    #expect(trusted == mode.userAnchored, context)
                    #expect(mode.userAnchored == chain.verifications(mode).allSatisfy { $0.problems.isEmpty }, context)
                    #expect(chain.verifications(mode).contains { !$0.strictFindings.isEmpty }, context)
                    profileOnly.append("\(entry.id) (strict: \(entry.strict))")
                }
            }
            print("certs/chains, \(mode): \(entries.count) chains: \(counts.sorted { $0.key < $1.key })")
            print("certs/chains, \(mode): refused by strict mode alone:\n  " + profileOnly.joined(separator: "\n  "))
            #expect(profileOnly.count == 11, "\(profileOnly)")
            #expect(counts["both trust", default: 0] >= 80 && counts["both refuse", default: 0] >= 150)
        }
    }
}

extension PresentedChain {
    /// The verifications a mode decides on: the pinned anchor's, or the store's.
    fileprivate func verifications(_ mode: ChainDifferentialTests.Mode) -> [AnchorVerification] {
        mode == .caPin ? anchorVerifications : [storeVerification]
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
