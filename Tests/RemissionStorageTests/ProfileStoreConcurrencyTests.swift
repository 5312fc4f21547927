import Foundation
import TestSupport
import Testing

@testable import RemissionStorage

@Suite("Profile store: concurrent writers")
struct ProfileStoreConcurrencyTests {
    /// Twenty threads, each with its own `ProfileStore` (so its own lock file description, as separate
    /// `remission connect` processes would have), each add one profile.
    @Test("twenty concurrent upserts lose no profile")
    func twentyWriters() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("servers.json")
        let writers = 20
        let failures = Failures()
        let group = DispatchGroup()
        for index in 0..<writers {
            group.enter()
            Thread {
                defer { group.leave() }
                do {
                    let store = ProfileStore(path: path, lockTimeout: .seconds(30))
                    try store.upsert(sampleProfile("server-\(index)", "https://host\(index).lan"))
                } catch {
                    failures.record("\(error)")
                }
            }.start()
        }
        group.wait()

        #expect(failures.all == [])
        let all = try ProfileStore(path: path).all()
        #expect(all.profiles.count == writers)
        #expect(Set(all.profiles.map(\.name)) == Set((0..<writers).map { "server-\($0)" }))
        #expect(all.default.map { $0.hasPrefix("server-") } == true)
        #expect(directoryEntries(directory.path) == ["servers.json", "servers.json.lock"])
    }
}
