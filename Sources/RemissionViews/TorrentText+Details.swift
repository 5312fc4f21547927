import RemissionModel

/// The text of `remission info`: a block of `Label: value` lines, then optional sections.
extension TorrentText {
    public static func details(_ torrent: Torrent, zone: TimeZoneChoice) -> [String] {
        var rows: [(String, String)] = [
            ("Id", String(torrent.id)),
            ("Name", torrent.name),
            ("Hash", torrent.hashString),
            ("State", torrent.activityLabel),
            ("Progress", Units.percent(torrent.percentDone)),
            (
                "Size",
                "\(Units.bytes(torrent.totalSize ?? torrent.sizeWhenDone)) (\(Units.bytes(torrent.sizeWhenDone)) wanted)"
            ),
            ("Have", "\(Units.bytes(present(torrent))) (\(Units.bytes(torrent.haveValid ?? 0)) verified)"),
            ("Left", Units.bytes(torrent.leftUntilDone)),
            ("Download rate", Units.rate(torrent.rateDownload)),
            ("Upload rate", Units.rate(torrent.rateUpload)),
            ("ETA", Units.eta(torrent.eta, done: isDone(torrent))),
            ("Downloaded", Units.bytes(torrent.downloadedEver ?? 0)),
            ("Uploaded", Units.bytes(torrent.uploadedEver ?? 0)),
            ("Ratio", Units.ratio(torrent.uploadRatio)),
        ]
        if let corrupt = torrent.corruptEver, corrupt > 0 { rows.append(("Corrupt", Units.bytes(corrupt))) }
        rows += [
            ("Added", Units.date(torrent.addedDate, zone)),
            ("Done", Units.date(torrent.doneDate, zone)),
            ("Last activity", Units.date(torrent.activityDate, zone)),
            ("Download dir", torrent.downloadDir),
            ("Labels", torrent.labels.isEmpty ? "none" : torrent.labels.joined(separator: ", ")),
            ("Peers", peerSummary(torrent)),
        ]
        if let metadata = torrent.metadataPercentComplete, metadata < 1 {
            rows.append(
                ("Metadata", "\(Units.percent(metadata)) (a magnet link: waiting for peers to send the metadata)"))
        }
        if let count = torrent.pieceCount, let size = torrent.pieceSize, count > 0 {
            rows.append(("Pieces", "\(count) × \(Units.bytes(size))"))
        }
        if torrent.isPrivate == true { rows.append(("Private", "yes")) }
        if let comment = torrent.comment, !comment.isEmpty { rows.append(("Comment", comment)) }
        if torrent.hasError { rows.append(("Error", "\(errorKindText(torrent.errorKind)): \(torrent.errorString)")) }
        let width = rows.map { TerminalText.width($0.0) }.max() ?? 0
        return rows.map { padded($0.0 + ":", width + 1) + " " + TerminalText.safe($0.1) }
    }

    public static func peerSummary(_ torrent: Torrent) -> String {
        var text = "\(torrent.peersConnected) connected"
        if let sending = torrent.peersSendingToUs, let getting = torrent.peersGettingFromUs {
            text += ", \(sending) sending to us, \(getting) getting from us"
        }
        return text
    }

    public static func errorKindText(_ kind: TorrentErrorKind) -> String {
        switch kind {
        case .none: return "none"
        case .trackerWarning: return "tracker warning"
        case .trackerError: return "tracker error"
        case .localError: return "local error"
        case .unknown(let value): return "error \(value)"
        }
    }

    /// `Files (N):` then one row per file: index, done, priority, wanted, size, name.
    public static func files(_ torrent: Torrent) -> [String] {
        let files = torrent.files ?? []
        guard !files.isEmpty else { return ["Files: none known yet (the metadata has not been downloaded)."] }
        let stats = torrent.fileStats ?? []
        let indexWidth = max(String(files.count - 1).count, 1)
        var lines = [
            "Files (\(files.count)):",
            "  \(rightAligned("#", indexWidth))  \(rightAligned("Done", 6))  Priority  Get  \(rightAligned("Size", 9))  Name",
        ]
        for (index, file) in files.enumerated() {
            let stat = index < stats.count ? stats[index] : nil
            let done = file.length > 0 ? Double(file.bytesCompleted) / Double(file.length) : 1
            let wanted = stat?.wanted ?? true
            lines.append(
                "  \(rightAligned(String(index), indexWidth))  \(rightAligned(Units.percent(done), 6))  "
                    + "\(padded(priority(stat?.priority ?? .normal), 8))  \(padded(wanted ? "yes" : "no", 3))  "
                    + "\(rightAligned(Units.bytes(file.length), 9))  \(TerminalText.safe(file.name))")
        }
        return lines
    }

    /// `Trackers (N):` then per tracker its URL, announce state, last result, seeders and leechers.
    public static func trackers(_ torrent: Torrent, zone: TimeZoneChoice) -> [String] {
        let stats = torrent.trackerStats ?? []
        guard !stats.isEmpty else { return ["Trackers: none."] }
        var lines = ["Trackers (\(stats.count)):"]
        for tracker in stats {
            lines.append(
                "  Tier \(ServerArithmetic.sum(tracker.tier, 1)): \(TerminalText.safe(tracker.announce))\(tracker.isBackup ? " (backup)" : "")"
            )
            let result: String
            if tracker.lastAnnounceTime == 0 {
                result = "never announced"
            } else if tracker.lastAnnounceSucceeded {
                result =
                    "ok at \(Units.date(tracker.lastAnnounceTime, zone)), \(count(tracker.lastAnnouncePeerCount, "peer"))"
            } else {
                result =
                    "failed at \(Units.date(tracker.lastAnnounceTime, zone)): \(TerminalText.safe(tracker.lastAnnounceResult))"
            }
            lines.append("    Announce: \(trackerStateText(tracker.announceState)); last: \(result)")
            if tracker.nextAnnounceTime > 0 {
                lines.append("    Next announce: \(Units.date(tracker.nextAnnounceTime, zone))")
            }
            lines.append(
                "    Seeders: \(countText(tracker.seederCount)), leechers: \(countText(tracker.leecherCount)), "
                    + "downloads: \(countText(tracker.downloadCount))")
        }
        return lines
    }

    public static func trackerStateText(_ state: TrackerState) -> String {
        switch state {
        case .inactive: return "inactive"
        case .waiting: return "waiting"
        case .queued: return "queued"
        case .active: return "announcing"
        case .unknown(let value): return "state \(value)"
        }
    }

    public static func countText(_ value: Int) -> String { value < 0 ? "unknown" : String(value) }

    /// `Peers (N):` then address, client, flags, progress, rates.
    public static func peers(_ torrent: Torrent) -> [String] {
        let peers = torrent.peers ?? []
        guard !peers.isEmpty else { return ["Peers: none connected."] }
        let addressWidth = max(peers.map { TerminalText.width(TerminalText.safe($0.address)) }.max() ?? 0, 7)
        let clientWidth = max(peers.map { TerminalText.width(TerminalText.safe($0.clientName)) }.max() ?? 0, 6)
        var lines = [
            "Peers (\(peers.count)):",
            "  \(padded("Address", addressWidth))  \(padded("Client", clientWidth))  Flags     Done  "
                + "\(rightAligned("Down", 11))  \(rightAligned("Up", 11))",
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
