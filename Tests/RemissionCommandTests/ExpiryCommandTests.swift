import Foundation
import TestSupport
import Testing

/// A private CA and leaves with the validity a test asks for (`openssl ca -startdate -enddate`, the
/// one OpenSSL 3.0 tool that takes explicit dates), for servers whose certificates expire soon.
struct ShortLivedPKI {
    let directory = TemporaryDirectory()
    let bed: TestBed
    var caFile: String { directory.file("ca.crt") }

    init(bed: TestBed) throws {
        self.bed = bed
        try openssl(
            """
            cat >openssl.cnf <<'CNF'
            [ req ]
            distinguished_name = dn
            prompt = no
            [ dn ]
            CN = unused
            [ root_ca ]
            basicConstraints = critical, CA:TRUE
            keyUsage = critical, keyCertSign, cRLSign
            subjectKeyIdentifier = hash
            [ leaf ]
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = serverAuth
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid:always
            subjectAltName = IP:127.0.0.1, DNS:localhost
            [ ca ]
            default_ca = short
            [ short ]
            database = index.txt
            new_certs_dir = .
            serial = serial
            default_md = sha256
            policy = any
            unique_subject = no
            copy_extensions = none
            [ any ]
            commonName = supplied
            CNF
            : >index.txt
            echo 01 >serial
            openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out ca.key
            openssl req -new -x509 -key ca.key -subj "/CN=Expiry Test CA" -days 3650 -extensions root_ca -out ca.crt
            """)
    }

    /// A leaf for 127.0.0.1 valid from `notBefore` to `notAfter` (Unix seconds), signed by the CA.
    func leaf(_ name: String, notBefore: Int64, notAfter: Int64) throws -> (cert: String, key: String) {
        try openssl(
            """
            openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out \(name).key
            openssl req -new -key \(name).key -subj "/CN=\(name)" -out \(name).csr
            openssl ca -batch -notext -cert ca.crt -keyfile ca.key -in \(name).csr -out \(name).crt \
                -startdate \(Self.asn1(notBefore)) -enddate \(Self.asn1(notAfter)) -extensions leaf
            """)
        return (directory.file("\(name).crt"), directory.file("\(name).key"))
    }

    private func openssl(_ script: String) throws {
        let result = try bed.run(
            "/bin/bash", args: ["-euc", "cd '\(directory.path)'; export OPENSSL_CONF=$PWD/openssl.cnf\n" + script])
        guard result.status == 0 else {
            Issue.record("openssl failed: \(result.stderrText)")
            throw CLIHome.NotSaved(name: "pki", output: result.stderrText)
        }
    }

    /// `YYYYMMDDHHMMSSZ`, as `openssl ca -startdate/-enddate` take it.
    static func asn1(_ unixSeconds: Int64) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMddHHmmss'Z'"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(unixSeconds)))
    }
}

/// `check` ahead of a certificate's expiry, through the real binary: scripted Transmission servers
/// (HostileServer, answering like a daemon) over TLS with leaves made here, trusted by a CA file.
/// Every exit path: 0 without a warning, 0 with one, 9 within --warn-expiry, 9 from --all, --json,
/// and an offline server keeping its 3.
@Suite("check: expiry ahead of time (process, HostileServer over TLS)")
struct ExpiryCommandTests {
    let bed: TestBed
    let home: CLIHome
    let pki: ShortLivedPKI
    static let day: Int64 = 86_400

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
        pki = try ShortLivedPKI(bed: bed)
    }

    var now: Int64 { Int64(Date().timeIntervalSince1970) }

    /// A server whose 90-day leaf has `left` seconds left.
    func server(_ name: String, left: Int64, lifetime: Int64 = 90 * day) throws -> HostileServer {
        let notAfter = now + left
        return try HostileServer(scenario: [:], tls: pki.leaf(name, notBefore: notAfter - lifetime, notAfter: notAfter))
    }

    func check(_ arguments: [String]) throws -> CLIHome.Result {
        try home.run(["check"] + arguments)
    }

    func tlsLines(_ out: String) -> [Substring] {
        out.split(separator: "\n").filter { $0.contains("warning: the certificate") }
    }

    @Test("40 days left of 90: ONLINE, tls ok, no warning, exit 0; --warn-expiry 30 too")
    func farFromExpiry() throws {
        let server = try server("far", left: 40 * Self.day)
        let run = try check([server.url(scheme: "https"), "--ca-file", pki.caFile])
        #expect(run.status == 0, "\(run.all)")
        #expect(run.out.contains("  ok   tls"), "\(run.all)")
        #expect(run.out.contains("\nONLINE"), "\(run.all)")
        #expect(tlsLines(run.out).isEmpty, "\(run.all)")
        let flagged = try check([server.url(scheme: "https"), "--ca-file", pki.caFile, "--warn-expiry", "30"])
        #expect(flagged.status == 0, "\(flagged.all)")
    }

    @Test("5 days left of 90: the tls step warns and the verdict says so, exit still 0 without the flag")
    func warnsWithoutFlag() throws {
        let server = try server("near", left: 5 * Self.day + 3600)
        let run = try check([server.url(scheme: "https"), "--ca-file", pki.caFile])
        #expect(run.status == 0, "\(run.all)")
        #expect(run.out.contains("  warn tls"), "\(run.all)")
        #expect(
            tlsLines(run.out).contains {
                $0.contains("'CN=near' expires") && $0.contains("(in 5 days), less than 14 days ahead")
            },
            "\(run.all)")
        #expect(run.out.contains("ONLINE — a certificate expires"), "\(run.all)")
    }

    @Test("within --warn-expiry DAYS: exit 9, also for a leaf the default rule leaves alone")
    func withinWarnExpiry() throws {
        let server = try server("month", left: 20 * Self.day)
        let plain = try check([server.url(scheme: "https"), "--ca-file", pki.caFile])
        #expect(plain.status == 0, "\(plain.all)")
        #expect(plain.out.contains("  ok   tls"), "\(plain.all)")
        let run = try check([server.url(scheme: "https"), "--ca-file", pki.caFile, "--warn-expiry", "21"])
        #expect(run.status == 9, "\(run.all)")
        #expect(tlsLines(run.out).contains { $0.contains("within the 21 days of --warn-expiry") }, "\(run.all)")
    }

    @Test("--all: one of several servers expiring within --warn-expiry makes the run exit 9")
    func allServers() throws {
        let fine = try server("fine", left: 60 * Self.day)
        let soon = try server("soon", left: 2 * Self.day)
        for (name, server) in [("fine", fine), ("soon", soon)] {
            let saved = try home.run([
                "connect", server.url(scheme: "https"), "--name", name, "--ca-file", pki.caFile,
            ])
            #expect(saved.status == 0, "\(saved.all)")
        }
        let run = try check(["--all", "--warn-expiry", "7"])
        #expect(run.status == 9, "\(run.all)")
        let lines = run.out.split(separator: "\n")
        #expect(
            lines.contains { $0.hasPrefix("fine") && $0.contains("ONLINE") && !$0.contains("expires") }, "\(run.all)")
        #expect(lines.contains { $0.hasPrefix("soon") && $0.contains("ONLINE — a certificate expires") }, "\(run.all)")
        #expect(try check(["--all", "--warn-expiry", "1"]).status == 0)
    }

    @Test("--json: each certificate's notAfter in ISO 8601 UTC, the verdict, and exitCode 9")
    func json() throws {
        let server = try server("json", left: 3 * Self.day)
        let run = try check([server.url(scheme: "https"), "--ca-file", pki.caFile, "--warn-expiry", "7", "--json"])
        #expect(run.status == 9, "\(run.all)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any], "\(run.all)")
        #expect(object["exitCode"] as? Int == 9)
        #expect(object["status"] as? String == "online")
        #expect(object["expiring"] as? Bool == true)
        #expect(object["warnExpiryDays"] as? Int == 7)
        let certificates = try #require(object["certificates"] as? [[String: Any]])
        let leaf = try #require(certificates.first)
        #expect(leaf["role"] as? String == "leaf")
        #expect(leaf["subject"] as? String == "CN=json")
        #expect(leaf["expiring"] as? Bool == true)
        let notAfter = try #require(leaf["notAfter"] as? String)
        #expect(notAfter.count == 20 && notAfter.hasSuffix("Z") && notAfter.contains("T"), "\(notAfter)")
        #expect(try #require(ISO8601DateFormatter().date(from: notAfter)).timeIntervalSince1970 > 0)
    }

    @Test("an offline server keeps exit 3 with --warn-expiry; and with --all, 3 outranks another's 9")
    func offline() throws {
        let offline = "https://127.0.0.1:\(bed.closedPort)/transmission/rpc"
        let run = try check([offline, "--warn-expiry", "30"])
        #expect(run.status == 3, "\(run.all)")
        let soon = try server("soon-too", left: 2 * Self.day)
        let saved = try home.run(["connect", soon.url(scheme: "https"), "--name", "soon", "--ca-file", pki.caFile])
        #expect(saved.status == 0, "\(saved.all)")
        let gone = try home.run(["connect", offline, "--name", "gone", "--save-offline"])
        #expect(gone.status == 3, "\(gone.all)")
        #expect(try check(["--all", "--warn-expiry", "30"]).status == 3)
    }

    @Test("--watch with --warn-expiry: every round carries the verdict (text warns, JSON says exitCode 9)")
    func watch() throws {
        let server = try server("watched", left: 2 * Self.day)
        let arguments = [server.url(scheme: "https"), "--ca-file", pki.caFile, "--warn-expiry", "7", "--watch", "1"]
        let json = try bed.run(
            "timeout", args: ["2.5", home.remission, "check"] + arguments + ["--json"], env: home.environment)
        let rounds = json.stdoutText.split(separator: "\n")
        #expect(rounds.count >= 2, "\(json.stdoutText)")
        #expect(rounds.allSatisfy { $0.contains("\"exitCode\":9") && $0.contains("\"warnExpiryDays\":7") }, "\(rounds)")
        let text = try bed.run("timeout", args: ["2.5", home.remission, "check"] + arguments, env: home.environment)
        #expect(text.stdoutText.components(separatedBy: "ONLINE — a certificate expires").count - 1 >= 2)
    }

    @Test("--warn-expiry takes 0 to 3650 days")
    func range() throws {
        let run = try check(["--warn-expiry", "-1"])
        #expect(run.status == 2, "\(run.all)")
        #expect(try check(["--warn-expiry", "4000"]).status == 2)
    }
}
