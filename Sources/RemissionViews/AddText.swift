import RemissionModel
import RemissionRPC
import RemissionSession

/// What `remission add` says about each argument: a line for people, or one JSON object for
/// scripts (`add --json`).
public enum AddText {
    /// One argument's outcome.
    public enum Outcome: Sendable {
        /// `files`: what `--skip/--only` left out of an added torrent.
        case added(TorrentAddResult, files: ChosenFiles? = nil)
        /// Not read or refused by the server; `status` is the exit status it counts as.
        case failed(message: String, status: Int32)
    }

    /// `{"server": string or null, "added": n, "duplicates": n, "failed": n, "results": [...]}` on
    /// one line, each result `{"source": the argument, "result": "added|duplicate|failed", "id":
    /// int, "hash": 40-hex string, "name": string}` (with `--skip/--only`, an added torrent's
    /// `"skipped": [index…]` and `"fileCount": int`) or, failed, `{"source", "result": "failed",
    /// "error": string, "exitStatus": int}`, in the order of the arguments. Exact (JSON-escaped).
    public static func json(server: String?, _ outcomes: [(source: String, outcome: Outcome)]) -> String {
        var counts = (added: 0, duplicates: 0, failed: 0)
        let results: [JSONValue] = outcomes.map { source, outcome in
            var object: JSONObject = ["source": .string(source)]
            switch outcome {
            case .added(let result, let files):
                if let files {
                    object["skipped"] = JSONValue(files.unwanted)
                    object["fileCount"] = JSONValue(files.count)
                }
                let (word, id, name, hash) =
                    switch result {
                    case .added(let id, let name, let hash): ("added", id, name, hash)
                    case .duplicate(let id, let name, let hash): ("duplicate", id, name, hash)
                    }
                if word == "added" { counts.added += 1 } else { counts.duplicates += 1 }
                object["result"] = .string(word)
                object["id"] = JSONValue(id)
                object["hash"] = .string(hash)
                object["name"] = .string(name)
            case .failed(let message, let status):
                counts.failed += 1
                object["result"] = .string("failed")
                object["error"] = .string(message)
                object["exitStatus"] = JSONValue(Int(status))
            }
            return .object(object)
        }
        let document: JSONObject = [
            "server": server.map(JSONValue.string) ?? .null, "added": JSONValue(counts.added),
            "duplicates": JSONValue(counts.duplicates), "failed": JSONValue(counts.failed), "results": .array(results),
        ]
        return JSONValue.object(document).serializedString(pretty: false)
    }

    /// After "added ID NAME": "; skipping 2 of its 5 files: 0, 3" (the first ten indexes).
    public static func skipping(_ files: ChosenFiles) -> String {
        guard !files.unwanted.isEmpty else {
            return "; " + tr("getting all of its \(count: files.count, "file", "files")")
        }
        var list = files.unwanted.prefix(10).map(String.init).joined(separator: ", ")
        if files.unwanted.count > 10 { list += ", …" }
        return "; "
            + tr("skipping \(files.unwanted.count) of its \(count: files.count, "file", "files"): \(list)")
    }

    /// After "already present ID NAME" with `--skip/--only`.
    public static var filesLeft: String { "; " + tr("its files were left as they are") }

    /// Why `--skip/--only` chose nothing.
    public static func fileChoiceReason(_ problem: AddFileChoiceProblem) -> String {
        switch problem {
        case .skipAndOnly:
            return tr("Give --skip or --only, not both: --skip FILES gets all but these, --only FILES these alone.")
        case .reversedRange(let range):
            return tr("\"\(TerminalText.safe(range))\" is a reversed range. Write it low to high.")
        case .emptyName:
            return tr(
                "--skip and --only take file indexes such as 0,2,4-6, or names such as '*.nfo', not an empty word.")
        case .outOfRange(let indexes, let count):
            let list = indexes.prefix(10).map(String.init).joined(separator: ", ")
            return tr(
                "No file with index \(list): the torrent has \(count: count, "file", "files") (0-\(count - 1)); ",
                "nothing was added.")
        case .noMatch(let pattern, let count):
            return tr(
                "None of the torrent's \(count: count, "file", "files") matches '\(TerminalText.safe(pattern))'; ",
                "nothing was added.")
        case .pausedMagnet:
            return tr(
                "A paused magnet link gets no file list (its peers send it only while it runs): leave out ",
                "--paused (the choice is made as soon as the list comes), or add it without --skip/--only and ",
                "choose its files once it has them: remission files ID --skip FILES")
        case .fileListLate(let id, let name, let seconds, let server):
            let target = server.map { " --server " + quotedForShell(TerminalText.safe($0)) } ?? ""
            return tr(
                "added \(id) \(TerminalText.safe(name)), but its file list did not come within \(seconds) s, so no ",
                "file was skipped (it runs). Once `remission files \(id)\(target)` lists them: ",
                "remission files \(id)\(target) --skip FILES")
        }
    }
}
