import Foundation
import TestSupport
import Testing

/// Issue 14: `trust pin NAME --generate-backup FILE` makes a spare key offline and pins it.
@Suite("trust pin --generate-backup (process, real nginx, openssl to check)")
struct BackupPinTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    var url: String { bed.url(for: .selfSigned) }

    /// The pin of the key in `file`, computed by openssl alone:
    /// `openssl pkey -pubout -outform DER | openssl dgst -sha256 -binary | base64`.
    func opensslPin(_ file: String) throws -> String {
        let result = try bed.run(
            "bash",
            args: [
                "-c", "openssl pkey -in \"$1\" -pubout -outform DER | openssl dgst -sha256 -binary | base64", "-", file,
            ])
        #expect(result.status == 0, "\(result.stderrText)")
        return "sha256//" + result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test("the key file is new, mode 0600, P-256; the pin set is its SPKI's as openssl computes it; advice given")
    func generates() throws {
        let file = home.directory + "/spare-key.pem"
        let result = try home.run(["trust", "pin", url, "--current", "--generate-backup", file])
        #expect(result.status == 0, "\(result.all)")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let pin = try opensslPin(file)
        let pinned = result.out.split(separator: "\n").map(String.init)
        #expect(pinned == [try bed.pin(.selfSigned), pin], "\(result.out)")
        #expect(home.writtenFiles()["config/trust.json"]?.contains(pin) == true)
        #expect(result.err.contains("Generated a spare ECDSA P-256 key in \(file) (mode 0600) and pinned it: \(pin)"))
        #expect(result.err.contains("Keep that file offline, not on the server"))
        #expect(result.err.contains("openssl req -new -key"))
        #expect(!result.err.contains("warning:"), "a backup pin exists now: \(result.err)")
        #expect(!result.all.contains("PRIVATE KEY"))
        let text = try bed.run("openssl", args: ["pkey", "-in", file, "-noout", "-text"]).stdoutText
        #expect(text.contains("prime256v1"), "\(text)")

        // The pinned server still checks (its current key is pinned beside the spare).
        let check = try home.run(["check", url], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 0, "\(check.all)")
    }

    @Test("an existing file (or a symbolic link) is refused and left untouched; nothing is pinned")
    func existingFile() throws {
        let file = home.directory + "/taken.pem"
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: file))
        let result = try home.run(["trust", "pin", url, "--current", "--generate-backup", file])
        #expect(result.status == 1, "\(result.all)")
        #expect(result.err.contains("\(file) already exists and was left as it is"))
        #expect(result.err.contains("Nothing was pinned."))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "keep me\n")
        #expect(home.writtenFiles()["config/trust.json"] == nil)

        let link = home.directory + "/link.pem"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: home.directory + "/absent.pem")
        let linked = try home.run(["trust", "pin", url, "--generate-backup", link])
        #expect(linked.status == 1, "\(linked.all)")
        #expect(!FileManager.default.fileExists(atPath: home.directory + "/absent.pem"))
        #expect(home.writtenFiles()["config/trust.json"] == nil)
    }

    /// Trust by an accepted certificate, no pins: the default set-up for a self-signed server.
    func accept() throws {
        let accept = try home.run([
            "trust", "accept", url, "--fingerprint", "SHA256:" + (try bed.fingerprint(.selfSigned)),
        ])
        #expect(accept.status == 0, "\(accept.all)")
    }

    /// The pins trust.json holds for the server (none: none).
    func storedPins() -> Int {
        (home.writtenFiles()["config/trust.json"] ?? "").components(separatedBy: "sha256//").count - 1
    }

    @Test("with no pins set, the spare alone is not the only pin: the trusted key presented now is pinned too")
    func pinsCurrentKeyToo() throws {
        try accept()
        let file = home.directory + "/spare.key"
        // The accepted certificate would lie dormant under pins: replaced only when asked for.
        let refused = try home.run(["trust", "pin", url, "--generate-backup", file])
        #expect(refused.status == 2, "\(refused.all)")
        #expect(refused.err.contains("--replace-accepted"), "\(refused.err)")
        #expect(!exists(file))
        #expect(storedPins() == 0)
        let result = try home.run(["trust", "pin", url, "--generate-backup", file, "--replace-accepted"])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.err.contains("Replaced the accepted certificate SHA256:"), "\(result.err)")
        #expect(!(home.writtenFiles()["config/trust.json"] ?? "").contains("\"accepted\""))
        let current = try bed.pin(.selfSigned)
        #expect(result.out.split(separator: "\n").map(String.init) == [current, try opensslPin(file)], "\(result.out)")
        #expect(result.err.contains("Pinned the key the server presents now too"), "\(result.err)")
        #expect(result.err.contains(current))
        #expect(!result.err.contains("warning:"), "\(result.err)")

        let check = try home.run(["check", url], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 0, "\(check.all)")
    }

    @Test("a key presented now that stored trust refuses is not pinned: refused, no key file, no pin")
    func refusesUntrustedCurrentKey() throws {
        let file = home.directory + "/spare.key"
        let result = try home.run(["trust", "pin", url, "--generate-backup", file])
        #expect(result.status == 1, "\(result.all)")
        #expect(result.err.contains("is not trusted"), "\(result.err)")
        #expect(result.err.contains("Nothing was written or pinned"))
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(storedPins() == 0)
    }

    @Test("pins that would match no key presented now are refused before the key file is made, naming --current")
    func refusesLockOut() throws {
        try accept()
        let file = home.directory + "/spare.key"
        let other = try bed.pin(.changed)
        let result = try home.run(["trust", "pin", url, "--spki", other, "--generate-backup", file])
        #expect(result.status == 1, "\(result.all)")
        #expect(result.err.contains("remission trust pin \(url) --current --generate-backup FILE"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(storedPins() == 0)
        let check = try home.run(["check", url], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 0, "\(check.all)")
    }

    @Test("a server that cannot be reached gets no spare alone: offline, no key file, no pin")
    func refusesWhenOffline() throws {
        let file = home.directory + "/spare.key"
        let closed = "https://\(bed.host):\(bed.closedPort)/transmission/rpc"
        let result = try home.run(["trust", "pin", closed, "--generate-backup", file])
        #expect(result.status == 3, "\(result.all)")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(storedPins() == 0)
    }
}
