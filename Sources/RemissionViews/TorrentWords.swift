import RemissionModel

/// A torrent's state in words, for `info` and `watch`. The model's `activityLabel` is
/// transmission-remote's English (which `list` and `--json` keep); Russian words it here.
public enum TorrentWords {
    public static func activity(_ torrent: Torrent) -> String {
        let label = torrent.activityLabel
        guard Language.current != .english else { return label }
        // "Verifying (42%)": the word, then the per cent as it is.
        if let open = label.firstIndex(of: "("), label.hasSuffix("%)") {
            let word = String(label[..<open]).trimmingASCIIWhitespace()
            return activity(word) + " " + label[open...]
        }
        return activity(label)
    }

    /// One of `Torrent.activityLabel`'s and `TorrentStatus.label`'s words.
    static func activity(_ label: String) -> String {
        switch label {
        case "Finished": return tr(context: "state", "Finished")
        case "Stopped": return tr(context: "state", "Stopped")
        case "Will Verify": return tr(context: "state", "Will Verify")
        case "Verifying": return tr(context: "state", "Verifying")
        case "Queued": return tr(context: "state", "Queued")
        case "Downloading": return tr(context: "state", "Downloading")
        case "Seeding": return tr(context: "state", "Seeding")
        case "Uploading": return tr(context: "state", "Uploading")
        case "Up & Down": return tr(context: "state", "Up & Down")
        case "Idle": return tr(context: "state", "Idle")
        default:
            if label.hasPrefix("Unknown (") { return tr(context: "state", "Unknown") + " " + label.dropFirst(8) }
            return label
        }
    }
}
