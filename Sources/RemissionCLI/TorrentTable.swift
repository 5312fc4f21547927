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
        [
            "\(torrent.id)\(torrent.hasError ? "*" : "")",
            TorrentUnits.done(torrent),
            TorrentUnits.size(TorrentUnits.have(torrent)),
            TorrentUnits.eta(torrent),
            TorrentUnits.speed(torrent.rateUpload),
            TorrentUnits.speed(torrent.rateDownload),
            TorrentUnits.ratio(torrent.uploadRatio),
            TerminalText.sanitized(torrent.activityLabel),
            TerminalText.sanitized(torrent.name),
        ]
    }

    /// The `Sum:` line's cells: total have, upload and download rates.
    static func sumCells(_ torrents: [Torrent]) -> [String] {
        var have = 0
        var up = 0
        var down = 0
        for torrent in torrents {
            have += TorrentUnits.have(torrent)
            up += torrent.rateUpload
            down += torrent.rateDownload
        }
        return [
            "Sum:", "", TorrentUnits.size(have), "", TorrentUnits.speed(up), TorrentUnits.speed(down), "", "", "",
        ]
    }

    /// The header, one line per torrent, and the sum line, each without a trailing newline.
    func lines(_ torrents: [Torrent]) -> [String] {
        render(torrents).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The whole table as one string (lines separated by newlines, none at the end). Each cell is
    /// measured once; rows are appended to one buffer (10,000 torrents are a few milliseconds).
    func render(_ torrents: [Torrent]) -> String {
        var cells: [String] = []
        var cellWidths: [Int] = []
        cells.reserveCapacity(torrents.count * 9)
        cellWidths.reserveCapacity(torrents.count * 9)
        var widths = Self.headers.map(TerminalText.width)
        let sum = Self.sumCells(torrents)
        for column in 0..<8 { widths[column] = max(widths[column], TerminalText.width(sum[column])) }
        for torrent in torrents {
            for (column, cell) in Self.cells(torrent).enumerated() {
                let cellWidth = TerminalText.width(cell)
                cells.append(cell)
                cellWidths.append(cellWidth)
                if column < 8, cellWidth > widths[column] { widths[column] = cellWidth }
            }
        }
        let fixed = widths[0..<8].reduce(0, +) + Self.gap.utf8.count * 8
        let nameWidth = max(Self.minimumNameWidth, width - fixed)
        var output = ""
        output.reserveCapacity((torrents.count + 2) * (min(width, fixed + nameWidth) + 1))
        appendLine(
            Self.headers, Self.headers.map(TerminalText.width), widths: widths, nameWidth: nameWidth, error: false,
            to: &output)
        for (index, torrent) in torrents.enumerated() {
            output.append("\n")
            let range = index * 9..<index * 9 + 9
            appendLine(
                cells[range], cellWidths[range], widths: widths, nameWidth: nameWidth, error: torrent.hasError,
                to: &output)
        }
        output.append("\n")
        output.append(sumLine(sum, widths: widths))
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
