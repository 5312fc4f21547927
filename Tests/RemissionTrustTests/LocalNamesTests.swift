import Testing
import TrustFixtures

@testable import RemissionTrust

/// Which names a refused leaf covers are looked up for `--tls-name` advice: plain host names only (one
/// may be printed as `--tls-name NAME`), no wildcard, at most four, in the leaf's order.
@Suite("LocalNames: the names worth a lookup")
struct LocalNamesTests {
    @Test("plain names in order, at most four; wildcards and hostile text left out")
    func candidates() {
        var facts = certificate("CN=nas.lan", id: 1)
        facts.subjectAltNames = [
            .dns("nas.lan"), .dns("*.lan"), .dns("evil;rm -rf ~"), .dns("a\u{1B}[31m.lan"), .dns("-flag"),
            .dns(String(repeating: "x", count: 300)), .ip("10.0.0.2"), .dns("b.lan"), .dns("nas.lan"), .dns("c_d.lan"),
            .dns("e.lan"), .dns("f.lan"),
        ]
        #expect(LocalNames.candidates(facts) == ["nas.lan", "b.lan", "c_d.lan", "e.lan"])
    }

    @Test("without subjectAltName, the last CN when it is a plain name and not an address")
    func commonName() {
        var facts = certificate("CN=nas.lan", id: 1)
        facts.commonNames = ["old.lan", "nas.lan"]
        #expect(LocalNames.candidates(facts) == ["nas.lan"])
        facts.commonNames = ["10.0.0.2"]
        #expect(LocalNames.candidates(facts).isEmpty)
    }
}
