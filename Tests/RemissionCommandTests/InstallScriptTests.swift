import Foundation
import TestSupport
import Testing

/// `scripts/install` and `scripts/uninstall` into a temporary prefix (the debug binary through
/// REMISSION_BINARY, so no release build here), the man page as `man` renders it, and a magnet link
/// opened the way a desktop opens it: `xdg-open` finds the default application in the user's
/// mimeapps.list that install set, runs the desktop entry's Exec line, and the torrent reaches the
/// real test bed's daemon.
@Suite("scripts/install and uninstall, the man page, the magnet handler (real daemon)")
struct InstallScriptTests {
    let bed: TestBed
    let home: CLIHome
    let root: String

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
        root = TestBed.repositoryRoot
    }

    var prefix: String { home.directory + "/prefix" }
    var userConfig: String { home.directory + "/xdg-config" }

    /// The environment of a user whose XDG data directory is the prefix's share (as ~/.local/share is
    /// ~/.local's), with a display (xdg-open needs one to use desktop entries) but no desktop session.
    var environment: [String: String] {
        home.environment.merging([
            "XDG_DATA_HOME": prefix + "/share", "XDG_CONFIG_HOME": userConfig, "XDG_DATA_DIRS": "/usr/share",
            "REMISSION_BINARY": home.remission, "DISPLAY": ":remission-test", "XDG_CURRENT_DESKTOP": "",
            "DESKTOP_SESSION": "",
            "PATH": home.directory + "/fake-bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? ""),
        ]) { _, new in new }
    }

    func script(_ name: String, _ arguments: [String] = []) throws -> ProcessResult {
        try bed.run(root + "/scripts/" + name, args: arguments, env: environment, timeout: .seconds(120))
    }

    /// The page as `man` shows it at 80 columns, without overstriking.
    func render(_ page: String) throws -> (text: String, warnings: String) {
        let result = try bed.run(
            "sh", args: ["-c", "man --warnings -l \"$0\" | col -b", page],
            env: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"],
            timeout: .seconds(60))
        #expect(result.status == 0, "\(result.stderrText)")
        return (result.stdoutText, result.stderrText)
    }

    @Test("the man page has every command and a readable exit-status table, and no example runs off 80 columns")
    func manPage() throws {
        let page = home.directory + "/remission.1"
        let generated = try bed.run(
            "sh",
            args: [
                "-c", "\"$0\" --experimental-dump-help | python3 \"$1\" > \"$2\"", home.remission,
                root + "/scripts/lib/manpage.py", page,
            ])
        #expect(generated.status == 0, "\(generated.stderrText)")
        let (text, warnings) = try render(page)
        #expect(warnings.isEmpty, "\(warnings)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for command in [
            "connect [url]", "check [targets...]", "trust ca name file", "servers rename old new", "list [name]",
            "add sources...", "remove ids", "files id [indexes]", "watch", "credentials status [name]",
        ] {
            #expect(lines.contains { $0.hasPrefix("   remission " + command) }, "no heading for \(command)")
        }
        // One row per code, each on its own line, right under the heading.
        let exitStatus = try #require(lines.firstIndex(of: "EXIT STATUS"))
        let rows = [
            "0    ok / online", "1    general failure", "2    usage error",
            "3    offline (dns, refused, unreachable, timeout)", "4    authentication failed (401)",
            "5    trust refused (certificate, pin, HTTP)", "6    server refused or RPC error (403, 421, rpc-version)",
            "7    keyring unavailable or locked",
        ]
        #expect(lines[(exitStatus + 1)...].prefix(rows.count).map { $0.trimmingCharacters(in: .whitespaces) } == rows)
        #expect(text.contains("COMMON OPTIONS"))
        // Examples stay whole: a long one is continued with a backslash, nothing is cut or overflows.
        let wide = lines.filter { $0.count > 80 && $0.contains("remission ") }
        #expect(wide.isEmpty, "\(wide)")
        #expect(text.contains("remission check https://10.0.0.5:8443 --ca-file home-ca.pem \\"))
        #expect(text.contains("remission connect https://nas.local/transmission/rpc --name nas \\"))
    }

    @Test("install, open a magnet link with xdg-open, uninstall: the prefix is empty and mimeapps.list as before")
    func installOpenUninstall() throws {
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        // The user already had a magnet handler and another default; both must survive.
        try FileManager.default.createDirectory(atPath: userConfig, withIntermediateDirectories: true)
        let mimeapps = userConfig + "/mimeapps.list"
        let before =
            "[Default Applications]\nx-scheme-handler/magnet=transmission-gtk.desktop\ntext/plain=vim.desktop\n"
        try before.write(toFile: mimeapps, atomically: true, encoding: .utf8)
        // A notify-send that records what it was asked to show.
        let fakeBin = home.directory + "/fake-bin"
        try FileManager.default.createDirectory(atPath: fakeBin, withIntermediateDirectories: true)
        let notifications = home.directory + "/notifications"
        // One notification a line (the body's own line breaks as spaces).
        let fake = "#!/bin/sh\n{ printf '%s|' \"$@\" | tr '\\n' ' '; echo; } >> '\(notifications)'\n"
        try fake.write(toFile: fakeBin + "/notify-send", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fakeBin + "/notify-send")
        try FileManager.default.createDirectory(atPath: prefix, withIntermediateDirectories: true)

        let installed = try script("install", ["--prefix", prefix])
        #expect(installed.status == 0, "\(installed.stdoutText)\(installed.stderrText)")
        #expect(!installed.stdoutText.contains("bash:"), "bash-completion finds it here: \(installed.stdoutText)")
        let expected = [
            "bin/remission", "share/man/man1/remission.1", "share/man/ru/man1/remission.1",
            "share/bash-completion/completions/remission",
            "share/zsh/site-functions/_remission", "share/fish/vendor_completions.d/remission.fish",
            "share/applications/remission.desktop", "libexec/remission/remission-open",
            "share/remission/install-manifest", "share/systemd/user/remission-notify.service",
        ]
        for path in expected {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + path), "\(path) missing")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/remission"))
        #expect(try render(prefix + "/share/man/man1/remission.1").text.contains("EXIT STATUS"))
        let russian = try render(prefix + "/share/man/ru/man1/remission.1").text
        #expect(russian.contains("КОД ВЫХОДА") && russian.contains("ОБЩИЕ ПАРАМЕТРЫ"), "\(russian.prefix(2000))")
        let desktop = try String(contentsOfFile: prefix + "/share/applications/remission.desktop", encoding: .utf8)
        #expect(desktop.contains("MimeType=x-scheme-handler/magnet;application/x-bittorrent;"))
        #expect(desktop.contains("Exec=\(prefix)/libexec/remission/remission-open %U"))
        // The notify unit, installed disabled: nothing under the user's systemd configuration.
        let unit = try String(
            contentsOfFile: prefix + "/share/systemd/user/remission-notify.service", encoding: .utf8)
        #expect(unit.contains("\nExecStart=\(prefix)/bin/remission notify\n"), "\(unit)")
        #expect(unit.contains("\nWantedBy=default.target\n"))
        #expect(!FileManager.default.fileExists(atPath: userConfig + "/systemd"))
        #expect(installed.stdoutText.contains("systemctl --user enable --now remission-notify.service"))
        let query = try bed.run("xdg-mime", args: ["query", "default", "x-scheme-handler/magnet"], env: environment)
        #expect(query.stdoutText == "remission.desktop\n")

        // The default server, as a user sets it up (password in the keyring).
        let remission = prefix + "/bin/remission"
        let connected = try bed.run(
            remission, args: ["connect", bed.daemonURL(), "--name", "box", "--user", bed.user, "--password-stdin"],
            env: environment, stdin: Data(bed.password.utf8))
        #expect(connected.status == 0, "\(connected.stderrText)")

        // bash-completion finds the installed script by itself (its user directory is under
        // XDG_DATA_HOME, here the prefix's share), and `remission check <Tab>` offers the saved name
        // through the installed binary on PATH.
        let tab = """
            source /usr/share/bash-completion/bash_completion || exit 7
            __load_completion remission || exit 8
            complete -p remission
            COMP_WORDS=(remission check "")
            COMP_CWORD=2
            COMP_LINE="remission check "
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _remission remission "" check
            printf 'reply:%s\\n' "${COMPREPLY[@]}"
            """
        var tabEnvironment = environment
        tabEnvironment["PATH"] = prefix + "/bin:" + (environment["PATH"] ?? "")
        let completed = try bed.run("bash", args: ["-c", tab], env: tabEnvironment)
        #expect(completed.status == 0, "\(completed.stdoutText)\(completed.stderrText)")
        #expect(completed.stdoutText.contains("complete -F _remission remission"))
        #expect(completed.stdoutText.hasSuffix("reply:box\n"), "\(completed.stdoutText)")

        let hash = (0..<20).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        let name = "install-test-\(hash.prefix(8))"
        let opened = try bed.run(
            "xdg-open", args: ["magnet:?xt=urn:btih:\(hash)&dn=\(name)%20%3Cb%3Eb%26w"], env: environment,
            timeout: .seconds(60))
        #expect(opened.status == 0, "\(opened.stdoutText)\(opened.stderrText)")
        let shown = (try? String(contentsOfFile: notifications, encoding: .utf8)) ?? ""
        #expect(shown.contains("Remission: added|added "), "\(shown)")
        // The body is markup to a notification server: the name's <b> and & are shown, not obeyed.
        #expect(shown.contains(name + " &lt;b&gt;b&amp;w"), "\(shown)")
        let listed = try bed.run(remission, args: ["list", "--search", name], env: environment)
        #expect(listed.stdoutText.contains(name + " <b>b&w"), "\(listed.stdoutText)\(listed.stderrText)")
        if let id = CLITorrentFixture.addedId(shown.replacingOccurrences(of: "|", with: "\n")) {
            _ = try? bed.run(remission, args: ["remove", String(id), "--yes"], env: environment)
        }

        // A .torrent file as a file manager passes it: the Exec line itself, %U as a file:// URI.
        let fixture = try CLITorrentFixture(bed: bed, tag: "install open")
        defer { fixture.cleanUp() }
        let exec = try #require(desktop.split(separator: "\n").first { $0.hasPrefix("Exec=") }?.dropFirst(5))
        let uri = "file://" + (fixture.torrentFile.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? "")
        #expect(uri.contains("%20"))
        let words = exec.split(separator: " ").map { $0 == "%U" ? uri : String($0) }
        let byFile = try bed.run(words[0], args: Array(words.dropFirst()), env: environment, timeout: .seconds(60))
        #expect(byFile.status == 0, "\(byFile.stderrText)")
        let fileShown = (try? String(contentsOfFile: notifications, encoding: .utf8)) ?? ""
        let fileLine = fileShown.split(separator: "\n").last.map(String.init) ?? ""
        #expect(fileLine.contains("Remission: added|added ") && fileLine.contains(fixture.name), "\(fileLine)")
        if let id = CLITorrentFixture.addedId(fileLine.replacingOccurrences(of: "|", with: "\n")) {
            fixture.addedIds.append(id)
        }

        // No default server: the notification says so, urgently, and the exit status is add's.
        var lost = environment
        lost["REMISSION_CONFIG_HOME"] = home.directory + "/empty-config"
        let failed = try bed.run(words[0], args: ["magnet:?xt=urn:btih:\(hash)"], env: lost, timeout: .seconds(60))
        #expect(failed.status != 0)
        let failure = (try? String(contentsOfFile: notifications, encoding: .utf8))?.split(separator: "\n").last ?? ""
        #expect(failure.contains("--urgency=critical") && failure.contains("Remission: not added|"), "\(failure)")

        let removed = try script("uninstall", ["--prefix", prefix])
        #expect(removed.status == 0, "\(removed.stdoutText)\(removed.stderrText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix) == [])
        // What stays is the user's, and uninstall says where and how to remove it.
        #expect(removed.stdoutText.contains("Left in place"), "\(removed.stdoutText)")
        #expect(removed.stdoutText.contains("  \(home.configDirectory)  (servers.json"), "\(removed.stdoutText)")
        #expect(removed.stdoutText.contains("  rm -r \(home.configDirectory)\n"), "\(removed.stdoutText)")
        #expect(removed.stdoutText.contains("  secret-tool clear xdg:schema org.remission.Credentials\n"))
        #expect(try String(contentsOfFile: mimeapps, encoding: .utf8) == before)
    }

    @Test("a prefix outside the XDG data directory: nothing registered, installed twice, the prefix gone after")
    func otherPrefix() throws {
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let elsewhere = home.directory + "/opt/remission"
        let installed = try bed.run(
            root + "/scripts/install", args: ["--prefix", elsewhere], env: environment, timeout: .seconds(120))
        #expect(installed.status == 0, "\(installed.stdoutText)\(installed.stderrText)")
        #expect(installed.stdoutText.contains("Magnet links are not registered"))
        // bash-completion does not look under this prefix: the line that loads the script is given.
        #expect(
            installed.stdoutText.contains("bash: bash-completion does not look in \(elsewhere)/share/bash-completion"))
        #expect(installed.stdoutText.contains("\n  source \(elsewhere)/share/bash-completion/completions/remission\n"))
        #expect(FileManager.default.isExecutableFile(atPath: elsewhere + "/bin/remission"))
        #expect(!FileManager.default.fileExists(atPath: userConfig))
        #expect(!FileManager.default.fileExists(atPath: elsewhere + "/share/applications/mimeinfo.cache"))
        // Installing again (an update) replaces the first installation, by its manifest.
        let again = try bed.run(
            root + "/scripts/install", args: ["--prefix", elsewhere], env: environment, timeout: .seconds(120))
        #expect(again.status == 0, "\(again.stdoutText)\(again.stderrText)")
        #expect(again.stdoutText.contains("Replacing the Remission installed in"))
        #expect(!again.stdoutText.contains("Left in place"), "an upgrade keeps quiet about them")
        let manifest = try String(contentsOfFile: elsewhere + "/share/remission/install-manifest", encoding: .utf8)
        #expect(manifest.contains("created-dir \(elsewhere)\n"), "\(manifest)")
        let removed = try bed.run(
            root + "/scripts/uninstall", args: ["--prefix", elsewhere], env: environment, timeout: .seconds(60))
        #expect(removed.status == 0, "\(removed.stdoutText)\(removed.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere))
        #expect(try FileManager.default.contentsOfDirectory(atPath: home.directory + "/opt") == [])
    }

    @Test("install refuses to overwrite a file it did not put there, and writes nothing")
    func refusesToOverwrite() throws {
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        try "mine".write(toFile: prefix + "/bin/remission", atomically: true, encoding: .utf8)
        let installed = try script("install", ["--prefix", prefix])
        #expect(installed.status == 1)
        #expect(installed.stderrText.contains("exists and was not installed by Remission"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix) == ["bin"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: prefix + "/bin") == ["remission"])
        #expect(try script("uninstall", ["--prefix", prefix]).status == 1)
        #expect(try String(contentsOfFile: prefix + "/bin/remission", encoding: .utf8) == "mine")
    }
}
