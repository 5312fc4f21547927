import Foundation
import TestSupport
import Testing

/// The bash completion script that `remission --generate-completion-script bash` writes, sourced in a
/// real bash and driven as bash drives it on Tab (COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT, then
/// the function with the command, the current word and the previous one): saved server names come
/// from the binary, file names from bash, enum values from the script.
@Suite("shell completion (bash, the real binary and script)")
struct CompletionCommandTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    /// COMPREPLY, one entry a line, after completing the last of `words` (the first is the binary).
    func complete(_ words: [String], env: [String: String] = [:]) throws -> [String] {
        let script = try home.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0, "\(script.all)")
        let scriptFile = home.directory + "/remission.bash"
        try script.out.write(toFile: scriptFile, atomically: true, encoding: .utf8)
        let driver = """
            source "$0" || exit 9
            COMP_WORDS=("$@")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _remission remission "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try bed.run(
            "bash", args: ["-c", driver, scriptFile, home.remission] + words,
            env: home.environment.merging(env) { _, new in new }, timeout: .seconds(30))
        #expect(result.status == 0, "\(result.stderrText)")
        return result.stdoutText.split(separator: "\n").map(String.init)
    }

    @Test("a server is completed from the saved names wherever one is expected")
    func savedServerNames() throws {
        try home.saveOfflineServers(["nas-home", "box"])
        #expect(try complete(["check", ""]).sorted() == ["box", "nas-home"])
        #expect(try complete(["check", "n"]) == ["nas-home"])
        #expect(try complete(["list", "--server", "b"]) == ["box"])
        #expect(try complete(["servers", "rename", ""]).sorted() == ["box", "nas-home"])
        #expect(try complete(["servers", "default", "na"]) == ["nas-home"])
        #expect(try complete(["trust", "show", "b"]) == ["box"])
        #expect(try complete(["credentials", "status", "b"]) == ["box"])
        #expect(try complete(["session", "n"]) == ["nas-home"])
        #expect(try complete(["stats", "--server", "n"]) == ["nas-home"])
    }

    @Test("without saved servers nothing is offered, and nothing is written or asked")
    func noServers() throws {
        #expect(try complete(["check", ""]) == [])
        // A keyring that cannot be reached would make any keyring call fail or hang; none is made.
        #expect(
            try complete(["list", "--server", ""], env: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent"]) == [])
        #expect(home.writtenFiles().keys.filter { !$0.hasSuffix("remission.bash") && !$0.hasPrefix("home") } == [])
    }

    @Test("completing a server reads servers.json only: no lock, no other file")
    func readsOnly() throws {
        try home.saveOfflineServers(["nas-home"])
        let config = home.configDirectory
        for file in (try? FileManager.default.contentsOfDirectory(atPath: config)) ?? [] where file != "servers.json" {
            try FileManager.default.removeItem(atPath: config + "/" + file)
        }
        let direct = try home.run(["---completion", "check", "--", "positional@0", "1", "0", "remission", "check", ""])
        #expect(direct.status == 0, "\(direct.all)")
        #expect(direct.out == "nas-home\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: config) == ["servers.json"])
    }

    @Test("files where a file is expected: .torrent files for add, any file for a CA or netrc file")
    func files() throws {
        let folder = home.directory + "/files"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        for name in ["a.torrent", "notes.txt", "home-ca.pem"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
        }
        try home.saveOfflineServers(["nas-home"])
        #expect(try complete(["add", folder + "/"]).sorted() == [folder + "/a.torrent", folder + "/sub"])
        let all = [folder + "/a.torrent", folder + "/home-ca.pem", folder + "/notes.txt", folder + "/sub"]
        #expect(try complete(["trust", "ca", "nas-home", folder + "/"]).sorted() == all)
        #expect(try complete(["list", "--ca-file", folder + "/"]).sorted() == all)
        #expect(try complete(["check", "--netrc-file", folder + "/h"]) == [folder + "/home-ca.pem"])
        #expect(try complete(["trust", "ca", ""]) == ["nas-home"])
    }

    @Test("the zsh and fish scripts ask the binary for server names too (run live in CompletionShellTests)")
    func zshAndFish() throws {
        try home.saveOfflineServers(["nas-home"])
        for shell in ["zsh", "fish"] {
            let script = try home.run(["--generate-completion-script", shell])
            #expect(script.status == 0, "\(script.all)")
            #expect(script.out.contains("---completion check -- positional@0"), "\(shell)")
            #expect(script.out.contains("---completion list -- --server"), "\(shell)")
            let names = try home.run(
                [
                    "---completion", "servers", "remove", "--", "positional@0", "2", "1", "remission", "servers",
                    "remove", "n",
                ],
                env: ["SAP_SHELL": shell])
            #expect(names.status == 0, "\(names.all)")
            #expect(names.out.contains("nas-home"), "\(shell): \(names.out)")
        }
    }

    @Test("enum values are offered as before")
    func enumValues() throws {
        #expect(try complete(["list", "--sort", "s"]).sorted() == ["size", "status"])
        #expect(try complete(["files", "1", "--priority", "h"]) == ["high"])
    }
}
