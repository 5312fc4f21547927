import RemissionModel
import RemissionSession
import Testing

@testable import RemissionViews

@Suite("remission set's words: what changed, one line for many, --json, hostile names")
struct SetTextTests {
    func torrent(_ id: Int, name: String = "ubuntu.iso", limited: Bool = false, labels: [String] = []) -> Torrent {
        var torrent = Torrent()
        torrent.id = id
        torrent.name = name
        torrent.hashString = String(repeating: "ab", count: 20)
        torrent.labels = labels
        torrent.downloadLimit = 100
        torrent.downloadLimited = limited
        torrent.seedRatioMode = 0
        torrent.seedRatioLimit = 2
        return torrent
    }

    func result(_ before: Torrent, _ after: Torrent, _ requested: [TorrentSetting]) -> TorrentSettingsResult {
        TorrentSettingsResult(
            before: before, after: after, settings: TorrentSetting.allCases.filter { $0.isSupported(rpcVersion: 16) },
            requested: requested)
    }

    @Test("a line per torrent: each requested setting that changed, with what it was; or unchanged")
    func lines() {
        let changed = result(
            torrent(5), torrent(5, limited: true, labels: ["iso", "linux"]), [.labels, .downloadLimit, .seedRatio])
        Language.$override.withValue(.english) {
            #expect(
                SetText.line(changed)
                    == "5 ubuntu.iso: labels iso, linux (was none); download limit 100 kB/s (was unlimited)")
            #expect(
                SetText.line(result(torrent(5), torrent(5), [.seedRatio])) == "5 ubuntu.iso: unchanged (already so)")
        }
        Language.$override.withValue(.russian) {
            #expect(SetText.line(changed).contains("ограничение загрузки 100 кБ/с (было: без ограничения)"))
        }
    }

    @Test("server text is made terminal-safe in the lines, exact in --json")
    func hostile() throws {
        let name = "evil\u{1B}]0;owned\u{07}name"
        let label = "l\u{1B}[2Jx"
        let line = SetText.line(result(torrent(1, name: name), torrent(1, name: name, labels: [label]), [.labels]))
        #expect(!line.contains("\u{1B}") && !line.contains("\u{07}"), "\(line)")
        let json = SetText.json([result(torrent(1, name: name), torrent(1, name: name, labels: [label]), [.labels])])
        let object = try #require(json["torrents"]?.array?.first)
        #expect(object["name"]?.string == name)
        #expect(object["labels"]?.array?.first?.string == label)
        #expect(object["changed"] == .array([.string("labels")]))
        #expect(object["downloadLimit"]?["enabled"] == .bool(false))
        #expect(object["seedRatio"]?["mode"]?.string == "global")
        #expect(object["group"] == nil, "not on rpc-version 16")
    }

    @Test("many torrents: one line with the requested values and how many changed (Russian plural)")
    func summary() {
        var request = TorrentSettingsRequest()
        request.downloadLimit = .limited(kBps: 100)
        request.labels = .edit(add: ["iso"], remove: ["old"])
        let results = (1...12).map { id in
            result(torrent(id), torrent(id, limited: id > 1), [.labels, .downloadLimit])
        }
        Language.$override.withValue(.english) {
            #expect(
                SetText.summary(results, request)
                    == "changed 11 of 12 torrents: labels +iso, −old; download limit 100 kB/s")
        }
        Language.$override.withValue(.russian) {
            #expect(SetText.summary(results, request).hasPrefix("изменено 11 из 12 торрентов:"))
        }
    }

    @Test("the version refusal names the option, the version it needs and the server's")
    func needsNewer() {
        Language.$override.withValue(.english) {
            let need = NewerServerNeed(
                feature: "--sequential", transmission: "4.1", rpcVersion: 18, found: 16,
                serverVersion: "3.00 (bb6b5a062e)")
            #expect(
                SetText.needsNewerServer(need)
                    == "--sequential needs Transmission 4.1 or later (rpc-version 18); the server runs 3.00 (bb6b5a062e) (rpc-version 16). Nothing was sent."
            )
            let groups = VersionedFeature.bandwidthGroups.need(found: 16)
            #expect(VersionedFeature.bandwidthGroups.need(found: 17) == nil)
            #expect(
                groups.map(SetText.needsNewerServer)
                    == "remission groups needs Transmission 4.0 or later (rpc-version 17); the server speaks rpc-version 16. Nothing was sent."
            )
        }
    }
}
