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

    @Test("m asks where and fetches the torrent's directory to fill the prompt; Enter moves the data there")
    func move() {
        var model = Base.model(3)
        #expect(Base.press(&model, .character("m")) == [.loadPromptValue(id: 1, .move)])
        guard case .prompt(let opened) = model.mode else { Issue.record("no prompt: \(model.mode)"); return }
        #expect(opened.text == "" && opened.ids == [1])
        var torrent = Torrent(id: 1, name: "torrent 1")
        torrent.downloadDir = "/srv/torrents"
        model.promptValueLoaded(torrent, id: 1)
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
        let lines = WatchScreen.listLines(model: model, now: Base.now)
        #expect(lines.count == Base.size.rows)
        #expect(lines.last?.hasPrefix("Move the data of 1 torrent to: films▏") == true, "\(lines)")
        // The refusal, wrapped at the width, on the lines just above the prompt.
        let notice = lines.dropLast().suffix(3).joined(separator: " ")
        #expect(notice.contains("DIR must be an absolute path") && notice.contains("'films'."), "\(lines)")
        guard case .prompt = model.mode else { Issue.record("the prompt closed"); return }
        #expect(Base.press(&model, .escape).isEmpty)
        #expect(model.mode == .list)
    }

    /// The issue's case: `b`, `hgih`, Enter is refused; `b` `high` then goes into the open prompt, in
    /// sight, and the refusal is gone at the next key.
    @Test("after a refused value the prompt stays in sight with its text, the refusal above it until the next key")
    func refusedValueStaysInSight() {
        var model = Base.model(30)
        _ = Base.press(&model, .character("b"))
        _ = Self.type(&model, "hgih")
        #expect(Base.press(&model, .enter).isEmpty)
        var lines = WatchScreen.listLines(model: model, now: Base.now)
        #expect(lines.last?.hasPrefix("Bandwidth priority (low, normal, high): hgih▏") == true, "\(lines)")
        #expect(lines[lines.count - 2].contains("not 'hgih'"), "\(lines)")
        _ = Self.type(&model, "b")
        lines = WatchScreen.listLines(model: model, now: Base.now)
        #expect(lines.last?.hasPrefix("Bandwidth priority (low, normal, high): hgihb▏") == true, "\(lines)")
        #expect(!lines.joined().contains("not 'hgih'"), "the refusal stays: \(lines)")
        #expect(lines[lines.count - 2].contains("0%"), "a row is back: \(lines)")
    }

    @Test("a fetched value fills the prompt only while nothing was typed, and only its own torrent's")
    func fetchedValueNeverReplacesTyping() {
        var model = Base.model(3)
        var torrent = Torrent(id: 1, name: "torrent 1")
        torrent.downloadDir = "/srv/torrents"
        _ = Base.press(&model, .character("m"))
        _ = Self.type(&model, "/x")
        model.promptValueLoaded(torrent, id: 1)
        guard case .prompt(let typed) = model.mode else { Issue.record("no prompt"); return }
        #expect(typed.text == "/x")
        _ = Base.press(&model, .escape, .down, .character("m"))
        model.promptValueLoaded(torrent, id: 1)  // a late answer for another torrent
        guard case .prompt(let other) = model.mode else { Issue.record("no prompt"); return }
        #expect(other.text == "" && other.source == 2)
        model.promptValueLoaded(nil, id: 2)  // gone meanwhile
        #expect(model.mode == .prompt(other))
    }

    @Test("marked torrents: the prompt is filled from the one under the cursor when marked, else the first marked")
    func fillSource() {
        var model = Base.model(5)
        _ = Base.press(&model, .down, .down, .character(" "), .character(" "))  // marks 3 and 4; cursor on 5
        #expect(Base.press(&model, .character("<")) == [.loadPromptValue(id: 3, .downloadLimit)])
        _ = Base.press(&model, .escape, .up)  // cursor on 4, marked
        #expect(Base.press(&model, .character("<")) == [.loadPromptValue(id: 4, .downloadLimit)])
        #expect(WatchPrompt.fields(.downloadLimit) == [.downloadLimit, .downloadLimited])
    }

    @Test("each prompt fits 80 columns: the end of a long text shows, the keys give way first, in both languages")
    func promptFitsWidth() {
        for language in [Language.english, .russian] {
            Language.$override.withValue(language) {
                for kind in WatchPrompt.Kind.allCases {
                    var prompt = WatchPrompt(kind, ids: [1, 2], current: nil)
                    for text in ["", "linux, видео", String(repeating: "a", count: 30) + "THE-END"] {
                        prompt.text = text
                        let line = WatchText.prompt(prompt, width: 80)
                        #expect(TerminalText.width(line) <= 80, "\(line) (\(TerminalText.width(line)))")
                        #expect(line.contains(String(text.suffix(7)) + "▏"), "\(line)")
                    }
                }
            }
        }
        var labels = WatchPrompt(.labels, ids: [1], current: nil)
        labels.text = "linux"
        #expect(
            WatchText.prompt(labels, width: 120)
                == "Labels of 1 torrent (comma-separated, empty: none): linux▏ (Enter sets it, Esc cancels)")
        labels.text = String(repeating: "x", count: 100) + "-tail"
        let narrow = WatchText.prompt(labels, width: 80)
        #expect(narrow.hasPrefix("Labels of 1 torrent (comma-separated, empty: none): …"), "\(narrow)")
        #expect(narrow.hasSuffix("x-tail▏") && TerminalText.width(narrow) == 80, "\(narrow)")
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
