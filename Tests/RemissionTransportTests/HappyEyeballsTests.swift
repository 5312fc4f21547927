import Foundation
import RemissionModel
import TestSupport
import Testing

@testable import RemissionTransport

#if canImport(Glibc)
    import Glibc
#endif

/// Happy Eyeballs (RFC 8305) in our own engine: the order of the addresses (pure), and the race on
/// loopback ports that hang, refuse or accept (`LoopbackPort`).
@Suite("Happy Eyeballs: address order and the connect race (loopback)")
struct HappyEyeballsTests {
    static let v4 = AF_INET
    static let v6 = AF_INET6

    static func order(_ addresses: [(String, Int32)]) -> [String] {
        HappyEyeballs.interleaved(addresses, family: \.1).map(\.0)
    }

    @Test("the first address's family first, then alternating; each family keeps its order")
    func interleaving() {
        #expect(
            Self.order([("6a", Self.v6), ("6b", Self.v6), ("4a", Self.v4), ("4b", Self.v4)]) == [
                "6a", "4a", "6b", "4b",
            ])
        #expect(
            Self.order([("4a", Self.v4), ("6a", Self.v6), ("6b", Self.v6), ("6c", Self.v6)]) == [
                "4a", "6a", "6b", "6c",
            ])
        #expect(
            Self.order([("6a", Self.v6), ("4a", Self.v4), ("4b", Self.v4), ("4c", Self.v4), ("6b", Self.v6)])
                == ["6a", "4a", "6b", "4b", "4c"])
        #expect(Self.order([("4a", Self.v4), ("4b", Self.v4)]) == ["4a", "4b"])
        #expect(Self.order([("4a", Self.v4), ("6a", Self.v6)]) == ["4a", "6a"])  // localhost: 127.0.0.1, ::1
        #expect(Self.order([]) == [])
    }

    @Test("when none connects: a refusal over another error over running out of time, the first among equals")
    func mostTelling() {
        let refused = SocketFailure.connect(errno: ECONNREFUSED, address: "::1")
        let unreachable = SocketFailure.connect(errno: ENETUNREACH, address: "127.0.0.1")
        #expect(HappyEyeballs.mostTelling([.timeout, unreachable, refused]) == refused)
        #expect(HappyEyeballs.mostTelling([.timeout, unreachable]) == unreachable)
        #expect(
            HappyEyeballs.mostTelling([unreachable, .connect(errno: EHOSTUNREACH, address: "x")]) == unreachable)
        #expect(HappyEyeballs.mostTelling([.timeout]) == .timeout)
        #expect(HappyEyeballs.mostTelling([]) == .timeout)
    }

    static func address(_ port: LoopbackPort) -> SocketAddress {
        SocketAddress(numeric: port.address, port: port.port)!
    }

    /// Races `ports` in this order with `seconds` to connect; the connection or the failure, and
    /// how long it took in milliseconds.
    static func race(_ ports: [LoopbackPort], seconds: Double = 10) -> (
        Result<SocketConnection, SocketFailure>, Double
    ) {
        let started = SystemClock().monotonicMilliseconds
        let result = Result { () throws(SocketFailure) in
            try SocketConnection.open(addresses: ports.map(address), deadline: started + seconds * 1000)
        }
        return (result, SystemClock().monotonicMilliseconds - started)
    }

    @Test(
        "a black-holed first address (::1 or 127.0.0.1) does not hold up the second: connected in well under 1 s",
        arguments: [("::1", "127.0.0.1"), ("127.0.0.1", "::1"), ("127.0.0.1", "127.0.0.1")])
    func blackHoleFirst(hole: String, working: String) throws {
        let blackHole = try LoopbackPort(.blackHole, address: hole)
        let server = try LoopbackPort(.listening, address: working)
        let (result, milliseconds) = Self.race([blackHole, server])
        let connection = try result.get()
        #expect(milliseconds < 1000, "took \(milliseconds) ms (the old engine: half of the 10 s deadline)")
        #expect(milliseconds >= HappyEyeballs.attemptDelay - 5, "the first attempt had its 250 ms: \(milliseconds)")
        #expect(connection.remoteAddress == working)
        #expect(connection.localPort != nil)
        guard case .noAnswer(let waited)? = connection.passedOver.first?.outcome else {
            Issue.record("no passed-over address: \(connection.passedOver)")
            return
        }
        #expect(connection.passedOver.count == 1 && connection.passedOver[0].address == hole)
        #expect(waited >= HappyEyeballs.attemptDelay - 5 && waited < 1000, "\(waited)")
    }

    @Test("a refused first address hands over at once, not after 250 ms")
    func refusedFirst() throws {
        let refusing = try LoopbackPort(.refusing, address: "::1")
        let server = try LoopbackPort(.listening)
        let (result, milliseconds) = Self.race([refusing, server])
        let connection = try result.get()
        #expect(milliseconds < 200, "took \(milliseconds) ms")
        #expect(connection.remoteAddress == "127.0.0.1")
        #expect(connection.passedOver == [PassedOverAddress(address: "::1", outcome: .failed("Connection refused"))])
    }

    @Test("the first address that answers wins: no passed-over address")
    func firstAnswers() throws {
        let server = try LoopbackPort(.listening, address: "::1")
        let blackHole = try LoopbackPort(.blackHole)
        let (result, milliseconds) = Self.race([server, blackHole])
        let connection = try result.get()
        #expect(milliseconds < 200, "took \(milliseconds) ms")
        #expect(connection.remoteAddress == "::1" && connection.passedOver.isEmpty)
    }

    @Test("all black-holed: a timeout when the connect deadline comes, not before and not much after")
    func allBlackHoled() throws {
        let holes = try [LoopbackPort(.blackHole, address: "::1"), LoopbackPort(.blackHole), LoopbackPort(.blackHole)]
        let (result, milliseconds) = Self.race(holes, seconds: 1)
        #expect(throws: SocketFailure.timeout) { try result.get() }
        #expect(milliseconds >= 995 && milliseconds < 1300, "took \(milliseconds) ms")
    }

    @Test("a refusal among black holes is what is reported, at the deadline (the black holes might still answer)")
    func refusalOverTimeout() throws {
        let ports = try [LoopbackPort(.blackHole), LoopbackPort(.refusing, address: "::1"), LoopbackPort(.blackHole)]
        let (result, milliseconds) = Self.race(ports, seconds: 1)
        #expect(throws: SocketFailure.connect(errno: ECONNREFUSED, address: "::1")) { try result.get() }
        #expect(milliseconds >= 995 && milliseconds < 1300, "took \(milliseconds) ms")
    }

    @Test("all refused: the refusal at once")
    func allRefused() throws {
        let ports = try [LoopbackPort(.refusing), LoopbackPort(.refusing, address: "::1")]
        let (result, milliseconds) = Self.race(ports)
        #expect(throws: SocketFailure.connect(errno: ECONNREFUSED, address: "127.0.0.1")) { try result.get() }
        #expect(milliseconds < 200, "took \(milliseconds) ms")
    }
}
