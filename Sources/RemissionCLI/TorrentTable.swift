import RemissionModel

/// The text of `remission list`: columns ID, Done, Have, ETA, Up, Down, Ratio, Status, Name as
/// transmission-remote's `-l`, then a `Sum:` line. Every row fits in `width` columns: the name is
/// cut with `…` first; when even the other columns do not fit, the row itself is cut. Pure.
struct TorrentTable {
    static let headers = ["ID", "Done", "Have", "ETA", "Up", "Down", "Ratio", "Status", "Name"]
    /// Right-aligned columns (numbers); the others are left-aligned.
    static let rightAligned: [Bool] = [true, true, true, false, true, true, true, false, false]
    static let gap = "  "
    /// The narrowest the name column gets before whole rows are cut instead.
    static let minimumNameWidth = 8

    var width: Int
    /// Called on a row's ID cell (already padded), e.g. to colour error torrents.
    var styleErrorID: (String) -> String = { $0 }

    /// The cells of one torrent, sanitized.
    static func cells(_ torrent: Torrent) -> [String] {
        fixedCells(torrent) + [TerminalText.sanitized(torrent.name)]
    }

    /// Every cell but the name.
    static func fixedCells(_ torrent: Torrent) -> [String] {
        [
            "\(torrent.id)\(torrent.hasError ? "*" : "")",
            TorrentUnits.done(torrent),
            TorrentUnits.size(TorrentUnits.have(torrent)),
            TorrentUnits.eta(torrent),
            TorrentUnits.speed(torrent.rateUpload),
            TorrentUnits.speed(torrent.rateDownload),
            TorrentUnits.ratio(torrent.uploadRatio),
            TerminalText.sanitized(torrent.activityLabel),
        ]
    }

    /// The `Sum:` line's cells: total have, upload and download rates.
    static func sumCells(_ torrents: [Torrent]) -> [String] {
        sumCells(torrents, order: torrents.indices)
    }

    static func sumCells<Order: Collection<Int>>(_ torrents: [Torrent], order: Order) -> [String] {
        var have = 0
        var up = 0
        var down = 0
        for index in order {
            have += TorrentUnits.have(torrents[index])
            up += torrents[index].rateUpload
            down += torrents[index].rateDownload
        }
        return [
            "Sum:", "", TorrentUnits.size(have), "", TorrentUnits.speed(up), TorrentUnits.speed(down), "", "", "",
        ]
    }

    /// The header, one line per torrent, and the sum line, each without a trailing newline.
    func lines(_ torrents: [Torrent]) -> [String] {
        render(torrents).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The whole table as one string (lines separated by newlines, none at the end).
    func render(_ torrents: [Torrent]) -> String {
        String(decoding: renderBytes(torrents, order: torrents.indices), as: UTF8.self)
    }

    /// The table of `torrents[i]` for each `i` of `order`, as UTF-8 (no newline at the end). Cells are
    /// measured once and kept as bytes, one buffer for all of them; rows are written into one output
    /// buffer (10,000 torrents: a few milliseconds, no per-row strings kept).
    func renderBytes<Order: Collection<Int>>(_ torrents: [Torrent], order: Order) -> [UInt8] {
        var cellBytes: [UInt8] = []  // the 8 fixed cells of every row, back to back
        var cellEnds: [Int32] = []  // where each fixed cell ends in cellBytes
        var cellWidths: [Int32] = []
        var names: [String] = []
        var nameWidths: [Int] = []
        cellBytes.reserveCapacity(order.count * 48)
        cellEnds.reserveCapacity(order.count * 8)
        cellWidths.reserveCapacity(order.count * 8)
        names.reserveCapacity(order.count)
        nameWidths.reserveCapacity(order.count)
        var widths = Self.headers.map(TerminalText.width)
        let sum = Self.sumCells(torrents, order: order)
        for column in 0..<8 { widths[column] = max(widths[column], TerminalText.width(sum[column])) }
        for index in order {
            for (column, cell) in Self.fixedCells(torrents[index]).enumerated() {
                let cellWidth = TerminalText.width(cell)
                cellBytes.append(contentsOf: cell.utf8)
                cellEnds.append(Int32(cellBytes.count))
                cellWidths.append(Int32(cellWidth))
                if cellWidth > widths[column] { widths[column] = cellWidth }
            }
            let name = TerminalText.sanitized(torrents[index].name)
            names.append(name)
            nameWidths.append(TerminalText.width(name))
        }
        let fixed = fixedWidth(widths)
        let nameWidth = max(Self.minimumNameWidth, width - fixed)
        var output: [UInt8] = []
        output.reserveCapacity((order.count + 2) * (min(width, fixed + nameWidth) + 1))
        var header = ""
        appendLine(
            Self.headers, Self.headers.map(TerminalText.width), widths: widths, nameWidth: nameWidth, error: false,
            to: &header)
        output.append(contentsOf: header.utf8)
        for (row, index) in order.enumerated() {
            output.append(UInt8(ascii: "\n"))
            var name = names[row]
            var nameCells = nameWidths[row]
            if nameCells > nameWidth {
                name = TerminalText.truncated(name, to: nameWidth)
                nameCells = TerminalText.width(name)
            }
            let first = row * 8
            let error = torrents[index].hasError
            guard fixed + nameCells <= width, !error else {
                // Rare: coloured or cut rows take the path through strings.
                var cells: [String] = []
                for cell in first..<first + 8 {
                    let start = cell == 0 ? 0 : Int(cellEnds[cell - 1])
                    cells.append(String(decoding: cellBytes[start..<Int(cellEnds[cell])], as: UTF8.self))
                }
                cells.append(names[row])
                var line = ""
                appendLine(
                    cells, cellWidths[first..<first + 8].map(Int.init) + [nameWidths[row]], widths: widths,
                    nameWidth: nameWidth, error: error, to: &line)
                output.append(contentsOf: line.utf8)
                continue
            }
            for column in 0..<8 {
                let cell = first + column
                let start = cell == 0 ? 0 : Int(cellEnds[cell - 1])
                let missing = widths[column] - Int(cellWidths[cell])
                let right = Self.rightAligned[column]
                if missing > 0 && right { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: missing)) }
                output.append(contentsOf: cellBytes[start..<Int(cellEnds[cell])])
                if missing > 0 && !right { output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: missing)) }
                output.append(contentsOf: Self.gap.utf8)
            }
            output.append(contentsOf: name.utf8)
        }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: sumLine(sum, widths: widths).utf8)
        return output
    }

    private func appendLine<Cells: RandomAccessCollection<String>, Widths: RandomAccessCollection<Int>>(
        _ cells: Cells, _ cellWidths: Widths, widths: [Int], nameWidth: Int, error: Bool, to output: inout String
    ) where Cells.Index == Int, Widths.Index == Int {
        let first = cells.startIndex
        let firstWidth = cellWidths.startIndex
        var name = cells[first + 8]
        var nameCells = cellWidths[firstWidth + 8]
        if nameCells > nameWidth {
            name = TerminalText.truncated(name, to: nameWidth)
            nameCells = TerminalText.width(name)
        }
        guard fixedWidth(widths) + nameCells <= width else {
            // Narrower than the fixed columns: cut the whole row (plain text, so no colour is cut).
            var plain = ""
            for column in 0..<8 {
                Self.pad(cells[first + column], cellWidths[firstWidth + column], widths[column], column, to: &plain)
                plain.append(Self.gap)
            }
            output.append(TerminalText.truncated(plain + name, to: width))
            return
        }
        for column in 0..<8 {
            if column == 0 && error {
                var id = ""
                Self.pad(cells[first], cellWidths[firstWidth], widths[0], 0, to: &id)
                output.append(styleErrorID(id))
            } else {
                Self.pad(cells[first + column], cellWidths[firstWidth + column], widths[column], column, to: &output)
            }
            output.append(Self.gap)
        }
        output.append(name)
    }

    private func fixedWidth(_ widths: [Int]) -> Int { widths[0..<8].reduce(0, +) + Self.gap.utf8.count * 8 }

    private static func pad(_ cell: String, _ cellWidth: Int, _ width: Int, _ column: Int, to output: inout String) {
        let missing = width - cellWidth
        if missing > 0 && rightAligned[column] { output.append(String(repeating: " ", count: missing)) }
        output.append(cell)
        if missing > 0 && !rightAligned[column] { output.append(String(repeating: " ", count: missing)) }
    }

    private func sumLine(_ cells: [String], widths: [Int]) -> String {
        var text = Self.padded(cells[0], to: widths[0] + Self.gap.count + widths[1], right: false) + Self.gap
        for column in 2..<6 {
            text += Self.padded(cells[column], to: widths[column], right: Self.rightAligned[column])
            if column < 5 { text += Self.gap }
        }
        while text.hasSuffix(" ") { text.removeLast() }
        return TerminalText.truncated(text, to: max(width, 1))
    }

    static func padded(_ text: String, to width: Int, right: Bool) -> String {
        let missing = width - TerminalText.width(text)
        guard missing > 0 else { return text }
        let spaces = String(repeating: " ", count: missing)
        return right ? spaces + text : text + spaces
    }
}
