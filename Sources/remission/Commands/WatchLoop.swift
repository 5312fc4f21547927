import CShims
import RemissionModel
import RemissionSession
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive loop of `watch`: keys go to the model, the model's effects become requests, one
/// at a time on a thread of their own (the session is not shared), and a frame is written whenever
/// it differs from the last (the clock on the status line changes it each second).
struct WatchLoop {
    var model: WatchModel
    let session: RemoteSession
    let environment: [String: String]
    let interval: Double
    let timeout: Double
    let fields: [TorrentField]
    /// `--notify`: told of every refresh.
    var notifier: WatchNotifier?

    private var queue: [WatchEffect] = [.refresh]
    private var running: WatchJob?
    private var nextRefresh = Double.infinity
    private var backoff = 1.0
    private var display = WatchDisplay()

    static let maximumBackoff = 30.0

    init(
        model: WatchModel, session: RemoteSession, environment: [String: String], interval: Double, timeout: Double,
        fields: [TorrentField]
    ) {
        self.model = model
        self.session = session
        self.environment = environment
        self.interval = interval
        self.timeout = timeout
        self.fields = fields
    }

    /// Returns when q is pressed; throws a failure that retrying cannot mend (trust, credentials,
    /// permission), to end `watch` with its exit code.
    mutating func run() throws {
        while true {
            try collect()
            start()
            for key in display.readKeys() {
                display.changed = true
                for effect in model.press(key) {
                    guard effect != .quit else { return quit() }
                    enqueue(effect)
                }
            }
            let size = WatchTerminal.size(environment: environment)
            if size != model.size {
                model.resized(size)
                display.changed = true
            }
            if WatchTerminal.monotonicSeconds() >= nextRefresh { enqueue(.refresh) }
            display.draw(model)
        }
    }

    /// q while a request runs: the terminal is restored, the run's diagnostics record written, and
    /// the process ends with `_exit`, as the request's thread may be inside OpenSSL, whose destructors
    /// `exit` would run under it.
    private func quit() {
        guard running == nil else {
            WatchTerminal.leave()
            session.journal?.finish(status: .ok, failure: nil, now: currentUnixTime())
            rm_end_children(300)
            _exit(ExitStatus.ok.rawValue)
        }
    }

    private mutating func enqueue(_ effect: WatchEffect) {
        if effect == .refresh {
            nextRefresh = .infinity
            if queue.contains(.refresh) { return }
        }
        queue.append(effect)
    }

    /// Starts the next request when none runs.
    private mutating func start() {
        guard running == nil, !queue.isEmpty else { return }
        let effect = queue.removeFirst()
        let work: (RemoteSession) -> WatchOutcome
        switch effect {
        case .refresh:
            model.screen.refreshStartedAt = currentUnixTime()
            display.changed = true
            work = WatchRequests.refresh(fields: fields, detailID: openDetailID)
        case .loadDetail(let id): work = WatchRequests.detail(id)
        case .loadPromptValue(let id, let kind): work = WatchRequests.promptValue(id, kind)
        default: work = WatchRequests.perform(effect, timeout: timeout)
        }
        running = WatchJob(session: session, timeout: timeout, work: work)
    }

    private var openDetailID: Int? {
        if case .detail(let detail) = model.mode { return detail.id }
        return nil
    }

    /// Takes a finished request's outcome into the model.
    private mutating func collect() throws {
        guard let outcome = running?.result else { return }
        running = nil
        display.changed = true
        switch outcome {
        case .refreshed(let result, let detailID):
            model.screen.refreshStartedAt = nil
            if let note = notifier?.refreshed(result.map(\.torrents), session: session) {
                model.message = note
            }
            switch result {
            case .success(let fetched):
                model.refreshed(fetched.torrents, detail: fetched.detail, at: currentUnixTime())
                if let detailID, fetched.detail == nil { model.detailLoaded(nil, id: detailID) }
                backoff = 1
                nextRefresh = WatchTerminal.monotonicSeconds() + interval
            case .failure(let failure):
                guard Self.isRetryable(failure.status) else { throw failure }
                model.screen.offline = WatchScreen.Offline(
                    reason: FailureText.reason(failure), retryAt: currentUnixTime() + Int64(backoff.rounded(.up)))
                nextRefresh = WatchTerminal.monotonicSeconds() + backoff
                backoff = min(backoff * 2, Self.maximumBackoff)
            }
        case .detail(let id, let result):
            switch result {
            case .success(let torrent): model.detailLoaded(torrent, id: id)
            case .failure(let failure): model.message = WatchText.failed(failure)
            }
        case .promptValue(let id, let result):
            switch result {
            case .success(let torrent): model.promptValueLoaded(torrent, id: id)
            case .failure(let failure): model.message = WatchText.failed(failure)
            }
        case .done(let effect, let result):
            switch result {
            case .success: model.message = Self.doneText(effect)
            case .failure(let failure): model.message = WatchText.failed(failure)
            }
            enqueue(.refresh)  // show what changed
        }
    }

    /// The bottom line after an action, a removal or an edit was done (`WatchAllLoop` adds the server).
    static func doneText(_ effect: WatchEffect) -> String? {
        switch effect {
        case .act(let action, let ids): return WatchText.acted(action, count: ids.count)
        case .remove(let ids, let deleteData): return TorrentText.removed(count: ids.count, deletedData: deleteData)
        default: return WatchText.edited(effect)
        }
    }

    /// Offline, gateway errors and malformed replies are retried; refused trust, credentials or
    /// permission end the view with their exit code.
    static func isRetryable(_ status: ExitStatus) -> Bool {
        status == .offline || status == .failure
    }
}
