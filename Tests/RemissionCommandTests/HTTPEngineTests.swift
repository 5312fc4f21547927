import Foundation
import RemissionSession
import TestSupport
import Testing

@testable import RemissionViews
@testable import remission

/// libcurl is loaded with dlopen when a command first connects (Sources/CCurl/include/CCurl.h).
/// A broken libcurl.so.4 found first through LD_LIBRARY_PATH stands in for a missing or damaged one.
@Suite("libcurl loaded on demand (process, real daemon)")
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

    @Test("check, list and connect without a usable libcurl: one clear message, exit 1, no step reported")
    func commandsThatConnect() throws {
        for arguments in [
            ["check", bed.daemonURL()], ["list", bed.daemonURL()], ["connect", bed.daemonURL(), "--name", "nas"],
        ] {
            let result = try runWithBrokenCurl(arguments)
            #expect(result.status == 1, "\(arguments): \(result.all)")
            #expect(
                result.err.contains("libcurl, the HTTP library remission uses, could not be loaded"),
                "\(arguments): \(result.all)")
            #expect(result.err.contains("libcurl.so.4"), "the loader's reason is kept: \(result.all)")
            #expect(!result.out.contains("ok   dns"), "no connection step is claimed: \(result.all)")
        }
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

    @Test("with the system's libcurl the same check connects")
    func realLibrary() throws {
        let result = try home.run(["check", bed.daemonURL()], env: ["TR_AUTH": bed.credentials])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.hasSuffix("ONLINE\n"), "\(result.all)")
    }

    @Test("libcurl is preloaded for command lines that connect, not for help, offline lists or local commands")
    func preloadHint() {
        for connecting in [["list"], ["list", "nas", "--json"], ["check", "--all"], ["add", "x.torrent"], ["watch"]] {
            #expect(RemissionCommand.mayConnect(connecting), "\(connecting)")
        }
        for local in [
            [], ["--help"], ["--version"], ["servers", "list"], ["trust", "show", "nas"], ["list", "--offline"],
            ["check", "--help"], ["list", "-h"], ["help", "list"],
        ] {
            #expect(!RemissionCommand.mayConnect(local), "\(local)")
        }
    }
}
