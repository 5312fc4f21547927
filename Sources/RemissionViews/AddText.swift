import RemissionModel
import RemissionRPC

/// What `remission add` says about each argument: a line for people, or one JSON object for
/// scripts (`add --json`).
public enum AddText {
    /// One argument's outcome.
    public enum Outcome: Sendable {
        case added(TorrentAddResult)
        /// Not read or refused by the server; `status` is the exit status it counts as.
        case failed(message: String, status: Int32)
    }

    /// `{"server": string or null, "added": n, "duplicates": n, "failed": n, "results": [...]}` on
    /// one line, each result `{"source": the argument, "result": "added|duplicate|failed", "id":
    /// int, "hash": 40-hex string, "name": string}` or, failed, `{"source", "result": "failed",
    /// "error": string, "exitStatus": int}`, in the order of the arguments. Exact (JSON-escaped).
    public static func json(server: String?, _ outcomes: [(source: String, outcome: Outcome)]) -> String {
        var counts = (added: 0, duplicates: 0, failed: 0)
        let results: [JSONValue] = outcomes.map { source, outcome in
            var object: JSONObject = ["source": .string(source)]
            switch outcome {
            case .added(let result):
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
}
