import Foundation
import TestSupport
import Testing

/// The installed man pages as `man` shows them: the English one in every output device (ASCII when the
/// locale cannot be set), the Russian one chosen by `man remission` under a Russian locale (built
/// here with localedef into a private LOCPATH, since a test machine may not have it), both without a
/// groff warning, with ENVIRONMENT naming every variable the sources read and FILES.
@Suite("the installed man pages (man, both languages)")
struct ManPageTests {
    let directory = TemporaryDirectory()
    var prefix: String { directory.path + "/prefix" }

    init() throws {
        let installed = try ProcessRunner.run(
            TestBed.repositoryRoot + "/scripts/install", args: ["--prefix", prefix],
            env: [
                "REMISSION_BINARY": TestBed.builtProduct("remission"), "XDG_DATA_HOME": directory.path + "/data",
                "XDG_CONFIG_HOME": directory.path + "/config", "HOME": directory.path,
            ], timeout: .seconds(120))
        #expect(installed.status == 0, "\(installed.stdoutText)\(installed.stderrText)")
    }

    /// `man ARGUMENTS` at 80 columns, without overstriking, in `environment` only (plus PATH).
    func man(_ arguments: [String], _ environment: [String: String]) throws -> (text: String, warnings: String) {
        let quoted = arguments.map { "'" + $0 + "'" }.joined(separator: " ")
        let result = try ProcessRunner.run(
            "/bin/sh", args: ["-c", "man --warnings \(quoted) | col -b"],
            env: environment.merging(["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "PATH": "/usr/bin:/bin"]) {
                _, new in new
            }, clearEnvironment: true, timeout: .seconds(60))
        #expect(result.status == 0, "\(result.stderrText)")
        return (result.stdoutText, result.stderrText)
    }

    /// The lines of `section` (up to the next heading).
    func section(_ title: String, of text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0 == title }) else { return "" }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { !$0.isEmpty && !$0.hasPrefix(" ") && !$0.hasPrefix("\t") } ?? rest.endIndex
        return rest[..<end].joined(separator: "\n")
    }

    /// Every environment variable named in Sources: `environment["X"]` and the quoted names with an
    /// underscore (`"REMISSION_LANG"`, `"https_proxy"`), besides LANG.
    static func variablesInSources() throws -> Set<String> {
        let pattern = try NSRegularExpression(
            pattern: #"environment\["([A-Za-z_]+)"\]|"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z]+_proxy)""#)
        var names: Set<String> = ["LANG"]
        let sources = TestBed.repositoryRoot + "/Sources"
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources).filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                for group in 1...2 {
                    if let range = Range(match.range(at: group), in: text) { names.insert(String(text[range])) }
                }
            }
        }
        return names
    }

    @Test("English: no warning in ASCII or UTF-8, ENVIRONMENT and FILES, no pointer to a README")
    func english() throws {
        let page = prefix + "/share/man/man1/remission.1"
        for locale in ["C", "C.UTF-8"] {
            let (text, warnings) = try man(["-l", page], ["LANG": locale])
            #expect(warnings.isEmpty, "\(locale): \(warnings)")
            #expect(!text.contains("README"), "\(locale)")
            let environment = section("ENVIRONMENT", of: text)
            for name in try Self.variablesInSources() {
                #expect(environment.contains(name), "\(name) is read but not in ENVIRONMENT")
            }
            let files = section("FILES", of: text)
            for file in [
                "remission/servers.json", "remission/trust.json", "remission/diagnostics.log",
                "org.remission.Credentials",
            ] {
                #expect(files.contains(file), "\(file)")
            }
            #expect(text.contains("remission check --all --json | jq"))
        }
        // A Russian locale this machine lacks: man cannot set it and shows the English page, without a
        // warning of groff's (only man's own complaint about the locale).
        let (text, warnings) = try man(
            ["remission"],
            ["LANG": "ru_RU.UTF-8", "LOCPATH": directory.path + "/none", "MANPATH": prefix + "/share/man"])
        #expect(text.contains("ENVIRONMENT"))
        #expect(!warnings.contains("troff"), "\(warnings)")
    }

    @Test("Russian: chosen by man under ru_RU.UTF-8, without a warning, with ОКРУЖЕНИЕ and ФАЙЛЫ")
    func russian() throws {
        let locales = directory.path + "/locales"
        try FileManager.default.createDirectory(atPath: locales, withIntermediateDirectories: true)
        let built = try ProcessRunner.run(
            "localedef", args: ["-i", "ru_RU", "-f", "UTF-8", locales + "/ru_RU.UTF-8"], timeout: .seconds(60))
        try #require(built.status == 0, "localedef (package locales): \(built.stderrText)")
        let russian = ["LANG": "ru_RU.UTF-8", "LOCPATH": locales]
        let (chosen, warnings) = try man(["remission"], russian.merging(["MANPATH": prefix + "/share/man"]) { $1 })
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(chosen.contains("ИМЯ") && chosen.contains("КОД ВЫХОДА"), "\(chosen.prefix(500))")
        let (text, pageWarnings) = try man(["-l", prefix + "/share/man/ru/man1/remission.1"], russian)
        #expect(pageWarnings.isEmpty, "\(pageWarnings)")
        #expect(!text.contains("README"))
        let environment = section("ОКРУЖЕНИЕ", of: text)
        for name in try Self.variablesInSources() {
            #expect(environment.contains(name), "\(name) is read but not in ОКРУЖЕНИЕ")
        }
        #expect(section("ФАЙЛЫ", of: text).contains("remission/trust.json"))
        #expect(section("ФАЙЛЫ", of: text).contains("Связка ключей"))
    }
}
