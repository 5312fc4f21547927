import CShims
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

/// One server of `watch --all`: its session, its own queue of requests (one at a time: a session is
/// not shared between threads), its own refresh schedule and backoff, and what it last showed. Each
/// server is refreshed on its own thread, so a slow one never holds up the others or the screen.
struct WatchFeed {
    let name: String
    /// Nil when no session could be opened (`openFailure` says why); such a server is not retried.
    let session: RemoteSession?
    let openFailure: Failure?
    /// This server's refresh request, with the open detail's id (its own) when the detail is on it:
    /// the one place a refresh of one server is made, so a different fetch plugs in per server.
    let refresh: (_ detailID: Int?) -> (RemoteSession) -> WatchOutcome
    let snapshotKey: SnapshotKey?
    /// `--notify`: told of every refresh of this server.
    var notifier: WatchNotifier?

    var torrents: [Torrent] = []
    var queue: [WatchEffect] = [.refresh]
    var running: WatchJob?
    var nextRefresh = Double.infinity
    var backoff = 1.0
    /// Whether it has answered in this run (its snapshot stands in only before that).
    var answered = false
    var shown = WatchServers.Server(name: "")

    mutating func enqueue(_ effect: WatchEffect) {
        if effect == .refresh {
            nextRefresh = .infinity
            if queue.contains(.refresh) { return }
        }
        queue.append(effect)
    }
}

/// The interactive loop of `watch --all`: `WatchLoop`'s keys and frames over several `WatchFeed`s.
/// The model holds the merged rows (`MergedID`); an effect's ids are split by server and each part
/// goes to its own server's queue, through the same requests (`WatchRequests`) as `watch`.
struct WatchAllLoop {
    var model: WatchModel
    var feeds: [WatchFeed]
    let environment: [String: String]
    let interval: Double
    let timeout: Double
    /// What a snapshot must hold to stand in for a server: `list`'s fields (the Have column makes do
    /// without the verified size `watch` fetches, so a snapshot `list` saved serves).
    let snapshotFields: [TorrentField]
    let store: SnapshotStore

    private var display = WatchDisplay()
    /// When the speed history last took a sample: one an interval, whichever server refreshed.
    private var lastSample = -Double.infinity

    init(
        model: WatchModel, feeds: [WatchFeed], environment: [String: String], interval: Double, timeout: Double,
        snapshotFields: [TorrentField], store: SnapshotStore
    ) {
        self.model = model
        self.feeds = feeds
        self.environment = environment
        self.interval = interval
        self.timeout = timeout
        self.snapshotFields = snapshotFields
        self.store = store
        for index in self.feeds.indices {
            self.feeds[index].shown = WatchServers.Server(name: self.feeds[index].name)
            if let failure = self.feeds[index].openFailure { unavailable(index, failure) }
        }
        publish(at: nil)
    }

    /// Returns when q is pressed.
    mutating func run() {
        while true {
            for index in feeds.indices {
                collect(index)
                start(index)
            }
            for key in display.readKeys() {
                display.changed = true
                for effect in model.press(key) {
                    guard effect != .quit else { return quit() }
                    route(effect)
                }
            }
            let size = WatchTerminal.size(environment: environment)
            if size != model.size {
                model.resized(size)
                display.changed = true
            }
            let now = WatchTerminal.monotonicSeconds()
            for index in feeds.indices where now >= feeds[index].nextRefresh { feeds[index].enqueue(.refresh) }
            display.draw(model)
        }
    }

    /// q while requests run: as `WatchLoop`, the terminal is restored, the routes' children (an
    /// `ssh -W` per server in flight) ended, and the process ends with `_exit` (no deinit runs).
    private func quit() {
        guard feeds.allSatisfy({ $0.running == nil }) else {
            WatchTerminal.leave()
            rm_end_children(300)
            _exit(ExitStatus.ok.rawValue)
        }
    }

    /// An effect of the model, its merged ids turned back into each server's own.
    private mutating func route(_ effect: WatchEffect) {
        switch effect {
        case .refresh:
            for index in feeds.indices where feeds[index].session != nil { feeds[index].enqueue(.refresh) }
        case .act(let action, let ids):
            for (server, own) in MergedID.split(ids) { send(.act(action, ids: own), to: server) }
        case .remove(let ids, let deleteData):
            for (server, own) in MergedID.split(ids) { send(.remove(ids: own, deleteData: deleteData), to: server) }
        case .loadDetail(let id): send(.loadDetail(id: MergedID.id(id)), to: MergedID.server(id))
        case .loadPromptValue(let id, let kind):
            send(.loadPromptValue(id: MergedID.id(id), kind), to: MergedID.server(id))
        case .changeFiles(let id, let changes):
            send(.changeFiles(id: MergedID.id(id), changes), to: MergedID.server(id))
        case .move(let ids, let directory):
            for (server, own) in MergedID.split(ids) { send(.move(ids: own, directory: directory), to: server) }
        case .queue(let ids, let direction):
            for (server, own) in MergedID.split(ids) { send(.queue(ids: own, direction), to: server) }
        case .set(let ids, let request):
            for (server, own) in MergedID.split(ids) { send(.set(ids: own, request), to: server) }
        case .quit: break
        }
    }

    private mutating func send(_ effect: WatchEffect, to server: Int) {
        guard feeds.indices.contains(server) else { return }
        guard feeds[server].session != nil else {
            if let failure = feeds[server].openFailure { model.message = WatchText.failed(failure) }
            return
        }
        feeds[server].enqueue(effect)
    }

    /// Starts a server's next request when none of its own runs.
    private mutating func start(_ index: Int) {
        guard let session = feeds[index].session, feeds[index].running == nil, !feeds[index].queue.isEmpty else {
            return
        }
        let effect = feeds[index].queue.removeFirst()
        let work: (RemoteSession) -> WatchOutcome
        switch effect {
        case .refresh:
            feeds[index].shown.refreshStartedAt = currentUnixTime()
            display.changed = true
            work = feeds[index].refresh(openDetail(on: index))
        case .loadDetail(let id): work = WatchRequests.detail(id)
        case .loadPromptValue(let id, let kind): work = WatchRequests.promptValue(id, kind)
        default: work = WatchRequests.perform(effect, timeout: timeout)
        }
        feeds[index].running = WatchJob(session: session, timeout: timeout, work: work)
    }

    /// The open detail's own id, when its torrent is on this server.
    private func openDetail(on index: Int) -> Int? {
        guard case .detail(let detail) = model.mode, MergedID.server(detail.id) == index else { return nil }
        return MergedID.id(detail.id)
    }

    /// Takes a server's finished request into the model.
    private mutating func collect(_ index: Int) {
        guard let outcome = feeds[index].running?.result else { return }
        feeds[index].running = nil
        display.changed = true
        switch outcome {
        case .refreshed(let result, let detailID):
            feeds[index].shown.refreshStartedAt = nil
            if let session = feeds[index].session,
                let note = feeds[index].notifier?.refreshed(result.map(\.torrents), session: session)
            {
                model.message = note
            }
            switch result {
            case .success(let fetched):
                let now = currentUnixTime()
                feeds[index].torrents = fetched.torrents
                feeds[index].answered = true
                feeds[index].shown.dataTime = now
                feeds[index].shown.problem = nil
                feeds[index].shown.retryAt = nil
                feeds[index].backoff = 1
                feeds[index].nextRefresh = WatchTerminal.monotonicSeconds() + interval
                publish(at: now, detail: fetched.detail.flatMap { merged($0, server: index) })
                if let detailID, fetched.detail == nil { detailGone(MergedID.make(server: index, id: detailID)) }
            case .failure(let failure):
                guard WatchLoop.isRetryable(failure.status) else { return unavailable(index, failure) }
                offline(index, failure)
            }
        case .detail(let id, let result):
            switch result {
            case .success(let torrent?):
                if let torrent = merged(torrent, server: index) { model.detailLoaded(torrent, id: torrent.id) }
            case .success(nil): detailGone(MergedID.make(server: index, id: id))
            case .failure(let failure): model.message = WatchText.failed(failure)
            }
        case .promptValue(_, let result):
            switch result {
            case .success(let torrent?):
                if let torrent = merged(torrent, server: index) { model.promptValueLoaded(torrent, id: torrent.id) }
            case .success(nil): break
            case .failure(let failure): model.message = WatchText.failed(failure)
            }
        case .done(let effect, let result):
            switch result {
            case .success: model.message = Self.doneText(effect, server: feeds[index].name)
            case .failure(let failure): model.message = WatchText.failed(failure)
            }
            feeds[index].enqueue(.refresh)  // show what changed
        }
    }

    /// A retryable failure: the server's last data stays (before its first answer, its snapshot, when
    /// one has every field the screen needs), marked offline, and it is asked again after 1, 2, 4, …
    /// up to 30 seconds.
    private mutating func offline(_ index: Int, _ failure: Failure) {
        if !feeds[index].answered, feeds[index].shown.dataTime == nil, let key = feeds[index].snapshotKey {
            let part = ServerTorrents.offline(key, failure: failure, fields: snapshotFields, store: store)
            feeds[index].torrents = part.torrents
            feeds[index].shown.dataTime = part.dataTime
        }
        let backoff = feeds[index].backoff
        feeds[index].shown.problem = FailureText.reason(failure)
        feeds[index].shown.retryAt = currentUnixTime() + Int64(backoff.rounded(.up))
        feeds[index].nextRefresh = WatchTerminal.monotonicSeconds() + backoff
        feeds[index].backoff = min(backoff * 2, WatchLoop.maximumBackoff)
        publish(at: nil)
    }

    /// Trust, credentials or permission refused (or no session at all): the server shows nothing and
    /// is not asked again; the others go on.
    private mutating func unavailable(_ index: Int, _ failure: Failure) {
        feeds[index].torrents = []
        feeds[index].queue = []
        feeds[index].nextRefresh = .infinity
        feeds[index].shown.dataTime = nil
        feeds[index].shown.retryAt = nil
        feeds[index].shown.problem = FailureText.reason(failure)
        publish(at: nil)
    }

    /// The merged rows and every server's line into the model.
    private mutating func publish(at time: Int64?, detail: Torrent? = nil) {
        let lastUpdate = model.screen.lastUpdate
        let now = WatchTerminal.monotonicSeconds()
        let sample = time != nil && now - lastSample >= interval * 0.9
        if sample { lastSample = now }
        model.refreshed(
            MergedID.merge(feeds.map(\.torrents)), detail: detail, at: time ?? lastUpdate ?? 0, sample: sample)
        if time == nil { model.screen.lastUpdate = lastUpdate }
        model.screen.servers = WatchServers(servers: feeds.map(\.shown))
    }

    private func merged(_ torrent: Torrent, server: Int) -> Torrent? {
        guard let id = MergedID.make(server: server, id: torrent.id) else { return nil }
        var torrent = torrent
        torrent.id = id
        return torrent
    }

    /// The open detail's torrent is gone from its server.
    private mutating func detailGone(_ mergedID: Int?) {
        guard let mergedID, case .detail(let open) = model.mode, open.id == mergedID else { return }
        model.detailLoaded(nil, id: mergedID)
        model.message = WatchText.gone(id: MergedID.id(mergedID))
    }

    private static func doneText(_ effect: WatchEffect, server: String) -> String? {
        WatchLoop.doneText(effect).map { $0 + " · " + TerminalText.safe(server) }
    }
}
