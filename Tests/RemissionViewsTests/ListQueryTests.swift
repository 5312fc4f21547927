import RemissionModel
import RemissionSession
import Testing

@testable import RemissionViews

@Suite("list: filtering and sorting")
struct ListQueryTests {
    static func torrents() -> [Torrent] {
        var result: [Torrent] = []
        var a = Torrent(id: 3, name: "Ubuntu 24.04", status: .downloading)
        a.percentDone = 0.4
        a.sizeWhenDone = 5000
        a.leftUntilDone = 3000
        a.rateDownload = 100
        a.eta = 30
        a.addedDate = 300
        a.labels = ["Linux"]
        a.uploadRatio = 0.1
        result.append(a)
        var b = Torrent(id: 1, name: "debian netinst", status: .seeding)
        b.percentDone = 1
        b.sizeWhenDone = 9000
        b.rateUpload = 50
        b.addedDate = 100
        b.labels = ["linux", "iso"]
        b.uploadRatio = -2
        result.append(b)
        var c = Torrent(id: 2, name: "archive", status: .stopped)
        c.sizeWhenDone = 1000
        c.leftUntilDone = 1000
        c.addedDate = 200
        c.error = 3
        c.uploadRatio = 3
        result.append(c)
        var d = Torrent(id: 4, name: "queued thing", status: .downloadWait)
        d.addedDate = 50
        d.sizeWhenDone = 1
        d.leftUntilDone = 1
        result.append(d)
        var e = Torrent(id: 5, name: "checking thing", status: .checking)
        e.addedDate = 400
        result.append(e)
        return result
    }

    func ids(_ query: ListQuery) -> [Int] { query.apply(Self.torrents()).map(\.id) }

    @Test("default: every torrent by id")
    func byID() { #expect(ids(ListQuery()) == [1, 2, 3, 4, 5]) }

    @Test(
        "status filters",
        arguments: [
            (ListStatusFilter.downloading, [3]), (.seeding, [1]), (.stopped, [2]), (.checking, [5]), (.queued, [4]),
            (.error, [2]), (.active, [1, 3, 5]), (.idle, []),
        ])
    func status(filter: ListStatusFilter, expected: [Int]) {
        #expect(ids(ListQuery(status: filter)) == expected)
    }

    @Test("--status idle: the torrents the Status column shows as Idle")
    func idle() {
        var seeding = Torrent(id: 7, name: "quiet seed", status: .seeding)
        var downloading = Torrent(id: 8, name: "quiet download", status: .downloading)
        var busy = Torrent(id: 9, name: "busy", status: .seeding)
        for index in [0, 1] {
            var torrent = [seeding, downloading][index]
            torrent.peersGettingFromUs = 0
            torrent.peersSendingToUs = 0
            if index == 0 { seeding = torrent } else { downloading = torrent }
        }
        busy.peersGettingFromUs = 2
        busy.peersSendingToUs = 0
        #expect(seeding.activityLabel == "Idle" && downloading.activityLabel == "Idle")
        #expect(ListQuery(status: .idle).apply([seeding, downloading, busy] + Self.torrents()).map(\.id) == [7, 8])
        #expect(ListStatusFilter(rawValue: "idle") == .idle)
    }

    @Test("search is a case-insensitive substring; label is a case-insensitive exact label")
    func searchAndLabel() {
        #expect(ids(ListQuery(search: "UBUNTU")) == [3])
        #expect(ids(ListQuery(search: "thing")) == [4, 5])
        #expect(ids(ListQuery(search: "nothing here")) == [])
        #expect(ids(ListQuery(label: "LINUX")) == [1, 3])
        #expect(ids(ListQuery(label: "lin")) == [])
        #expect(ids(ListQuery(status: .seeding, label: "iso")) == [1])
    }

    @Test(
        "sort keys, reversible",
        arguments: [
            (ListSortKey.name, [2, 5, 1, 4, 3]), (.progress, [2, 4, 5, 3, 1]), (.size, [5, 4, 2, 3, 1]),
            (.ratio, [4, 5, 3, 2, 1]), (.added, [4, 1, 2, 3, 5]), (.eta, [1, 5, 3, 2, 4]), (.down, [1, 2, 4, 5, 3]),
            (.up, [2, 3, 4, 5, 1]), (.status, [2, 5, 4, 3, 1]), (.id, [1, 2, 3, 4, 5]),
        ])
    func sort(key: ListSortKey, expected: [Int]) {
        #expect(ids(ListQuery(sort: key)) == expected)
        #expect(ids(ListQuery(sort: key, reverse: true)) == expected.reversed())
    }

    @Test("--sort queue: the daemon's queue order, 0 first; a torrent without a position last, ties by id")
    func queue() {
        var torrents = Self.torrents()
        for (index, position) in [2, 0, nil, 1, 0].enumerated() { torrents[index].queuePosition = position }
        // ids 3, 1, 2, 4, 5 hold positions 2, 0, none, 1, 0
        #expect(ListQuery(sort: .queue).apply(torrents).map(\.id) == [1, 5, 4, 3, 2])
        #expect(ListQuery(sort: .queue, reverse: true).apply(torrents).map(\.id) == [2, 3, 4, 5, 1])
        #expect(ListSortKey(rawValue: "queue") == .queue)
    }
}
