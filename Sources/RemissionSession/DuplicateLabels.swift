import RemissionModel
import RemissionRPC

/// `add --label L` of a torrent the server already has: Transmission's torrent-add ignores the labels
/// of a duplicate, so the command asked for labels that never arrived, silently. The labels are added
/// to the torrent (its own are kept: union, never a replacement), as if the torrent had been added now.
public enum DuplicateLabels {
    /// Adds to torrent `id` the `labels` it lacks; returns those added (none: it had them all).
    public static func apply(_ labels: [String], to id: Int, client: RPCClient) throws(RPCError) -> [String] {
        guard !labels.isEmpty else { return [] }
        let own = try client.torrentGet(ids: .id(id), fields: [.id, .labels], format: .objects).first?.labels ?? []
        var missing: [String] = []
        for label in labels where !own.contains(label) && !missing.contains(label) { missing.append(label) }
        guard !missing.isEmpty else { return [] }
        var changes = TorrentChanges()
        changes.labels = own + missing
        try client.torrentSet(.id(id), changes)
        return missing
    }
}
