/// transmission-remote's options and what does the same in Remission: one table, read by the
/// message for an unknown option (`--dht` typed to any command names `remission session --dht on|off`
/// instead of a near option that changes something else) and checked against README's
/// "From transmission-remote" table.
public struct RemoteOptionEquivalent: Sendable, Equatable {
    /// Whom a Remission equivalent changes, when transmission-remote's option means both (`-d` with
    /// `-t` limits torrents, without it the session).
    public enum Scope: Sendable, Equatable {
        case torrents, session
    }

    /// The short and long names, e.g. `["-d", "--downlimit"]`.
    public var names: [String]
    /// The Remission command lines that do it, e.g. `remission set IDS --down-limit KBPS`.
    public var remission: [(command: String, scope: Scope?)]
    /// Whether README has this entry's own row, written as `readmeRows` writes it (per-torrent
    /// options and commands); a session option shares a merged row (`-o` / `-O`, `--dht` / `--no-dht`).
    public var ownRow: Bool

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.names == rhs.names && lhs.ownRow == rhs.ownRow
            && lhs.remission.map(\.command) == rhs.remission.map(\.command)
            && lhs.remission.map(\.scope) == rhs.remission.map(\.scope)
    }
}

public enum TransmissionRemoteOptions {
    private static func torrent(_ names: [String], _ command: String) -> RemoteOptionEquivalent {
        RemoteOptionEquivalent(names: names, remission: [(command, nil)], ownRow: true)
    }
    /// A command, or a connection option, with its own README row; several ways are alternatives.
    private static func command(_ names: [String], _ ways: String...) -> RemoteOptionEquivalent {
        RemoteOptionEquivalent(names: names, remission: ways.map { ($0, nil) }, ownRow: true)
    }
    private static func both(_ names: [String], _ torrents: String, _ session: String) -> RemoteOptionEquivalent {
        RemoteOptionEquivalent(names: names, remission: [(torrents, .torrents), (session, .session)], ownRow: true)
    }
    /// An entry without a row of its own as `readmeRows` writes it: a session option in a merged row
    /// (`-o` / `-O`, `--dht` / `--no-dht`), or a row with more words; several ways are alternatives.
    private static func merged(_ names: [String], _ ways: String...) -> RemoteOptionEquivalent {
        RemoteOptionEquivalent(names: names, remission: ways.map { ($0, nil) }, ownRow: false)
    }

    /// The table: per-torrent options first, then session options, then commands and connection
    /// options; every name of README's "From transmission-remote" table but Remission's own options
    /// (`-h`/`--help`, `-u` `--user`, `-v` `--verbose`, `--json`, `--netrc`), which keep their meaning
    /// where a command has them. Left out: `--exit` (README says why).
    public static let table: [RemoteOptionEquivalent] = [
        torrent(["-bwg", "--bandwidth-group"], "remission set IDS --group NAME"),  // verbatim
        torrent(["-Bh", "--bandwidth-high"], "remission set IDS --bandwidth-priority high"),  // verbatim
        torrent(["-Bl", "--bandwidth-low"], "remission set IDS --bandwidth-priority low"),  // verbatim
        torrent(["-Bn", "--bandwidth-normal"], "remission set IDS --bandwidth-priority normal"),  // verbatim
        both(
            ["-d", "--downlimit"], "remission set IDS --down-limit KBPS",  // verbatim
            "remission session --down-limit KBPS"),  // verbatim
        torrent(["-hl", "--honor-session"], "remission set IDS --honor-session on"),  // verbatim
        torrent(["-isl", "--idle-seeding-limit"], "remission set IDS --seed-idle MINUTES"),  // verbatim
        torrent(["-isld", "--default-idle-seeding-limit"], "remission set IDS --seed-idle global"),  // verbatim
        torrent(["-L", "--labels"], "remission set IDS --label L…"),  // verbatim
        torrent(["-nwg", "--no-bandwidth-group"], "remission set IDS --group none"),  // verbatim
        both(
            ["-D", "--no-downlimit"], "remission set IDS --down-limit off",  // verbatim
            "remission session --down-limit off"),  // verbatim
        torrent(["-HL", "--no-honor-session"], "remission set IDS --honor-session off"),  // verbatim
        torrent(["-ISL", "--no-idle-seeding-limit"], "remission set IDS --seed-idle unlimited"),  // verbatim
        torrent(["-SR", "--no-seedratio"], "remission set IDS --seed-ratio unlimited"),  // verbatim
        torrent(["-SEQ", "--no-sequential-download"], "remission set IDS --sequential off"),  // verbatim
        both(
            ["-U", "--no-uplimit"], "remission set IDS --up-limit off",  // verbatim
            "remission session --up-limit off"),  // verbatim
        both(
            ["-pr", "--peers"], "remission set IDS --peer-limit N",  // verbatim
            "remission session --peer-limit N"),  // verbatim
        torrent(["-sr", "--seedratio"], "remission set IDS --seed-ratio RATIO"),  // verbatim
        torrent(["-srd", "--seedratio-default"], "remission set IDS --seed-ratio global"),  // verbatim
        torrent(["-seq", "--sequential-download"], "remission set IDS --sequential on"),  // verbatim
        both(
            ["-u", "--uplimit"], "remission set IDS --up-limit KBPS",  // verbatim
            "remission session --up-limit KBPS"),  // verbatim
        // Session options: named for the message; their README rows are merged (`-o` / `-O`, …).
        merged(["-as", "--alt-speed"], "remission session --alt-speed on"),  // verbatim
        merged(["-AS", "--no-alt-speed"], "remission session --alt-speed off"),  // verbatim
        merged(["-o", "--dht"], "remission session --dht on"),  // verbatim
        merged(["-O", "--no-dht"], "remission session --dht off"),  // verbatim
        merged(["-y", "--lpd"], "remission session --lpd on"),  // verbatim
        merged(["-Y", "--no-lpd"], "remission session --lpd off"),  // verbatim
        merged(["-x", "--pex"], "remission session --pex on"),  // verbatim
        merged(["-X", "--no-pex"], "remission session --pex off"),  // verbatim
        merged(["-p", "--port"], "remission session --peer-port PORT"),  // verbatim
        merged(["--utp"], "remission session --utp on"),  // verbatim
        merged(["--no-utp"], "remission session --utp off"),  // verbatim
        merged(["--alt-speed-days"], "remission session --alt-days all|weekdays|weekend|mon,tue,…"),  // verbatim
        merged(["-asd", "--alt-speed-downlimit"], "remission session --alt-down-limit N"),  // verbatim
        merged(["-asu", "--alt-speed-uplimit"], "remission session --alt-up-limit N"),  // verbatim
        merged(["-asc", "--alt-speed-scheduler"], "remission session --alt-schedule on"),  // verbatim
        merged(["-ASC", "--no-alt-speed-scheduler"], "remission session --alt-schedule off"),  // verbatim
        merged(["--alt-speed-time-begin"], "remission session --alt-begin HH:MM"),  // verbatim
        merged(["--alt-speed-time-end"], "remission session --alt-end HH:MM"),  // verbatim
        merged(["-e", "--cache"], "remission session --cache MB"),  // verbatim
        merged(["-er", "--encryption-required"], "remission session --encryption required"),  // verbatim
        merged(["-ep", "--encryption-preferred"], "remission session --encryption preferred"),  // verbatim
        merged(["-et", "--encryption-tolerated"], "remission session --encryption tolerated"),  // verbatim
        merged(["-gisl", "--global-idle-seeding-limit"], "remission session --seed-idle N"),  // verbatim
        merged(["-GISL", "--no-global-idle-seeding-limit"], "remission session --seed-idle off"),  // verbatim
        merged(["-gsr", "--global-seedratio"], "remission session --seed-ratio R"),  // verbatim
        merged(["-GSR", "--no-global-seedratio"], "remission session --seed-ratio off"),  // verbatim
        merged(["-c", "--incomplete-dir"], "remission session --incomplete-dir DIR"),  // verbatim
        merged(["-C", "--no-incomplete-dir"], "remission session --incomplete-dir off"),  // verbatim
        merged(["-m", "--portmap"], "remission session --port-forwarding on"),  // verbatim
        merged(["-M", "--no-portmap"], "remission session --port-forwarding off"),  // verbatim
        merged(["-P", "--random-port"], "remission session --random-port on"),  // verbatim
        merged(["--start-paused"], "remission session --start-added off"),  // verbatim
        merged(["--no-start-paused"], "remission session --start-added on"),  // verbatim
        merged(["--torrent-done-script"], "remission session --done-script FILE"),  // verbatim
        merged(["--no-torrent-done-script"], "remission session --done-script off"),  // verbatim
        merged(["--trash-torrent"], "remission session --trash-torrent on"),  // verbatim
        merged(["--no-trash-torrent"], "remission session --trash-torrent off"),  // verbatim
        // Commands and connection options, each with its own README row.
        command(["-a", "--add"], "remission add SOURCES"),  // verbatim
        command(["-b", "--debug"], "remission COMMAND --verbose"),  // verbatim
        command(["-f", "--files"], "remission info ID --files", "remission files ID"),  // verbatim
        command(["-g", "--get"], "remission files ID --get INDEXES"),  // verbatim

        command(["-i", "--info"], "remission info ID"),  // verbatim
        command(["-if", "--info-files"], "remission info ID --files", "remission files ID"),  // verbatim
        command(["-ip", "--info-peers"], "remission info ID --peers"),  // verbatim
        command(["-pi", "--peer-info"], "remission info ID --peers"),  // verbatim
        command(["-l", "--list"], "remission list"),  // verbatim
        command(["-n", "--auth"], "--user USER", "TR_AUTH=USER:PASSWORD"),  // verbatim
        command(["-ne", "--authenv"], "TR_AUTH=USER:PASSWORD"),  // verbatim
        command(["-N", "--netrc"], "--netrc-file FILE"),  // verbatim
        command(["-ph", "--priority-high"], "remission files ID --priority high INDEXES"),  // verbatim
        command(["-pl", "--priority-low"], "remission files ID --priority low INDEXES"),  // verbatim
        command(["-pn", "--priority-normal"], "remission files ID --priority normal INDEXES"),  // verbatim
        command(["--reannounce"], "remission reannounce IDS"),  // verbatim
        command(["-r", "--remove"], "remission remove IDS"),  // verbatim
        command(["-rad", "--remove-and-delete"], "remission remove IDS --delete-data"),  // verbatim
        command(["-si", "--session-info"], "remission session"),  // verbatim
        command(["-st", "--session-stats"], "remission stats"),  // verbatim
        command(["--ssl"], "https://HOST:PORT/transmission/rpc"),  // verbatim
        command(["-s", "--start"], "remission start IDS"),  // verbatim
        command(["-S", "--stop"], "remission stop IDS"),  // verbatim
        command(["-t", "--torrent"], "remission COMMAND IDS"),  // verbatim
        command(["--unix-socket"], "remission connect --unix-socket PATH"),  // verbatim
        // `-v` is Remission's --verbose: only the long name, in README's merged `-v` row.
        merged(["--verify"], "remission verify IDS"),  // verbatim
        command(["-V", "--version"], "remission --version"),  // verbatim
        // Commands whose README row says more than the command (a note in brackets, placeholders
        // in the names): named for the message, their rows written by hand.
        merged(["--blocklist-update"], "remission blocklist update"),  // verbatim
        merged(
            ["-w", "--download-dir"], "remission session --download-dir DIR",  // verbatim
            "remission add SOURCES --download-dir DIR"),  // verbatim
        merged(
            ["-F", "--filter"], "remission list --search TEXT", "--label LABEL",  // verbatim
            "--status STATE"),  // verbatim
        merged(
            ["-G", "--no-get"], "remission files ID --skip INDEXES",  // verbatim
            "remission add SOURCES --skip INDEXES"),  // verbatim
        merged(["--find"], "remission move IDS DIR --no-move"),  // verbatim
        merged(["-it", "--info-trackers"], "remission trackers ID"),  // verbatim
        merged(["-j"], "--json"),  // verbatim: --json itself is Remission's own
        merged(["-lg", "--list-groups"], "remission groups"),  // verbatim
        merged(["--move"], "remission move IDS DIR"),  // verbatim
        merged(["-pt", "--port-test"], "remission port-test"),  // verbatim
        merged(["--rename"], "remission rename ID NAME [--path PATH]"),  // verbatim
        merged(["-td", "--tracker-add"], "remission trackers ID --add URL"),  // verbatim
        merged(["-tr", "--tracker-remove"], "remission trackers ID --remove ID"),  // verbatim
    ]

    /// The entry for an option as typed (`--dht`, `-d`, `--downlimit=100`); nil when it is none of them.
    public static func equivalent(of option: String) -> RemoteOptionEquivalent? {
        let name = option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option
        return table.first { $0.names.contains(name) }
    }

    /// "Unknown option '--dht'. transmission-remote's --dht is, in Remission: remission session --dht on".
    public static func unknownOption(_ option: String, _ entry: RemoteOptionEquivalent) -> String {
        let name = TerminalText.safe(option.split(separator: "=", maxSplits: 1).first.map(String.init) ?? option)
        let ways = entry.remission.map { way in
            switch way.scope {
            case .torrents?: tr("\(way.command) (for torrents)")
            case .session?: tr("\(way.command) (for the session)")
            case nil: way.command
            }
        }
        return tr("Unknown option '\(name)'. transmission-remote's \(name) is, in Remission: ")
            + ways.joined(separator: tr(" or "))
    }

    /// README's rows for the entries with their own row, sorted by long name:
    /// "| `-d`, `--downlimit` | `remission set IDS …` |".
    public static var readmeRows: [String] {
        let entries = table.filter(\.ownRow).sorted { ($0.names.last ?? "") < ($1.names.last ?? "") }
        return entries.map { entry in
            let names = entry.names.map { "`\($0)`" }.joined(separator: ", ")
            let ways = entry.remission.map { way in
                switch way.scope {
                case .torrents?: "`\(way.command)` (torrents)"
                case .session?: "`\(way.command)` (session)"
                case nil: "`\(way.command)`"
                }
            }
            return "| \(names) | \(ways.joined(separator: " or ")) |"
        }
    }
}
