import Foundation
import RemissionModel
import RemissionSession
import RemissionTransport
import TestSupport
import Testing

@testable import RemissionViews

@Suite("Views: the language of a run")
struct LanguageTests {
    @Test(
        "the first variable that says something decides; Russian for ru*, English otherwise",
        arguments: [
            ([:], Language.english),
            (["LANG": "ru_RU.UTF-8"], .russian),
            (["LANG": "C.UTF-8"], .english),
            (["LANG": "de_DE.UTF-8"], .english),
            (["LANG": "ru_RU.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"], .english),
            (["LANG": "en_US.UTF-8", "LC_ALL": "ru_UA.UTF-8"], .russian),
            (["LANG": "en_US.UTF-8", "LANGUAGE": "de:ru:en"], .russian),
            (["LANG": "ru_RU.UTF-8", "LANGUAGE": "en"], .english),
            // gettext ignores LANGUAGE in the C locale; C.UTF-8 is a locale like any other.
            (["LC_ALL": "C", "LANGUAGE": "ru"], .english),
            (["LANG": "C.UTF-8", "LANGUAGE": "ru"], .russian),
            (["LANG": "ru_RU.UTF-8", "LC_ALL": ""], .russian),
            (["LANG": "ru_RU.UTF-8", "REMISSION_LANG": "en"], .english),
            (["LANG": "C.UTF-8", "REMISSION_LANG": "RU"], .russian),
            (["LANG": "ru_RU.UTF-8", "REMISSION_LANG": "fr"], .russian),
        ] as [([String: String], Language)])
    func environment(_ environment: [String: String], _ expected: Language) {
        #expect(Language.decide(arguments: ["list"], environment: environment) == expected)
    }

    @Test("--lang overrides the environment, in any place before --, the last one counting")
    func option() {
        let russian = ["LANG": "ru_RU.UTF-8", "REMISSION_LANG": "ru"]
        #expect(Language.decide(arguments: ["--lang", "en", "list"], environment: russian) == .english)
        #expect(Language.decide(arguments: ["list", "--lang=en"], environment: russian) == .english)
        #expect(Language.decide(arguments: ["list", "--lang", "en", "--lang", "ru"], environment: [:]) == .russian)
        #expect(Language.decide(arguments: ["add", "--", "--lang", "en"], environment: russian) == .russian)
        // --json is for scripts: English whatever the locale or --lang says.
        #expect(Language.decide(arguments: ["check", "--json", "--lang", "ru"], environment: russian) == .english)
        #expect(Language.decide(arguments: ["add", "--", "--json"], environment: russian) == .russian)
        #expect(
            LanguageOption.scan(["-v", "--lang", "ru", "list", "--", "--lang"]).rest == ["-v", "list", "--", "--lang"])
        #expect(LanguageOption.scan(["list", "--lang", "de"]).option == .invalid("de"))
        #expect(LanguageOption.scan(["list", "--lang"]).option == .invalid(nil))
    }
}

@Suite("Views: the Russian catalogue")
struct CatalogTests {
    @Test(
        "Russian plural forms: 1 торрент, 2 торрента, 5 торрентов, 11 торрентов, 21 торрент, 112 торрентов",
        arguments: [
            (0, "0 торрентов"), (1, "1 торрент"), (2, "2 торрента"), (4, "4 торрента"), (5, "5 торрентов"),
            (11, "11 торрентов"), (12, "12 торрентов"), (14, "14 торрентов"), (21, "21 торрент"),
            (22, "22 торрента"), (25, "25 торрентов"), (101, "101 торрент"), (111, "111 торрентов"),
            (112, "112 торрентов"), (1_000_003, "1000003 торрента"), (-1, "-1 торрент"),
        ])
    func plurals(_ count: Int, _ expected: String) {
        #expect(Catalog.fill("{0} {0|торрент|торрента|торрентов}", values: [String(count)]) == expected)
    }

    @Test("values go where the translation puts them, repeated or reordered; a stray brace stays as written")
    func fill() {
        #expect(Catalog.fill("{1} — {0}, {1}", values: ["a", "b"]) == "b — a, b")
        #expect(Catalog.fill("{2} {x} {", values: ["a"]) == "{2} {x} {")
        #expect(Catalog.fill("{0|день|дня|дней}", values: ["нет"]) == "дней")
        // A value (a torrent or server name) is put in as it is, never read as a template.
        #expect(Catalog.fill("Сервер {0}", values: ["{1} {0|a|b|c}"]) == "Сервер {1} {0|a|b|c}")
        // Braces the English has too (JSON in help texts) are text.
        #expect(Catalog.fill("{\"a\": {\"b\": 1}} {0}", values: ["x"]) == "{\"a\": {\"b\": 1}} x")
    }

    @Test("a phrase's key numbers its values; counts are declined in English too")
    func phraseKeys() {
        let phrase: Phrase = "removed \(count: 3, "torrent", "torrents") from \("nas")"
        #expect(phrase.key.text == "removed {0} {0|torrent|torrents} from {1}")
        #expect(phrase.key.values == ["3", "nas"])
        #expect(phrase.english == "removed 3 torrents from nas")
        let one: Phrase = "\(count: 1, "file", "files"), \(plural: 1, "is", "are")"
        #expect(one.english == "1 file, is")
    }

    @Test("a .po text: continuation lines, escapes, contexts; the header, empty and fuzzy entries are skipped")
    func poParsing() {
        let po = """
            msgid ""
            msgstr "Language: ru\\n"

            #: a.swift:1
            msgid "Hello {0}"
            msgstr "Привет, "
            "{0}"

            msgctxt "column"
            msgid "Done"
            msgstr "Гот."

            msgid "Say \\"hi\\""
            msgstr "Скажи \\"привет\\"\\n"

            msgid "untranslated"
            msgstr ""

            #, fuzzy
            msgid "unsure"
            msgstr "неуверенно"
            """
        let catalog = Catalog(po: po)
        #expect(
            catalog.translations == [
                "Hello {0}": "Привет, {0}", "column\u{4}Done": "Гот.", "Say \"hi\"": "Скажи \"привет\"\n",
            ])
        #expect(catalog.translate("Hello \("Ваня")") == "Привет, Ваня")
        #expect(catalog.translate("Done", context: "column") == "Гот.")
        #expect(catalog.translate("untranslated") == "untranslated")
    }

    @Test("the catalogue compiled into the binary is po/ru.po as it is now")
    func embedded() throws {
        let source = try String(contentsOfFile: TestBed.repositoryRoot + "/po/ru.po", encoding: .utf8)
        let compiled = Catalog.russian.translations
        let fresh = Catalog(po: source).translations
        #expect(compiled == fresh, "differ: \(Set(compiled.keys).symmetricDifference(fresh.keys).prefix(5))")
        #expect(Catalog.russian.translations.count > 500)
    }

    /// The check of the suite: every phrase of the sources has a Russian translation whose values
    /// are the English's (none dropped, none invented, plurals with three forms), and no English
    /// words are left outside `tr()` in the views. Its output names each problem and the entry to
    /// fill in (`scripts/i18n update` adds them to po/ru.po).
    @Test("every phrase has a Russian translation with the English's placeholders (scripts/i18n check)")
    func catalogueComplete() throws {
        let result = try ProcessRunner.run(
            "python3", args: [TestBed.repositoryRoot + "/scripts/lib/i18n.py", "check", TestBed.repositoryRoot])
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderrText)")
    }

    @Test("the check catches a dropped value, an invented one, and a plural without three forms")
    func checkCatchesErrors() throws {
        let directory = TemporaryDirectory()
        let views = directory.path + "/Sources/RemissionViews"
        try FileManager.default.createDirectory(atPath: views, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory.path + "/po", withIntermediateDirectories: true)
        try """
        let a = tr("removed \\(count: n, "torrent", "torrents") from \\(server)")
        let b = tr("Hello \\(name)", " and welcome")
        let c = tr("Missing")
        let d = "Loose English words"
        let e = tr(context: "column", "Done")
        let f = tr("\\(count: n, "file", "files")")
        """.write(toFile: views + "/Sample.swift", atomically: true, encoding: .utf8)
        try """
        msgid "removed {0} {0|torrent|torrents} from {1}"
        msgstr "{0} {0|торрент|торрентов} удалено"

        msgid "Hello {0} and welcome"
        msgstr "Привет, {0} {2}"

        msgctxt "column"
        msgid "Done"
        msgstr "Гот."

        msgid "{0} {0|file|files}"
        msgstr "{0} {0|файл|файлов}"
        """.write(toFile: directory.path + "/po/ru.po", atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run(
            "python3", args: [TestBed.repositoryRoot + "/scripts/lib/i18n.py", "check", directory.path])
        #expect(result.status == 1)
        let output = result.stdoutText
        #expect(output.contains("{1} dropped"))
        #expect(output.contains("{2} not in the English"))
        #expect(output.contains("no Russian translation: msgid \"Missing\""))
        #expect(output.contains("Loose English words"))
        #expect(output.contains("needs Russian's three forms"))
        #expect(!output.contains("Done"))
    }
}
