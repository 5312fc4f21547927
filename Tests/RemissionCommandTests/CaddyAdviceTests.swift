import Foundation
import TestSupport
import Testing

/// The advice table's honest rows end to end, against a real Caddy with `tls internal` (leaf 12 hours,
/// intermediate 7 days, root never sent; renewals made as `CaddyRenewalTests.Caddy.renew` makes
/// them): after each renewal the refusal's first recommended fix, followed as printed (its root file
/// being Caddy's root copied here), ends ONLINE. A leaf renewal under the recorded issuer key is said
/// to be one, first (in `check` and in `watch`'s exit text); an intermediate renewal is not shown to
/// come from the same CA, and no printed command pins its new keys.
@Suite("advice end to end: a real Caddy's renewals, the first fix followed (process)", .serialized)
struct CaddyAdviceTests {
    typealias Caddy = CaddyRenewalTests.Caddy
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    func connect(_ home: CLIHome, _ caddy: Caddy, _ flags: [String]) throws {
        let connected = try home.run(
            ["connect", "https://localhost:\(caddy.port)/transmission/rpc", "--name", "caddy"] + flags + [
                "--user", bed.user, "--password-stdin", "--no-save-password",
            ], stdin: bed.password)
        try #require(connected.status == 0, "\(connected.all)")
    }

    func fingerprint(_ file: String) throws -> String {
        let out = try bed.run("openssl", args: ["x509", "-in", file, "-noout", "-fingerprint", "-sha256"]).stdoutText
        return try #require(out.split(separator: "=").last).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func pin(_ file: String) throws -> String {
        let script =
            "openssl x509 -in \"$1\" -noout -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        return "sha256//"
            + (try bed.run("bash", args: ["-c", script, "bash", file]).stdoutText).trimmingCharacters(
                in: .whitespacesAndNewlines)
    }

    /// A copy of `file` made now, as a person copies a CA file from the Caddy machine.
    func copy(_ file: String, _ home: CLIHome, as name: String) throws -> String {
        let path = home.directory + "/" + name
        try FileManager.default.copyItem(atPath: file, toPath: path)
        return path
    }

    /// Follows the first fix `check` printed (its root file: Caddy's root copied here), then checks.
    func followFirstFix(_ check: CLIHome.Result, _ home: CLIHome, _ caddy: Caddy) throws -> CLIHome.Result {
        let fix = PrintedCommands.firstFix(check.all)
        try #require(!fix.isEmpty, "no fix printed: \(check.all)")
        let root = try copy(caddy.root, home, as: "root.crt")
        for command in fix {
            let words = try #require(PrintedCommands.followable(command, realRoot: root), "\(command)")
            let done = try home.run(words)
            #expect(done.status == 0, "\(words): \(done.all)")
        }
        return try home.run(["check", "caddy"], env: ["TR_AUTH": bed.credentials])
    }

    @Test("an accepted leaf renewed: proven first, no 'intercepting', the durable fix last; it ends ONLINE")
    func acceptedLeafRenewed() throws {
        let caddy = try Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        try connect(home, caddy, ["--accept-fingerprint", try fingerprint(caddy.leaf)])
        try caddy.renew(intermediate: false)
        let check = try home.run(["check", "caddy"], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 5, "\(check.all)")
        #expect(check.all.contains("It is a renewal by the same certificate authority"), "\(check.all)")
        #expect(!check.all.contains("Someone may be intercepting"), "\(check.all)")
        // No key of a 7-day intermediate or a 12-hour leaf: the root, which outlives them.
        #expect(!check.all.contains("--issuer") && !check.all.contains("--fingerprint SHA256"), "\(check.all)")
        let hint = try #require(check.all.split(separator: "\n").last { $0.contains("hint:") })
        #expect(hint.hasSuffix("remission trust ca caddy root.crt --replace-accepted"), "\(hint)")
        // watch ends with the same words: its exit text is the failure's message.
        let watch = try home.runOnTerminal(
            ["watch", "--server", "caddy"], lines: [], env: ["TR_AUTH": bed.credentials])
        #expect(watch.status == 5, "\(watch.all)")
        #expect(watch.all.flowing.contains("It is a renewal by the same certificate authority"), "\(watch.all)")
        #expect(
            watch.all.flowing.contains(
                "hint: Trust the certificate authority, not one certificate: remission trust ca caddy root.crt "
                    + "--replace-accepted"), "\(watch.all)")
        let after = try followFirstFix(check, home, caddy)
        #expect(after.status == 0 && after.out.contains("ONLINE"), "\(after.all)")
    }

    @Test(
        "an accepted leaf, the intermediate renewed: not shown to be the same CA, --issuer refused; the root fix ends ONLINE"
    )
    func acceptedLeafIntermediateRenewed() throws {
        let caddy = try Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        try connect(home, caddy, ["--accept-fingerprint", try fingerprint(caddy.leaf)])
        try caddy.renew(intermediate: true)
        let check = try home.run(["check", "caddy"], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 5, "\(check.all)")
        #expect(check.all.contains("It is not shown to come from the same certificate authority"), "\(check.all)")
        #expect(check.all.contains("Someone may be intercepting"), "\(check.all)")
        let newKeys = [try pin(caddy.leaf), try pin(caddy.intermediate)]
        #expect(!PrintedCommands.all(check.all).contains { command in newKeys.contains { command.contains($0) } })
        // The new intermediate's key is not the one recorded with the accepted leaf: refused.
        let issuer = try home.run(["trust", "pin", "caddy", "--issuer", "--replace-accepted"])
        #expect(issuer.status == 5, "\(issuer.all)")
        #expect(issuer.all.contains("Nothing was pinned"), "\(issuer.all)")
        // connect run again ends with the same first fix, as its own flags, and works as printed.
        let url = "https://localhost:\(caddy.port)/transmission/rpc"
        let again = try home.run(["connect", url, "--name", "caddy"], env: ["TR_AUTH": bed.credentials])
        #expect(again.status == 5, "\(again.all)")
        let flags = "run it again with --ca-file root.crt --replace-accepted"
        #expect(again.err.contains(flags), "\(again.all)")
        let root = try copy(caddy.root, home, as: "caddy-root.crt")
        let reconnected = try home.run(
            ["connect", url, "--name", "caddy", "--ca-file", root, "--replace-accepted", "--no-save-password"],
            env: ["TR_AUTH": bed.credentials])
        #expect(reconnected.status == 0, "\(reconnected.all)")
        let after = try followFirstFix(check, home, caddy)
        #expect(after.status == 0 && after.out.contains("ONLINE"), "\(after.all)")
    }

    @Test("a pinned intermediate renewed: the root, then the pins forgotten, ends ONLINE")
    func pinnedIntermediateRenewed() throws {
        let caddy = try Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        try connect(home, caddy, ["--pin", try pin(caddy.intermediate)])
        try caddy.renew(intermediate: true)
        let check = try home.run(["check", "caddy"], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 5, "\(check.all)")
        #expect(check.all.contains("None of the pinned keys is presented"), "\(check.all)")
        #expect(
            PrintedCommands.firstFix(check.all).map { $0.joined(separator: " ") } == [
                "trust ca caddy root.crt", "trust forget caddy --pins --yes",
            ], "\(check.all)")
        let after = try followFirstFix(check, home, caddy)
        #expect(after.status == 0 && after.out.contains("ONLINE"), "\(after.all)")
    }

    @Test("Caddy's intermediate as the CA file, renewed: said so, and the root fix ends ONLINE")
    func intermediateCAFileRenewed() throws {
        let caddy = try Caddy(bed: bed)
        let home = CLIHome(bed: bed)
        try connect(home, caddy, ["--ca-file", try copy(caddy.intermediate, home, as: "intermediate.crt")])
        try caddy.renew(intermediate: true)
        let check = try home.run(["check", "caddy"], env: ["TR_AUTH": bed.credentials])
        #expect(check.status == 5, "\(check.all)")
        #expect(check.all.contains("holds an intermediate certificate"), "\(check.all)")
        #expect(check.all.contains("pki/authorities/local/root.crt"), "\(check.all)")
        let after = try followFirstFix(check, home, caddy)
        #expect(after.status == 0 && after.out.contains("ONLINE"), "\(after.all)")
    }
}
