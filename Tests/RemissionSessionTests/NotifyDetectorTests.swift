import RemissionStorage
import RemissionTrust
import Testing
import TrustFixtures

@testable import RemissionSession

private let now: Int64 = 1_800_000_000
private func hash(_ byte: Character) -> String { String(repeating: byte, count: 40) }

private func torrent(
    _ id: Int, _ byte: Character, done: Bool = false, error: Int = 0, doneDate: Int64 = 0, name: String? = nil
) -> TorrentSighting {
    TorrentSighting(
        id: id, hash: hash(byte), name: name ?? "torrent \(id)", done: done, error: error,
        errorText: error == 0 ? "" : "tracker said no", doneDate: doneDate)
}

/// `notify`'s pure decisions: remembered state plus one poll's sighting gives events and the next state.
@Suite("notify: events from what was remembered and what a poll saw")
struct NotifyDetectorTests {
    /// One poll at `now` (plus `after` seconds): its event kinds and the next memory.
    static func poll(
        _ memory: NotifyMemory, _ sighting: ServerSighting, after: Int64 = 0
    ) -> ([NotifyEvent.Kind], NotifyMemory, [NotifyEvent]) {
        let (events, next) = NotifyDetector.detect(
            memory: memory, sighting: sighting, server: "nas", url: "https://nas:9091/transmission/rpc",
            now: now + after)
        return (events.map(\.kind), next, events)
    }

    static func online(_ torrents: [TorrentSighting], _ certificates: [CertificateFacts] = []) -> ServerSighting {
        .online(torrents: torrents, certificates: certificates)
    }

    @Test("first sight records every torrent, finished or in error, and reports none")
    func firstSightIsQuiet() {
        let torrents = [torrent(1, "a", done: true, doneDate: now), torrent(2, "b"), torrent(3, "c", error: 3)]
        let (kinds, memory, _) = Self.poll(NotifyMemory(), Self.online(torrents))
        #expect(kinds.isEmpty)
        #expect(memory.done == [hash("a")])
        #expect(memory.pending == [hash("b"), hash("c")])
        #expect(memory.errored == [hash("c")])
        #expect(memory.online == true && memory.lastPoll == now && memory.server == "nas")
    }

    @Test("a torrent that finishes is reported once; polls after it repeat nothing")
    func finishedOnce() {
        let (_, first, _) = Self.poll(NotifyMemory(), Self.online([torrent(1, "a"), torrent(2, "b")]))
        let (kinds, second, events) = Self.poll(
            first, Self.online([torrent(1, "a", done: true, doneDate: now + 30), torrent(2, "b")]), after: 60)
        #expect(kinds == [.finished])
        #expect(events.first?.torrent?.id == 1 && events.first?.server == "nas")
        let (again, _, _) = Self.poll(second, Self.online([torrent(1, "a", done: true), torrent(2, "b")]), after: 120)
        #expect(again.isEmpty)
    }

    @Test("a torrent added and finished between two polls (or while notify was stopped) is reported once")
    func addedAndFinishedMeanwhile() {
        let (_, first, _) = Self.poll(NotifyMemory(), Self.online([torrent(1, "a")]))
        // Added and finished while nobody looked: not known, doneDate after the last poll.
        let (kinds, second, _) = Self.poll(
            first, Self.online([torrent(1, "a"), torrent(2, "b", done: true, doneDate: now + 3600)]), after: 7200)
        #expect(kinds == [.finished])
        // One added already complete long before the last poll (seeded from elsewhere): recorded only.
        let (old, _, _) = Self.poll(
            second,
            Self.online([torrent(1, "a"), torrent(2, "b", done: true), torrent(3, "c", done: true, doneDate: 5)]),
            after: 7300)
        #expect(old.isEmpty)
    }

    @Test("an idle poll leaves the memory as it was (no rewrite) until lastPoll is 10 minutes old")
    func idlePollsKeepTheMemory() {
        let torrents = [torrent(1, "a"), torrent(2, "b", done: true, doneDate: now - 10)]
        let (_, first, _) = Self.poll(NotifyMemory(), Self.online(torrents))
        let (quiet, second, _) = Self.poll(first, Self.online(torrents), after: 60)
        #expect(quiet.isEmpty)
        #expect(second == first, "an unchanged poll must not change what is stored")
        let (_, stale, _) = Self.poll(second, Self.online(torrents), after: NotifyDetector.lastPollRefresh)
        #expect(stale.lastPoll == now + NotifyDetector.lastPollRefresh)
        // A change moves lastPoll at once; a torrent added and finished after it is still reported.
        let (_, changed, _) = Self.poll(second, Self.online(torrents + [torrent(3, "c")]), after: 120)
        #expect(changed.lastPoll == now + 120)
        let (kinds, _, _) = Self.poll(
            second, Self.online(torrents + [torrent(4, "d", done: true, doneDate: now + 100)]), after: 180)
        #expect(kinds == [.finished])
    }

    @Test("an error appears once, clears once; a tracker warning is not an error")
    func errors() {
        let (_, first, _) = Self.poll(NotifyMemory(), Self.online([torrent(1, "a"), torrent(2, "b")]))
        let (appeared, second, events) = Self.poll(
            first, Self.online([torrent(1, "a", error: 2), torrent(2, "b", error: 1)]), after: 60)
        #expect(appeared == [.error])
        #expect(events.first?.torrent?.errorText == "tracker said no")
        let (still, third, _) = Self.poll(
            second, Self.online([torrent(1, "a", error: 3), torrent(2, "b")]), after: 120)
        #expect(still.isEmpty)
        let (cleared, _, _) = Self.poll(third, Self.online([torrent(1, "a"), torrent(2, "b")]), after: 180)
        #expect(cleared == [.errorCleared])
    }

    @Test("offline once with its cause, online once; torrents are kept while offline")
    func offlineOnline() {
        let (_, first, _) = Self.poll(NotifyMemory(), Self.online([torrent(1, "a")]))
        let down = ServerSighting.offline(cause: "connection refused", exitCode: 3)
        let (offline, second, events) = Self.poll(first, down, after: 60)
        #expect(offline == [.offline])
        #expect(events.first?.cause == "connection refused" && events.first?.exitCode == 3)
        #expect(second.pending == first.pending && second.lastPoll == first.lastPoll)
        let (still, third, _) = Self.poll(second, down, after: 120)
        #expect(still.isEmpty)
        // Back, and the torrent finished while the server was unreachable: both reported.
        let (back, fourth, _) = Self.poll(third, Self.online([torrent(1, "a", done: true)]), after: 180)
        #expect(back == [.online, .finished])
        #expect(Self.poll(fourth, Self.online([torrent(1, "a", done: true)]), after: 240).0.isEmpty)
    }

    @Test("a server offline at the very first poll is reported; its torrents, once reached, are first sight")
    func offlineFirst() {
        let (kinds, memory, _) = Self.poll(NotifyMemory(), .offline(cause: "timed out", exitCode: 3))
        #expect(kinds == [.offline])
        let (back, _, _) = Self.poll(memory, Self.online([torrent(1, "a", done: true, doneDate: now)]), after: 60)
        #expect(back == [.online])
    }

    @Test("a certificate that expires soon (check's rule) is reported once; a long-lived one never")
    func certificates() {
        let expiring = certificate("CN=nas.lan", id: 0x11)  // notAfter: end of 2026
        let late = newYear2026 + 360 * day
        var longLived = certificate("CN=Root", id: 0x33)
        longLived.notAfter += 3650 * day
        let (events, memory) = NotifyDetector.detect(
            memory: NotifyMemory(), sighting: Self.online([], [expiring, longLived]),
            server: "nas", url: "u", now: late)
        #expect(events.map(\.kind) == [.certificateExpiring])
        #expect(events.first?.certificate?.subject == "CN=nas.lan")
        #expect(memory.warned == [expiring.fingerprint.hex])
        let again = NotifyDetector.detect(
            memory: memory, sighting: Self.online([], [expiring]), server: "nas", url: "u", now: late + 60)
        #expect(again.events.isEmpty)
        let early = NotifyDetector.detect(
            memory: NotifyMemory(), sighting: Self.online([], [expiring]), server: "nas", url: "u",
            now: newYear2026 + 10 * day)
        #expect(early.events.isEmpty)
    }

    @Test("Caddy on schedule: no event for its 12-hour leaf or its intermediate; one once the leaf is overdue")
    func caddyOnSchedule() {
        let now = newYear2026 + 100 * day
        var fresh = certificate("", id: 0x61)
        (fresh.notBefore, fresh.notAfter) = (now - 9 * 3600, now + 3 * 3600 + 60)  // due, not yet overdue
        var served = certificate("CN=Caddy Local Authority - ECC Intermediate", id: 0x62)
        (served.notBefore, served.notAfter) = (now - 7 * day + 25 * 3600, now + 25 * 3600)  // as after its renewal
        let onSchedule = NotifyDetector.detect(
            memory: NotifyMemory(), sighting: Self.online([], [fresh, served]), server: "nas", url: "u", now: now)
        #expect(onSchedule.events.isEmpty)
        let overdue = NotifyDetector.detect(
            memory: onSchedule.memory, sighting: Self.online([], [fresh, served]), server: "nas", url: "u",
            now: now + 3600)
        #expect(overdue.events.map(\.certificate?.subject) == [""])
    }

    @Test("many torrents at once: the first ten, then one 'more' with the count")
    func bounded() {
        let torrents = (0..<25).map { index in
            TorrentSighting(
                id: index, hash: String(format: "%040x", index), name: "t\(index)", done: false, error: 0,
                errorText: "",
                doneDate: 0)
        }
        let (_, first, _) = Self.poll(NotifyMemory(), Self.online(torrents))
        let finished = torrents.map {
            var done = $0; done.done = true; return done
        }
        let (kinds, _, events) = Self.poll(first, Self.online(finished), after: 60)
        #expect(kinds == Array(repeating: .finished, count: 10) + [.more])
        #expect(events.last?.moreOf == .finished && events.last?.count == 15)
    }

    @Test("hostile names pass through unchanged (views make them safe); hashes that are not hex are not followed")
    func hostileNames() {
        let names = [
            "\u{1B}]0;owned\u{07}<b>bold</b> & \u{202E}txt.exe", "Русский — торрент", "中文种子 ✓",
            String(repeating: "長", count: 100_000),
        ]
        let torrents = names.enumerated().map { index, name in
            TorrentSighting(
                id: index, hash: String(format: "%040x", index), name: name, done: false, error: 0, errorText: "",
                doneDate: 0)
        }
        let bogus = TorrentSighting(
            id: 99, hash: "<script>\u{1B}", name: "x", done: false, error: 0, errorText: "", doneDate: 0)
        let (_, first, _) = Self.poll(NotifyMemory(), Self.online(torrents + [bogus]))
        #expect(first.pending.count == names.count)
        let done = torrents.map {
            var finished = $0; finished.done = true; return finished
        }
        let (_, _, events) = Self.poll(first, Self.online(done + [bogus]), after: 60)
        #expect(events.map { $0.torrent?.name } == names)
    }

    @Test("removed torrents are forgotten; the memory holds at most maximumTorrents hashes")
    func forgetting() {
        let (_, first, _) = Self.poll(NotifyMemory(), Self.online([torrent(1, "a"), torrent(2, "b", done: true)]))
        let (_, second, _) = Self.poll(first, Self.online([torrent(1, "a")]), after: 60)
        #expect(second.done.isEmpty && second.pending == [hash("a")])
    }
}
