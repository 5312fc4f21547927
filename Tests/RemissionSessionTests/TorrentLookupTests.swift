import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionViews
import Testing

@testable import RemissionSession

@Suite("torrent ids: matching what the user named against what the server has")
struct TorrentLookupTests {
    static let torrents = [
        Torrent(id: 5, name: "five", hashString: String(repeating: "AB", count: 20)),
        Torrent(id: 2, name: "two", hashString: String(repeating: "cd", count: 20)),
        Torrent(id: 9, name: "nine", hashString: String(repeating: "ef", count: 20)),
    ]

    @Test("found in the order named, each once (by id or by hash); the rest reported missing in order")
    func orderDuplicatesAndMissing() {
        let references: [TorrentReference] = [
            .id(9), .hash(String(repeating: "ab", count: 20)), .id(7), .id(9), .id(5),
            .hash(String(repeating: "00", count: 20)), .hash(String(repeating: "cd", count: 20)), .id(3),
        ]
        let lookup = TorrentLookup.match(references, in: Self.torrents)
        #expect(lookup.found.map(\.id) == [9, 5, 2])
        #expect(lookup.missing == [.id(7), .hash(String(repeating: "00", count: 20)), .id(3)])
        #expect(
            TorrentText.missingText(lookup.missing)
                == "no torrents with ids 7, 3; no torrent with hash \(String(repeating: "00", count: 20))")
    }

    @Test("nothing named that exists: nothing found, everything missing")
    func noneFound() {
        let lookup = TorrentLookup.match([.id(1), .id(4)], in: Self.torrents)
        #expect(lookup.found.isEmpty)
        #expect(lookup.missing == [.id(1), .id(4)])
        #expect(TorrentLookup.match([.id(1)], in: []).missing == [.id(1)])
    }

    @Test("10,000 named ids against 20,000 torrents: all matched, in order (quadratic matching took ~10 s)")
    func manyIDs() throws {
        let torrents = (1...20_000).map { Torrent(id: $0, name: "t\($0)") }
        let selection = try TorrentSelection.parse("10001-20000")
        guard case .torrents(let references) = selection else {
            Issue.record("a range parses to ids: \(selection)")
            return
        }
        let lookup = TorrentLookup.match(references + [.id(20_001)], in: torrents.reversed())
        #expect(lookup.found.map(\.id) == Array(10_001...20_000))
        #expect(lookup.missing == [.id(20_001)])
    }
}

/// Answers every request with a fixed body and keeps what was sent.
final class RecordingTransport: HTTPTransport {
    var sent: [HTTPRequest] = []
    let body: String
    init(body: String) { self.body = body }

    func send(_ request: HTTPRequest, credentials: BasicCredentials?) throws(TransportFailure) -> HTTPExchange {
        sent.append(request)
        return HTTPExchange(response: HTTPResponse(status: 200, headers: [], body: Array(body.utf8)))
    }
}

@Suite("Torrent lookups ask for each field once")
struct LookupFieldsTests {
    @Test("info's fields include id, name and hashString: they are not asked twice")
    func noDuplicateFields() throws {
        let transport = RecordingTransport(body: #"{"arguments":{"torrents":[]},"result":"success"}"#)
        let client = RPCClient(transport: transport, logger: Logger(label: "test"))
        _ = try TorrentLookup.find(
            .torrents([.id(1)]), fields: [.id, .name, .hashString, .percentDone], client: client)
        let request = try JSONValue.parse(transport.sent[0].body)
        let fields = request["arguments"]?["fields"]?.array?.compactMap(\.string) ?? []
        #expect(fields == ["id", "hashString", "name", "percentDone"])
    }
}
