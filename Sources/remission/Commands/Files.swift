import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission files ID [--priority high|normal|low|skip INDEXES] [--skip INDEXES] [--get INDEXES]`.
    struct Files: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "files",
            abstract: tr("List a torrent's files, or choose which to download and with what priority."),
            discussion: tr(
                """
                INDEXES are the 0-based numbers the listing shows: all, or a list such as 0,2,4-6. \
                An index out of range is an error and nothing is changed.

                Examples:
                  remission files 3
                  remission files 3 --skip 0,2
                  remission files 3 --get all
                  remission files 3 --priority high 1
                  remission files 3 --priority low 4-6 --skip 0
                """))

        @Argument(help: .tr("The torrent: an id or a 40-character info hash."))
        var id: String

        @Argument(help: .tr("The files --priority applies to (all, or 0,2,4-6)."))
        var indexes: String?

        @OptionGroup(title: tr("Files options")) var own: OwnOptions

        @OptionGroup var connection: TorrentConnectionOptions

        // Shorthands for the options in `own`.
        var priority: PriorityChoice? { own.priority }
        var skip: String? { own.skip }
        var get: String? { own.get }

        enum PriorityChoice: String, ExpressibleByArgument, CaseIterable {
            case high, normal, low, skip
        }

        func validate() throws {
            _ = try Info.reference(id)
            if priority != nil, indexes == nil {
                throw ValidationError(CommandText.priorityNeedsFiles)
            }
            if priority == nil, indexes != nil {
                throw ValidationError(CommandText.priorityBeforeIndexes(indexes!))
            }
            for text in [indexes, skip, get].compactMap({ $0 }) {
                do { _ = try FileIndexes.parse(text) } catch {
                    throw ValidationError(FailureText.fileIndexesReason(error))
                }
            }
        }

        var isChange: Bool { priority != nil || skip != nil || get != nil }

        func run() throws {
            let selection = try Info.reference(id)
            try connection.lookUp(selection, fields: [.files, .fileStats]) { context, session, lookup in
                guard var torrent = lookup.found.first else { return }
                if isChange {
                    let (changes, report) = try plan(fileCount: torrent.files?.count ?? 0, torrent: torrent.id)
                    try session.run { client throws(RPCError) in try client.torrentSet(.id(torrent.id), changes) }
                    report.forEach { print(TorrentText.fileChange($0, of: torrent)) }
                    let reread = try session.run { client throws(RPCError) in
                        try TorrentLookup.find(.id(torrent.id), fields: [.files, .fileStats], client: client)
                    }
                    guard let updated = reread.found.first else { return }
                    torrent = updated
                }
                print(TorrentText.files(torrent).joined(separator: "\n"))
            }
        }

        /// The `torrent-set` changes and a line per change; an index out of range fails before sending.
        func plan(fileCount: Int, torrent: Int) throws -> (TorrentChanges, [FileChange]) {
            func resolve(_ text: String) throws -> [Int] {
                do { return try FileIndexes.parse(text).resolve(count: fileCount, torrent: torrent) } catch {
                    throw Failure(.fileIndexes(error))
                }
            }
            var changes = TorrentChanges()
            var report: [FileChange] = []
            if let priority, let indexes {
                let chosen = try resolve(indexes)
                switch priority {
                case .high: changes.priorityHigh = chosen
                case .normal: changes.priorityNormal = chosen
                case .low: changes.priorityLow = chosen
                case .skip: changes.filesUnwanted = chosen
                }
                switch priority {
                case .high: report.append(.priority(.high, chosen))
                case .normal: report.append(.priority(.normal, chosen))
                case .low: report.append(.priority(.low, chosen))
                case .skip: report.append(.skipping(chosen))
                }
            }
            if let skip {
                let chosen = try resolve(skip)
                changes.filesUnwanted = (changes.filesUnwanted ?? []) + chosen
                report.append(.skipping(chosen))
            }
            if let get {
                let chosen = try resolve(get)
                changes.filesWanted = chosen
                report.append(.getting(chosen))
            }
            return (changes, report)
        }
    }
}

extension RemissionCommand.Files {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(
            help: ArgumentHelp(
                tr("Set the priority of the files INDEXES (skip: do not download them)."),
                valueName: "priority"))
        var priority: PriorityChoice?

        @Option(help: ArgumentHelp(tr("Do not download these files (all, or 0,2,4-6)."), valueName: "indexes"))
        var skip: String?

        @Option(help: ArgumentHelp(tr("Download these files (all, or 0,2,4-6)."), valueName: "indexes"))
        var get: String?
    }
}
