import Foundation
import TestSupport
import Testing

/// A server that asks to renegotiate TLS 1.2 while the client waits for its answer gets a prompt
/// refusal (SSL_OP_NO_RENEGOTIATION), not a read that stalls until --timeout. A real
/// `openssl s_server` asks: its operator command `r` on standard input.
@Suite("TLS renegotiation is refused at once (real openssl s_server)")
struct RenegotiationTests {
    @Test("a HelloRequest in the middle of an exchange ends it within a second, with exit 1 and no answer")
    func renegotiationRefused() throws {
        let bed = try TestBed.shared
        let directory = TemporaryDirectory()
        let output = directory.file("s_server.out")
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let port = try freeLoopbackPort()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        server.arguments = [
            "s_server", "-tls1_2", "-accept", "127.0.0.1:\(port)", "-cert", bed.certificateFile(.selfSigned),
            "-key", bed.keyFile(.selfSigned),
        ]
        let input = Pipe()
        server.standardInput = input
        server.standardOutput = FileHandle(forWritingAtPath: output)
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            // SIGKILL: a child spawned from a test thread inherits its blocked signals, SIGTERM included.
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
        }
        try waitUntil { (try? String(contentsOfFile: output, encoding: .utf8))?.contains("ACCEPT") == true }

        let client = Process()
        client.executableURL = URL(fileURLWithPath: TestBed.builtProduct("remission"))
        client.arguments = [
            "check", "https://127.0.0.1:\(port)/transmission/rpc", "--pin", try bed.pin(.selfSigned), "--timeout", "10",
        ]
        let home = TemporaryDirectory()
        client.environment = [
            "HOME": home.path, "REMISSION_CONFIG_HOME": home.file("config"), "REMISSION_CACHE_HOME": home.file("cache"),
            "REMISSION_STATE_HOME": home.file("state"), "NO_COLOR": "1",
        ]
        let clientOutput = Pipe()
        client.standardOutput = clientOutput
        client.standardError = clientOutput
        try client.run()
        // The request is in: the server asks to renegotiate while the client waits for the answer.
        try waitUntil { (try? String(contentsOfFile: output, encoding: .utf8))?.contains("POST") == true }
        let asked = Date()
        input.fileHandleForWriting.write(Data("r\n".utf8))
        client.waitUntilExit()
        let seconds = Date().timeIntervalSince(asked)
        let text = String(decoding: clientOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(seconds < 2, "took \(seconds) s: \(text)")
        #expect(client.terminationStatus != 0, "\(text)")
        #expect(!text.contains("ONLINE"), "\(text)")
        // Our refusal (a no_renegotiation alert) makes the server end the connection with its own.
        #expect(text.contains("handshake failure"), "\(text)")
    }

    private func waitUntil(_ condition: () throws -> Bool) throws {
        for _ in 0..<200 {
            if try condition() { return }
            usleep(25_000)
        }
        Issue.record("timed out waiting")
    }

    private func freeLoopbackPort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        try withUnsafeMutablePointer(to: &address) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                try #require(bind(descriptor, $0, length) == 0)
                try #require(getsockname(descriptor, $0, &length) == 0)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
