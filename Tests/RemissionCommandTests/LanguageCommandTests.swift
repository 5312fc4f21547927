import Foundation
import TestSupport
import Testing

/// The main flows in both languages, through the real binary against the real test bed (issue 16):
/// `LANG=ru_RU.UTF-8` speaks Russian on a machine where only C.UTF-8 is generated (nothing calls
/// setlocale), `LANG=C.UTF-8` English; what scripts read (exit codes, --json) is the same in both.
@Suite("remission in Russian and English (process, real daemons, nginx and keyring)")
struct LanguageCommandTests {
    /// What each language prints for the same outcome.
    struct Words: Sendable, CustomStringConvertible {
        var lang: String
        var online, offline, untrusted, refused, hint, resolve, authFailed, loop, forbidden, keyring: String
        var notCommand, httpStatus, listEmptyHeader, infoLabels: String
        var description: String { lang }

        static let russian = Words(
            lang: "ru_RU.UTF-8", online: "ДОСТУПЕН", offline: "НЕДОСТУПЕН — tcp: в соединении отказано",
            untrusted: "НЕТ ДОВЕРИЯ — tls: сертификату нет доверия",
            refused: "Отказано: сертификату сервера нет доверия.", hint: "подсказка: ",
            resolve: "НЕДОСТУПЕН — dns: не удаётся разрешить имя", authFailed: "ошибка аутентификации (401)",
            loop: "рукопожатие сеанса", forbidden: "запрещено (403)", keyring: "Сессионная шина D-Bus недоступна",
            notCommand: "remission: «lsit» — не команда. Может быть, 'list'?",
            httpStatus: "этот порт говорит на простом HTTP, а не на HTTPS", listEmptyHeader: "ID",
            infoLabels: "Состояние:")
        static let english = Words(
            lang: "C.UTF-8", online: "ONLINE", offline: "OFFLINE — tcp: connection refused",
            untrusted: "UNTRUSTED — tls: certificate not trusted",
            refused: "Refused: the server's certificate is not trusted.", hint: "hint: ",
            resolve: "OFFLINE — dns: cannot resolve", authFailed: "authentication failed (401)",
            loop: "session handshake", forbidden: "forbidden (403)", keyring: "The D-Bus session bus cannot be reached",
            notCommand: "remission: 'lsit' is not a command. Did you mean 'list'?",
            httpStatus: "this port speaks plain HTTP, not HTTPS", listEmptyHeader: "ID", infoLabels: "State:")
    }

    static let languages = [Words.russian, Words.english]

    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    func run(_ words: Words, _ arguments: [String], stdin: String? = nil, env: [String: String] = [:]) throws
        -> CLIHome.Result
    {
        try home.run(
            arguments, stdin: stdin, env: ["LANG": words.lang, "TR_AUTH": bed.credentials].merging(env) { $1 })
    }

    @Test("check: every step that can fail, in its words and with its exit code", arguments: languages)
    func checkSteps(_ words: Words) throws {
        let online = try run(words, ["check", bed.url(for: .caSigned), "--ca-file", bed.caFile])
        #expect(online.status == 0, "\(online.all)")
        #expect(online.out.hasSuffix(words.online + "\n"), "\(online.out)")

        let dns = try run(words, ["check", "https://no-such-host.invalid/transmission/rpc", "--timeout", "5"])
        #expect(dns.status == 3, "\(dns.all)")
        #expect(dns.out.contains(words.resolve), "\(dns.out)")

        let tcp = try run(words, ["check", "https://127.0.0.1:\(bed.closedPort)/transmission/rpc"])
        #expect(tcp.status == 3)
        #expect(tcp.out.contains(words.offline), "\(tcp.out)")
        #expect(tcp.out.contains("  " + words.hint), "\(tcp.out)")

        let tls = try run(words, ["check", bed.url(for: .selfSigned)])
        #expect(tls.status == 5)
        #expect(tls.out.contains(words.untrusted) && tls.out.contains(words.refused), "\(tls.out)")

        let http = try run(words, ["check", bed.url(for: .stripSession), "--ca-file", bed.caFile])
        #expect(http.status == 6, "\(http.all)")
        #expect(http.out.contains(words.loop), "\(http.out)")

        let auth = try run(words, ["check", bed.url(for: .caSigned), "--ca-file", bed.caFile], env: ["TR_AUTH": "x:y"])
        #expect(auth.status == 4)
        #expect(auth.out.contains(words.authFailed), "\(auth.out)")

        // A --json run is English whatever the locale: its texts are for scripts.
        let json = try run(words, ["check", "--json", "https://127.0.0.1:\(bed.closedPort)/transmission/rpc"])
        #expect(json.status == 3)
        #expect(json.out.contains("\"reason\":\"connection refused\""), "\(json.out)")

        let forbidden = try run(words, ["check", bed.daemonURL(.forbidden)])
        #expect(forbidden.status == 6)
        #expect(forbidden.out.contains(words.forbidden), "\(forbidden.out)")
    }

    @Test("an error of every other exit code: 1, 2, 7", arguments: languages)
    func exitCodes(_ words: Words) throws {
        // TLS to the daemon's plain-HTTP port: the handshake fails (exit 1), and the port is named as plain HTTP.
        let plainPort = bed.daemonURL().replacingOccurrences(of: "http://", with: "https://")
        let general = try run(words, ["list", "--server", plainPort])
        #expect(general.status == 1, "\(general.all)")
        #expect(general.err.contains(words.httpStatus), "\(general.err)")

        let usage = try run(words, ["lsit"])
        #expect(usage.status == 2)
        #expect(usage.err.hasPrefix(words.notCommand), "\(usage.err)")
        // help of a mistyped command: the same error, not the whole help with exit 0.
        let help = try run(words, ["help", "chek"])
        #expect(help.status == 2, "\(help.all)")
        let chek = words.notCommand.replacingOccurrences(of: "lsit", with: "chek")
        #expect(help.err.hasPrefix(chek.replacingOccurrences(of: "'list'", with: "'check'")), "\(help.err)")
        #expect(help.out.isEmpty, "\(help.out)")
        // An unknown option is named even when the command's own check of its values fails first.
        let unknown = try run(words, ["files", "1", "--foo", "high"])
        #expect(unknown.status == 2, "\(unknown.all)")
        #expect(unknown.err.contains("'--foo'") && !unknown.err.contains("--priority"), "\(unknown.err)")

        let keyring = try run(
            words,
            ["credentials", "set", bed.daemonURL(), "--user", "bob", "--password-stdin", "--no-check"], stdin: "pw\n",
            env: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"])
        #expect(keyring.status == 7, "\(keyring.all)")
        #expect(keyring.err.contains(words.keyring), "\(keyring.err)")
    }

    @Test("list, info and session on a real daemon; --json the same in both languages", arguments: languages)
    func torrentViews(_ words: Words) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "lang")
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        let env = ["LANG": words.lang]
        let list = try fixture.home.run(
            ["list", "--server", bed.daemonURL()], env: env.merging(["TR_AUTH": bed.credentials]) { $1 })
        #expect(list.status == 0, "\(list.all)")
        // list keeps transmission-remote's English table in every language (README).
        #expect(list.out.contains("Status") && list.out.contains(fixture.name), "\(list.out)")

        let info = try fixture.home.run(
            ["info", String(id), "--server", bed.daemonURL()], env: env.merging(["TR_AUTH": bed.credentials]) { $1 })
        #expect(info.status == 0, "\(info.all)")
        #expect(info.out.contains(words.infoLabels), "\(info.out)")

        let session = try fixture.home.run(
            ["session", "--server", bed.daemonURL()], env: env.merging(["TR_AUTH": bed.credentials]) { $1 })
        #expect(session.status == 0, "\(session.all)")
        #expect(session.out.contains(words.lang.hasPrefix("ru") ? "Каталог загрузок:" : "Download dir:"))

        let json = try fixture.home.run(
            ["info", String(id), "--json", "--server", bed.daemonURL()],
            env: env.merging(["TR_AUTH": bed.credentials]) { $1 })
        // The machine word, whatever the language; Transmission 3.00 may still be verifying the
        // torrent's partial data when it is asked.
        let statuses = ["stopped", "check-wait", "checking"].map { "\"status\":\"\($0)\"" }
        #expect(statuses.contains { json.out.contains($0) }, "\(json.out)")
    }

    @Test("removal asks in Russian and takes да; нет declines", arguments: [Words.russian])
    func removePrompt(_ words: Words) throws {
        let fixture = try CLITorrentFixture(bed: bed, tag: "lang-remove")
        defer { fixture.cleanUp() }
        let id = try fixture.add()
        let env = ["LANG": words.lang, "TR_AUTH": bed.credentials]
        let no = try fixture.home.runOnTerminal(
            ["remove", String(id), "--server", bed.daemonURL()], lines: ["нет"], env: env)
        #expect(no.out.contains("Удалить 1 торрент (данные останутся)? (да/нет)"), "\(no.out)")
        #expect(no.status == 1, "\(no.all)")
        #expect(no.out.contains("Ничего не удалено."))
        let yes = try fixture.home.runOnTerminal(
            ["remove", String(id), "--server", bed.daemonURL()], lines: ["да"], env: env)
        #expect(yes.status == 0, "\(yes.all)")
        #expect(yes.out.contains("удалён 1 торрент; данные остались на сервере."), "\(yes.out)")
    }

    @Test("connect on a terminal: the trust question in Russian, answered да; saved", arguments: [Words.russian])
    func connectPrompt(_ words: Words) throws {
        let url = bed.url(for: .selfSigned, host: "localhost")
        let port = bed.port(for: .selfSigned)!
        let result = try home.runOnTerminal(
            ["connect", url, "--name", "дом", "--no-save-password"], lines: ["да"],
            env: ["LANG": words.lang, "TR_AUTH": bed.credentials])
        #expect(result.status == 0, "\(result.all)")
        #expect(result.out.contains("Подлинность localhost:\(port) установить нельзя"), "\(result.out)")
        #expect(result.out.contains("Доверять этому сертификату? (да/нет/[отпечаток])"))
        #expect(result.out.contains("ДОСТУПЕН"))
        #expect(result.out.contains("сервер «дом» сохранён (по умолчанию)"), "\(result.out)")
    }

    @Test("--help in Russian: our texts and ArgumentParser's titles, every line within 80 cells")
    func help() throws {
        let root = try home.run(["--help"], env: ["LANG": "ru_RU.UTF-8", "COLUMNS": "80"])
        #expect(root.status == 0, "\(root.all)")
        for word in [
            "ИСПОЛЬЗОВАНИЕ:", "ПАРАМЕТРЫ:", "ПОДКОМАНДЫ:", "Показать справку.", "Коды выхода:", "Пошаговая диагностика",
        ] {
            #expect(root.out.contains(word), "\(word): \(root.out)")
        }
        let check = try home.run(["help", "check"], env: ["LANG": "ru_RU.UTF-8", "COLUMNS": "80"])
        #expect(check.out.contains("Примеры:") && check.out.contains("remission check --all"), "\(check.out)")
        for line in (root.out + check.out).split(separator: "\n") {
            #expect(line.count <= 80, "\(line)")
        }
        let english = try home.run(["help", "check"], env: ["COLUMNS": "80"])
        #expect(english.out.contains("USAGE:") && english.out.contains("Examples:"))
        let error = try home.run(["list", "--no-such-option"], env: ["LANG": "ru_RU.UTF-8"])
        #expect(error.status == 2)
        #expect(error.err.contains("Ошибка: Неизвестный параметр"), "\(error.err)")
    }

    @Test("connect asks for the user and the password in Russian; a wrong one says how many tries are left")
    func credentialPrompts() throws {
        let url = bed.url(for: .selfSigned, host: "localhost")
        let port = bed.port(for: .selfSigned)!
        let result = try home.runOnTerminal(
            ["connect", url, "--name", "старый", "--no-save-password"],
            lines: ["д", bed.user, "не-тот-пароль", bed.password], env: ["LANG": "ru_RU.UTF-8"])
        let screen = result.out.flowing
        #expect(screen.contains("localhost:\(port) просит имя пользователя и пароль (401)."), "\(screen)")
        #expect(screen.contains("Имя пользователя для localhost:\(port): "))
        #expect(screen.contains("Пароль для \(bed.user)@localhost:\(port): "))
        #expect(screen.contains("Неверное имя пользователя или пароль (401); попробуйте ещё раз (осталось 2 попытки)."))
        #expect(!screen.contains("не-тот-пароль") && !screen.contains(bed.password))
    }

    @Test("--lang and REMISSION_LANG override the locale for one run; a bad --lang is a usage error")
    func overrides() throws {
        let english = try home.run(["lsit", "--lang", "en"], env: ["LANG": "ru_RU.UTF-8"])
        #expect(english.err.hasPrefix(Words.english.notCommand))
        let russian = try home.run(["--lang=ru", "lsit"], env: ["LANG": "C.UTF-8"])
        #expect(russian.err.hasPrefix(Words.russian.notCommand))
        let variable = try home.run(["lsit"], env: ["LANG": "C.UTF-8", "REMISSION_LANG": "ru"])
        #expect(variable.err.hasPrefix(Words.russian.notCommand))
        let bad = try home.run(["servers", "--lang", "de"])
        #expect(bad.status == 2)
        #expect(bad.err == "remission: --lang takes ru or en, not 'de'.\n")
    }
}
