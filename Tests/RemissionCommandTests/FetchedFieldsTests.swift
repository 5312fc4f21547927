import RemissionModel
import RemissionSession
import Testing

@testable import RemissionViews
@testable import remission

/// `list` and `watch` ask the daemon only for the fields their views use. These tests decode the
/// same torrents twice, from every list field and from only the requested ones, and expect the
/// same screen: a field the view needs but does not request would show up as a difference.
@Suite("fetched fields: only what the views use")
struct FetchedFieldsTests {
    /// Torrents as a daemon would send them with every list field, each field set to a value
    /// that differs from `Torrent()`'s default so that a missing one changes something.
    static let objects: [JSONObject] = [
        row(1, "debian-12.iso", status: 4, done: 0.5, size: 2_000_000, error: 0, peers: (1, 2), finished: false),
        row(2, "ubuntu été.iso", status: 6, done: 1, size: 3_000_000, error: 2, peers: (3, 0), finished: true),
        row(3, "stopped but finished", status: 0, done: 1, size: 1_000, error: 0, peers: (0, 0), finished: true),
        row(4, "verifying", status: 2, done: 0.25, size: 4_000, error: 3, peers: (0, 0), finished: false),
    ]

    static func row(
        _ id: Int, _ name: String, status: Int, done: Double, size: Int, error: Int, peers: (Int, Int),
        finished: Bool
    ) -> JSONObject {
        [
            "id": .int(Int64(id)), "name": .string(name), "hashString": .string(String(repeating: "a\(id)", count: 20)),
            "status": .int(Int64(status)), "percentDone": .double(done), "sizeWhenDone": .int(Int64(size)),
            "leftUntilDone": .int(Int64(Double(size) * (1 - done))), "haveValid": .int(Int64(Double(size) * done) - 7),
            "eta": .int(Int64(id * 100)), "rateDownload": .int(Int64(id * 1500)), "rateUpload": .int(Int64(id * 700)),
            "uploadRatio": .double(Double(id) / 3), "error": .int(Int64(error)), "errorString": .string("err \(id)"),
            "addedDate": .int(Int64(1_700_000_000 - id * 86_400)), "downloadDir": .string("/data"),
            "labels": .array([.string("l\(id)")]), "peersConnected": .int(Int64(peers.0 + peers.1)),
            "peersGettingFromUs": .int(Int64(peers.0)), "peersSendingToUs": .int(Int64(peers.1)),
            "isFinished": .bool(finished), "recheckProgress": .double(0.375),
        ]
    }

    static func torrents(keeping fields: [TorrentField]?) -> [Torrent] {
        objects.map { object in
            guard let fields else { return Torrent(json: object) }
            var kept = JSONObject()
            for field in fields { kept[field.rawValue] = object[field.rawValue] }
            return Torrent(json: kept)
        }
    }

    @Test("the list table, every sort and filter: the requested fields render what all fields render")
    func listTable() {
        let table = TorrentTable(width: 100, styleErrorID: { "<\($0)>" })
        for sort in ListSortKey.allCases {
            for status in [nil] + ListStatusFilter.allCases.map(Optional.some) {
                let query = ListQuery(status: status, sort: sort)
                let full = Self.torrents(keeping: nil)
                let fetched = Self.torrents(keeping: RemissionCommand.List.fields(json: false, query: query))
                #expect(
                    table.render(query.apply(fetched)) == table.render(query.apply(full)),
                    "sort \(sort), status \(status.map(\.rawValue) ?? "none")")
            }
        }
        let labelled = ListQuery(label: "l2")
        let fetched = Self.torrents(keeping: RemissionCommand.List.fields(json: false, query: labelled))
        #expect(labelled.apply(fetched).map(\.id) == [2])
    }

    @Test("list --json: the requested fields give the same document as all fields")
    func listJSON() {
        let fields = RemissionCommand.List.fields(json: true, query: ListQuery())
        let full = Self.torrents(keeping: nil).map(TorrentListJSON.object)
        let fetched = Self.torrents(keeping: fields).map(TorrentListJSON.object)
        #expect(fetched == full)
    }

    @Test("the watch screen, every sort and filter: the requested fields draw what all fields draw")
    func watchScreen() {
        let size = WatchScreen.Size(columns: 120, rows: 30)
        let state = WatchScreen.State(server: "nas", lastUpdate: 1_795_000_000, totalCount: Self.objects.count)
        for sort in ListSortKey.allCases {
            for status in [nil] + ListStatusFilter.allCases.map(Optional.some) {
                for label in [nil, "l2"] {
                    let query = ListQuery(status: status, label: label, sort: sort)
                    func draw(_ torrents: [Torrent]) -> [String] {
                        WatchScreen.lines(torrents: query.apply(torrents), size: size, state: state, now: 1_795_000_000)
                    }
                    let fetched = Self.torrents(keeping: RemissionCommand.Watch.fields(query: query))
                    #expect(
                        draw(fetched) == draw(Self.torrents(keeping: nil)),
                        "sort \(sort), status \(status.map(\.rawValue) ?? "none"), label \(label ?? "none")")
                }
            }
        }
    }
}
