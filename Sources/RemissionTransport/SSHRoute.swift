import RemissionModel

/// A server reached through the user's own `ssh -W HOST:PORT` (`connect URL --via ssh://…`): the
/// URL's host and port as the SSH host sees them. OpenSSH's `~/.ssh/config`, agent, ProxyJump and
/// known_hosts all apply; host-key checking is never weakened.
public struct SSHRoute: Sendable, Equatable {
    public var destination: SSHDestination

    public init(destination: SSHDestination) { self.destination = destination }

    /// The environment variable that names the ssh command, as git's GIT_SSH_COMMAND: words split
    /// as a shell would split them (quotes and backslashes), but never run through a shell.
    public static let commandVariable = "REMISSION_SSH_COMMAND"

    /// The ssh command's words: `REMISSION_SSH_COMMAND` split (`commandWords`), else `ssh`.
    public static func command(environment: [String: String]) -> [String] {
        let words = environment[commandVariable].map(commandWords) ?? []
        return words.isEmpty ? ["ssh"] : words
    }

    /// ssh's whole command line for a channel to `host:port` (an IPv6 host without brackets).
    ///
    /// - `BatchMode=yes` always: ssh never asks anything (a passphrase, an unknown host key) in the
    ///   middle of remission's own output, `watch`'s screen or `check --all`'s threads; it fails, and
    ///   `check` says how to settle it with ssh itself.
    /// - `LogLevel=VERBOSE`: its "Authenticated to" line tells a hung login from a hung daemon.
    /// - `ConnectTimeout`: ssh's own TCP connect and banner in the connect limit, so it names a timeout.
    /// - `ControlMaster=no`: an existing master (ControlPath) is used, none is started, so nothing
    ///   of ours stays behind (ControlPersist would keep one running).
    /// - `-W` implies `-N`, `-T`, `ExitOnForwardFailure` and `ClearAllForwardings`.
    /// - Nothing about host keys: StrictHostKeyChecking and UserKnownHostsFile stay the user's.
    /// - `--` before the host, which `SSHDestination.parse` already keeps from starting with `-`.
    public func arguments(command: [String], host: String, port: Int, connectTimeoutSeconds: Double) -> [String] {
        let target = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        let seconds = max(1, Int(connectTimeoutSeconds.rounded(.up)))
        var words = command
        words += ["-o", "BatchMode=yes", "-o", "LogLevel=VERBOSE", "-o", "ConnectTimeout=\(seconds)"]
        words += ["-o", "ControlMaster=no", "-W", target]
        if let port = destination.port { words += ["-p", String(port)] }
        if let user = destination.user { words += ["-l", user] }
        return words + ["--", destination.host]
    }

    /// `text` split into words as a POSIX shell splits a simple command, without expanding anything:
    /// blanks separate words; single quotes keep everything; double quotes keep everything but `\"`
    /// and `\\`; a backslash outside quotes keeps the next character. An unclosed quote ends at the end.
    public static func commandWords(_ text: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                if quote == "\"", character != "\"", character != "\\" { word.append("\\") }
                word.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                word.append(character)
            case (_, "\\"):
                escaped = true
                inWord = true
            case ("\"", _):
                word.append(character)
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case (nil, " "), (nil, "\t"), (nil, "\n"):
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
