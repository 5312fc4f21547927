import Foundation
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// The facts `ChainExaminer` gathers without a connection, on the test bed's PKI (certs/generate).
@Suite("chain facts from files (ChainExaminer, offline)")
struct ChainExaminerTests {
    let bed: TestBed

    init() throws { bed = try TestBed.shared }

    func der(_ path: String) throws -> [UInt8] {
        let pem = try String(contentsOfFile: path, encoding: .utf8)
        let body = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        return [UInt8](try #require(Data(base64Encoded: body)))
    }

    @Test("a pinned intermediate, sent by the server, anchors the chain on its own")
    func intermediateAnchors() throws {
        let leaf = try der(bed.certificateFile(.chained))
        let intermediate = try der(bed.certificateFile(.intermediate))
        let pin = try SPKIPin(parsing: bed.pin(.intermediate))
        let chain = try #require(
            ChainExaminer.examine(
                chain: [leaf, intermediate], anchors: [], peerName: PeerName(host: "localhost"), pinnedKeys: [pin],
                time: nil))
        #expect(chain.anchorVerifications.count == 1)
        #expect(chain.anchorVerifications.first?.verified == true, "\(chain.anchorVerifications)")
        #expect(TrustPolicy.evaluate(chain: chain, trust: ServerTrust(pins: [pin])).isTrusted)
    }
}
