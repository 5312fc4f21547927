import Foundation
import TestSupport
import Testing

/// The bash, zsh and fish completion scripts that `remission --generate-completion-script` writes, run in
/// the real shells (both listed in scripts/apt-packages), each on a pseudo-terminal where a line is
/// typed and Tab pressed: scripts/lib/complete-zsh prints the matches zsh adds, scripts/lib/complete-bash
/// and scripts/lib/complete-fish the command line bash or fish then shows (its `complete -C` gives a completion no cursor, so the binary
/// cannot be asked there). The binary is found on PATH as `remission`, as an installed one is.
@Suite("shell completion (bash, zsh and fish, the real shells)")
struct CompletionShellTests {
    let bed: TestBed
    let home: CLIHome

    init() throws {
        bed = try TestBed.shared
        home = CLIHome(bed: bed)
    }

    /// Runs a driver of scripts/lib with the generated script for `shell` in `folder`, the binary on PATH
    /// (`more`: the driver's further arguments).
    func drive(_ shell: String, file: String, _ line: String, _ more: [String] = []) throws -> String {
        let script = try home.run(["--generate-completion-script", shell])
        #expect(script.status == 0, "\(script.all)")
        let folder = home.directory + "/\(shell)-completions"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try script.out.write(toFile: folder + "/" + file, atomically: true, encoding: .utf8)
        var env = home.environment
        let binaryFolder = (home.remission as NSString).deletingLastPathComponent
        env["PATH"] = binaryFolder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let target = shell == "zsh" ? folder : folder + "/" + file
        let result = try bed.run(
            TestBed.repositoryRoot + "/scripts/lib/complete-\(shell)", args: [target, line] + more, env: env,
            timeout: .seconds(40))
        #expect(result.status == 0, "\(shell) \(line): \(result.stderrText)")
        return result.stdoutText
    }

    /// The matches zsh offers on Tab at the end of `line`, sorted (file names without their folder).
    func zsh(_ line: String) throws -> [String] {
        try drive("zsh", file: "_remission", line).split(separator: "\n").map(String.init).sorted()
    }

    /// The command line fish shows after Tab at the end of `line`: one match inserted, or the
    /// common prefix of several.
    func fish(_ line: String) throws -> String {
        String(try drive("fish", file: "remission.fish", line).dropLast())  // the driver's newline
    }

    /// The command line bash shows after Tab at the end of `line`, typed in `folder`.
    func bash(_ line: String, in folder: String) throws -> String {
        String(try drive("bash", file: "remission.bash", line, [folder]).dropLast())
    }

    @Test("bash: a server name stays a name beside a folder of that name; files are still files")
    func bashNamesAndFiles() throws {
        try home.saveOfflineServers(["apache", "nas-home"])
        let folder = home.directory + "/work"
        try FileManager.default.createDirectory(atPath: folder + "/apache", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: folder + "/nas.torrent", contents: Data()))
        #expect(try bash("remission list --server ap", in: folder) == "remission list --server apache ")
        #expect(try bash("remission check ap", in: folder) == "remission check apache ")
        #expect(try bash("remission servers rename apa", in: folder) == "remission servers rename apache ")
        #expect(try bash("remission list --sort sta", in: folder) == "remission list --sort status ")
        #expect(try bash("remission add ap", in: folder) == "remission add apache/")
        #expect(try bash("remission add na", in: folder) == "remission add nas.torrent ")
        #expect(try bash("remission trust ca nas-home ap", in: folder) == "remission trust ca nas-home apache/")
        #expect(try bash("remission list --ca-file ap", in: folder) == "remission list --ca-file apache/")
    }

    @Test("zsh: saved server names wherever a server is expected; nothing when none is saved")
    func zshServerNames() throws {
        #expect(try zsh("remission check ") == [])
        try home.saveOfflineServers(["nas-home", "box"])
        #expect(try zsh("remission check ") == ["box", "nas-home"])
        #expect(try zsh("remission check n") == ["nas-home"])
        #expect(try zsh("remission list --server b") == ["box"])
        #expect(try zsh("remission servers rename ") == ["box", "nas-home"])
        #expect(try zsh("remission trust ca na") == ["nas-home"])
    }

    @Test("fish: saved server names wherever a server is expected")
    func fishServerNames() throws {
        try home.saveOfflineServers(["nas-home", "nas-box", "tiny"])
        #expect(try fish("remission check t") == "remission check tiny ")
        #expect(try fish("remission check n") == "remission check nas-")
        #expect(try fish("remission list --server t") == "remission list --server tiny ")
        #expect(try fish("remission servers rename nas-h") == "remission servers rename nas-home ")
        #expect(try fish("remission trust ca t") == "remission trust ca tiny ")
        #expect(try fish("remission check x") == "remission check x")
    }

    @Test("zsh: files where a file is expected, .torrent files (and folders) for add")
    func zshFiles() throws {
        let folder = try makeFiles()
        #expect(try zsh("remission trust ca nas-home \(folder)/h") == ["home-ca.pem"])
        #expect(try zsh("remission check --netrc-file \(folder)/n") == ["notes.txt"])
        #expect(try zsh("remission list --ca-file \(folder)/") == ["a.torrent", "home-ca.pem", "notes.txt", "sub"])
        #expect(try zsh("remission add \(folder)/") == ["a.torrent", "sub"])
    }

    @Test("fish: files where a file is expected, .torrent files for add")
    func fishFiles() throws {
        let folder = try makeFiles()
        #expect(
            try fish("remission trust ca nas-home \(folder)/h") == "remission trust ca nas-home \(folder)/home-ca.pem ")
        #expect(
            try fish("remission check --netrc-file \(folder)/n") == "remission check --netrc-file \(folder)/notes.txt ")
        #expect(try fish("remission add \(folder)/a") == "remission add \(folder)/a.torrent ")
        #expect(try fish("remission add \(folder)/n") == "remission add \(folder)/n")
    }

    /// A folder with a .torrent, a text file, a PEM file and a subfolder; one saved server.
    func makeFiles() throws -> String {
        let folder = home.directory + "/files"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        for name in ["a.torrent", "notes.txt", "home-ca.pem"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
        }
        try home.saveOfflineServers(["nas-home"])
        return folder
    }
}
