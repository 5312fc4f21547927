import RemissionModel
import RemissionSession
import Testing

@testable import RemissionViews

@Suite("notify: notification text made safe for markup and terminals, and --exec's JSON")
struct NotifyTextTests {
    static func finished(_ name: String, server: String = "nas") -> NotifyEvent {
        NotifyEvent(
            kind: .finished, server: server, url: "https://nas:9091/transmission/rpc", time: 1_800_000_000,
            torrent: TorrentSighting(
                id: 7, hash: String(repeating: "ab", count: 20), name: name, done: true, error: 0, errorText: "",
                doneDate: 1_799_999_990))
    }

    @Test("markup, control characters and bidi overrides in a name reach the notification as text")
    func hostileName() {
        let event = Self.finished("\u{1B}[31m<b>x</b> & <a href='u'>y</a>\u{202E}gpj.exe\u{0}")
        let body = NotifyText.body(event)
        #expect(body == "^[[31m&lt;b&gt;x&lt;/b&gt; &amp; &lt;a href='u'&gt;y&lt;/a&gt;&lt;U+202E&gt;gpj.exe^@ on nas")
        #expect(!body.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x202E })
        #expect(NotifyText.summary(event) == "Torrent finished")
        let line = NotifyText.line(event)
        #expect(line.hasPrefix("Torrent finished: ^[[31m<b>x</b>"))
    }

    @Test("Cyrillic and CJK are kept; a very long name is cut to 200 characters")
    func scripts() {
        #expect(NotifyText.body(Self.finished("Русский торрент 中文")) == "Русский торрент 中文 on nas")
        let long = NotifyText.plainBody(Self.finished(String(repeating: "長", count: 100_000)))
        #expect(long == String(repeating: "長", count: 199) + "… on nas")
    }

    @Test("each kind has a summary and a body; Russian too")
    func kinds() {
        var offline = NotifyEvent(kind: .offline, server: "nas", url: "u", time: 0)
        offline.cause = "connection refused"
        #expect(NotifyText.line(offline) == "Server offline: nas: connection refused")
        #expect(
            NotifyText.line(NotifyEvent(kind: .online, server: "nas", url: "u", time: 0)) == "Server back online: nas")
        var more = NotifyEvent(kind: .more, server: "nas", url: "u", time: 0)
        more.moreOf = .finished
        more.count = 15
        #expect(NotifyText.summary(more) == "15 more torrents finished")
        Language.$override.withValue(.russian) {
            #expect(NotifyText.summary(Self.finished("x")) == "Торрент загружен")
            #expect(NotifyText.body(Self.finished("x")) == "x на nas")
            #expect(NotifyText.summary(more) == "Ещё 15 торрентов загружено")
        }
    }

    @Test("the --exec JSON carries the event's fields, server text as sent, strings bounded")
    func json() throws {
        let name = "\u{1B}<b>Русский</b>\u{202E}"
        let object = try #require(Self.finished(name).jsonValue.object)
        #expect(object["event"]?.string == "finished")
        #expect(object["server"]?.string == "nas")
        #expect(object["url"]?.string == "https://nas:9091/transmission/rpc")
        #expect(object["time"]?.int == 1_800_000_000)
        let torrent = try #require(object["torrent"]?.object)
        #expect(torrent["name"]?.string == name)
        #expect(torrent["id"]?.int == 7 && torrent["hash"]?.string == String(repeating: "ab", count: 20))
        let text = String(decoding: Self.finished(name).jsonValue.serialized(), as: UTF8.self)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 })
        let long = Self.finished(String(repeating: "長", count: 10_000)).jsonValue
        #expect(long.object?["torrent"]?.object?["name"]?.string?.utf8.count == 4095)
    }
}
