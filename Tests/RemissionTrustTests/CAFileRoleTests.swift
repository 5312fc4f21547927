import RemissionTrust
import Testing

/// Issue 32, "an intermediate is not a root" (pure): which files are looked at beside a CA file, and
/// when a file can stand as the server's root.
@Suite("CA file role and the roots beside it (pure)")
struct CAFileRoleTests {
    @Test(
        "the roots a known CA keeps beside what people take for it",
        arguments: [
            (
                "/srv/caddy/pki/authorities/local/intermediate.crt",
                [
                    "/srv/caddy/pki/authorities/local/root.crt", "/srv/caddy/pki/authorities/local/root_ca.crt",
                    "/srv/caddy/pki/authorities/local/rootCA.pem",
                ]
            ),
            (
                "/var/lib/caddy/.local/share/caddy/certificates/local/nas.lan/nas.lan.crt",
                [
                    "/var/lib/caddy/.local/share/caddy/certificates/local/nas.lan/root.crt",
                    "/var/lib/caddy/.local/share/caddy/certificates/local/nas.lan/root_ca.crt",
                    "/var/lib/caddy/.local/share/caddy/certificates/local/nas.lan/rootCA.pem",
                    "/var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt",
                ]
            ),
            ("/root.crt", ["/root_ca.crt", "/rootCA.pem"]),  // never itself
            (
                "/home/ann/.step/certs/intermediate_ca.crt",
                [
                    "/home/ann/.step/certs/root.crt", "/home/ann/.step/certs/root_ca.crt",
                    "/home/ann/.step/certs/rootCA.pem",
                ]
            ),
            ("relative", []),
        ])
    func candidates(path: String, expected: [String]) {
        #expect(CAFileFacts.rootCandidates(beside: path) == expected)
    }

    static func certificate(_ subject: String, selfSigned: Bool, days: Int64 = 7) -> CAFileFacts.Certificate {
        CAFileFacts.Certificate(subject: subject, notBefore: 0, notAfter: days * 86_400, isSelfSigned: selfSigned)
    }

    static let intermediate = certificate("CN=Caddy Local Authority - ECC Intermediate", selfSigned: false)
    static let root = certificate("CN=Caddy Local Authority - 2026 ECC Root", selfSigned: true, days: 3650)

    struct Row: Sendable, CustomTestStringConvertible {
        var why: String
        var facts: CAFileFacts
        var role: CAFileRole
        var testDescription: String { why }
    }

    static let table: [Row] = [
        Row(why: "a root", facts: CAFileFacts(path: "/r.crt", certificates: [root]), role: .root),
        Row(
            why: "a bundle: intermediate, then root",
            facts: CAFileFacts(path: "/b.pem", certificates: [intermediate, root]),
            role: .root),
        Row(
            why: "an intermediate alone, nothing beside it",
            facts: CAFileFacts(path: "/i.crt", certificates: [intermediate]), role: .notRoot(intermediate, root: nil)),
        Row(
            why: "an intermediate with the root that issued it beside it",
            facts: CAFileFacts(
                path: "/pki/i.crt", certificates: [intermediate],
                candidates: [.init(path: "/pki/root.crt", issuedFileCertificate: true)]),
            role: .notRoot(intermediate, root: "/pki/root.crt")),
        Row(
            why: "a root file beside it that did not issue it (same name, another key) is not named",
            facts: CAFileFacts(
                path: "/pki/i.crt", certificates: [intermediate],
                candidates: [.init(path: "/pki/root.crt", issuedFileCertificate: false)]),
            role: .notRoot(intermediate, root: nil)),
        Row(
            why: "the first candidate that issued it",
            facts: CAFileFacts(
                path: "/pki/i.crt", certificates: [intermediate],
                candidates: [
                    .init(path: "/pki/root.crt", issuedFileCertificate: false),
                    .init(path: "/pki/root_ca.crt", issuedFileCertificate: true),
                    .init(path: "/pki/rootCA.pem", issuedFileCertificate: true),
                ]),
            role: .notRoot(intermediate, root: "/pki/root_ca.crt")),
        Row(
            why: "a leaf is not a root either; its first certificate is named",
            facts: CAFileFacts(
                path: "/l.pem", certificates: [certificate("CN=nas.lan", selfSigned: false, days: 1), intermediate]),
            role: .notRoot(certificate("CN=nas.lan", selfSigned: false, days: 1), root: nil)),
    ]

    @Test("a file holds a root when one of its certificates is self-signed", arguments: table)
    func role(row: Row) {
        #expect(CAFileRole(row.facts) == row.role)
    }
}
