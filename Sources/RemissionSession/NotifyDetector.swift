import RemissionStorage
import RemissionTrust

/// `notify`'s decisions, pure: what was remembered plus what this poll saw gives the events to report
/// and what to remember next. No I/O, no clock (`now` is given); tested in `NotifyDetectorTests`.
///
/// The rules (README's "Notifications"):
/// - **First sight.** The first poll that reaches a server records its torrents and reports none of
///   them: a new `notify` does not announce every torrent finished long ago.
/// - **Finished.** A torrent remembered unfinished that is now finished; or one not seen before that
///   finished since the last poll (`doneDate` ≥ `lastPoll`): it was added and completed while
///   nobody looked. Each torrent once: finished torrents are remembered as such.
/// - **Error.** A tracker or local error (`error` ≥ 2; tracker warnings are not reported) on a torrent
///   that had none; `error-cleared` when it goes. Present at first sight: recorded, not reported.
/// - **Offline / online.** A failed poll after one that reached the server (or the first poll) is
///   `offline`, once; the next poll that reaches it is `online`, once.
/// - **Certificates.** A certificate of the presented chain that `ExpiryRule` says expires soon
///   (check's rule: 14 days, or less once its renewal is overdue), once per certificate.
/// - **Bounds.** More than `maximumTorrentEvents` torrent events of one kind in one poll: the first
///   ones, then one `more` event with the count. Torrents whose hash is not 1–64 hex digits are not
///   followed; the memory keeps `NotifyMemory.maximumTorrents` hashes.
public enum NotifyDetector {
    public static let maximumTorrentEvents = 10

    /// A poll that changes nothing else moves `lastPoll` only when it is this many seconds old, so
    /// that an idle server's memory (~50 bytes a torrent) is not rewritten on every poll. A stale
    /// `lastPoll` changes no decision: a torrent not seen before was added after the last poll, since
    /// every poll that sees a new torrent changes the memory (and so moves `lastPoll`).
    public static let lastPollRefresh: Int64 = 600

    public static func detect(
        memory: NotifyMemory, sighting: ServerSighting, server: String, url: String, now: Int64,
        rule: ExpiryRule = ExpiryRule()
    ) -> (events: [NotifyEvent], memory: NotifyMemory) {
        var next = memory
        next.server = server
        func event(_ kind: NotifyEvent.Kind) -> NotifyEvent {
            NotifyEvent(kind: kind, server: server, url: url, time: now)
        }
        switch sighting {
        case .offline(let cause, let exitCode):
            next.online = false
            guard memory.online != false else { return ([], next) }
            var offline = event(.offline)
            offline.cause = cause
            offline.exitCode = exitCode
            return ([offline], next)
        case .online(let torrents, let certificates):
            var events: [NotifyEvent] = memory.online == false ? [event(.online)] : []
            events += torrentEvents(memory: memory, torrents: torrents, next: &next).map { kind, torrent in
                var found = event(kind)
                found.torrent = torrent
                return found
            }
            events = bounded(events, server: server, url: url, now: now)
            events += certificateEvents(certificates, memory: &next, now: now, rule: rule).map { certificate in
                var expiring = event(.certificateExpiring)
                expiring.certificate = certificate
                return expiring
            }
            next.online = true
            next.lastPoll = memory.lastPoll
            if next != memory || memory.isFirstSight || now - memory.lastPoll >= lastPollRefresh {
                next.lastPoll = max(now, 1)
            }
            return (events, next)
        }
    }

    /// The torrent events of one poll that reached the server; `next` gets the torrents as they are.
    private static func torrentEvents(
        memory: NotifyMemory, torrents: [TorrentSighting], next: inout NotifyMemory
    ) -> [(NotifyEvent.Kind, TorrentSighting)] {
        let (pending, done, errored) = (Set(memory.pending), Set(memory.done), Set(memory.errored))
        let firstSight = memory.isFirstSight
        var events: [(NotifyEvent.Kind, TorrentSighting)] = []
        var (nextPending, nextDone, nextErrored): ([String], [String], [String]) = ([], [], [])
        var seen = Set<String>()
        for torrent in torrents where isHash(torrent.hash) {
            let hash = torrent.hash.lowercased()
            guard seen.count < NotifyMemory.maximumTorrents, seen.insert(hash).inserted else { continue }
            let known = pending.contains(hash) || done.contains(hash)
            if torrent.done {
                nextDone.append(hash)
                let finishedNow =
                    pending.contains(hash) || (!known && !firstSight && torrent.doneDate >= memory.lastPoll)
                if finishedNow { events.append((.finished, torrent)) }
            } else {
                nextPending.append(hash)
            }
            if torrent.hasError {
                nextErrored.append(hash)
                if !firstSight && !errored.contains(hash) { events.append((.error, torrent)) }
            } else if errored.contains(hash) {
                events.append((.errorCleared, torrent))
            }
        }
        next.pending = nextPending.sorted()
        next.done = nextDone.sorted()
        next.errored = nextErrored.sorted()
        return events
    }

    /// The first `maximumTorrentEvents` torrent events of each kind, then one `more` for the rest.
    static func bounded(_ events: [NotifyEvent], server: String, url: String, now: Int64) -> [NotifyEvent] {
        var counts: [NotifyEvent.Kind: Int] = [:]
        var kept: [NotifyEvent] = []
        var order: [NotifyEvent.Kind] = []
        for event in events {
            guard event.torrent != nil else {
                kept.append(event)
                continue
            }
            let count = counts[event.kind, default: 0]
            if count == maximumTorrentEvents { order.append(event.kind) }
            counts[event.kind] = count + 1
            if count < maximumTorrentEvents { kept.append(event) }
        }
        for kind in order {
            kept.append(
                NotifyEvent(
                    kind: .more, server: server, url: url, time: now, moreOf: kind,
                    count: counts[kind, default: 0] - maximumTorrentEvents))
        }
        return kept
    }

    /// The certificates that now expire soon and were not reported before; `memory.warned` gets them.
    private static func certificateEvents(
        _ certificates: [CertificateFacts], memory: inout NotifyMemory, now: Int64, rule: ExpiryRule
    ) -> [NotifyEvent.Certificate] {
        var found: [NotifyEvent.Certificate] = []
        for (index, certificate) in certificates.enumerated()
        where rule.isExpiring(certificate, role: ExpiryRule.role(inChainAt: index), now: now) {
            let fingerprint = certificate.fingerprint.hex
            guard !memory.warned.contains(fingerprint) else { continue }
            memory.warned.append(fingerprint)
            found.append(
                NotifyEvent.Certificate(
                    subject: certificate.subject, notAfter: certificate.notAfter, fingerprint: fingerprint))
        }
        memory.warned = Array(memory.warned.suffix(NotifyMemory.maximumCertificates))
        return found
    }

    /// 1–64 hex digits: Transmission's `hashString` (40 for v1 and hybrid torrents).
    static func isHash(_ text: String) -> Bool {
        let utf8 = text.utf8
        return (1...64).contains(utf8.count)
            && utf8.allSatisfy { (48...57).contains($0) || (65...70).contains($0) || (97...102).contains($0) }
    }
}
