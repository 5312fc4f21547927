import Foundation
import RemissionSession
import TestSupport
import Testing

@testable import RemissionViews
@testable import remission

/// One HTTP engine for every route, and no libcurl anywhere: the binary does not link it nor name it,
/// and every command works with a broken libcurl.so.4 found first through LD_LIBRARY_PATH (standing
/// in for a missing or damaged one), directly and through each kind of proxy.
@Suite("One engine for every route, no libcurl (process, real daemon and proxies)")
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

    @Test("the binary neither links libcurl nor names it")
    func noLibcurlInBinary() throws {
        let linked = try bed.run("ldd", args: [home.remission])
        #expect(linked.status == 0, "\(linked.stderrText)")
        #expect(linked.stdoutText.contains("libssl"), "ldd lists the libraries: \(linked.stdoutText)")
        #expect(!linked.stdoutText.contains("libcurl"), "\(linked.stdoutText)")
        let binary = try Data(contentsOf: URL(fileURLWithPath: home.remission))
        #expect(binary.range(of: Data("libcurl".utf8)) == nil, "the binary names libcurl")
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

    @Test("through every kind of proxy without a usable libcurl: ONLINE, through the tunnel")
    func everyProxyWithoutCurl() throws {
        let socks4 = try TestProxy(.socks4)
        let socks5 = try TestProxy(.socks5)
        let connect = try TestProxy(.connect)
        let tls = try TestProxy(.connect, tls: (bed.certificateFile(.selfSigned), bed.keyFile(.selfSigned)))
        let kinds: [(TestProxy, String, [String])] = [
            (socks4, "socks4", []), (socks4, "socks4a", []), (socks5, "socks5", []), (socks5, "socks5h", []),
            (connect, "http", []), (tls, "https", ["--proxy-ca-file", bed.certificateFile(.selfSigned)]),
        ]
        for (proxy, scheme, extra) in kinds {
            let before = proxy.tunnels.count
            let result = try runWithBrokenCurl(
                [
                    "connect", bed.url(for: .caSigned), "--name", scheme, "--ca-file", bed.caFile,
                    "--no-save-password", "--proxy", proxy.url(scheme: scheme),
                ] + extra)
            #expect(result.status == 0, "\(scheme): \(result.all)")
            #expect(result.out.contains("ok   proxy through \(proxy.url(scheme: scheme))"), "\(scheme): \(result.out)")
            let listed = try runWithBrokenCurl(["list", scheme])
            #expect(listed.status == 0, "\(scheme): \(listed.all)")
            #expect(proxy.tunnels.count >= before + 2, "\(scheme) went through the proxy: \(proxy.tunnels)")
        }
    }

    @Test("commands that do not connect work without libcurl")
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
