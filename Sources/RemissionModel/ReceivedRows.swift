/// The rows of a table-format `torrent-get` reply exactly as the server sent them, carried from
/// the RPC client to the offline snapshot, which stores them without encoding 10,000 torrents
/// again (`SnapshotStore.save(_:for:at:)`).
///
/// Opaque: only the snapshot store reads what is inside (`@_spi(SnapshotRows) import
/// RemissionModel`); everyone else passes it along. The text is a slice of the reply's body, not
/// a copy of it.
public struct ReceivedRows: Sendable, Equatable {
    /// The header's field names as sent (either spelling).
    @_spi(SnapshotRows) public let header: [String]
    /// The rows' JSON text, comma-separated, without the enclosing brackets; the reply's parse
    /// validated it.
    @_spi(SnapshotRows) public let text: ArraySlice<UInt8>

    /// The rows `table` locates in `body`, the reply it was parsed from.
    public init(_ table: TableLayout, in body: [UInt8]) {
        header = table.header
        text = body[table.rows]
    }
}
