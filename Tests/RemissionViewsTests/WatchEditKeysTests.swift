import RemissionModel
import RemissionRPC
import RemissionSession
import Testing

@testable import RemissionViews

@Suite("watch edit keys: move, labels, queue, limits, priority (keys → prompt → effect)")
struct WatchEditKeysTests {
    typealias Base = WatchModelTests

    static func type(_ model: inout WatchModel, _ text: String) -> [WatchEffect] {
        text.flatMap { model.press(.character($0)) }
    }

    /// Backspaces enough to clear what the prompt was filled with.
    static func clear(_ model: inout WatchModel) {
        for _ in 0..<200 { _ = model.press(.backspace) }
    }

    @Test("[ ] { } move the marked torrents in the queue, else the one under the cursor")
    func queueKeys() {
        var model = Base.model(20)
        #expect(Base.press(&model, .character("[")) == [.queue(ids: [1], .up)])
        #expect(Base.press(&model, .character("]")) == [.queue(ids: [1], .down)])
        _ = Base.press(&model, .character(" "), .character(" "))
        #expect(Base.press(&model, .character("{")) == [.queue(ids: [1, 2], .top)])
        #expect(Base.press(&model, .character("}")) == [.queue(ids: [1, 2], .bottom)])
    }

    @Test("m asks where, filled with the torrent's directory; Enter moves the data there")
    func move() {
        var model = Base.model(3)
        var torrents = Base.torrents(3)
        torrents[0].downloadDir = "/srv/torrents"
        model.refreshed(torrents, detail: nil, at: Base.now)
        #expect(Base.press(&model, .character("m")).isEmpty)
        guard case .prompt(let prompt) = model.mode else { Issue.record("no prompt: \(model.mode)"); return }
        #expect(prompt.text == "/srv/torrents" && prompt.ids == [1])
        let footer = WatchScreen.listLines(model: model, now: Base.now).last ?? ""
        #expect(footer.contains("/srv/torrents"), "\(footer)")
        _ = Self.type(&model, "/done")
        #expect(Base.press(&model, .enter) == [.move(ids: [1], directory: "/srv/torrents/done")])
        #expect(model.mode == .list)
    }

    @Test("a relative directory is refused with move's words and the prompt stays; Esc drops it")
    func relativeDirectory() {
        var model = Base.model(3)
        _ = Base.press(&model, .character("m"))
        Self.clear(&model)
        _ = Self.type(&model, "films")
        #expect(Base.press(&model, .enter).isEmpty)
        #expect(model.message == TorrentText.relativeLocation("films"))
        let footer = WatchScreen.listLines(model: model, now: Base.now).last ?? ""
        #expect(footer.hasPrefix("DIR must be an absolute path"), "\(footer)")
        guard case .prompt = model.mode else { Issue.record("the prompt closed"); return }
        #expect(Base.press(&model, .escape).isEmpty)
        #expect(model.mode == .list)
    }

    @Test("L replaces the labels, comma-separated and trimmed; an empty line clears them")
    func labels() {
        var model = Base.model(3)
        var torrents = Base.torrents(3)
        torrents[0].labels = ["linux", "iso"]
        model.refreshed(torrents, detail: nil, at: Base.now)
        _ = Base.press(&model, .character("L"))
        guard case .prompt(let prompt) = model.mode else { Issue.record("no prompt"); return }
        #expect(prompt.text == "linux, iso")
        _ = Self.type(&model, ",  видео , ")
        var expected = TorrentSettingsRequest()
        expected.labels = .replace(["linux", "iso", "видео"])
        #expect(Base.press(&model, .enter) == [.set(ids: [1], expected)])

        _ = Base.press(&model, .character("L"))
        Self.clear(&model)
        expected.labels = .replace([])
        #expect(Base.press(&model, .enter) == [.set(ids: [1], expected)])
    }

    @Test("< and > set the speed limits with set's rules; b the bandwidth priority")
    func limitsAndPriority() {
        var model = Base.model(3)
        _ = Base.press(&model, .character("<"))
        Self.clear(&model)
        _ = Self.type(&model, "500")
        var expected = TorrentSettingsRequest()
        expected.downloadLimit = .limited(kBps: 500)
        #expect(Base.press(&model, .enter) == [.set(ids: [1], expected)])

        _ = Base.press(&model, .character(">"))
        Self.clear(&model)
        _ = Self.type(&model, "OFF")
        expected = TorrentSettingsRequest()
        expected.uploadLimit = .unlimited
        #expect(Base.press(&model, .enter) == [.set(ids: [1], expected)])

        _ = Base.press(&model, .character("<"))
        Self.clear(&model)
        _ = Self.type(&model, "-5")
        #expect(Base.press(&model, .enter).isEmpty)
        #expect(model.message == SetText.inputReason(.speed(option: "--down-limit", "-5")))
        _ = Base.press(&model, .escape)

        _ = Base.press(&model, .character("b"))
        Self.clear(&model)
        _ = Self.type(&model, "high")
        expected = TorrentSettingsRequest()
        expected.bandwidthPriority = .high
        #expect(Base.press(&model, .enter) == [.set(ids: [1], expected)])
    }

    @Test("typing in a prompt never acts: q, d and space are text there; the line is bounded")
    func promptTakesText() {
        var model = Base.model(3)
        _ = Base.press(&model, .character("m"))
        Self.clear(&model)
        #expect(Self.type(&model, "/q d s") == [])
        guard case .prompt(let prompt) = model.mode else { Issue.record("no prompt"); return }
        #expect(prompt.text == "/q d s")
        _ = Self.type(&model, String(repeating: "x", count: WatchPrompt.maximumLength + 50))
        guard case .prompt(let long) = model.mode else { Issue.record("no prompt"); return }
        #expect(long.text.utf8.count == WatchPrompt.maximumLength)
        let footer = WatchScreen.listLines(model: model, now: Base.now).last ?? ""
        #expect(footer.count <= Base.size.columns, "\(footer.count)")
    }

    @Test("a prompt shows control characters typed or fetched as safe text")
    func hostileText() {
        var model = Base.model(3)
        var torrents = Base.torrents(3)
        torrents[0].downloadDir = "/srv/\u{1B}]0;owned\u{07}"
        model.refreshed(torrents, detail: nil, at: Base.now)
        _ = Base.press(&model, .character("m"))
        let footer = WatchScreen.listLines(model: model, now: Base.now).last ?? ""
        #expect(!footer.contains("\u{1B}") && !footer.contains("\u{07}"), "\(footer.debugDescription)")
    }

    @Test("the key help lists the edit keys and still fits 24 rows")
    func help() {
        let help = WatchText.help
        #expect(help.count <= 24)
        for key in ["[ ] { }", "m ", "L ", "< >", "b "] {
            #expect(help.contains { $0.hasPrefix("  " + key) }, "\(key)")
        }
    }
}
