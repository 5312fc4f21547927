import Foundation
import TestSupport
import Testing

/// `remission trust …` run as a real process against the real test bed (nginx with the `certs/` PKI,
/// transmission-daemon behind it), each test with its own private XDG directories.
@Suite("remission trust (process, real daemon and nginx)")
struct TrustCommandTests {
    let bed: TestBed
    let remission = TestBed.builtProduct("remission")
    let home: String

    init() throws {
        bed = try TestBed.shared
        home = NSTemporaryDirectory() + "remission-trust-\(UUID().uuidString)"
    }

    var environment: [String: String] {
        [
            "REMISSION_CONFIG_HOME": home + "/config", "REMISSION_CACHE_HOME": home + "/cache",
            "REMISSION_STATE_HOME": home + "/state", "SSL_CERT_DIR": "/nonexistent", "SSL_CERT_FILE": "/nonexistent",
            "TR_AUTH": bed.credentials, "NO_COLOR": "1",
        ]
    }

    /// Runs remission (in process: `CLIHome.run`) with private XDG dirs, no system CAs, and the bed's
    /// credentials in TR_AUTH.
    func remission(_ arguments: [String], stdin: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let result = try CLIHome.run(arguments, over: environment, stdin: stdin, timeout: .seconds(30))
        return (result.status, result.out, result.err)
    }

    func listJSON() throws -> [[String: Any]] {
        let result = try remission(["trust", "list", "--json"])
        #expect(result.status == 0, "\(result.err)")
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        return object?["entries"] as? [[String: Any]] ?? []
    }

    /// The trust identity of a listener's URL: `https://127.0.0.1:PORT`.
    func identity(_ url: String) -> String {
        let parts = URLComponents(string: url)
        return "\(parts?.scheme ?? "")://\(parts?.host ?? ""):\(parts?.port ?? 0)"
    }

    // MARK: - show

    @Test("show on a self-signed server: exit 5, the fingerprint and pin openssl computed, the commands")
    func showSelfSigned() throws {
        let result = try remission(["trust", "show", bed.url(for: .selfSigned)])
        #expect(result.status == 5, "\(result.out)\(result.err)")
        #expect(result.out.contains("Fingerprint: SHA256:\(try bed.fingerprint(.selfSigned))"))
        #expect(result.out.contains("SPKI pin:    \(try bed.pin(.selfSigned))"))
        #expect(result.out.contains("Refused:"))
        #expect(result.out.lowercased().contains("self-signed"))
        #expect(result.out.contains("remission trust accept"))
        #expect(try listJSON().isEmpty)
    }

    @Test("show on a trusted server: exit 0 with the basis, and nginx saw no request from it")
    func showTrustedSendsNoRequest() throws {
        let url = bed.url(for: .caSigned)
        #expect(try remission(["trust", "ca", url, bed.caFile]).status == 0)
        let result = try remission(["trust", "show", url, "--json"])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        let object = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        #expect(object?["trusted"] as? Bool == true)
        #expect(object?["basis"] as? String == "CA file \(bed.caFile)")
        #expect((object?["certificates"] as? [Any])?.isEmpty == false)
        let localPort = try #require(object?["localPort"] as? Int)
        #expect(!bed.accessLog(.caSigned).contains { $0.clientPort == localPort })
    }

    @Test("show on a loopback plain-HTTP URL: no certificate, exit 0")
    func showPlainHTTP() throws {
        let result = try remission(["trust", "show", bed.daemonURL()])
        #expect(result.status == 0, "\(result.out)\(result.err)")
        #expect(result.out.contains("No certificate"))
        #expect(result.out.contains("Plain HTTP:  not needed (loopback)"))
    }

    @Test("show on a refused port: exit 3")
    func showOffline() throws {
        let result = try remission(["trust", "show", "https://127.0.0.1:\(bed.closedPort)/"])
        #expect(result.status == 3, "\(result.err)")
        #expect(result.err.contains("offline"))
    }

    // MARK: - accept

    @Test("accept without a terminal and without --fingerprint: exit 2, says what to add, stores nothing")
    func acceptNeedsFingerprint() throws {
        let result = try remission(["trust", "accept", bed.url(for: .selfSigned)])
        #expect(result.status == 2, "\(result.err)")
        #expect(result.err.contains("--fingerprint"))
        #expect(result.err.contains("SHA256:\(try bed.fingerprint(.selfSigned))"))
        #expect(try listJSON().isEmpty)
    }

    @Test("accept with another certificate's fingerprint: exit 5 with both fingerprints, stores nothing")
    func acceptWrongFingerprint() throws {
        let wrong = "SHA256:" + (try bed.fingerprint(.selfSigned))
        let result = try remission(["trust", "accept", bed.url(for: .changed), "--fingerprint", wrong])
        #expect(result.status == 5, "\(result.err)")
        #expect(result.err.contains(wrong))
        #expect(result.err.contains("SHA256:\(try bed.fingerprint(.changed))"))
        #expect(try listJSON().isEmpty)
    }

    @Test("accept with the right fingerprint: exit 0, then check is ONLINE")
    func acceptRightFingerprint() throws {
        let url = bed.url(for: .selfSigned)
        let fingerprint = "SHA256:" + (try bed.fingerprint(.selfSigned))
        // Colon-separated lower-case, as openssl prints it, is the same fingerprint.
        let typed = fingerprint.dropFirst(7).lowercased().enumerated().map {
            ($0.offset > 0 && $0.offset % 2 == 0 ? ":" : "") + String($0.element)
        }.joined()
        let accept = try remission(["trust", "accept", url, "--fingerprint", typed])
        #expect(accept.status == 0, "\(accept.err)")
        #expect(accept.err.contains("Accepted \(fingerprint)"))
        let check = try remission(["check", url])
        #expect(check.status == 0, "\(check.out)\(check.err)")
        #expect(check.out.contains("Trusted: accepted certificate \(fingerprint)"))
        let entry = try #require(try listJSON().first)
        #expect((entry["accepted"] as? [String: Any])?["fingerprint"] as? String == fingerprint)
    }

    @Test("a changed certificate: show says CERTIFICATE CHANGED; accept replaces it explicitly, printing both")
    func acceptReplacesChangedCertificate() throws {
        let url = bed.url(for: .changed)
        let old = "SHA256:" + (try bed.fingerprint(.selfSigned))
        let new = "SHA256:" + (try bed.fingerprint(.changed))
        // The store as if the server had presented the self-signed certificate when it was accepted.
        try FileManager.default.createDirectory(atPath: home + "/config", withIntermediateDirectories: true)
        let document = """
            {"version": 1, "servers": {"\(identity(url))": {"pins": [], "httpAcknowledged": false,
             "accepted": {"fingerprint": "\(old)", "subject": "CN=old", "notBefore": 0, "notAfter": 4102444800,
             "acceptedAt": 1700000000}}}}
            """
        try document.write(toFile: home + "/config/trust.json", atomically: true, encoding: .utf8)

        let show = try remission(["trust", "show", url])
        #expect(show.status == 5, "\(show.out)\(show.err)")
        #expect(show.out.contains("CERTIFICATE CHANGED"))
        #expect(try remission(["check", url]).status == 5)

        let accept = try remission(["trust", "accept", url, "--fingerprint", new])
        #expect(accept.status == 0, "\(accept.err)")
        #expect(accept.err.contains("old: \(old)"))
        #expect(accept.err.contains("new: \(new)"))
        let check = try remission(["check", url])
        #expect(check.status == 0, "\(check.out)\(check.err)")
    }

    @Test("accept on a terminal asks ssh's question and stores the answer")
    func acceptOnTerminal() throws {
        let url = bed.url(for: .selfSigned)
        let command = "'\(remission)' trust accept '\(url)'"
        let result = try bed.run(
            "script", args: ["-qec", command, "/dev/null"], env: environment, stdin: Data("yes\n".utf8),
            timeout: .seconds(30))
        let output = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0, "\(output)")
        #expect(output.contains("Trust this certificate? (yes/no/[fingerprint])"))
        #expect(output.contains("Fingerprint: SHA256:\(try bed.fingerprint(.selfSigned))"))
        let entry = try #require(try listJSON().first)
        #expect(entry["identity"] as? String == identity(url))
        #expect(
            (entry["accepted"] as? [String: Any])?["fingerprint"] as? String
                == "SHA256:\(try bed.fingerprint(.selfSigned))")
    }

    // MARK: - pin, unpin, forget

    @Test("pin --current: prints the pin, warns about the missing backup pin, then check is ONLINE")
    func pinCurrent() throws {
        let url = bed.url(for: .selfSigned)
        let result = try remission(["trust", "pin", url, "--current"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == (try bed.pin(.selfSigned)) + "\n")
        #expect(result.err.contains("add a backup pin"))
        let check = try remission(["check", url])
        #expect(check.status == 0, "\(check.out)\(check.err)")
        #expect(check.out.contains("Trusted: pinned key"))
    }

    @Test("pin with a backup key: no warning; a pin of another key alone is refused by check")
    func pinBackup() throws {
        let url = bed.url(for: .selfSigned)
        let backup = try bed.pin(.changed)
        let result = try remission(["trust", "pin", url, "--current", "--spki", backup])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == (try bed.pin(.selfSigned)) + "\n" + backup + "\n")
        #expect(!result.err.contains("warning"))
        let unpin = try remission(["trust", "unpin", url, "--spki", try bed.pin(.selfSigned)])
        #expect(unpin.status == 0, "\(unpin.err)")
        #expect(unpin.out == backup + "\n")
        #expect(try remission(["check", url]).status == 5)
    }

    @Test(
        "pin usage errors exit 2",
        arguments: [
            ["trust", "pin", "https://127.0.0.1:1/", "--spki", "sha1//abc"],
            ["trust", "pin", "https://127.0.0.1:1/", "--spki", "sha256//notbase64!"],
            ["trust", "pin", "https://127.0.0.1:1/"],
            ["trust", "pin", "http://127.0.0.1:1/", "--spki", "sha256//AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="],
        ])
    func pinUsage(arguments: [String]) throws {
        let result = try remission(arguments)
        #expect(result.status == 2, "\(result.err)")
        #expect(!result.err.isEmpty)
        #expect(try listJSON().isEmpty)
    }

    @Test("unpin all and forget need --yes without a terminal; with it they remove everything")
    func unpinAndForget() throws {
        let url = bed.url(for: .selfSigned)
        #expect(try remission(["trust", "pin", url, "--current"]).status == 0)
        #expect(
            try remission(["trust", "accept", url, "--fingerprint", "SHA256:" + (try bed.fingerprint(.selfSigned))])
                .status == 0)

        let refusedUnpin = try remission(["trust", "unpin", url])
        #expect(refusedUnpin.status == 2)
        #expect(refusedUnpin.err.contains("--yes"))
        #expect((try listJSON().first?["pins"] as? [String])?.count == 1)

        let unpin = try remission(["trust", "unpin", url, "--yes"])
        #expect(unpin.status == 0, "\(unpin.err)")
        #expect((try listJSON().first?["pins"] as? [String])?.isEmpty == true)

        let refusedForget = try remission(["trust", "forget", url])
        #expect(refusedForget.status == 2)
        #expect(try listJSON().count == 1)
        let forget = try remission(["trust", "forget", url, "--yes"])
        #expect(forget.status == 0, "\(forget.err)")
        #expect(try listJSON().isEmpty)
        #expect(try remission(["check", url]).status == 5)
    }

    // MARK: - list, ca, http

    @Test("list --json: every identity with pins, accepted certificate, CA file, HTTP ack and saved names")
    func list() throws {
        let caSigned = bed.url(for: .caSigned)
        let connect = try remission([
            "connect", caSigned, "--name", "nas", "--ca-file", bed.caFile, "--no-save-password",
        ])
        #expect(connect.status == 0, "\(connect.out)\(connect.err)")
        #expect(
            try remission(["trust", "pin", bed.url(for: .selfSigned), "--spki", try bed.pin(.selfSigned)]).status == 0)
        #expect(try remission(["trust", "http", bed.daemonURL(), "--acknowledge"]).status == 0)

        let entries = try listJSON()
        #expect(entries.count == 3)
        let byIdentity = Dictionary(uniqueKeysWithValues: entries.map { ($0["identity"] as? String ?? "", $0) })
        #expect(byIdentity[identity(caSigned)]?["caFile"] as? String == bed.caFile)
        #expect(byIdentity[identity(caSigned)]?["servers"] as? [String] == ["nas"])
        #expect(byIdentity[identity(bed.url(for: .selfSigned))]?["pins"] as? [String] == [try bed.pin(.selfSigned)])
        #expect(byIdentity[identity(bed.daemonURL())]?["httpAcknowledged"] as? Bool == true)

        let text = try remission(["trust", "list"])
        #expect(text.status == 0)
        #expect(text.out.contains("\(identity(caSigned))  (nas)"))
        #expect(text.out.contains("CA file:     \(bed.caFile)"))
    }

    @Test("ca: a missing or certificate-less file is refused; the bed's CA makes check ONLINE")
    func caFile() throws {
        let url = bed.url(for: .caSigned)
        let missing = try remission(["trust", "ca", url, home + "/no-such.pem"])
        #expect(missing.status == 2, "\(missing.err)")
        let notPEM = home + "/not.pem"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        try "hello\n".write(toFile: notPEM, atomically: true, encoding: .utf8)
        #expect(try remission(["trust", "ca", url, notPEM]).status == 2)
        #expect(try listJSON().isEmpty)
        #expect(try remission(["check", url]).status == 5)

        let set = try remission(["trust", "ca", url, bed.caFile])
        #expect(set.status == 0, "\(set.err)")
        #expect(set.err.contains("Trusted: CA file \(bed.caFile)"))
        let check = try remission(["check", url])
        #expect(check.status == 0, "\(check.out)\(check.err)")
    }

    @Test("http: refused for https; acknowledges by default, revokes with --revoke, not both")
    func plainHTTP() throws {
        let https = try remission(["trust", "http", bed.url(for: .caSigned), "--acknowledge"])
        #expect(https.status == 2)
        #expect(https.err.contains("uses https"))
        #expect(try listJSON().isEmpty)

        // Acknowledging is the default: the command alone acknowledges.
        #expect(try remission(["trust", "http", bed.daemonURL()]).status == 0)
        #expect(try listJSON().first?["httpAcknowledged"] as? Bool == true)
        #expect(try remission(["trust", "http", bed.daemonURL(), "--revoke"]).status == 0)
        #expect(try listJSON().isEmpty)
        #expect(try remission(["trust", "http", bed.daemonURL(), "--acknowledge"]).status == 0)
        #expect(try listJSON().first?["httpAcknowledged"] as? Bool == true)
        #expect(try remission(["trust", "http", bed.daemonURL(), "--acknowledge", "--revoke"]).status == 2)
    }
}
