import ArgumentParser
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionViews

extension RemissionCommand {
    /// `remission add FILE|MAGNET|URL… [--download-dir D] [--paused] [--label L]… [--skip|--only FILES]…`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "add",
            abstract: tr("Add torrents: .torrent files, magnet links or http(s) URLs of .torrent files."),
            discussion: tr(
                """
                Local .torrent files are read and checked before anything is sent; their contents go to the \
                server. Magnet links and URLs are passed to the server, which fetches them. Each argument \
                prints `added ID NAME` or `already present ID NAME` (a duplicate is not an error). With \
                several arguments, a failed one does not stop the others; the exit code is then the worst \
                one met and a summary follows.

                --skip FILES leaves these files out, --only FILES downloads these alone (transmission-remote's \
                -a … -G): indexes as `remission files ID` lists them (0,2,4-6) or names, shell patterns \
                matched against a file's path or its last part ('*.nfo', 'Sample/*'); repeatable. The \
                choice is made before anything is downloaded: a .torrent file's list is read here and \
                checked before anything is sent; a URL's torrent is added paused, chosen, then started \
                as it would have been; a magnet link is added running (its peers send the file list \
                only then), the list awaited for --timeout and the choice applied as soon as it comes \
                (--paused is refused with a magnet). An index or a name that fits no file adds nothing. \
                A torrent already present keeps its files as they are.

                --json prints one line: {"server": string or null, "added", "duplicates", "failed": \
                counts, "results": [...]} with, for each argument in order, {"source": the argument, \
                "result": "added|duplicate|failed", "id": int, "hash": 40-hex string, "name": string, \
                and with --skip/--only "skipped": [index] and "fileCount": int}, or for a failure \
                {"source", "result": "failed", "error": string, "exitStatus": int}. \
                Errors are still written on stderr; the exit code is the same as without --json. An \
                offline server, a refused certificate or a failed login stops the command before any \
                JSON is printed.

                Examples:
                  remission add ~/Downloads/debian.iso.torrent
                  remission add 'magnet:?xt=urn:btih:…' --paused --label linux
                  remission add a.torrent b.torrent --download-dir /srv/media
                  remission add --json a.torrent 'magnet:?xt=urn:btih:…'
                  remission add season.torrent --skip 0,3 --skip '*.nfo'
                  remission add https://example.org/album.torrent --only 2-5
                """))

        @Argument(help: .tr("Files, magnet: links or http(s):// URLs."), completion: .torrentFile)
        var sources: [String]

        @OptionGroup(title: tr("Add options")) var own: OwnOptions

        @OptionGroup var connection: TorrentConnectionOptions

        // Shorthands for the options in `own`.
        var downloadDir: String? { own.downloadDir }
        var paused: Bool { own.paused }
        /// `--label a,b --label c`: each value a comma list (checked by `validate`).
        var labels: [String] { (try? TorrentSettingsInput.labelList(own.labels)) ?? [] }
        var json: Bool { own.json }

        func validate() throws {
            if sources.isEmpty {
                throw ValidationError(CommandText.addNeedsSource)
            }
            do { _ = try TorrentSettingsInput.labelList(own.labels) } catch {
                throw ValidationError(SetText.inputReason(error))
            }
            _ = try fileChoice()
        }

        /// `--skip`/`--only` read; a `ValidationError` (exit 2) before anything is sent.
        func fileChoice() throws -> FileChoice? {
            do throws(AddFileChoiceProblem) { return try FileChoice.parse(skip: own.skip, only: own.only) } catch {
                throw ValidationError(AddText.fileChoiceReason(error))
            }
        }

        func run() throws {
            var failures: [FailedArgument] = []
            // Each argument's outcome by its place: files that cannot be read are reported first.
            var outcomes: [(index: Int, source: String, outcome: AddText.Outcome)] = []
            var loaded: [(Int, String, TorrentSource, AddFileChoice.Plan?)] = []
            func failed(_ index: Int, _ failure: Failure, prefix: String) {
                printError("remission: " + prefix + failure.message)
                failures.append(FailedArgument(sources[index], failure))
                outcomes.append(
                    (index, sources[index], .failed(message: failure.message, status: failure.status.rawValue)))
            }
            let choice = try fileChoice()
            for (index, argument) in sources.enumerated() {
                switch TorrentSourceFile.load(argument) {
                case .success(let source):
                    // With --skip/--only: a .torrent's files chosen, a paused magnet refused, unsent.
                    guard let choice else {
                        loaded.append((index, argument, source, nil))
                        continue
                    }
                    do throws(AddFileChoiceProblem) {
                        loaded.append(
                            (index, argument, source, try AddFileChoice.plan(choice, for: source, paused: paused)))
                    } catch {
                        failed(index, Failure(.local(.addFileChoice(error))), prefix: "\(argument): ")
                    }
                case .failure(let failure): failed(index, failure, prefix: "")
                }
            }
            var addedCount = 0
            var addedIDs: [Int] = []
            var server: String?
            if !loaded.isEmpty {
                let (context, session) = try connection.open()
                defer { context.offerToStorePassword(after: session) }
                server = session.target.label
                for (index, argument, source, plan) in loaded {
                    var result: TorrentAddResult
                    var labelsAdded: [String] = []
                    var files: ChosenFiles?
                    do throws(Failure) {
                        if let plan, let choice {
                            let request = AddFileChoice.Request(
                                downloadDir: downloadDir, paused: paused, labels: labels,
                                wait: context.transportOptions.timeoutSeconds)
                            switch try session.run({ client throws(RPCError) in
                                try AddFileChoice.add(
                                    source, plan: plan, choice: choice, request: request, client: client)
                            }) {
                            case .added(let added, let chosen): (result, files) = (added, chosen)
                            case .duplicate(let present): result = present
                            case .refused(let problem):
                                let failure = Failure(.local(.addFileChoice(problem)), server: session.target.label)
                                failed(index, failure, prefix: "\(argument): ")
                                continue
                            case .late(let added):
                                guard case .added(let id, let name, _) = added else { continue }
                                addedIDs.append(id)
                                session.noteTorrents(addedIDs)
                                let late = AddFileChoiceProblem.fileListLate(
                                    id: id, name: name, seconds: Int(request.wait.rounded(.up)),
                                    server: connection.global.server)
                                failed(
                                    index, Failure(.local(.addFileChoice(late)), server: session.target.label),
                                    prefix: "")
                                continue
                            }
                        } else {
                            result = try session.run { client throws(RPCError) in
                                try client.torrentAdd(
                                    source, downloadDir: downloadDir, paused: paused ? true : nil, labels: labels)
                            }
                        }
                        if case .duplicate(let id, _, _) = result, !labels.isEmpty {
                            labelsAdded = try session.run { client throws(RPCError) in
                                try DuplicateLabels.apply(labels, to: id, client: client)
                            }
                        }
                    } catch {
                        // Offline, trust, auth: stop here; a refused torrent is this argument's failure.
                        guard case .rpcRefused(let message) = error.cause else { throw error }
                        // A URL the daemon could not fetch: the failure names it.
                        if case .filename(let url) = source, !url.lowercased().hasPrefix("magnet:"),
                            let fetch = DaemonFetchFailure.recognize(message, url: url)
                        {
                            failed(
                                index, Failure(.local(.daemonCouldNotFetch(fetch, server: nil)), server: error.server),
                                prefix: "")
                            continue
                        }
                        failed(index, error, prefix: "\(argument): ")
                        continue
                    }
                    addedCount += 1
                    outcomes.append((index, argument, .added(result, files: files)))
                    switch result {
                    case .added(let id, _, _), .duplicate(let id, _, _): addedIDs.append(id)
                    }
                    session.noteTorrents(addedIDs)
                    if !json {
                        let chosen = files.map(AddText.skipping) ?? (choice == nil ? "" : AddText.filesLeft)
                        print(TorrentText.added(result, labels: labels, labelsAdded: labelsAdded) + chosen)
                    }
                }
            }
            if json {
                let ordered = outcomes.sorted { $0.index < $1.index }
                print(AddText.json(server: server, ordered.map { ($0.source, $0.outcome) }))
            }
            guard !failures.isEmpty else { return }
            let partial = Failure(.local(.partialAdd(succeeded: addedCount, total: sources.count, failed: failures)))
            if sources.count > 1 { throw partial }
            throw ExitCode(partial.status.rawValue)
        }
    }
}

extension RemissionCommand.Add {
    /// The options of this command alone, listed first in its help (before the connection options).
    struct OwnOptions: ParsableArguments {
        @Option(
            name: .customLong("download-dir"),
            help: ArgumentHelp(tr("Where the server stores the data (a path on the server)."), valueName: "path"))
        var downloadDir: String?

        @Flag(help: .tr("Add without starting."))
        var paused = false

        @Option(
            name: .customLong("label"),
            help: ArgumentHelp(
                tr("Labels for the added torrents (a,b), also added to one already present. Repeatable."),
                valueName: "label"
            ))
        var labels: [String] = []

        @Option(
            name: .customLong("skip"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp(
                tr(
                    "Leave these files out: indexes as `remission files` lists them (0,2,4-6) or names ('*.nfo'). Repeatable."
                ),
                valueName: "files"))
        var skip: [String] = []

        @Option(
            name: .customLong("only"), parsing: .unconditionalSingleValue,
            help: ArgumentHelp(
                tr("Download only these files: indexes or names, as --skip takes them. Repeatable."), valueName: "files"
            ))
        var only: [String] = []

        @Flag(help: .tr("Print one JSON object (keys above) instead of the lines."))
        var json = false
    }
}
