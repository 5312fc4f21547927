import Foundation
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// Remission's decisions held against `openssl verify` on a generated corpus (certs/chains): valid
/// chains and hostile ones — issuers that are no CA, missing keyCertSign, path length and name
/// constraint violations, client-only and proxy leaves, CN-only and IP leaves, wildcards, expired and
/// not-yet-valid links, an intermediate as the anchor. Each chain runs in both CA-anchored modes: the
/// anchor as the CA file, and the anchor's key pinned with the anchor appended to what the server sends.
///
/// Where Remission trusts, `openssl verify -x509_strict -partial_chain -purpose sslserver` with the
/// host check trusts, and the other way round — except for the host-name rules, where Remission follows
/// curl and OpenSSL does not (the generator marks those chains `c` and `o`):
/// - `c`: a certificate without any subjectAltName whose CN is the IP address asked for: curl reads the
///   CN, `openssl verify -verify_ip` reads only iPAddress entries (error 64);
/// - `o`: OpenSSL reads the CN when there is no *DNS* name even beside an IP entry, accepts any CN (curl:
///   the last), and matches partial wildcards (`f*.good.test`) that curl refuses. Remission refuses
///   these with the host mismatch alone.
@Suite("Remission against openssl verify on generated chains (certs/chains)")
struct ChainDifferentialTests {
    enum Mode: String, CaseIterable, CustomStringConvertible {
        case caFile = "CA file", caPin = "CA pin"
        var description: String { rawValue }
    }

    struct Entry {
        var id, kind, peer, leaf, intermediates, anchor, intent, host, openssl: String
        var opensslTrusts: Bool { openssl == "OK" }
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
                host: f[7], openssl: f[8])
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
        }
    }

    static func isCAAnchored(_ decision: TrustDecision, mode: Mode) -> Bool {
        switch (decision, mode) {
        case (.trusted(.certificateAuthorityFile, _), .caFile), (.trusted(.pinnedKey, _), .caPin): return true
        default: return false
        }
    }

    /// The path verified to the mode's anchor (the host aside: OpenSSL's path checks have no host).
    static func pathVerified(_ chain: PresentedChain, mode: Mode) -> Bool {
        switch mode {
        case .caFile: return chain.storeVerification.verified && chain.storeVerification.anchoredByCAFile
        case .caPin: return chain.anchorVerifications.count == 1 && chain.anchorVerifications[0].verified
        }
    }

    @Test("in both modes, Remission trusts exactly the chains openssl verify trusts (host-name rules aside)")
    func agreement() throws {
        let directory = TemporaryDirectory()
        let (entries, time) = try Self.corpus(in: directory.path)
        #expect(entries.count >= 200)
        for mode in Mode.allCases {
            var counts: [String: Int] = [:]
            for entry in entries {
                let (decision, chain) = try Self.decide(entry, mode: mode, time: time, in: directory.path)
                let trusted = Self.isCAAnchored(decision, mode: mode)
                let context = Comment(rawValue: "\(mode) \(entry.id): openssl \(entry.openssl); Remission \(decision)")
                #expect(decision.isTrusted == trusted, context)
                #expect(trusted == (entry.intent == "ok"), context)
                switch entry.host {
                case "c":
                    // curl's rule covers the name, OpenSSL's does not: the path itself verified.
                    #expect(trusted && entry.openssl.hasPrefix("error 64 "), context)
                    #expect(Self.pathVerified(chain, mode: mode) && chain.hostCovered, context)
                    counts["curl-only host rule", default: 0] += 1
                case "o":
                    // OpenSSL's rule covers the name, curl's does not: refused for the host alone.
                    #expect(entry.opensslTrusts && !trusted, context)
                    #expect(Self.pathVerified(chain, mode: mode) && !chain.hostCovered, context)
                    counts["OpenSSL-only host rule", default: 0] += 1
                default:
                    #expect(trusted == entry.opensslTrusts, context)
                    #expect(!trusted || Self.pathVerified(chain, mode: mode), context)
                    counts[trusted ? "both trust" : "both refuse", default: 0] += 1
                }
            }
            print("certs/chains, \(mode): \(entries.count) chains: \(counts.sorted { $0.key < $1.key })")
            #expect(counts["both trust", default: 0] >= 80 && counts["both refuse", default: 0] >= 150)
        }
    }
}

extension String {
    var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
