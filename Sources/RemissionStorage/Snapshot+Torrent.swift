import RemissionModel

extension Torrent {
    /// The value of one list field as `torrent-get` would send it, for snapshots (the inverse of
    /// `Torrent.set(_:from:)`). Detail fields are not kept in snapshots and come back as null.
    func snapshotValue(_ field: TorrentField) -> JSONValue {
        func int(_ value: Int?) -> JSONValue { value.map { .int(Int64($0)) } ?? .null }
        func bool(_ value: Bool?) -> JSONValue { value.map { .bool($0) } ?? .null }
        func double(_ value: Double?) -> JSONValue { value.map { .double($0) } ?? .null }
        switch field {
        case .id: return int(id)
        case .name: return .string(name)
        case .hashString: return .string(hashString)
        case .status: return int(status.rawValue)
        case .percentDone: return double(percentDone)
        case .sizeWhenDone: return int(sizeWhenDone)
        case .leftUntilDone: return int(leftUntilDone)
        case .haveValid: return int(haveValid)
        case .haveUnchecked: return int(self.haveUnchecked)
        case .eta: return int(eta)
        case .rateDownload: return int(rateDownload)
        case .rateUpload: return int(rateUpload)
        case .uploadRatio: return double(uploadRatio)
        case .error: return int(error)
        case .errorString: return .string(errorString)
        case .addedDate: return int(addedDate)
        case .downloadDir: return .string(self.downloadDir)
        case .labels: return JSONValue(labels)
        case .peersConnected: return int(self.peersConnected)
        case .peersGettingFromUs: return int(peersGettingFromUs)
        case .peersSendingToUs: return int(peersSendingToUs)
        case .isFinished: return bool(isFinished)
        case .isStalled: return bool(self.isStalled)
        case .queuePosition: return int(self.queuePosition)
        case .recheckProgress: return double(recheckProgress)
        case .metadataPercentComplete: return double(self.metadataPercentComplete)
        case .totalSize: return int(self.totalSize)
        default: return .null
        }
    }
}
