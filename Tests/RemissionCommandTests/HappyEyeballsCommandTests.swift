import Foundation
import RemissionModel
import TestSupport
import Testing

/// `localhost` is 127.0.0.1 then ::1 (never DNS). With 127.0.0.1 black-holed on the server's port
/// and the server on ::1, Happy Eyeballs starts ::1 250 ms after 127.0.0.1, where the old engine
/// waited half of the 10 s connect timeout; `check` says which address answered and which did not.
@Suite("Happy Eyeballs: check localhost with 127.0.0.1 black-holed (process, HostileServer)")
struct HappyEyeballsCommandTests {
    /// A server on ::1 and a black hole on 127.0.0.1 at the same port.
    static func blackHoledFirst() throws -> (HostileServer, LoopbackPort) {
        var lastError: (any Error)?
        for _ in 0..<5 {
            let server = try HostileServer(scenario: ["bind": "::1"])
            do {
                return (server, try LoopbackPort(.blackHole, address: "127.0.0.1", port: server.port))
            } catch {
                lastError = error  // 127.0.0.1 has that port taken: another one
            }
        }
        throw lastError ?? HostileServerError.notStarted
    }

    @Test("ONLINE in under 1 s (default 10 s connect timeout); dns shows ::1, tcp why not 127.0.0.1")
    func blackHoledFirstAddress() throws {
        let (server, hole) = try Self.blackHoledFirst()
        let url = "http://localhost:\(server.port)/transmission/rpc"

        let run = try HostileRun.remission(["check", url, "--json"])
        #expect(run.status == 0, "\(run.all)")
        #expect(run.seconds < 3, "took \(run.seconds) s")
        let value = try JSONValue.parse(Array(run.out.utf8))
        let steps = value["steps"]?.array ?? []
        let step = { (name: String) in steps.first { $0["name"]?.string == name } }
        #expect(step("dns")?["summary"]?.string == "::1", "\(run.out)")
        let tcpMilliseconds = step("tcp")?["ms"]?.double ?? .infinity
        #expect(tcpMilliseconds >= 245 && tcpMilliseconds < 1000, "tcp step at \(tcpMilliseconds) ms")
        let detail = step("tcp")?["details"]?.array?.first?.string ?? ""
        #expect(
            detail.range(
                of: #"^127\.0\.0\.1 did not answer in [0-9]+ ms; connected to ::1$"#, options: .regularExpression)
                != nil, "\(run.out)")

        let text = try HostileRun.remission(["check", url])
        #expect(text.status == 0, "\(text.all)")
        #expect(text.out.contains("; connected to ::1\n"), "\(text.out)")
        #expect(hole.port == server.port)
    }
}
