import Foundation
import RemissionModel
import RemissionStorage
import TestSupport
import Testing

/// The server facts cache through the real binary and real daemons: a second command skips the
/// version's `session-get`, and facts another daemon left at the same address (3.00 and 4.1.3
/// taking one port in turn) are found out by the first 409 and replaced.
@Suite("list remembers each server's version; another daemon at that address is found out (process)", .serialized)
struct RememberedServerCommandTests {
    let bed: TestBed
    init() throws { bed = try TestBed.shared }

    /// The methods of the RPC requests a `-v` run logged, as sent (in the dialect's spelling).
    static func methods(_ log: String) -> [String] {
        log.split(separator: "\n").filter { $0.hasSuffix("RPC request") }.compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("rpc.method=") }.map { String($0.dropFirst(11)) }
        }
    }

    @Test(
        "first list: version, then the list; second: the list alone; after a swap: found out, fixed",
        arguments: daemonMatrix)
    func remembered(daemon: TestBed.Daemon) throws {
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let env = ["TR_AUTH": bed.credentials]
        let url = bed.daemonURL(daemon)
        let modern = daemon == .modern
        let (get, sessionGet) = modern ? ("torrent_get", "session_get") : ("torrent-get", "session-get")

        let first = try home.run(["-v", "list", url], env: env)
        #expect(first.status == 0, "\(first.all)")
        #expect(Self.methods(first.err) == ["session-get", sessionGet, get], "\(first.err)")
        let second = try home.run(["-v", "list", url], env: env)
        #expect(second.status == 0, "\(second.all)")
        #expect(Self.methods(second.err) == [get, get], "\(second.err)")
        #expect(second.out.contains("Sum:"), "\(second.out)")

        guard bed.hasModern else { return }  // no other version to swap in
        let cache = ServerFactsCache(
            paths: StoragePaths(
                config: home.configDirectory, cache: home.directory + "/cache", state: home.directory + "/state"))
        let endpoint = try ServerEndpoint.parse(url)
        let own = try #require(cache.load(for: endpoint))
        #expect(own.dialect == (modern ? .jsonRPC : .classic))
        let other = try ServerEndpoint.parse(bed.daemonURL(modern ? .main : .modern))
        let listed = try home.run(["list", other.url], env: env)
        #expect(listed.status == 0, "\(listed.all)")
        let otherFacts = try #require(cache.load(for: other))
        #expect(otherFacts != own)

        try cache.save(otherFacts, for: endpoint)  // as if the other version had answered here before
        let swapped = try home.run(["-v", "list", url], env: env)
        #expect(swapped.status == 0, "\(swapped.all)")
        #expect(swapped.out.contains("Sum:"), "\(swapped.out)")
        let misspelled = modern ? "torrent-get" : "torrent_get"
        #expect(Self.methods(swapped.err) == [misspelled, sessionGet, get], "\(swapped.err)")
        #expect(cache.load(for: endpoint) == own)
    }
}
