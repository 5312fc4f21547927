import Foundation
import TestSupport
import Testing

/// The advice table's impostor rows end to end: a server trusted one way (`Kind`, set up by `connect`
/// against the honest server), then an impostor on its address and port (`HostileServer`, which logs
/// every byte it receives). Every command the refusal prints is followed as printed (a root file is the
/// real CA's root, copied from its machine), then `list` runs with a password: the impostor receives
/// no request at all, so no `Authorization`.
@Suite("advice end to end: impostors, the printed commands followed (process)", .serialized)
struct AdviceImpostorTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    /// The certificates (`certs/advice`), made once per test process, removed at its exit.
    static let pki: String = {
        let directory = NSTemporaryDirectory() + "remission-advice-e2e-\(getpid())"
        let made = try? ProcessRunner.run(
            "/bin/bash", args: [TestBed.repositoryRoot + "/certs/advice", directory], timeout: .seconds(120))
        precondition(made?.status == 0, "certs/advice failed")
        atexit {
            try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "remission-advice-e2e-\(getpid())")
        }
        return directory
    }()

    enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case acceptedLeaf = "accepted leaf", leafPin = "leaf pin", issuerPin = "issuer pin", rootPin = "root pin"
        case caFileRoot = "CA file = root", caFileIntermediate = "CA file = intermediate", system
        var description: String { rawValue }
        var isPublic: Bool { self == .system }
    }

    enum Impostor: String, CaseIterable, CustomStringConvertible {
        case withCACopy = "the real CA's copy", leafAlone = "a leaf alone", sameNamedCA = "a same-named CA"
        case otherName = "a CA-valid certificate for another name"
        var description: String { rawValue }
    }

    func file(_ name: String) -> String { Self.pki + "/" + name + ".crt" }

    /// A chain file (the leaf first) and the leaf's key, for the server.
    func served(_ names: [String]) throws -> (cert: String, key: String) {
        let chain = try names.map { try String(contentsOfFile: file($0), encoding: .utf8) }.joined()
        let path = Self.pki + "/" + names.joined(separator: "+") + ".chain.pem"
        try chain.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, Self.pki + "/" + names[0] + ".key")
    }

    func honestChain(_ kind: Kind) -> [String] {
        switch kind {
        case .system: ["pleaf", "pint"]
        case .rootPin: ["leaf", "int", "root"]
        default: ["leaf", "int"]
        }
    }

    func impostorChain(_ kind: Kind, _ impostor: Impostor) -> [String] {
        let root = kind == .rootPin
        switch (kind.isPublic, impostor) {
        case (true, .withCACopy): return ["px1", "pint"]
        case (true, .sameNamedCA): return ["px3", "xpint3"]
        case (true, .otherName): return ["pevil", "pint"]
        case (false, .withCACopy): return ["x1", "int"] + (root ? ["root"] : [])
        case (false, .sameNamedCA): return ["x3", "xint3"] + (root ? ["xroot"] : [])
        case (false, .otherName): return ["printer", "int"] + (root ? ["root"] : [])
        case (_, .leafAlone): return ["x2"]
        }
    }

    func pin(_ name: String) throws -> String {
        let script =
            "openssl x509 -in \"$1\" -noout -pubkey | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64"
        return "sha256//"
            + (try bed.run("bash", args: ["-c", script, "bash", file(name)]).stdoutText)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func fingerprint(_ name: String) throws -> String {
        let out = try bed.run("openssl", args: ["x509", "-in", file(name), "-noout", "-fingerprint", "-sha256"])
        return try #require(out.stdoutText.split(separator: "=").last).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// How `connect` trusts the honest server as `kind`.
    func trustFlags(_ kind: Kind) throws -> [String] {
        switch kind {
        case .acceptedLeaf: return ["--accept-fingerprint", try fingerprint("leaf")]
        case .leafPin: return ["--pin", try pin("leaf")]
        case .issuerPin: return ["--pin", try pin("int")]
        case .rootPin: return ["--pin", try pin("root")]
        case .caFileRoot: return ["--ca-file", file("root")]
        case .caFileIntermediate: return ["--ca-file", file("int")]
        case .system: return []
        }
    }

    /// Waits until nothing listens on `port` (a killed server's socket is closed).
    func waitUntilClosed(_ port: Int) {
        for _ in 0..<100 {
            guard LoopbackPort.waitUntilListening(port: port, seconds: 0.01) else { return }
            usleep(20_000)
        }
    }

    @Test("every printed command followed, the impostor receives nothing", arguments: Kind.allCases)
    func impostorsReceiveNothing(_ kind: Kind) throws {
        var auth = ["TR_AUTH": "tester:the-password"]
        if kind.isPublic { auth["SSL_CERT_FILE"] = file("proot") }
        for impostor in Impostor.allCases {
            let home = CLIHome(bed: bed)
            let honest = try HostileServer(scenario: [:], tls: try served(honestChain(kind)))
            let url = "https://127.0.0.1:\(honest.port)/transmission/rpc"
            let connected = try home.run(["connect", url, "--name", "nas"] + trustFlags(kind), env: auth)
            try #require(connected.status == 0, "\(kind): \(connected.all)")
            honest.stop()
            waitUntilClosed(honest.port)
            let server = try HostileServer(
                scenario: ["port": honest.port], tls: try served(impostorChain(kind, impostor)))
            defer { server.stop() }

            let check = try home.run(["check", "nas"], env: auth)
            #expect(check.status == 5, "\(kind), \(impostor): \(check.all)")
            let printed = PrintedCommands.all(check.all)
            // No printed command names a key or certificate the impostor presents.
            let presented = try impostorChain(kind, impostor).flatMap {
                [try fingerprint($0).replacingOccurrences(of: ":", with: ""), try pin($0)]
            }
            #expect(
                !presented.contains { value in printed.contains { $0.joined(separator: " ").contains(value) } },
                "\(kind), \(impostor): a printed command names a presented key: \(printed)")
            var followed: [String] = []
            for command in printed {
                guard let words = PrintedCommands.followable(command, realRoot: file(kind.isPublic ? "proot" : "root"))
                else { continue }
                _ = try home.run(words, env: auth)
                followed.append(words.joined(separator: " "))
            }
            // A person trying the issuer's or the root's key on their own is refused too, when a key
            // was recorded for the issuer.
            if kind == .acceptedLeaf {
                let issuer = try home.run(["trust", "pin", "nas", "--issuer", "--replace-accepted"], env: auth)
                #expect(issuer.status != 0, "\(impostor): \(issuer.all)")
            }
            // "add --tls-name NAME" is followed too, on the command that shows the data.
            let tlsNames = check.all.matches(of: /add --tls-name ([^\s.]+(?:\.[^\s.]+)*)/).map { String($0.1) }
            for name in tlsNames {
                let named = try home.run(["list", "--server", "nas", "--tls-name", name], env: auth)
                #expect(named.status != 0, "\(kind), \(impostor), --tls-name \(name): \(named.all)")
            }
            let list = try home.run(["list", "--server", "nas"], env: auth)
            #expect(list.status != 0, "\(kind), \(impostor), after \(followed): \(list.all)")
            let received = String(decoding: server.receivedLog, as: UTF8.self)
            #expect(server.requestCount == 0, "\(kind), \(impostor), after \(followed): \(received)")
            #expect(!received.contains("Authorization"))
        }
    }

    @Test("--tls-name is offered for a name that resolves here to the address, and works as printed")
    func tlsNameWhenItResolvesHere() throws {
        let home = CLIHome(bed: bed)
        let server = try HostileServer(scenario: [:], tls: try served(["named", "int"]))
        defer { server.stop() }
        let url = "https://127.0.0.1:\(server.port)/transmission/rpc"
        let check = try home.run(["check", url, "--ca-file", file("root")])
        #expect(check.status == 5, "\(check.all)")
        #expect(check.out.contains("localhost resolves to 127.0.0.1 on this computer, the address connected"))
        #expect(check.out.contains("hint: It is the server named localhost here: add --tls-name localhost."))
        let named = try home.run(["check", url, "--ca-file", file("root"), "--tls-name", "localhost"])
        #expect(named.status == 0 && named.out.contains("ONLINE"), "\(named.all)")
    }
}
