import RemissionModel

/// The 8 fixed cells (all but the name) of every row, back to back as UTF-8, with where each ends;
/// row 0 is the header. All but the Status cell are ASCII, one column per byte. Tracks the widest
/// Status cell and the totals of the `Sum:` line; `measure` finds the other columns' widths.
public struct TableCells {
    public var bytes: [UInt8] = []
    public var ends: [Int32] = []
    public var statusWidths: [Int32] = []
    /// Whether each row's torrent has an error (its ID is marked and styled).
    public var errors: [Bool] = [false]
    public var columnWidths = [Int](repeating: 0, count: 8)
    public var have = 0
    public var up = 0
    public var down = 0

    public init(rows: Int) {
        bytes.reserveCapacity(rows * 48)
        ends.reserveCapacity(rows * 8)
        statusWidths.reserveCapacity(rows)
        errors.reserveCapacity(rows)
        for column in 0..<7 {
            bytes.append(contentsOf: TorrentTable.headers[column].utf8)
            endCell()
        }
        appendStatus(TorrentTable.headers[7])
    }

    /// Columns of cell `cell` (row * 8 + column).
    public func width(_ cell: Int) -> Int {
        if cell & 7 == 7 { return Int(statusWidths[cell >> 3]) }
        return Int(ends[cell]) - (cell == 0 ? 0 : Int(ends[cell - 1]))
    }

    public mutating func widen(_ column: Int, to cellWidth: Int) {
        if cellWidth > columnWidths[column] { columnWidths[column] = cellWidth }
    }

    /// Widens the ASCII columns to their widest cells: once over all ends, which is cheaper than
    /// while appending.
    public mutating func measure() {
        var widest = [Int](repeating: 0, count: 8)
        widest.withUnsafeMutableBufferPointer { widest in
            ends.withUnsafeBufferPointer { ends in
                var start: Int32 = 0
                for cell in ends.indices {
                    let column = cell & 7
                    if column != 7 { widest[column] = max(widest[column], Int(ends[cell] - start)) }
                    start = ends[cell]
                }
            }
        }
        for column in 0..<7 { widen(column, to: widest[column]) }
    }

    public mutating func append(_ torrent: borrowing Torrent) {
        let have = TorrentUnits.have(torrent)
        self.have = ServerArithmetic.sum(self.have, have)
        up = ServerArithmetic.sum(up, torrent.rateUpload)
        down = ServerArithmetic.sum(down, torrent.rateDownload)
        TorrentUnits.appendInteger(torrent.id, to: &bytes)
        let error = torrent.hasError
        errors.append(error)
        if error { bytes.append(UInt8(ascii: "*")) }
        endCell()
        TorrentUnits.appendDone(sizeWhenDone: torrent.sizeWhenDone, percentDone: torrent.percentDone, to: &bytes)
        endCell()
        TorrentUnits.appendSize(have, to: &bytes)
        endCell()
        TorrentUnits.appendETA(leftUntilDone: torrent.leftUntilDone, eta: torrent.eta, to: &bytes)
        endCell()
        TorrentUnits.appendSpeed(torrent.rateUpload, to: &bytes)
        endCell()
        TorrentUnits.appendSpeed(torrent.rateDownload, to: &bytes)
        endCell()
        TorrentUnits.appendRatio(torrent.uploadRatio, to: &bytes)
        endCell()
        appendStatus(torrent.activityLabel)
    }

    /// The Status cell: sanitized, and measured by its scalars unless printable ASCII.
    private mutating func appendStatus(_ text: String) {
        let plain = TerminalText.withUTF8(text) { utf8 in
            guard TerminalText.isPlainASCII(utf8) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        var columns = 0
        if plain {
            columns = bytes.count - Int(ends[ends.count - 1])
        } else {
            let safe = TerminalText.safe(text)
            bytes.append(contentsOf: safe.utf8)
            columns = TerminalText.width(safe)
        }
        ends.append(Int32(bytes.count))
        statusWidths.append(Int32(columns))
        widen(7, to: columns)
    }

    @inline(__always)
    private mutating func endCell() {
        ends.append(Int32(bytes.count))
    }
}

/// The sanitized names of the rows, back to back as UTF-8, with where each ends and its width;
/// row 0 is the header's.
public struct TableNames {
    public var bytes: [UInt8] = []
    public var ends: [Int32] = []
    public var widths: [Int32] = []

    public init(rows: Int) {
        bytes.reserveCapacity(rows * 48)
        ends.reserveCapacity(rows)
        widths.reserveCapacity(rows)
        append(TorrentTable.headers[8])
    }

    public mutating func append(_ name: borrowing String) {
        // Columns when measured by bytes; -1 when it needs sanitizing, -2 when measured by scalars.
        var columns = TerminalText.withUTF8(name) { utf8 in
            if TerminalText.isPlainASCII(utf8) {
                bytes.append(contentsOf: utf8)
                return utf8.count
            }
            if TerminalText.hasControl(utf8) { return -1 }
            bytes.append(contentsOf: utf8)
            return TerminalText.latinWidth(utf8) ?? -2
        }
        if columns == -1 {
            let safe = TerminalText.safe(name)
            bytes.append(contentsOf: safe.utf8)
            columns = TerminalText.width(safe)
        } else if columns == -2 {
            columns = TerminalText.width(name)
        }
        ends.append(Int32(bytes.count))
        widths.append(Int32(columns))
    }
}

/// Writes the rows of measured cells and names: each cell padded to its column, the name cut to
/// the name column, the whole row cut (as plain text) when even that does not fit `width`. Names
/// come first: before the name column gets narrower than `TorrentTable.preferredNameWidth` (or
/// the widest name, if shorter), whole columns are dropped in `TorrentTable.dropOrder`.
public struct TableWriter {
    public let cells: TableCells
    public let names: TableNames
    /// The shown fixed columns' total width, with their gaps.
    public let fixed: Int
    public let nameWidth: Int
    public let width: Int
    /// Which of the 8 fixed columns are shown.
    public let shown: [Bool]
    /// The shown fixed columns as runs of adjacent ones, in order (one run when all are shown).
    private let runs: [Range<Int>]
    public let styleErrorID: (String) -> String
    private let gap = Array(TorrentTable.gap.utf8)
    private let rightAligned = TorrentTable.rightAligned
    /// Enough spaces for any row's cells, padding included.
    private let spaces: [UInt8]

    public init(cells: TableCells, names: TableNames, width: Int, styleErrorID: @escaping (String) -> String) {
        self.cells = cells
        self.names = names
        let gapWidth = TorrentTable.gap.utf8.count
        let allFixed = cells.columnWidths.reduce(0, +) + gapWidth * 8
        shown = TorrentTable.shownColumns(
            columnWidths: cells.columnWidths, widestName: Int(names.widths.max() ?? 0), width: width)
        var fixed = 0
        var runs: [Range<Int>] = []
        for column in 0..<8 where shown[column] {
            fixed += cells.columnWidths[column] + gapWidth
            if let last = runs.last, last.upperBound == column {
                runs[runs.count - 1] = last.lowerBound..<column + 1
            } else {
                runs.append(column..<column + 1)
            }
        }
        self.fixed = fixed
        self.runs = runs
        nameWidth = max(TorrentTable.minimumNameWidth, width - fixed)
        self.width = width
        self.styleErrorID = styleErrorID
        var longest = 0
        for row in 0..<cells.statusWidths.count {
            let start = row == 0 ? 0 : Int(cells.ends[row * 8 - 1])
            longest = max(longest, Int(cells.ends[row * 8 + 7]) - start - Int(cells.statusWidths[row]))
        }
        spaces = Array(repeating: UInt8(ascii: " "), count: allFixed + longest)
    }

    /// Appends row `row` (0 is the header); `scratch` is reused from row to row.
    public func append(row: Int, to output: inout [UInt8], scratch: inout [UInt8]) {
        let start = row == 0 ? 0 : Int(names.ends[row - 1])
        var end = Int(names.ends[row])
        var columns = Int(names.widths[row])
        var ellipsis = false
        var otherCut: [UInt8]? = nil  // a cut that is not a prefix plus `…`
        if columns > nameWidth {
            names.bytes.withUnsafeBufferPointer { all in
                let name = UnsafeBufferPointer(rebasing: all[start..<end])
                if let cut = TerminalText.latinCut(name, nameWidth) {
                    end = start + cut
                    ellipsis = true
                    columns = nameWidth
                } else {
                    var bytes: [UInt8] = []
                    columns = TerminalText.appendTruncated(name, columns: columns, to: nameWidth, output: &bytes)
                    otherCut = bytes
                }
            }
        }
        func appendName(to output: inout [UInt8]) {
            if let otherCut { return output.append(contentsOf: otherCut) }
            names.bytes.withUnsafeBufferPointer {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end]))
            }
            if ellipsis { output.append(contentsOf: TerminalText.ellipsis) }
        }
        guard fixed + columns <= width else {
            // Narrower than the fixed columns: cut the whole row (plain text, so no colour is cut).
            scratch.removeAll(keepingCapacity: true)
            appendShownCells(row: row, skippingID: false, to: &scratch)
            appendName(to: &scratch)
            scratch.withUnsafeBufferPointer { plain in
                _ = TerminalText.appendTruncated(plain, columns: fixed + columns, to: width, output: &output)
            }
            return
        }
        if cells.errors[row] {
            scratch.removeAll(keepingCapacity: true)
            appendCells(row: row, columns: 0..<1, to: &scratch)
            let id = String(decoding: scratch.dropLast(gap.count), as: UTF8.self)
            output.append(contentsOf: styleErrorID(id).utf8)
            output.append(contentsOf: gap)
            appendShownCells(row: row, skippingID: true, to: &output)
        } else {
            appendShownCells(row: row, skippingID: false, to: &output)
        }
        appendName(to: &output)
    }

    /// The row's shown cells (but the ID's when `skippingID`), run by run.
    @inline(__always)
    private func appendShownCells(row: Int, skippingID: Bool, to output: inout [UInt8]) {
        for run in runs {
            let columns = skippingID && run.lowerBound == 0 ? 1..<run.upperBound : run
            if !columns.isEmpty { appendCells(row: row, columns: columns, to: &output) }
        }
    }

    /// The row's cells of `columns`, each padded to its column and followed by the gap: the spaces
    /// are appended at once and the cells copied over them.
    private func appendCells(row: Int, columns: Range<Int>, to output: inout [UInt8]) {
        let firstCell = row * 8 + columns.lowerBound
        let bytesStart = firstCell == 0 ? 0 : Int(cells.ends[firstCell - 1])
        var total = Int(cells.ends[row * 8 + columns.upperBound - 1]) - bytesStart + columns.count * gap.count
        for column in columns {
            total += max(cells.columnWidths[column] - cells.width(row * 8 + column), 0)
        }
        let base = output.count
        spaces.withUnsafeBufferPointer { output.append(contentsOf: UnsafeBufferPointer(rebasing: $0[0..<total])) }
        output.withUnsafeMutableBufferPointer { out in
            cells.bytes.withUnsafeBufferPointer { source in
                var at = out.baseAddress! + base
                var from = source.baseAddress! + bytesStart
                for column in columns {
                    let cell = row * 8 + column
                    let to = source.baseAddress! + Int(cells.ends[cell])
                    let missing = max(cells.columnWidths[column] - cells.width(cell), 0)
                    let right = rightAligned[column]
                    if right { at += missing }
                    while from < to {
                        at.pointee = from.pointee
                        at += 1
                        from += 1
                    }
                    if !right { at += missing }
                    at += gap.count
                }
            }
        }
    }
}
