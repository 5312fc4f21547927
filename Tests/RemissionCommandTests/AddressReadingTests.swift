import Foundation
import TestSupport
import Testing

/// One reading of an address (PRODUCT.md §2): what is connected, what is checked against the
/// certificate and what identifies the server are the same; `localhost` names never go to DNS.
@Suite("addresses: one reading, localhost without DNS (process)")
struct AddressReadingTests {
    @Test(
        "an IPv4 address in a form the resolver reads otherwise is refused, naming what it would reach",
        arguments: [
            ("127.0.0.010", "127.0.0.8"), ("0x7f.0.0.1", "127.0.0.1"), ("127.1", "127.0.0.1"),
            ("2130706433", "127.0.0.1"), ("0177.0.0.1", "127.0.0.1"),
        ])
    func ambiguousIPv4(host: String, meaning: String) throws {
        let run = try HostileRun.remission(["check", "https://\(host):9/transmission/rpc"])
        #expect(run.status == 2, "\(run.all)")
        #expect(run.err.contains(meaning), "\(run.all)")
        #expect(run.err.contains(host), "\(run.all)")
        let russian = try HostileRun.remission(["--lang", "ru", "check", "https://\(host):9/transmission/rpc"])
        #expect(russian.status == 2)
        #expect(russian.err.contains(meaning) && russian.err.contains("IPv4"), "\(russian.all)")
    }

    @Test("a host that ends in a number but is no address at all is refused too")
    func numericNonAddress() throws {
        let run = try HostileRun.remission(["check", "https://1.2.3.4.5/transmission/rpc"])
        #expect(run.status == 2, "\(run.all)")
        #expect(run.err.contains("1.2.3.4.5"), "\(run.all)")
    }

    @Test(
        "localhost names (any case, trailing dot) reach loopback without DNS and need no plain-HTTP acknowledgement",
        arguments: ["a.localhost", "NAS.LocalHost.", "localhost."])
    func localhostNames(host: String) throws {
        let server = try HostileServer(scenario: [:])
        let run = try HostileRun.remission(["check", "http://\(host):\(server.port)/transmission/rpc"])
        #expect(run.status == 0, "\(run.all)")
        #expect(run.out.contains("ONLINE"), "\(run.all)")
        #expect(!run.out.contains("insecure"), "\(run.all)")
    }
}
