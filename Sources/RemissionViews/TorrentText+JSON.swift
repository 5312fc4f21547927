import RemissionModel

/// `remission info --json`: stable, typed keys (sizes in bytes, rates in bytes per second, dates in
/// Unix seconds with 0 for never, `status` in `list --json`'s words).
extension TorrentText {
    public static func json(_ torrent: Torrent) -> JSONValue {
        var object: JSONObject = [
            "id": JSONValue(torrent.id),
            "name": .string(torrent.name),
            "hash": .string(torrent.hashString),
            "status": .string(TorrentListJSON.statusName(torrent.status)),
            "state": .string(torrent.activityLabel),
            "percentDone": .double(torrent.percentDone),
            "totalSize": JSONValue(torrent.totalSize ?? torrent.sizeWhenDone),
            "sizeWhenDone": JSONValue(torrent.sizeWhenDone),
            "leftUntilDone": JSONValue(torrent.leftUntilDone),
            "haveValid": JSONValue(torrent.haveValid ?? 0),
            "haveUnchecked": JSONValue(torrent.haveUnchecked ?? 0),
            "rateDownload": JSONValue(torrent.rateDownload),
            "rateUpload": JSONValue(torrent.rateUpload),
            "eta": JSONValue(torrent.eta),
            "uploadRatio": .double(torrent.uploadRatio),
            "downloadedEver": JSONValue(torrent.downloadedEver ?? 0),
            "uploadedEver": JSONValue(torrent.uploadedEver ?? 0),
            "addedDate": JSONValue(torrent.addedDate),
            "doneDate": JSONValue(torrent.doneDate ?? 0),
            "activityDate": JSONValue(torrent.activityDate ?? 0),
            "downloadDir": .string(torrent.downloadDir),
            "error": JSONValue(torrent.error),
            "errorString": .string(torrent.errorString),
            "labels": JSONValue(torrent.labels),
            "peersConnected": JSONValue(torrent.peersConnected),
            "queuePosition": torrent.queuePosition.map { JSONValue($0) } ?? .null,
        ]
        let stats = torrent.fileStats ?? []
        object["files"] = .array(
            (torrent.files ?? []).enumerated().map { index, file in
                let stat = index < stats.count ? stats[index] : nil
                return .object([
                    "index": JSONValue(index), "name": .string(file.name), "length": JSONValue(file.length),
                    "bytesCompleted": JSONValue(file.bytesCompleted), "wanted": .bool(stat?.wanted ?? true),
                    "priority": .string(priority(stat?.priority ?? .normal)),
                ])
            })
        object["trackers"] = .array(
            (torrent.trackerStats ?? []).map { tracker in
                .object([
                    "announce": .string(tracker.announce), "tier": JSONValue(tracker.tier),
                    "announceState": .string(trackerStateText(tracker.announceState)),
                    "lastAnnounceTime": JSONValue(tracker.lastAnnounceTime),
                    "lastAnnounceSucceeded": .bool(tracker.lastAnnounceSucceeded),
                    "lastAnnounceResult": .string(tracker.lastAnnounceResult),
                    "seederCount": JSONValue(tracker.seederCount), "leecherCount": JSONValue(tracker.leecherCount),
                ])
            })
        object["peers"] = .array(
            (torrent.peers ?? []).map { peer in
                .object([
                    "address": .string(peer.address), "port": JSONValue(peer.port),
                    "client": .string(peer.clientName), "flags": .string(peer.flagStr),
                    "progress": .double(peer.progress), "rateToClient": JSONValue(peer.rateToClient),
                    "rateToPeer": JSONValue(peer.rateToPeer),
                ])
            })
        return .object(object)
    }
}
