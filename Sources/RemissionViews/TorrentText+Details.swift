import RemissionModel

/// The text of `remission info`: a block of `Label: value` lines, then optional sections.
extension TorrentText {
    public static func details(_ torrent: Torrent, zone: TimeZoneChoice) -> [String] {
        let size = Units.bytes(torrent.totalSize ?? torrent.sizeWhenDone)
        let (wanted, verified) = (Units.bytes(torrent.sizeWhenDone), Units.bytes(torrent.haveValid ?? 0))
        var rows: [(String, String)] = [
            (tr("Id"), String(torrent.id)),
            (tr("Name"), torrent.name),
            (tr("Hash"), torrent.hashString),
            (tr("State"), TorrentWords.activity(torrent)),
            (tr("Progress"), Units.percent(torrent.percentDone)),
            (tr("Size"), tr("\(size) (\(wanted) wanted)")),
            (tr("Have"), tr("\(Units.bytes(present(torrent))) (\(verified) verified)")),
            (tr("Left"), Units.bytes(torrent.leftUntilDone)),
            (tr("Download rate"), Units.rate(torrent.rateDownload)),
            (tr("Upload rate"), Units.rate(torrent.rateUpload)),
            (tr(context: "info", "ETA"), Units.eta(torrent.eta, done: isDone(torrent))),
            (tr("Downloaded"), Units.bytes(torrent.downloadedEver ?? 0)),
            (tr("Uploaded"), Units.bytes(torrent.uploadedEver ?? 0)),
            (tr("Ratio"), Units.ratio(torrent.uploadRatio)),
        ]
        if let corrupt = torrent.corruptEver, corrupt > 0 { rows.append((tr("Corrupt"), Units.bytes(corrupt))) }
        rows += [
            (tr("Added"), Units.date(torrent.addedDate, zone)),
            (tr("Done"), Units.date(torrent.doneDate, zone)),
            (tr("Last activity"), Units.date(torrent.activityDate, zone)),
            (tr("Download dir"), torrent.downloadDir),
            (tr("Labels"), torrent.labels.isEmpty ? tr("none") : torrent.labels.joined(separator: ", ")),
            (tr("Peers"), peerSummary(torrent)),
        ]
        if let position = torrent.queuePosition {
            rows.append((tr("Queue"), tr("position \(position) (0 is first)")))
        }
        if let metadata = torrent.metadataPercentComplete, metadata < 1 {
            rows.append(
                (
                    tr("Metadata"),
                    tr("\(Units.percent(metadata)) (a magnet link: waiting for peers to send the metadata)")
                ))
        }
        if let count = torrent.pieceCount, let size = torrent.pieceSize, count > 0 {
            rows.append((tr("Pieces"), "\(count) × \(Units.bytes(size))"))
        }
        if torrent.isPrivate == true { rows.append((tr("Private"), tr("yes"))) }
        if let comment = torrent.comment, !comment.isEmpty { rows.append((tr("Comment"), comment)) }
        if torrent.hasError {
            rows.append((tr("Error"), "\(errorKindText(torrent.errorKind)): \(torrent.errorString)"))
        }
        let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
        return rows.map { padded($0.0 + ":", width + 1) + " " + TerminalText.safe($0.1) }
    }

    public static func peerSummary(_ torrent: Torrent) -> String {
        guard let sending = torrent.peersSendingToUs, let getting = torrent.peersGettingFromUs else {
            return tr("\(torrent.peersConnected) connected")
        }
        return tr("\(torrent.peersConnected) connected, \(sending) sending to us, \(getting) getting from us")
    }

    public static func errorKindText(_ kind: TorrentErrorKind) -> String {
        switch kind {
        case .none: return tr("none")
        case .trackerWarning: return tr("tracker warning")
        case .trackerError: return tr("tracker error")
        case .localError: return tr("local error")
        case .unknown(let value): return tr("error \(value)")
        }
    }

    /// `Files (N):` then one row per file: index, done, priority, wanted, size, name.
    public static func files(_ torrent: Torrent) -> [String] {
        let files = torrent.files ?? []
        guard !files.isEmpty else { return [tr("Files: none known yet (the metadata has not been downloaded).")] }
        let stats = torrent.fileStats ?? []
        let indexWidth = max(String(files.count - 1).count, 1)
        let (done, priorityTitle, get, size) = (
            tr(context: "column", "Done"), tr("Priority"), tr("Get"), tr(context: "column", "Size")
        )
        let priorityWidth = max(8, TerminalText.width(priorityTitle))
        let getWidth = max(3, TerminalText.width(get), TerminalText.width(tr("yes")), TerminalText.width(tr("no")))
        var lines = [
            tr("Files (\(files.count)):"),
            "  \(rightAligned("#", indexWidth))  \(rightAligned(done, 6))  \(padded(priorityTitle, priorityWidth))  "
                + "\(padded(get, getWidth))  \(rightAligned(size, 9))  " + tr(context: "column", "Name"),
        ]
        for (index, file) in files.enumerated() {
            let stat = index < stats.count ? stats[index] : nil
            let done = file.length > 0 ? Double(file.bytesCompleted) / Double(file.length) : 1
            let wanted = stat?.wanted ?? true
            lines.append(
                "  \(rightAligned(String(index), indexWidth))  \(rightAligned(Units.percent(done), 6))  "
                    + "\(padded(priority(stat?.priority ?? .normal), priorityWidth))  "
                    + "\(padded(wanted ? tr("yes") : tr("no"), getWidth))  "
                    + "\(rightAligned(Units.bytes(file.length), 9))  \(TerminalText.safe(file.name))")
        }
        return lines
    }

    /// `Trackers (N):` then per tracker its URL, announce state, last result, seeders and leechers.
    public static func trackers(_ torrent: Torrent, zone: TimeZoneChoice) -> [String] {
        let stats = torrent.trackerStats ?? []
        guard !stats.isEmpty else { return [tr("Trackers: none.")] }
        var lines = [tr("Trackers (\(stats.count)):")]
        for tracker in stats {
            let (tier, announce) = (ServerArithmetic.sum(tracker.tier, 1), TerminalText.safe(tracker.announce))
            lines.append(
                "  " + (tracker.isBackup ? tr("Tier \(tier): \(announce) (backup)") : tr("Tier \(tier): \(announce)")))
            let result = lastAnnounce(tracker, zone: zone)
            lines.append("    " + tr("Announce: \(trackerStateText(tracker.announceState)); last: \(result)"))
            if tracker.nextAnnounceTime > 0 {
                lines.append("    " + tr("Next announce: \(Units.date(tracker.nextAnnounceTime, zone))"))
            }
            let (seeders, leechers) = (countText(tracker.seederCount), countText(tracker.leecherCount))
            lines.append(
                "    "
                    + tr("Seeders: \(seeders), leechers: \(leechers), downloads: \(countText(tracker.downloadCount))"))
        }
        return lines
    }

    public static func trackerStateText(_ state: TrackerState) -> String {
        switch state {
        case .inactive: return tr("inactive")
        case .waiting: return tr("waiting")
        case .queued: return tr("queued")
        case .active: return tr("announcing")
        case .unknown(let value): return tr("state \(value)")
        }
    }

    public static func countText(_ value: Int) -> String { value < 0 ? tr("unknown") : String(value) }

    /// `Peers (N):` then address, client, flags, progress, rates.
    public static func peers(_ torrent: Torrent) -> [String] {
        let peers = torrent.peers ?? []
        guard !peers.isEmpty else { return [tr("Peers: none connected.")] }
        let addressWidth = max(peers.map { TerminalText.width(TerminalText.safe($0.address)) }.max() ?? 0, 7)
        let clientWidth = max(peers.map { TerminalText.width(TerminalText.safe($0.clientName)) }.max() ?? 0, 6)
        var lines = [
            tr("Peers (\(peers.count)):"),
            "  \(padded(tr("Address"), addressWidth))  \(padded(tr("Client"), clientWidth))  "
                + "\(padded(tr("Flags"), 8))  \(rightAligned(tr(context: "column", "Done"), 4))  "
                + "\(rightAligned(tr(context: "column", "Down"), 11))  \(rightAligned(tr(context: "column", "Up"), 11))",
        ]
        for peer in peers {
            lines.append(
                "  \(padded(TerminalText.safe(peer.address), addressWidth))  "
                    + "\(padded(TerminalText.safe(peer.clientName), clientWidth))  "
                    + "\(padded(TerminalText.safe(peer.flagStr), 8))  \(rightAligned(Units.percent(peer.progress), 4))  "
                    + "\(rightAligned(Units.rate(peer.rateToClient), 11))  \(rightAligned(Units.rate(peer.rateToPeer), 11))"
            )
        }
        return lines
    }
}
