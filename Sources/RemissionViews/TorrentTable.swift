import RemissionModel

/// The text of `remission list`: columns ID, Done, Have, ETA, Up, Down, Ratio, Status, Name as
/// transmission-remote's `-l`, then a `Sum:` line. Every row fits in `width` columns (`Int.max`:
/// no limit, what a pipe gets unless `--width` or `COLUMNS` asks). Names come first: while the
/// name column would be narrower than `preferredNameWidth` (or the widest name, if shorter), whole
/// columns are dropped in `dropOrder` (Have, Up, Ratio, Down, ETA; ID, Done and Status stay); then
/// names are cut with `…`; when even the remaining columns do not fit, the row itself is cut. Pure.
public struct TorrentTable {
    /// English in every language, as transmission-remote prints them (README: "list stays in
    /// transmission-remote's words"): the table's cells are measured as one column per byte.
    public static let headers = ["ID", "Done", "Have", "ETA", "Up", "Down", "Ratio", "Status", "Name"]  // verbatim
    /// Right-aligned columns (numbers); the others are left-aligned.
    public static let rightAligned: [Bool] = [true, true, true, false, true, true, true, false, false]
    public static let gap = "  "
    /// The narrowest the name column gets before whole rows are cut instead.
    public static let minimumNameWidth = 8
    /// Columns are dropped before the name column gets narrower than this.
    public static let preferredNameWidth = 40
    /// The fixed columns (indices into `headers`) dropped first when names need the room: the
    /// amount already had (Done says it in per cent), the upload rate, the ratio, the download
    /// rate, then the ETA. ID (needed to act), Done, Status and Name are always shown.
    public static let dropOrder = [2, 4, 6, 5, 3]

    /// Which of the 8 fixed columns to show for these widths: all, unless names need the room.
    public static func shownColumns(columnWidths: [Int], widestName: Int, width: Int) -> [Bool] {
        var shown = [Bool](repeating: true, count: 8)
        var fixed = columnWidths.reduce(0, +) + gap.count * 8
        let wanted = min(widestName, preferredNameWidth)
        for column in dropOrder where width - fixed < wanted {
            shown[column] = false
            fixed -= columnWidths[column] + gap.count
        }
        return shown
    }

    public var width: Int
    /// Called on a row's ID cell (already padded), e.g. to colour error torrents.
    public var styleErrorID: (String) -> String = { $0 }

    public init(width: Int, styleErrorID: @escaping (String) -> String = { $0 }) {
        self.width = width
        self.styleErrorID = styleErrorID
    }

    /// The `Sum:` line's cells: total have, upload and download rates.
    public static func sumCells(have: Int, up: Int, down: Int) -> [String] {
        // verbatim
        ["Sum:", "", TorrentUnits.size(have), "", TorrentUnits.speed(up), TorrentUnits.speed(down), "", "", ""]
    }

    /// The header, one line per torrent, and the sum line, each without a trailing newline.
    public func lines(_ torrents: [Torrent]) -> [String] {
        render(torrents).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The whole table as one string (lines separated by newlines, none at the end).
    public func render(_ torrents: [Torrent]) -> String {
        String(decoding: renderBytes(torrents, order: torrents.indices), as: UTF8.self)
    }

    /// The table of `torrents[i]` for each `i` of `order`, as UTF-8 (no newline at the end). The
    /// cells and names of all rows are written as bytes into a few buffers and measured, then each
    /// row is padded straight into the output; no string is made per row or cell (but for error
    /// IDs, which `styleErrorID` takes as strings, and cuts of names beyond Latin letters).
    public func renderBytes<Order: Collection<Int>>(_ torrents: [Torrent], order: Order) -> [UInt8] {
        var output: [UInt8] = []
        write(torrents, order: order, chunkSize: .max) { output.append(contentsOf: $0) }
        output.removeLast()  // the newline after the sum line
        return output
    }

    /// The same table, handed to `emit` in pieces of at least `chunkSize` bytes (the last one
    /// shorter, ending with the sum line and a newline), so a long table is never held whole.
    public func write<Order: Collection<Int>>(
        _ torrents: [Torrent], order: Order, chunkSize: Int, to emit: (borrowing [UInt8]) -> Void
    ) {
        // Through a buffer pointer: a row's fields are read in place, its strings not retained.
        torrents.withUnsafeBufferPointer { write($0, order: order, chunkSize: chunkSize, to: emit) }
    }

    private func write<Order: Collection<Int>>(
        _ torrents: UnsafeBufferPointer<Torrent>, order: Order, chunkSize: Int, to emit: (borrowing [UInt8]) -> Void
    ) {
        var cells = TableCells(rows: order.count + 1)
        var names = TableNames(rows: order.count + 1)
        for index in order {
            precondition(torrents.indices.contains(index), "index out of range")  // verbatim
            cells.append(torrents[index])
            names.append(torrents[index].name)
        }
        cells.measure()
        let sum = Self.sumCells(have: cells.have, up: cells.up, down: cells.down)
        for column in 0..<8 { cells.widen(column, to: TerminalText.width(sum[column])) }
        let writer = TableWriter(cells: cells, names: names, width: width, styleErrorID: styleErrorID)
        var output: [UInt8] = []
        let fixedRow = max(0, writer.fixed + 1)
        let wholeTable = names.bytes.count + (order.count + 2) * fixedRow
        // A chunk is flushed after the row that reaches `chunkSize`: room for that row's overshoot.
        output.reserveCapacity(wholeTable <= chunkSize ? wholeTable : chunkSize + 4 * fixedRow)
        var scratch: [UInt8] = []
        for row in 0...order.count {
            writer.append(row: row, to: &output, scratch: &scratch)
            output.append(UInt8(ascii: "\n"))
            if output.count >= chunkSize {
                emit(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        output.append(contentsOf: sumLine(sum, widths: cells.columnWidths, shown: writer.shown).utf8)
        output.append(UInt8(ascii: "\n"))
        emit(output)
    }

    /// The totals (Have, Up, Down) under their columns; when one of those columns was dropped to
    /// make room for names, all three after the Done column, each with its header's word.
    private func sumLine(_ cells: [String], widths: [Int], shown: [Bool]) -> String {
        var text = Self.padded(cells[0], to: widths[0] + Self.gap.count + widths[1], right: false)
        if !(shown[2] && shown[4] && shown[5]) {
            text += [2, 4, 5].map { Self.gap + Self.headers[$0] + " " + cells[$0] }.joined()
        } else {
            for column in 2..<6 where shown[column] {
                text += Self.gap + Self.padded(cells[column], to: widths[column], right: Self.rightAligned[column])
            }
        }
        while text.hasSuffix(" ") { text.removeLast() }
        return width == .max ? text : TerminalText.truncated(text, to: max(width, 1))
    }

    public static func padded(_ text: String, to width: Int, right: Bool) -> String {
        let missing = width - TerminalText.width(text)
        guard missing > 0 else { return text }
        let spaces = String(repeating: " ", count: missing)
        return right ? spaces + text : text + spaces
    }
}
