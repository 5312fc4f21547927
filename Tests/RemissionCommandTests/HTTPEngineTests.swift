import Foundation
import RemissionSession
import TestSupport
import Testing

@testable import RemissionViews
@testable import remission

/// A server reached directly is spoken to by remission's own engine (SocketTransport); libcurl is
/// loaded with dlopen only for a connection through a proxy (Sources/CCurl/include/CCurl.h).
/// A broken libcurl.so.4 found first through LD_LIBRARY_PATH stands in for a missing or damaged one.
@Suite("The HTTP engines: our own for direct connections, libcurl for proxies (process, real daemon)")
struct HTTPEngineTests {
    let bed: TestBed
    let home: CLIHome
    let brokenLibraries: String

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
        brokenLibraries = home.directory + "/broken-lib"
        try FileManager.default.createDirectory(atPath: brokenLibraries, withIntermediateDirectories: true)
        try Data("not a shared library\n".utf8).write(to: URL(fileURLWithPath: brokenLibraries + "/libcurl.so.4"))
    }

    func runWithBrokenCurl(_ arguments: [String]) throws -> CLIHome.Result {
        try home.run(arguments, env: ["LD_LIBRARY_PATH": brokenLibraries, "TR_AUTH": bed.credentials])
    }

    @Test("check, list and connect reach the server directly without libcurl, over HTTP and HTTPS")
    func directWithoutCurl() throws {
        let pin = try bed.pin(.selfSigned)
        for arguments in [
            ["check", bed.daemonURL()], ["list", bed.daemonURL()], ["check", bed.url(for: .selfSigned), "--pin", pin],
            ["connect", bed.daemonURL(), "--name", "nas", "--no-save-password"],
        ] {
            let result = try runWithBrokenCurl(arguments)
            #expect(result.status == 0, "\(arguments): \(result.all)")
            #expect(!result.err.contains("libcurl"), "\(arguments): \(result.all)")
        }
        let shown = try runWithBrokenCurl(["trust", "show", bed.url(for: .selfSigned)])
        #expect(shown.status == 0 || shown.status == 5, "\(shown.all)")
        #expect(shown.out.contains("Fingerprint: SHA256:"), "trust show probes without libcurl: \(shown.all)")
    }

    @Test("through a proxy without a usable libcurl: one clear message, exit 1, nothing saved")
    func proxyWithoutCurl() throws {
        let result = try runWithBrokenCurl([
            "connect", bed.daemonURL(), "--name", "far", "--proxy", "http://127.0.0.1:\(bed.closedPort)",
        ])
        #expect(result.status == 1, "\(result.all)")
        #expect(
            result.all.contains("libcurl, which remission uses for proxies, could not be loaded"), "\(result.all)")
        #expect(result.all.contains("libcurl.so.4"), "the loader's reason is kept: \(result.all)")
        #expect(!result.all.contains("ok   dns"), "no connection step is claimed: \(result.all)")
        #expect(
            !FileManager.default.fileExists(atPath: home.configDirectory + "/servers.json"), "connect saved nothing")
    }

    @Test("commands that do not connect never load libcurl: they work without it")
    func localCommands() throws {
        let servers = try runWithBrokenCurl(["servers", "list"])
        #expect(servers.status == 0, "\(servers.all)")
        #expect(servers.all.contains("No servers are saved yet"), "\(servers.all)")
        let caFile = try runWithBrokenCurl(["trust", "ca", bed.url(for: .caSigned), bed.caFile])
        #expect(caFile.status == 0, "trust ca reads the file without libcurl: \(caFile.all)")
        let help = try runWithBrokenCurl(["--help"])
        #expect(help.status == 0, "\(help.all)")
        #expect(help.out.contains("USAGE: remission"), "\(help.all)")
    }
}
