import Foundation
import TestSupport
import Testing

/// Issue 14: a trust refusal is not OFFLINE (the server answered the handshake), and a certificate
/// the user accepted is not a warning on every check.
@Suite("check's verdict for trust: UNTRUSTED, CERTIFICATE CHANGED, an accepted certificate ok")
struct CheckVerdictTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    func connect(_ name: String) throws {
        let result = try home.run(
            [
                "connect", bed.url(for: .selfSigned), "--name", name, "--user", bed.user, "--password-stdin",
                "--accept-fingerprint", try bed.fingerprint(.selfSigned), "--no-save-password",
            ], stdin: bed.password)
        #expect(result.status == 0, "\(result.all)")
    }

    @Test("an untrusted certificate: UNTRUSTED in text and --json, exit 5")
    func untrusted() throws {
        let text = try home.run(["check", bed.url(for: .selfSigned)])
        #expect(text.status == 5, "\(text.all)")
        #expect(text.out.contains("UNTRUSTED — tls: certificate not trusted"))
        #expect(!text.out.contains("OFFLINE"))
        let json = try home.run(["check", bed.url(for: .selfSigned), "--json"])
        #expect(json.status == 5)
        #expect(json.out.contains("\"status\":\"untrusted\""), "\(json.out)")
    }

    @Test("a changed certificate: CERTIFICATE CHANGED in text, --all and --json, exit 5")
    func changed() throws {
        try connect("moved")
        // The accepted certificate becomes another one's: the server now presents a "changed" certificate.
        let path = home.configDirectory + "/trust.json"
        let accepted = try bed.fingerprint(.selfSigned).replacingOccurrences(of: ":", with: "").uppercased()
        let other = try bed.fingerprint(.changed).replacingOccurrences(of: ":", with: "").uppercased()
        let trust = try String(contentsOfFile: path, encoding: .utf8)
        #expect(trust.contains(accepted))
        try trust.replacingOccurrences(of: accepted, with: other).write(toFile: path, atomically: true, encoding: .utf8)

        let text = try home.run(["check", "moved"], env: ["TR_AUTH": "\(bed.user):\(bed.password)"])
        #expect(text.status == 5, "\(text.all)")
        #expect(text.out.contains("CERTIFICATE CHANGED — tls:"), "\(text.out)")
        let all = try home.run(["check", "--all"], env: ["TR_AUTH": "\(bed.user):\(bed.password)"])
        #expect(all.status == 5, "\(all.all)")
        #expect(all.out.contains("moved  CERTIFICATE CHANGED — tls:"), "\(all.out)")
        let json = try home.run(["check", "moved", "--json"], env: ["TR_AUTH": "\(bed.user):\(bed.password)"])
        #expect(json.out.contains("\"status\":\"certificate-changed\""), "\(json.out)")
    }

    @Test("an accepted self-signed certificate: tls ok with its basis, no self-signed warning; trust show keeps it")
    func acceptedIsOK() throws {
        try connect("mine")
        let check = try home.run(["check", "mine"], env: ["TR_AUTH": "\(bed.user):\(bed.password)"])
        #expect(check.status == 0, "\(check.all)")
        #expect(check.out.contains("  ok   tls"), "\(check.out)")
        #expect(check.out.contains("Trusted: accepted certificate"))
        #expect(!check.out.contains("note:"))
        #expect(!check.out.contains("The certificate is self-signed"))
        #expect(!check.out.contains("warn"))
        let show = try home.run(["trust", "show", "mine"])
        #expect(show.out.contains("The certificate is self-signed"), "\(show.all)")
    }
}
