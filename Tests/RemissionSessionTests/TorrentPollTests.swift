import RemissionModel
import RemissionRPC
import Testing

@testable import RemissionSession

/// `TorrentPoll` without I/O: when a refresh is full and when incremental, and how a
/// `recently-active` reply is merged — or refused, so that a full fetch follows.
@Suite("incremental polling: full or recently-active, and the merge")
struct TorrentPollTests {
    static let fields: [TorrentField] = [.id, .name, .status]
    static let columns = ["id", "name", "status"]

    static func torrent(_ id: Int, _ name: String = "", _ status: TorrentStatus = .stopped) -> Torrent {
        Torrent(id: id, name: name.isEmpty ? "t\(id)" : name, status: status)
    }

    /// A poll after a full fetch of ids 1…count at second 100.
    static func polled(_ count: Int = 5, at start: Double = 100) -> TorrentPoll {
        TorrentPoll().afterFull(
            (1...count).map { torrent($0) }, columns: columns, fields: fields, dialect: .classic, start: start)
    }

    static func changes(_ torrents: [Torrent], removed: [Int]? = []) -> RecentChanges {
        RecentChanges(torrents: torrents, removedIds: removed, header: columns)
    }

    static func merge(
        _ poll: TorrentPoll, _ changes: RecentChanges, sessionChanged: Bool = false, dialect: RPCDialect? = .classic
    ) -> PollMerge {
        poll.merging(changes, sessionChanged: sessionChanged, dialect: dialect, start: 102)
    }

    @Test("the first fetch is full; then recently-active while the last good fetch is within the window")
    func firstThenIncremental() {
        #expect(TorrentPoll().request(fields: Self.fields, now: 0) == .full(.first))
        let poll = Self.polled()
        #expect(poll.request(fields: Self.fields, now: 102) == .recentlyActive)
        #expect(poll.request(fields: Self.fields, now: 100 + TorrentPoll.maximumGap) == .recentlyActive)
        #expect(poll.request(fields: Self.fields, now: 100 + TorrentPoll.maximumGap + 0.01) == .full(.gap))
        // The margin keeps the gap well inside the daemon's 60 s.
        #expect(TorrentPoll.maximumGap <= TorrentPoll.daemonWindow - 10)
        #expect(poll.request(fields: Self.fields, now: 99) == .full(.gap), "a clock that went back")
    }

    @Test("full again: after a failure, for other fields, periodically, while a torrent is verified")
    func fullAgain() throws {
        let poll = Self.polled()
        #expect(poll.afterFailure().request(fields: Self.fields, now: 101) == .full(.afterFailure))
        #expect(poll.request(fields: Self.fields + [.labels], now: 101) == .full(.fieldsChanged))
        // Refreshes every 2 s never leave the window, yet every fullEvery seconds one is full.
        var current = poll
        var now = 100.0
        var fulls: [Double] = []
        while now < 100 + 2 * TorrentPoll.fullEvery {
            now += 2
            switch current.request(fields: Self.fields, now: now) {
            case .recentlyActive:
                let merged = current.merging(Self.changes([]), sessionChanged: false, dialect: .classic, start: now)
                guard case .merged(let next, _, _, _) = merged else {
                    Issue.record("an empty reply did not merge: \(merged)")
                    return
                }
                current = next
            case .full(let reason):
                #expect(reason == .periodic)
                fulls.append(now)
                current = current.afterFull(
                    current.torrents, columns: Self.columns, fields: Self.fields, dialect: .classic, start: now)
            }
        }
        #expect(fulls == [100 + TorrentPoll.fullEvery, 100 + 2 * TorrentPoll.fullEvery], "\(fulls)")

        for status in [TorrentStatus.checking, .checkWait] {
            let verifying = TorrentPoll().afterFull(
                [Self.torrent(1), Self.torrent(2, "", status)], columns: Self.columns, fields: Self.fields,
                dialect: .classic, start: 100)
            #expect(verifying.request(fields: Self.fields, now: 102) == .full(.verifying))
        }
    }

    @Test("a merge replaces changed torrents in place, drops removed ones, appends new ones by id")
    func merge() throws {
        let poll = Self.polled()
        let result = Self.merge(
            poll,
            Self.changes(
                [Self.torrent(7, "new"), Self.torrent(3, "three", .seeding), Self.torrent(6, "six")],
                removed: [2, 4, 1000]))
        guard case .merged(let next, let changed, let added, let removed) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(next.torrents.map(\.id) == [1, 3, 5, 6, 7])
        #expect(next.torrents[1] == Self.torrent(3, "three", .seeding))
        #expect((changed, added, removed) == (1, 2, 2))
        #expect(next.request(fields: Self.fields, now: 103) == .recentlyActive)
        // The same removed ids again (the daemon repeats them for its whole window): nothing more.
        guard case .merged(let again, 0, 0, 0) = Self.merge(next, Self.changes([], removed: [2, 4])) else {
            Issue.record("repeated removed ids")
            return
        }
        #expect(again.torrents == next.torrents)
        // The largest id seen is 7 now: a torrent numbered 6 that the list lacks is not new.
        guard case .merged(let without6, _, _, 1) = Self.merge(next, Self.changes([], removed: [6])) else {
            Issue.record("remove 6")
            return
        }
        #expect(
            Self.merge(without6, Self.changes([Self.torrent(6)])) == .needsFull(.unexpectedReply(.unknownOlderID(6))))
    }

    @Test("replies that could make the merge wrong ask for a full fetch")
    func hostileReplies() {
        let poll = Self.polled()
        #expect(
            Self.merge(poll, Self.changes([Self.torrent(2), Self.torrent(2)]))
                == .needsFull(.unexpectedReply(.duplicateID(2))))
        #expect(
            Self.merge(poll, Self.changes([Self.torrent(9), Self.torrent(9)]))
                == .needsFull(.unexpectedReply(.duplicateID(9))))
        #expect(Self.merge(poll, Self.changes([], removed: nil)) == .needsFull(.unexpectedReply(.noRemovedList)))
        #expect(
            Self.merge(poll, RecentChanges(torrents: [], removedIds: [], header: ["id", "name"]))
                == .needsFull(.unexpectedReply(.otherColumns)))
        #expect(
            Self.merge(poll, Self.changes([Self.torrent(3)], removed: [3]))
                == .needsFull(.unexpectedReply(.changedAndRemoved(3))))
        #expect(Self.merge(poll, Self.changes([]), sessionChanged: true) == .needsFull(.sessionChanged))
        #expect(Self.merge(poll, Self.changes([]), dialect: .jsonRPC) == .needsFull(.sessionChanged))
        // An id below the largest seen that the list lacks: a torrent the list should have had.
        let without3 = TorrentPoll().afterFull(
            [Self.torrent(1), Self.torrent(5)], columns: Self.columns, fields: Self.fields, dialect: .classic,
            start: 100)
        #expect(
            Self.merge(without3, Self.changes([Self.torrent(3)])) == .needsFull(.unexpectedReply(.unknownOlderID(3))))
    }

    @Test("huge id lists: 1,000,000 removed ids that never existed and 100,000 changes merge in bounded time")
    func hugeLists() {
        let poll = Self.polled(100_000)
        let removed = Array(200_001...1_200_000)
        let changed = (1...100_000).map { Self.torrent($0, "x") }
        let clock = ContinuousClock()
        let started = clock.now
        let result = Self.merge(poll, Self.changes(changed, removed: removed))
        let elapsed = clock.now - started
        guard case .merged(let next, 100_000, 0, 0) = result else {
            Issue.record("huge lists did not merge")
            return
        }
        #expect(next.torrents.count == 100_000 && next.torrents.allSatisfy { $0.name == "x" })
        // New ids above the removed ones are still new: removed ids do not raise the bar.
        guard case .merged(let added, 0, 1, 0) = Self.merge(next, Self.changes([Self.torrent(100_001)])) else {
            Issue.record("a new torrent after huge removed lists")
            return
        }
        #expect(added.torrents.last?.id == 100_001)
        #expect(elapsed < .seconds(5), "\(elapsed)")
    }
}
