import RemissionModel
import RemissionSession

extension NotifyEvent {
    /// The longest string of server origin in the JSON, in bytes of UTF-8 (cut at a character).
    public static let maximumJSONString = 4096

    /// The object `--exec` reads on its standard input (README lists the members):
    /// `{"event","server","url","time","torrent":{"id","hash","name","error","errorString","doneDate"}|null,
    /// "cause","exitCode","certificate":{"subject","notAfter","fingerprint"}|null,"moreOf","count"}`.
    /// Strings are as the server sent them (JSON escapes control characters), at most
    /// `maximumJSONString` bytes each.
    public var jsonValue: JSONValue {
        func string(_ text: String?) -> JSONValue { text.map { .string(Self.bounded($0)) } ?? .null }
        let torrentValue: JSONValue =
            torrent.map { torrent in
                .object([
                    "id": .int(Int64(torrent.id)), "hash": string(torrent.hash), "name": string(torrent.name),
                    "error": .int(Int64(torrent.error)), "errorString": string(torrent.errorText),
                    "doneDate": .int(torrent.doneDate),
                ])
            } ?? .null
        let certificateValue: JSONValue =
            certificate.map { certificate in
                .object([
                    "subject": string(certificate.subject), "notAfter": .int(certificate.notAfter),
                    "fingerprint": .string(certificate.fingerprint),
                ])
            } ?? .null
        return .object([
            "event": .string(kind.rawValue), "server": string(server), "url": string(url), "time": .int(time),
            "torrent": torrentValue, "cause": string(cause), "exitCode": exitCode.map { .int(Int64($0)) } ?? .null,
            "certificate": certificateValue, "moreOf": moreOf.map { .string($0.rawValue) } ?? .null,
            "count": count.map { .int(Int64($0)) } ?? .null,
        ])
    }

    static func bounded(_ text: String) -> String {
        guard text.utf8.count > maximumJSONString else { return text }
        var result = ""
        var bytes = 0
        for character in text {
            bytes += character.utf8.count
            guard bytes <= maximumJSONString else { break }
            result.append(character)
        }
        return result
    }
}
