import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission rename ID NEWNAME [--path PATH] [--json]`: `torrent-rename-path`.
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "rename",
            abstract: tr("Rename a torrent, or a file or folder inside it, on the server's disk too."),
            discussion: tr(
                """
                Without --path the torrent itself is renamed (its top-level file or folder). --path names a \
                file or folder inside the torrent as `remission files ID` lists it; NEWNAME is its new last \
                component, never a path. The new name is printed as the daemon reports it. Needs \
                Transmission 2.80 or later.

                Examples:
                  remission rename 3 "Holiday 2025"
                  remission rename 3 notes.txt --path "Holiday 2025/readme.txt"
                  remission rename 3 Extras --path "Holiday 2025/bonus" --json
                """))

        @Argument(help: .tr("The torrent: an id or a 40-character info hash."))
        var id: String

        @Argument(help: .tr("The new name: one name, without /."))
        var newName: String

        @OptionGroup(title: tr("Rename options")) var own: OwnOptions

        @OptionGroup var connection: TorrentConnectionOptions

        func validate() throws {
            _ = try Info.reference(id)
            guard TorrentEditInput.isName(newName) else { throw ValidationError(TorrentText.badNewName(newName)) }
        }

        func run() throws {
            let selection = try Info.reference(id)
            try connection.lookUp(selection, fields: [.files]) { context, session, lookup in
                guard let torrent = lookup.found.first else { return }
                try RenamePlan.requireSupport(
                    rpcVersion: try session.run { client throws(RPCError) in try client.knownRPCVersion() })
                let path = try RenamePlan.path(own.path, in: torrent)
                let reply = try session.run { client throws(RPCError) in
                    try client.torrentRenamePath(id: torrent.id, path: path, name: newName)
                }
                if own.json {
                    print(TorrentText.renameJSON(reply).serializedString())
                } else {
                    print(TorrentText.renamed(reply, from: path))
                }
            }
        }
    }
}

extension RemissionCommand.Rename {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                tr("The file or folder to rename, as `remission files` lists it (default: the torrent's name)."),
                valueName: "path"))
        var path: String?

        @Flag(help: .tr("Print the daemon's answer (id, path, name) as one JSON object."))
        var json = false
    }
}
