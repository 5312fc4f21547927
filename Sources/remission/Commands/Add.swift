import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission add FILE|MAGNET|URL… [--download-dir D] [--paused] [--label L]…`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "add",
            abstract: "Add torrents: .torrent files, magnet links or http(s) URLs of .torrent files.",
            discussion: """
                Local .torrent files are read and checked before anything is sent; their contents go to the
                server. Magnet links and URLs are passed to the server, which fetches them. Each argument
                prints `added ID NAME` or `already present ID NAME` (a duplicate is not an error). With
                several arguments, a failed one does not stop the others; the exit code is then the worst
                one met and a summary follows.

                Examples:
                  remission add ~/Downloads/debian.iso.torrent
                  remission add 'magnet:?xt=urn:btih:…' --paused --label linux
                  remission add a.torrent b.torrent --download-dir /srv/media
                """)

        @Argument(help: "Files, magnet: links or http(s):// URLs.")
        var sources: [String]

        @Option(name: .customLong("download-dir"), help: "Where the server stores the data (a path on the server).")
        var downloadDir: String?

        @Flag(help: "Add without starting.")
        var paused = false

        @Option(name: .customLong("label"), help: "A label for the added torrents. Repeatable.")
        var labels: [String] = []

        @OptionGroup var connection: TorrentConnectionOptions

        func validate() throws {
            if sources.isEmpty {
                throw ValidationError("Give at least one .torrent file, magnet: link or http(s):// URL.")
            }
            if let label = labels.first(where: { $0.contains(",") || $0.isEmpty }) {
                throw ValidationError("Label \"\(label)\" is empty or contains a comma; labels cannot.")
            }
        }

        func run() throws {
            var failures: [FailedArgument] = []
            var loaded: [(String, TorrentSource)] = []
            for argument in sources {
                switch TorrentSourceFile.load(argument) {
                case .success(let source): loaded.append((argument, source))
                case .failure(let failure):
                    printError("remission: " + failure.message)
                    failures.append(FailedArgument(argument, failure))
                }
            }
            var addedCount = 0
            if !loaded.isEmpty {
                let (_, session) = try connection.open()
                for (argument, source) in loaded {
                    let result: TorrentAddResult
                    do {
                        result = try session.client.torrentAdd(
                            source, downloadDir: downloadDir, paused: paused ? true : nil, labels: labels)
                    } catch {
                        let failure = session.target.failure(error)
                        guard case .rpcFailure = error else { throw failure }  // offline, trust, auth: stop here
                        printError("remission: \(argument): " + failure.message)
                        failures.append(FailedArgument(argument, failure))
                        continue
                    }
                    addedCount += 1
                    print(TorrentText.added(result))
                }
            }
            guard !failures.isEmpty else { return }
            let partial = Failure(.local(.partialAdd(succeeded: addedCount, total: sources.count, failed: failures)))
            if sources.count > 1 { throw partial }
            throw ExitCode(partial.status.rawValue)
        }
    }
}
