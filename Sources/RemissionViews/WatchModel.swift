import RemissionModel
import RemissionRPC
import RemissionSession

/// What `watch` asks of the world after an event: the model decides, the command does.
public enum WatchEffect: Equatable, Sendable {
    case quit
    /// Fetch the list (and the open detail) now.
    case refresh
    case act(TorrentAction, ids: [Int])
    case remove(ids: [Int], deleteData: Bool)
    case loadDetail(id: Int)
    case changeFiles(id: Int, TorrentChanges)
    /// `remission move IDS DIR` (the data moved).
    case move(ids: [Int], directory: String)
    /// `remission queue IDS DIRECTION`.
    case queue(ids: [Int], QueueDirection)
    /// `remission set IDS …`: labels, a limit, the bandwidth priority.
    case set(ids: [Int], TorrentSettingsRequest)
    /// Fetch the present value an open prompt is filled with (`WatchPrompt.fields`), for `id`.
    case loadPromptValue(id: Int, WatchPrompt.Kind)
}

/// The interactive `watch`, pure: the torrents last fetched, the query, cursor, scroll, marks and
/// mode. Each event (a key, a refresh, the outcome of an action) changes it and returns effects;
/// `WatchScreen.frame(model:now:)` draws it. No I/O, so every key is tested without a terminal.
public struct WatchModel: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case list
        /// Typing a search; `previous` comes back on Escape.
        case search(previous: String?)
        /// Remove asks; with data it asks twice (`second`).
        case confirm(ids: [Int], deleteData: Bool, bytes: Int, second: Bool)
        case detail(WatchDetail)
        /// Typing a value for the chosen torrents (`m`, `L`, `<`, `>`, `b`).
        case prompt(WatchPrompt)
    }

    /// Title, status line and totals: what the view-only screen had.
    public var screen: WatchScreen.State
    public var size: WatchScreen.Size
    public private(set) var torrents: [Torrent] = []
    public private(set) var query: ListQuery
    /// Indices into `torrents`, in the order shown (the query's).
    public private(set) var shown: [Int] = []
    /// The row the cursor is on (an index into `shown`), and the torrent it is on, so that a refresh
    /// that reorders the rows keeps the cursor on the same torrent.
    public private(set) var cursor = 0
    private var cursorID: Int?
    /// The first row shown.
    public private(set) var top = 0
    /// Marked torrents, by id.
    public private(set) var marked: Set<Int> = []
    public private(set) var mode: Mode = .list
    public var helpShown = false
    /// The last action's result or failure, shown on the bottom line until the next key.
    public var message: String?
    public private(set) var history: WatchSpeedHistory

    public init(screen: WatchScreen.State, size: WatchScreen.Size, query: ListQuery, history: WatchSpeedHistory) {
        self.screen = screen
        self.size = size
        self.query = query
        self.history = history
        self.screen.view = WatchText.view(query)
        self.screen.showsQueue = query.sort == .queue
    }

    /// The torrents in the order shown.
    public var shownTorrents: [Torrent] { shown.map { torrents[$0] } }

    /// The torrent under the cursor.
    public var current: Torrent? { shown.indices.contains(cursor) ? torrents[shown[cursor]] : nil }

    /// What an action applies to: the marked torrents still shown, else the one under the cursor.
    public var targets: [Torrent] {
        let chosen = shownTorrents.filter { marked.contains($0.id) }
        if !chosen.isEmpty { return chosen }
        return current.map { [$0] } ?? []
    }

    /// Rows of torrents that fit on the screen.
    public var pageRows: Int { WatchScreen.listRows(size) }

    // MARK: events

    /// A refresh's torrents (and the open detail's torrent, when it was fetched with them).
    /// `sample`: whether the speed history takes this refresh's rates (`watch --all` takes one sample
    /// an interval, not one per server's refresh).
    public mutating func refreshed(_ torrents: [Torrent], detail: Torrent?, at time: Int64, sample: Bool = true) {
        self.torrents = torrents
        if sample { history.record(torrents) }
        let present = Set(torrents.map(\.id))
        marked.formIntersection(present)
        if case .detail(var open) = mode, let detail, detail.id == open.id {
            open.torrent = detail
            open.clamp(rows: WatchScreen.detailRows(size))
            mode = .detail(open)
        }
        screen.lastUpdate = time
        screen.totalCount = torrents.count
        screen.offline = nil
        arrange(queryChanged: false)
    }

    /// The detail's torrent, fetched alone (on Enter); nil when it no longer exists.
    public mutating func detailLoaded(_ torrent: Torrent?, id: Int) {
        guard case .detail(var open) = mode, open.id == id else { return }
        guard let torrent else {
            mode = .list
            message = WatchText.gone(id: id)
            return
        }
        open.torrent = torrent
        open.clamp(rows: WatchScreen.detailRows(size))
        mode = .detail(open)
    }

    public mutating func resized(_ size: WatchScreen.Size) {
        self.size = size
        scroll()
        if case .detail(var open) = mode {
            open.clamp(rows: WatchScreen.detailRows(size))
            mode = .detail(open)
        }
    }

    /// The present value fetched for the open prompt (nil: the torrent is gone); what the user typed
    /// meanwhile stays.
    public mutating func promptValueLoaded(_ torrent: Torrent?, id: Int) {
        guard case .prompt(var prompt) = mode, prompt.source == id, let torrent else { return }
        prompt.fill(from: torrent)
        mode = .prompt(prompt)
    }

    public mutating func press(_ key: WatchKey) -> [WatchEffect] {
        message = nil
        if helpShown {
            // Any key closes the help, as it says; q too, which does not quit from here.
            helpShown = false
            return []
        }
        switch mode {
        case .list: return pressInList(key)
        case .search(let previous): return pressInSearch(key, previous: previous)
        case .confirm(let ids, let deleteData, let bytes, let second):
            return pressInConfirm(key, ids: ids, deleteData: deleteData, bytes: bytes, second: second)
        case .detail(let open): return pressInDetail(key, open)
        case .prompt(let prompt): return pressInPrompt(key, prompt)
        }
    }

    private mutating func pressInList(_ key: WatchKey) -> [WatchEffect] {
        if let move = movement(key, page: pageRows) {
            moveCursor(to: move(cursor, shown.count))
            return []
        }
        switch key {
        case .character("q"), .character("Q"): return [.quit]
        case .character(" "):
            if let id = current?.id {
                if marked.remove(id) == nil { marked.insert(id) }
                moveCursor(to: cursor + 1)
            }
        case .escape:
            if !marked.isEmpty {
                marked = []
            } else if query.search != nil || query.status != nil {
                query.search = nil
                query.status = nil
                arrange()
            }
        case .character("/"): mode = .search(previous: query.search)
        case .character("f"): cycleStatus()
        case .character("r"), .character("R"): return [.refresh]
        case .character("?"): helpShown = true
        case .character("s"): return act(.start(now: false))
        case .character("p"): return act(.stop)
        case .character("v"): return act(.verify)
        case .character("a"): return act(.reannounce)
        case .character("["): return queue(.up)
        case .character("]"): return queue(.down)
        case .character("{"): return queue(.top)
        case .character("}"): return queue(.bottom)
        case .character("m"): return ask(.move)
        case .character("L"): return ask(.labels)
        case .character("<"): return ask(.downloadLimit)
        case .character(">"): return ask(.uploadLimit)
        case .character("b"): return ask(.bandwidthPriority)
        case .character("d"), .character("D"):
            let chosen = targets
            guard !chosen.isEmpty else { return [] }
            let bytes = chosen.reduce(0) { ServerArithmetic.sum($0, TorrentText.present($1)) }
            mode = .confirm(ids: chosen.map(\.id), deleteData: key == .character("D"), bytes: bytes, second: false)
        case .enter:
            guard let id = current?.id else { return [] }
            mode = .detail(WatchDetail(id: id))
            return [.loadDetail(id: id)]
        default: break
        }
        return []
    }

    private mutating func act(_ action: TorrentAction) -> [WatchEffect] {
        let ids = targets.map(\.id)
        return ids.isEmpty ? [] : [.act(action, ids: ids)]
    }

    private func queue(_ direction: QueueDirection) -> [WatchEffect] {
        let ids = targets.map(\.id)
        return ids.isEmpty ? [] : [.queue(ids: ids, direction)]
    }

    /// Opens the prompt for the chosen torrents and asks for the present value it is filled with: the
    /// one under the cursor's when it is among them, else the first chosen one's.
    private mutating func ask(_ kind: WatchPrompt.Kind) -> [WatchEffect] {
        let chosen = targets
        guard let first = chosen.first else { return [] }
        let source = chosen.first { $0.id == current?.id } ?? first
        mode = .prompt(WatchPrompt(kind, ids: chosen.map(\.id), current: source))
        return [.loadPromptValue(id: source.id, kind)]
    }

    private mutating func pressInPrompt(_ key: WatchKey, _ prompt: WatchPrompt) -> [WatchEffect] {
        var prompt = prompt
        switch key {
        case .escape:
            mode = .list
            return []
        case .enter:
            switch prompt.effect() {
            case .success(let effect):
                mode = .list
                return [effect]
            case .failure(let problem):
                message = WatchText.refused(problem)
                return []
            }
        case .backspace: prompt.deleteBackward()
        case .character(let character): prompt.type(character)
        default: break
        }
        mode = .prompt(prompt)
        return []
    }

    private mutating func pressInSearch(_ key: WatchKey, previous: String?) -> [WatchEffect] {
        switch key {
        case .enter:
            if query.search == "" { query.search = nil }
            mode = .list
        case .escape:
            query.search = previous
            mode = .list
        case .backspace:
            guard var text = query.search, !text.isEmpty else { return [] }
            text.removeLast()
            query.search = text
        case .character(let character): query.search = (query.search ?? "") + String(character)
        default:
            if let move = movement(key, page: pageRows) { moveCursor(to: move(cursor, shown.count)) }
            return []
        }
        arrange()
        return []
    }

    private mutating func pressInConfirm(
        _ key: WatchKey, ids: [Int], deleteData: Bool, bytes: Int, second: Bool
    ) -> [WatchEffect] {
        mode = .list
        guard case .character(let character) = key, Answers.isYes(key: character) else {
            message = WatchText.notRemoved
            return []
        }
        if deleteData && !second {
            mode = .confirm(ids: ids, deleteData: true, bytes: bytes, second: true)
            return []
        }
        message = WatchText.removing(count: ids.count)
        return [.remove(ids: ids, deleteData: deleteData)]
    }

    private mutating func pressInDetail(_ key: WatchKey, _ open: WatchDetail) -> [WatchEffect] {
        var open = open
        defer { if case .detail = mode { mode = .detail(open) } }
        let rows = WatchScreen.detailRows(size)
        if let move = movement(key, page: rows) {
            let count = open.lineCount
            open.cursor = move(open.cursor, count)
            open.clamp(rows: rows, count: count)
            return []
        }
        switch key {
        case .character("q"), .character("Q"): return [.quit]
        case .escape, .backspace, .left, .character("h"):
            mode = .list
        case .tab, .right, .character("l"):
            open.section = open.section.next
            open.cursor = 0
            open.top = 0
        case .character("r"), .character("R"): return [.refresh]
        case .character("?"): helpShown = true
        case .character(" "):
            guard let change = open.toggleWanted() else { return [] }
            return [.changeFiles(id: open.id, change)]
        case .character("p"):
            guard let change = open.cyclePriority() else { return [] }
            return [.changeFiles(id: open.id, change)]
        default: break
        }
        return []
    }

    // MARK: helpers

    /// Cursor movement keys: a new position from the old one and the row count.
    private func movement(_ key: WatchKey, page: Int) -> ((Int, Int) -> Int)? {
        let page = max(1, page)
        switch key {
        case .up, .character("k"): return { position, _ in position - 1 }
        case .down, .character("j"): return { position, _ in position + 1 }
        case .pageUp: return { position, _ in position - page }
        case .pageDown: return { position, _ in position + page }
        case .home, .character("g"): return { _, _ in 0 }
        case .end, .character("G"): return { _, count in count - 1 }
        default: return nil
        }
    }

    private mutating func moveCursor(to position: Int) {
        cursor = max(0, min(position, shown.count - 1))
        cursorID = current?.id
        scroll()
    }

    /// Keeps the cursor's row on the screen.
    private mutating func scroll() {
        top = WatchScreen.scrolled(top: top, cursor: cursor, rows: pageRows, count: shown.count)
    }

    private mutating func cycleStatus() {
        let order: [ListStatusFilter?] = [nil] + ListStatusFilter.allCases.map(Optional.some)
        let index = order.firstIndex(of: query.status) ?? 0
        query.status = order[(index + 1) % order.count]
        arrange()
    }

    /// Applies the query and puts the cursor back on its torrent; when that is gone, on the nearest
    /// row after a refresh, on the first after the query changed.
    private mutating func arrange(queryChanged: Bool = true) {
        shown = query.order(torrents)
        screen.view = WatchText.view(query)
        if let cursorID, let row = shown.firstIndex(where: { torrents[$0].id == cursorID }) {
            cursor = row
        } else {
            cursor = queryChanged ? 0 : max(0, min(cursor, shown.count - 1))
        }
        cursorID = current?.id
        scroll()
    }
}
