import Foundation
import TestSupport
import Testing

/// The way out of an accepted certificate, through the real binary and the bed's nginx: `trust ca`,
/// `trust pin` and `connect --ca-file` replace it after a question (or `--replace-accepted`; without a
/// terminal and without the flag: exit 2 and nothing changed); `trust forget` drops one part; `trust
/// pin --issuer|--root` pin keys of the presented chain.
@Suite("trust: the way out of an accepted certificate (process, real nginx)")
struct TrustWayOutTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    var url: String { bed.url(for: .caSigned) }

    func trustJSON() throws -> [String: Any] {
        let result = try home.run(["trust", "list", "--json"])
        #expect(result.status == 0, "\(result.all)")
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        return ((object?["entries"] as? [[String: Any]]) ?? []).first ?? [:]
    }

    func acceptCASigned() throws {
        let accept = try home.run([
            "trust", "accept", url, "--fingerprint", "SHA256:" + (try bed.fingerprint(.caSigned)),
        ])
        #expect(accept.status == 0, "\(accept.all)")
        #expect(try trustJSON()["accepted"] is [String: Any])
    }

    @Test("trust ca over an accepted certificate: exit 2 naming --replace-accepted; with it, the CA file decides")
    func caReplacesAccepted() throws {
        try acceptCASigned()
        let refused = try home.run(["trust", "ca", url, bed.caFile])
        #expect(refused.status == 2, "\(refused.all)")
        #expect(refused.err.contains("--replace-accepted"), "\(refused.err)")
        let unchanged = try trustJSON()
        #expect(unchanged["caFile"] == nil || unchanged["caFile"] is NSNull)
        #expect(unchanged["accepted"] is [String: Any])

        let replaced = try home.run(["trust", "ca", url, bed.caFile, "--replace-accepted"])
        #expect(replaced.status == 0, "\(replaced.all)")
        #expect(replaced.err.contains("Replaced the accepted certificate SHA256:"), "\(replaced.err)")
        #expect(replaced.err.contains("Trusted: CA file \(bed.caFile)"), "\(replaced.err)")
        #expect(!replaced.err.contains("decides first"), "\(replaced.err)")
        let entry = try trustJSON()
        #expect(entry["caFile"] as? String == bed.caFile)
        #expect(entry["accepted"] is NSNull)
        let check = try home.run(["check", url], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 0, "\(check.all)")
        #expect(check.out.contains("Trusted: CA file"), "\(check.out)")
    }

    @Test("on a terminal trust ca asks; no keeps the accepted certificate, yes replaces it")
    func caAsksOnTerminal() throws {
        try acceptCASigned()
        let declined = try home.runOnTerminal(["trust", "ca", url, bed.caFile], lines: ["no"])
        #expect(declined.status == 1, "\(declined.all)")
        #expect(declined.all.flowing.contains("Replace the accepted certificate SHA256:"), "\(declined.all)")
        #expect(declined.all.flowing.contains("with the CA file \(bed.caFile)? (yes/no)"), "\(declined.all)")
        #expect(try trustJSON()["accepted"] is [String: Any])
        let agreed = try home.runOnTerminal(["trust", "ca", url, bed.caFile], lines: ["y"])
        #expect(agreed.status == 0, "\(agreed.all)")
        #expect(try trustJSON()["accepted"] is NSNull)
        let russian = try home.runOnTerminal(
            ["trust", "pin", url, "--spki", try bed.pin(.ca)], lines: ["нет"], env: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.status == 0, "\(russian.all)")  // nothing accepted any more: nothing asked
    }

    @Test("trust pin over an accepted certificate asks too, and replaces it with the flag")
    func pinReplacesAccepted() throws {
        try acceptCASigned()
        let refused = try home.run(["trust", "pin", url, "--current"])
        #expect(refused.status == 2, "\(refused.all)")
        #expect((try trustJSON()["pins"] as? [String])?.isEmpty == true)
        let russian = try home.runOnTerminal(
            ["trust", "pin", url, "--current"], lines: ["нет"], env: ["LANG": "ru_RU.UTF-8"])
        #expect(russian.status == 1, "\(russian.all)")
        #expect(russian.all.flowing.contains("Заменить принятый сертификат SHA256:"), "\(russian.all)")
        #expect(russian.all.contains("(да/нет)"), "\(russian.all)")
        let pinned = try home.run(["trust", "pin", url, "--current", "--replace-accepted"])
        #expect(pinned.status == 0, "\(pinned.all)")
        #expect(try trustJSON()["pins"] as? [String] == [try bed.pin(.caSigned)])
        #expect(try trustJSON()["accepted"] is NSNull)
    }

    @Test("connect --ca-file on a saved server with an accepted certificate: the same question, the same flag")
    func connectReplacesAccepted() throws {
        let first = try home.run(
            [
                "connect", url, "--name", "nas", "--accept-fingerprint", "SHA256:" + (try bed.fingerprint(.caSigned)),
                "--no-save-password",
            ], env: ["TR_AUTH": bed.credentials])
        #expect(first.status == 0, "\(first.all)")
        let refused = try home.run(
            ["connect", url, "--name", "nas", "--ca-file", bed.caFile, "--no-save-password"],
            env: ["TR_AUTH": bed.credentials])
        #expect(refused.status == 2, "\(refused.all)")
        #expect(refused.err.contains("--replace-accepted"), "\(refused.err)")
        #expect(try trustJSON()["accepted"] is [String: Any])
        let replaced = try home.run(
            ["connect", url, "--name", "nas", "--ca-file", bed.caFile, "--no-save-password", "--replace-accepted"],
            env: ["TR_AUTH": bed.credentials])
        #expect(replaced.status == 0, "\(replaced.all)")
        #expect(replaced.err.contains("Trusted: CA file"), "\(replaced.all)")
        let entry = try trustJSON()
        #expect(entry["accepted"] is NSNull)
        #expect(entry["caFile"] as? String == bed.caFile)
    }

    @Test("connect --pin on a server with an accepted certificate: replaced only with the flag")
    func connectPinReplacesAccepted() throws {
        try acceptCASigned()
        let arguments = ["connect", url, "--name", "nas", "--pin", try bed.pin(.caSigned), "--no-save-password"]
        let refused = try home.run(arguments, env: ["TR_AUTH": bed.credentials])
        #expect(refused.status == 2, "\(refused.all)")
        #expect(refused.err.contains("--replace-accepted"), "\(refused.err)")
        #expect((try trustJSON()["pins"] as? [String])?.isEmpty == true)
        let replaced = try home.run(arguments + ["--replace-accepted"], env: ["TR_AUTH": bed.credentials])
        #expect(replaced.status == 0, "\(replaced.all)")
        let entry = try trustJSON()
        #expect(entry["accepted"] is NSNull)
        #expect(entry["pins"] as? [String] == [try bed.pin(.caSigned)])
    }

    @Test("trust forget --ca-file, --accepted, --pins: one part each, saying what went and what decides now")
    func forgetParts() throws {
        #expect(try home.run(["trust", "ca", url, bed.caFile]).status == 0)
        #expect(try home.run(["trust", "pin", url, "--spki", try bed.pin(.caSigned)]).status == 0)

        let needsYes = try home.run(["trust", "forget", url, "--ca-file"])
        #expect(needsYes.status == 2, "\(needsYes.all)")
        #expect(needsYes.err.contains("Forget the CA file?"), "\(needsYes.err)")

        let caFile = try home.run(["trust", "forget", url, "--ca-file", "--yes"])
        #expect(caFile.status == 0, "\(caFile.all)")
        #expect(caFile.err.contains("Removed for"), "\(caFile.err)")
        #expect(caFile.err.contains("CA file:  \(bed.caFile)") || caFile.err.contains(bed.caFile), "\(caFile.err)")
        #expect(caFile.err.contains("The pins decide trust now."), "\(caFile.err)")
        var entry = try trustJSON()
        #expect(entry["caFile"] is NSNull || entry["caFile"] == nil)
        #expect(entry["pins"] as? [String] == [try bed.pin(.caSigned)])

        let accepted = try home.run(["trust", "forget", url, "--accepted", "--yes"])
        #expect(accepted.status == 0, "\(accepted.all)")
        #expect(accepted.err.contains("Not stored for"), "\(accepted.err)")
        #expect(try trustJSON()["pins"] as? [String] == [try bed.pin(.caSigned)])

        let pins = try home.run(["trust", "forget", url, "--pins", "--yes"])
        #expect(pins.status == 0, "\(pins.all)")
        #expect(pins.err.contains("The system CAs decide trust now."), "\(pins.err)")
        entry = try trustJSON()
        #expect(entry.isEmpty, "\(entry)")
    }

    @Test("pin --issuer on a chain with its intermediate: that key, and the chain verifies under it")
    func pinIssuer() throws {
        let chained = bed.url(for: .chained)
        let result = try home.run(["trust", "pin", chained, "--issuer"])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out == (try bed.pin(.intermediate)) + "\n", "\(result.all)")
        #expect(result.err.contains("Trusted: pinned key \(try bed.pin(.intermediate))"), "\(result.err)")
        let check = try home.run(["check", chained], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 0, "\(check.all)")
    }

    @Test("pin --root where no root is sent: exit 1, says so and names trust ca; a self-signed leaf has no issuer")
    func pinMissing() throws {
        let root = try home.run(["trust", "pin", bed.url(for: .chained), "--root"])
        #expect(root.status == 1, "\(root.all)")
        #expect(root.err.contains("does not send its root certificate (Caddy never does"), "\(root.err)")
        #expect(root.err.contains("remission trust ca"), "\(root.err)")
        let issuer = try home.run(["trust", "pin", bed.url(for: .selfSigned), "--issuer"])
        #expect(issuer.status == 1, "\(issuer.all)")
        #expect(issuer.err.contains("--current"), "\(issuer.err)")
        #expect(try trustJSON().isEmpty)
    }
}
