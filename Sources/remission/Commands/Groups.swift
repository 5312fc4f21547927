import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission groups [list|set NAME …]`: bandwidth groups (Transmission 4.0+).
    struct Groups: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "groups",
            abstract: tr("List bandwidth groups or change one (Transmission 4.0 and later)."),
            discussion: tr(
                """
                The torrents of a bandwidth group share its speed limits; put a torrent in one with \
                `remission set IDS --group NAME`. A daemon older than 4.0 has no groups (exit 6).

                Examples:
                  remission groups
                  remission groups set slow --down-limit 200 --up-limit 50 --honor-session on
                  remission groups set slow --down-limit off
                """),
            subcommands: [List.self, SetGroup.self],
            defaultSubcommand: List.self)
    }
}

extension RemissionCommand.Groups {
    /// `remission groups list [NAME] [--json]`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: tr("List the bandwidth groups: speed limits and whether session limits apply too."),
            usage: "remission groups list [<options>] [<name>]",
            discussion: tr(
                """
                --json prints {"groups": [{"name", "speedLimitDown": {"kBps", "enabled"}, "speedLimitUp": \
                {"kBps", "enabled"}, "honorsSessionLimits"}]}.
                """))

        @Flag(help: .tr("Print the groups as one JSON object."))
        var json = false

        @Argument(
            help: .tr("A saved server name or URL (default: --server or the default server)."), completion: .savedServer
        )
        var name: String?

        @OptionGroup var connection: TorrentConnectionOptions

        func run() throws {
            let (context, session) = try connection.open(server: name)
            defer { context.offerToStorePassword(after: session) }
            try session.require(.bandwidthGroups)
            let groups = try session.run { client throws(RPCError) in try client.groupGet() }
            let view = GroupsView(groups: groups)
            print(json ? view.jsonValue().serializedString() : view.text(on: context.terminal))
        }
    }

    /// `remission groups set GROUP [--down-limit KBPS|off] [--up-limit KBPS|off] [--honor-session on|off]`.
    struct SetGroup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: tr("Change a bandwidth group's speed limits; a group not there yet is created."),
            usage: "remission groups set <group> [<options>]",
            discussion: tr(
                """
                Prints the group as the daemon reports it afterwards.

                Examples:
                  remission groups set slow --down-limit 200 --up-limit 50
                  remission groups set slow --up-limit off --honor-session off --server nas
                """))

        @Argument(help: .tr("The bandwidth group to change."))
        var group: String

        @OptionGroup(title: tr("Group options")) var own: OwnOptions

        @OptionGroup var connection: TorrentConnectionOptions

        func validate() throws { _ = try changes() }

        /// The `group-set` the options ask for; a `ValidationError` (exit 2) before anything is sent.
        func changes() throws -> GroupChanges {
            let name = String(group.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            guard !name.isEmpty, !name.contains(where: { $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true })
            else { throw ValidationError(CommandText.badGroupName(group)) }
            var changes = GroupChanges(name: name)
            typealias Options = RemissionCommand.Session.OwnOptions
            if let downLimit = own.downLimit {
                let limit = try Options.parseLimit(downLimit, option: "--down-limit")
                (changes.speedLimitDownEnabled, changes.speedLimitDown) = (limit != nil, limit)
            }
            if let upLimit = own.upLimit {
                let limit = try Options.parseLimit(upLimit, option: "--up-limit")
                (changes.speedLimitUpEnabled, changes.speedLimitUp) = (limit != nil, limit)
            }
            changes.honorsSessionLimits = try own.honorSession.map { try Options.onOff($0, "--honor-session") }
            guard !changes.isEmpty else { throw ValidationError(CommandText.groupSetNeedsChange) }
            return changes
        }

        func run() throws {
            let changes = try changes()
            let (context, session) = try connection.open()
            defer { context.offerToStorePassword(after: session) }
            try session.require(.bandwidthGroups)
            let groups = try session.run { client throws(RPCError) -> [BandwidthGroup] in
                try client.groupSet(changes)
                return try client.groupGet(names: [changes.name])
            }
            let view = GroupsView(groups: groups)
            print(own.json ? view.jsonValue().serializedString() : view.text(on: context.terminal, changed: true))
        }
    }
}

extension RemissionCommand.Groups.SetGroup {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(
            name: .customLong("down-limit"), parsing: .unconditional,
            help: ArgumentHelp(tr("The group's download limit in kB/s, or off."), valueName: "kbps|off"))
        var downLimit: String?

        @Option(
            name: .customLong("up-limit"), parsing: .unconditional,
            help: ArgumentHelp(tr("The group's upload limit in kB/s, or off."), valueName: "kbps|off"))
        var upLimit: String?

        @Option(
            name: .customLong("honor-session"), parsing: .unconditional,
            help: ArgumentHelp(
                tr("Whether the session's speed limits apply to the group's torrents too."), valueName: "on|off"))
        var honorSession: String?

        @Flag(help: .tr("Print the group as one JSON object."))
        var json = false
    }
}
