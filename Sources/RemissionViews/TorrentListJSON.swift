import RemissionModel

/// `remission list --json`: one object, keys documented in `List`'s help and kept stable.
public enum TorrentListJSON {
    public static func statusName(_ status: TorrentStatus) -> String {
        switch status {
        case .stopped: return "stopped"
        case .checkWait: return "check-wait"
        case .checking: return "checking"
        case .downloadWait: return "download-wait"
        case .downloading: return "downloading"
        case .seedWait: return "seed-wait"
        case .seeding: return "seeding"
        case .unknown: return "unknown"
        }
    }

    public static func errorKind(_ kind: TorrentErrorKind) -> String {
        switch kind {
        case .none: return "none"
        case .trackerWarning: return "tracker-warning"
        case .trackerError: return "tracker-error"
        case .localError: return "local-error"
        case .unknown: return "unknown"
        }
    }

    public static func object(_ torrent: Torrent) -> JSONValue {
        let error: JSONValue =
            torrent.hasError
            ? [
                "code": .int(Int64(torrent.error)), "kind": .string(errorKind(torrent.errorKind)),
                "message": .string(torrent.errorString),
            ] : .null
        let ratio = torrent.uploadRatio
        return [
            "id": .int(Int64(torrent.id)),
            "name": .string(torrent.name),
            "hash": .string(torrent.hashString),
            "status": .string(statusName(torrent.status)),
            "activity": .string(torrent.activityLabel),
            "percentDone": .double(torrent.percentDone),
            "sizeWhenDone": .int(Int64(torrent.sizeWhenDone)),
            "haveBytes": .int(Int64(TorrentUnits.have(torrent))),
            "leftUntilDone": .int(Int64(torrent.leftUntilDone)),
            "etaSeconds": torrent.eta >= 0 ? .int(Int64(torrent.eta)) : .null,
            "rateDownload": .int(Int64(torrent.rateDownload)),
            "rateUpload": .int(Int64(torrent.rateUpload)),
            "ratio": ratio >= 0 && ratio.isFinite ? .double(ratio) : .null,
            "ratioInfinite": .bool(ratio == -2 || ratio == .infinity),
            "error": error,
            "addedDate": .int(Int64(torrent.addedDate)),
            "labels": JSONValue(torrent.labels),
        ]
    }

    /// `{"server", "offline", "dataTime", "torrents"}`.
    public static func document(server: String, offline: Bool, dataTime: Int64, torrents: [Torrent]) -> String {
        String(
            decoding: documentBytes(
                server: server, offline: offline, dataTime: dataTime, torrents: torrents, order: torrents.indices),
            as: UTF8.self)
    }

    /// The document of `torrents[i]` for each `i` of `order`, as UTF-8: written object by object,
    /// without a JSON tree of the whole list.
    public static func documentBytes<Order: Collection<Int>>(
        server: String, offline: Bool, dataTime: Int64, torrents: [Torrent], order: Order
    ) -> [UInt8] {
        var bytes: [UInt8] = []
        write(server: server, offline: offline, dataTime: dataTime, torrents: torrents, order: order, chunkSize: .max) {
            bytes.append(contentsOf: $0)
        }
        return bytes
    }

    /// The same document, handed to `emit` in pieces of at least `chunkSize` bytes (the last one
    /// shorter), so a long list is never held whole.
    public static func write<Order: Collection<Int>>(
        server: String, offline: Bool, dataTime: Int64, torrents: [Torrent], order: Order, chunkSize: Int,
        to emit: (borrowing [UInt8]) -> Void
    ) {
        let head: JSONValue = ["server": .string(server), "offline": .bool(offline), "dataTime": .int(dataTime)]
        var bytes = head.serialized()
        bytes.removeLast()  // the closing brace; the torrents follow
        bytes.append(contentsOf: #","torrents":["#.utf8)
        for (position, index) in order.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: object(torrents[index]).serialized())
            if bytes.count >= chunkSize {
                emit(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        bytes.append(contentsOf: "]}".utf8)
        emit(bytes)
    }
}
