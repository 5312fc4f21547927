import ArgumentParser
import RemissionModel
import RemissionViews
import Testing

@testable import remission

/// Command lines parsed in process: the direct parse (the subcommand alone, for start-up time) must
/// give what the root's parse gives, and leave everything it cannot parse to the root.
@Suite("Command lines (parseAsRoot)")
struct CommandLineTests {
    static let valid: [[String]] = [
        ["servers"], ["servers", "list", "--json"], ["servers", "default", "nas"],
        ["list"], ["list", "nas", "--status", "downloading", "--sort", "eta", "--reverse"],
        ["list", "--status", "idle"],
        ["list", "--server", "https://nas:8443", "--ca-file", "ca.pem", "--pin", "sha256//x", "-v"],
        ["check", "--all", "--json"], ["check", "nas", "box", "--timeout", "5"],
        ["add", "a.torrent", "magnet:?xt=urn:btih:abc", "--paused", "--label", "iso"],
        ["start", "1,3,5-7"], ["stop", "all"], ["verify", "active"], ["reannounce", "2"],
        ["remove", "4", "--delete-data", "--yes"], ["info", "4", "--files", "--trackers", "--peers"],
        ["files", "4", "--priority", "high", "1-3"], ["session", "--down-limit", "500"], ["stats", "--json"],
        ["watch", "--interval", "2"], ["trust", "show", "nas"], ["trust", "pin", "nas", "--current"],
        ["trust", "http", "nas", "--acknowledge"], ["credentials", "status", "nas"],
        ["connect", "https://nas:8443", "--name", "nas", "--user", "admin", "--password-stdin"],
    ]

    @Test("the direct parse gives the root's command, with the same options", arguments: valid)
    func sameCommand(arguments: [String]) throws {
        let root = try RemissionCommand.parseAsRoot(arguments)
        let direct = try #require(RemissionCommand.parseDirectly(arguments), "not parsed directly")
        #expect(type(of: direct) == type(of: root))
        #expect(String(describing: direct) == String(describing: root))
    }

    @Test(
        "help, version, completions, unknown commands and errors are left to the root",
        arguments: [
            ["list", "--help"], ["help", "list"], ["--version"], ["list", "--generate-completion-script", "bash"],
            ["lsit"], ["list", "--status", "sleeping"], ["servers", "lst"], ["check", "--watch", "0"],
            ["list", "--timeout", "-1"], [],
        ])
    func leftToTheRoot(arguments: [String]) {
        #expect(RemissionCommand.parseDirectly(arguments) == nil)
    }

    static let usageErrors: [[String]] = [
        ["list", "--frob"], ["list", "--status", "sleeping"], ["servers", "lst"], ["check", "--watch", "0"],
        ["list", "--timeout", "-1"], ["list", "--dht"], ["files", "1", "--foo", "high"], ["files", "1", "high"],
        ["set", "1", "--label", ""], ["trust", "show", "--frob"], ["trust", "pin", "nas", "--frob"],
        ["remove", "3", "--delete-dat"], ["list", "a", "b"], ["session", "--down-limit", "x"], ["move", "1"],
        ["queue", "1", "sideways"], ["watch", "--interval", "0"], ["list", "--sort"], ["servers", "remove"],
        ["list", "-x"], ["stats", "-asd", "5"], ["blocklist", "frob"], ["groups", "set"],
        ["credentials", "set", "--frob"], ["log", "--since", "x"], ["trust", "show", "nas", "--current"],
    ]

    @Test("a usage error of the direct parse is the root's, word for word, and its exit code", arguments: usageErrors)
    func directRefusal(arguments: [String]) throws {
        guard case .refused(let refusal) = RemissionCommand.directParse(arguments) else {
            Issue.record("not refused by the direct parse")
            return
        }
        do {
            _ = try RemissionCommand.parseAsRoot(arguments)
            Issue.record("the root parsed it")
        } catch {
            #expect(refusal.message == RemissionCommand.fullMessage(for: error))
            #expect(RemissionCommand.exitCode(for: error) == .validationFailure)
        }
    }

    @Test("a command typed alone that needs arguments is left to the root (its short usage, not its help)")
    func aloneLeftToRoot() {
        for command in ["set", "add", "info", "connect", "move"] {
            guard case .root = RemissionCommand.directParse([command]) else {
                Issue.record("\(command) not left to the root")
                continue
            }
        }
    }

    @Test("a parsed list command carries its options")
    func listOptions() throws {
        let command = try #require(
            RemissionCommand.parseDirectly(["list", "nas", "--status", "seeding", "--sort", "ratio", "--json"])
                as? RemissionCommand.List)
        #expect(command.name == "nas")
        #expect(command.query.status == .seeding)
        #expect(command.query.sort == .ratio)
        #expect(command.json)
        #expect(!command.query.reverse)
    }
}

@Suite("Global options first, did you mean (issue 15)")
struct CommandLineWordsTests {
    @Test(
        "global options before the command move after it (before a --), and the direct parse takes them",
        arguments: [
            (["-v", "list", "nas"], ["list", "nas", "-v"]),
            (["--timeout", "5", "--server", "nas", "list"], ["list", "--timeout", "5", "--server", "nas"]),
            (["--server=nas", "--no-color", "check"], ["check", "--server=nas", "--no-color"]),
            (["-v", "servers", "list", "--json"], ["servers", "list", "--json", "-v"]),
            (["--verbose", "add", "--", "-odd.torrent"], ["add", "--verbose", "--", "-odd.torrent"]),
        ])
    func hoisted(arguments: [String], expected: [String]) throws {
        #expect(RemissionCommand.hoistingGlobalOptions(arguments) == expected)
        let direct = try #require(RemissionCommand.parseDirectly(expected), "\(expected)")
        #expect(String(describing: direct) == String(describing: try RemissionCommand.parseAsRoot(expected)))
    }

    @Test(
        "nothing moves without a command after the options, or when the command comes first",
        arguments: [
            ["-v"], ["--timeout"], ["--timeout", "5"], ["list", "-v"], ["-v", "--help"], ["-x", "list"], [],
        ])
    func unchanged(arguments: [String]) {
        #expect(RemissionCommand.hoistingGlobalOptions(arguments) == arguments)
    }

    @Test("a word that names no command gets the nearest commands; commands, help and options get nothing")
    func suggestions() throws {
        let lsit = try #require(RemissionCommand.unknownCommand(["lsit"]))
        #expect(lsit.contains("Did you mean 'list'?"))
        #expect(try #require(RemissionCommand.unknownCommand(["chek", "nas"])).contains("'check'"))
        #expect(try #require(RemissionCommand.unknownCommand(["serv"])).contains("'servers'"))
        // Only the nearest: `set` (two edits, and it changes settings) is not offered for `lsit`.
        #expect(!lsit.contains("'set'"))
        #expect(try #require(RemissionCommand.unknownCommand(["sett"])).contains("Did you mean 'set'?"))
        #expect(try #require(RemissionCommand.unknownCommand(["zzzzzz"])).contains("Did you mean") == false)
        for known in [["list"], ["help", "list"], ["--version"], ["-v", "list"], []] {
            #expect(RemissionCommand.unknownCommand(known) == nil, "\(known)")
        }
        #expect(RemissionCommand.editDistance("lsit", "list") == 1)
        #expect(RemissionCommand.editDistance("frob", "stop") == 3)
        // help of a word that names no command: the same error (exit 2), not the whole help.
        #expect(try #require(RemissionCommand.unknownCommand(["help", "chek"])).contains("Did you mean 'check'?"))
        #expect(try #require(RemissionCommand.unknownCommand(["help", "trust", "shwo"])).contains("'show'"))
        for known in [
            ["help"], ["help", "check"], ["help", "trust", "show"], ["help", "check", "nas"], ["help", "help"],
        ] {
            #expect(RemissionCommand.unknownCommand(known) == nil, "\(known)")
        }
        #expect(RemissionCommand.editDistance("stauts", "stats") == 1)
    }

    @Test("mv proposes move, never remove; a deleting command never for a typo, only for its start")
    func noDeletingSuggestion() throws {
        let mv = try #require(RemissionCommand.unknownCommand(["mv", "3", "/srv"]))
        #expect(mv.contains("Did you mean 'move'?"), "\(mv)")
        for word in [
            "mv", "mve", "rmve", "moev", "ove", "mover", "queu", "trakers", "renam", "remote", "remve", "rmeove",
        ] {
            let message = try #require(RemissionCommand.unknownCommand([word]))
            #expect(!message.contains("'remove'"), "\(word): \(message)")
        }
        let remote = try #require(RemissionCommand.unknownCommand(["remote", "1"]))
        #expect(!remote.contains("Did you mean"), "\(remote)")
        #expect(try #require(RemissionCommand.unknownCommand(["help", "mv"])).contains("'move'"))
        #expect(try #require(RemissionCommand.unknownCommand(["tracker", "3"])).contains("'trackers'"))
        #expect(try #require(RemissionCommand.unknownCommand(["remo"])).contains("'remove'"))
        // After help, a proposal only shows a help text: a deleting command may be proposed.
        #expect(try #require(RemissionCommand.unknownCommand(["help", "trust", "forgt"])).contains("'forget'"))
        #expect(try #require(RemissionCommand.unknownCommand(["help", "remote"])).contains("'remove'"))
        for known in [["move"], ["rename"], ["trackers"], ["queue"]] {
            #expect(RemissionCommand.unknownCommand(known) == nil, "\(known)")
        }
    }

    @Test(
        "other tools' words get their Remission command, alone (resume was answered 'rename', limit 'list')",
        arguments: [
            ("pause", ["stop"]), ("resume", ["start"]), ("rm", ["remove"]), ("del", ["remove"]),
            ("delete", ["remove"]), ("ls", ["list"]), ("label", ["set --label"]), ("labels", ["set --label"]),
            ("limit", ["set --down-limit", "set --up-limit"]), ("mv", ["move"]), ("ren", ["rename"]),
            ("Pause", ["stop"]),
        ])
    func synonyms(word: String, commands: [String]) throws {
        let message = try #require(RemissionCommand.unknownCommand([word, "3"]))
        let quoted = commands.map { "'\($0)'" }.joined(separator: " or ")
        #expect(message.contains("Did you mean \(quoted)?"), "\(message)")
        #expect(message.components(separatedBy: "'").count == 2 * commands.count + 3, "only these: \(message)")
        #expect(try #require(RemissionCommand.unknownCommand(["help", word])).contains("Did you mean \(quoted)?"))
    }

    @Test("the first option the named command does not take, whatever its own checks say")
    func unknownOptions() {
        #expect(UnknownOptions.first(in: ["files", "1", "--foo", "high"]) == "--foo")
        #expect(UnknownOptions.first(in: ["trust", "pin", "nas", "--currnet"]) == "--currnet")
        #expect(UnknownOptions.first(in: ["list", "-v", "--status=seeding", "--timeout", "-1"]) == nil)
        #expect(UnknownOptions.first(in: ["files", "1", "high", "--priority", "low", "--server", "nas"]) == nil)
        #expect(UnknownOptions.first(in: ["add", "--", "--odd.torrent"]) == nil)
        #expect(UnknownOptions.first(in: ["list", "-vh"]) == nil)
        let message = "Error: Give --priority before the indexes high.\nUsage: remission files\n  See …"
        #expect(
            UnknownOptions.naming("--foo", in: message)
                == "Error: Unknown option '--foo'.\nUsage: remission files\n  See …")
    }
}

@Suite("Command table")
struct CommandTableTests {
    @Test("every top-level command is found by name for the direct parse, and nothing else")
    func table() {
        for command in RemissionCommand.configuration.subcommands {
            let name = command.configuration.commandName ?? ""
            #expect(RemissionCommand.directCommand(named: name) == command, "\(name)")
        }
        #expect(RemissionCommand.directCommand(named: "help") == nil)
        #expect(RemissionCommand.directCommand(named: "lsit") == nil)
    }
}

@Suite("Issue 13: stats, session and --server")
struct StatsAndSessionCommandLineTests {
    @Test("a ratio with uploads and no downloads is Inf, as transmission-remote shows it; none at all is None")
    func infiniteRatio() {
        var totals = SessionStats.Totals()
        totals.uploadedBytes = 1000
        #expect(StatsView.ratio(totals) == .infinity)
        #expect(Units.ratio(StatsView.ratio(totals) ?? -1) == "Inf")
        #expect(StatsView.ratio(SessionStats.Totals()) == nil)
    }

    @Test("session and stats take a positional server name or URL, like list and check")
    func positionalServer() throws {
        let stats = try #require(RemissionCommand.parseDirectly(["stats", "nas"]) as? RemissionCommand.Stats)
        #expect(stats.name == "nas")
        let session = try #require(
            RemissionCommand.parseDirectly(["session", "https://nas:8443", "--down-limit", "5"])
                as? RemissionCommand.Session)
        #expect(session.name == "https://nas:8443")
    }
}
