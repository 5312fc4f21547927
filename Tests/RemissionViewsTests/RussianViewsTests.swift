import RemissionModel
import RemissionSession
import RemissionTransport
import Testing

@testable import RemissionViews

/// The views in Russian, rendered in process with a task-local language (the process's own is
/// decided once, from its environment).
@Suite("Views: Russian")
struct RussianViewsTests {
    func russian<T>(_ body: () throws -> T) rethrows -> T {
        try Language.$override.withValue(.russian, operation: body)
    }

    @Test("counts are declined: 1 торрент, 2 торрента, 5 торрентов, with the verb agreeing")
    func removedCounts() {
        russian {
            #expect(
                TorrentText.removed(count: 1, deletedData: false) == "удалён 1 торрент; данные остались на сервере.")
            #expect(TorrentText.removed(count: 2, deletedData: true) == "удалены 2 торрента вместе с данными.")
            #expect(
                TorrentText.removed(count: 5, deletedData: false) == "удалено 5 торрентов; данные остались на сервере.")
            #expect(TorrentText.removed(count: 21, deletedData: true) == "удалён 21 торрент вместе с данными.")
            #expect(FailureText.question(.removeTorrents(count: 3)) == "Удалить 3 торрента (данные останутся)?")
            #expect(Dates.relativeDays(0, now: 11 * 86_400) == "11 дней назад")
            #expect(Dates.relativeDays(22 * 86_400, now: 0) == "через 22 дня")
            #expect(Dates.relativeDays(0, now: 86_400) == "1 день назад")
        }
        #expect(TorrentText.removed(count: 1, deletedData: true) == "removed 1 torrent and deleted its data.")
        #expect(TorrentText.removed(count: 2, deletedData: true) == "removed 2 torrents and deleted their data.")
    }

    @Test("a failure's message and hint, every exit code's meaning")
    func failureWords() {
        let failure = Failure(.transport(.refused(detail: "")), server: "nas")
        russian {
            #expect(
                failure.messageText
                    == "nas: в соединении отказано\nподсказка: На этом порту никто не слушает: запущен ли "
                    + "transmission-daemon (или прокси) и верен ли порт?")
            for status in ExitStatus.allCases {
                let meaning = ExitStatusText.meaning(status)
                #expect(meaning != Language.$override.withValue(.english) { ExitStatusText.meaning(status) })
                #expect(meaning.unicodeScalars.contains { (0x400...0x4FF).contains($0.value) }, "\(meaning)")
            }
        }
        #expect(failure.messageText.hasPrefix("nas: connection refused\nhint: Nothing listens"))
    }

    @Test("dates in the Russian order, the decimal comma where a person reads a measurement")
    func datesAndNumbers() {
        russian {
            #expect(Dates.day(1_795_000_000) == "18.11.2026")
            #expect(Units.dateTime(WallClock(unixSeconds: 1_795_000_000, .utc)) == "18.11.2026 11:06:40 UTC")
            #expect(CheckReport.formatMilliseconds(12.34) == "12,3 мс")
        }
        #expect(Dates.day(1_795_000_000) == "2026-11-18")
        #expect(CheckReport.formatMilliseconds(12.34) == "12.3 ms")
    }

    @Test("labels of different lengths still put the values in one column")
    func alignedLabels() {
        let rows = russian { ChainText.aligned([(tr("Subject:"), "CN=nas"), (tr("Fingerprint:"), "SHA256:AB")]) }
        #expect(rows == ["Субъект:   CN=nas", "Отпечаток: SHA256:AB"])
    }

    @Test("prompts say да/нет and take да, д, нет, н as well as yes and no")
    func answers() {
        #expect(russian { Prompts.trustCertificate } == "Доверять этому сертификату? (да/нет/[отпечаток]) ")
        #expect(russian { Answers.choices } == "(да/нет)")
        #expect(Answers.yesOrNo(" Да ") == true)
        #expect(Answers.yesOrNo("д") == true)
        #expect(Answers.yesOrNo("НЕТ") == false)
        #expect(Answers.yesOrNo("н") == false)
        #expect(Answers.yesOrNo("yes") == true)
        #expect(Answers.yesOrNo("SHA256:AB") == nil)
        #expect(Answers.yesOrNo(nil) == false)
    }

    @Test("watch in Russian fits 80 columns, Cyrillic state words included", arguments: [40, 80, 120])
    func watchWidths(columns: Int) {
        let lines = russian {
            WatchScreen.lines(
                torrents: WatchScreenTests.torrents + [WatchScreenTests.torrent(4, "Дюна — Фрэнк Герберт", done: 0.3)],
                size: .init(columns: columns, rows: 12),
                state: WatchScreen.State(server: "nas", lastUpdate: WatchScreenTests.now, totalCount: 4),
                now: WatchScreenTests.now)
        }
        #expect(lines[0].hasPrefix("remission watch · nas · 4 торрента"))
        #expect(lines[2].contains("Состояние") || columns < 80)
        #expect(lines.contains { $0.contains("Загрузка") })
        for line in lines { #expect(TerminalText.width(line) <= columns, "\(line)") }
    }

    @Test("a torrent's state: the model's English word, in Russian for info and watch; list keeps English")
    func states() {
        var torrent = WatchScreenTests.torrent(1, "x", done: 1)
        #expect(torrent.activityLabel == "Seeding")
        #expect(russian { TorrentWords.activity(torrent) } == "Раздача")
        torrent.status = .checking
        torrent.recheckProgress = 0.42
        #expect(russian { TorrentWords.activity(torrent) }.hasPrefix("Проверка (42"))
        let table = russian { TorrentTable(width: .max).lines([torrent]) }
        #expect(table[0].contains("ID") && table[0].contains("Status"), "\(table)")
        #expect(!table.joined().contains("Раздача"), "\(table)")
    }
}

extension Failure {
    /// The message as a command prints it after "remission: ".
    var messageText: String { FailureText.message(self, now: 0) }
}
