import Foundation
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// Issue 32: a CA file without a self-signed certificate is an intermediate, and the root beside it
/// is named only when it issued the intermediate, by signature (openssl-made files in the layouts of
/// Caddy, step-ca and mkcert; an impostor root with the same name beside a copy of the intermediate).
@Suite("CA file reader: roots, intermediates and the root beside them (openssl-made files)")
struct CAFileReaderTests {
    let pki: IntermediatePKI
    init() throws { pki = try IntermediatePKI() }

    func role(_ name: String) throws -> CAFileRole { CAFileRole(try CAFileReader.read(pki.file(name))) }

    @Test("a root, or a bundle with a root in it, is a root; nothing is looked for beside it")
    func roots() throws {
        for name in ["root.crt", "caddy/pki/authorities/local/root.crt", "mkcert/rootCA.pem", "bundle.pem"] {
            let facts = try CAFileReader.read(pki.file(name))
            #expect(CAFileRole(facts) == .root, "\(name)")
            #expect(facts.candidates.isEmpty, "\(name)")
        }
    }

    @Test(
        "an intermediate names the root beside it that signed it: Caddy, step-ca, mkcert, Caddy's leaf bundle",
        arguments: [
            ("caddy/pki/authorities/local/intermediate.crt", "caddy/pki/authorities/local/root.crt"),
            ("step/certs/intermediate_ca.crt", "step/certs/root_ca.crt"),
            ("mkcert/intermediate.pem", "mkcert/rootCA.pem"),
            ("caddy/certificates/local/nas.lan/nas.lan.crt", "caddy/pki/authorities/local/root.crt"),
        ])
    func intermediate(file: String, root: String) throws {
        let facts = try CAFileReader.read(pki.file(file))
        guard case .notRoot(let certificate, let found) = CAFileRole(facts) else {
            Issue.record("\(file) taken for a root")
            return
        }
        #expect(found == pki.file(root))
        #expect(certificate.notAfter - certificate.notBefore <= 7 * 86_400, "\(certificate)")
        #expect(!certificate.isSelfSigned)
    }

    @Test("an impostor root of the same name beside it is not named: names never link, signatures do")
    func impostor() throws {
        let facts = try CAFileReader.read(pki.file("impostor/intermediate.crt"))
        #expect(
            facts.candidates == [
                CAFileFacts.Candidate(path: pki.file("impostor/root.crt"), issuedFileCertificate: false)
            ])
        #expect(
            CAFileRole(facts)
                == .notRoot(
                    facts.certificates[0], root: nil))
    }

    @Test("a root.crt beside it that is not a regular file (a FIFO) is skipped, not read")
    func fifoBeside() throws {
        let directory = pki.file("fifo")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: pki.file("intermediate.crt"), toPath: directory + "/intermediate.crt")
        #expect(mkfifo(directory + "/root.crt", 0o600) == 0)
        let started = Date()
        let facts = try CAFileReader.read(directory + "/intermediate.crt")
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(facts.candidates.isEmpty)
        #expect(CAFileRole(facts) == .notRoot(facts.certificates[0], root: nil))
    }

    @Test("a key, a missing file: the CA file error, as every transport reports it")
    func unusable() {
        #expect(throws: TransportError.self) { try CAFileReader.read(pki.file("root.key")) }
        #expect(throws: TransportError.self) { try CAFileReader.read(pki.file("missing.crt")) }
    }
}
