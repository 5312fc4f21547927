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
        let rows = torrents.map(Self.cells)
        let sum = Self.sumCells(torrents)
        var widths = Self.headers.map(TerminalText.width)
        for row in rows + [sum] {
            for column in 0..<8 { widths[column] = max(widths[column], TerminalText.width(row[column])) }
        }
        // The Sum: label spans the ID and Done columns when ID is narrow.
        widths[0] = max(widths[0], 2)
        let fixed = widths[0..<8].reduce(0, +) + Self.gap.count * 8
        let nameWidth = max(Self.minimumNameWidth, width - fixed)
        var result: [String] = []
        result.reserveCapacity(rows.count + 2)
        result.append(line(Self.headers, widths: widths, nameWidth: nameWidth, error: false))
        for (index, row) in rows.enumerated() {
            result.append(line(row, widths: widths, nameWidth: nameWidth, error: torrents[index].hasError))
        }
        result.append(sumLine(sum, widths: widths))
        return result
    }

    func render(_ torrents: [Torrent]) -> String {
        lines(torrents).joined(separator: "\n")
    }

    private func line(_ cells: [String], widths: [Int], nameWidth: Int, error: Bool) -> String {
        var text = ""
        var used = 0
        for column in 0..<8 {
            let cell = Self.padded(cells[column], to: widths[column], right: Self.rightAligned[column])
            text += column == 0 && error ? styleErrorID(cell) : cell
            text += Self.gap
            used += widths[column] + Self.gap.count
        }
        let name = TerminalText.truncated(cells[8], to: nameWidth)
        if used + TerminalText.width(name) <= width { return text + name }
        // Narrower than the fixed columns: cut the whole row (plain text, so no colour is cut).
        let plain = (0..<8).map { Self.padded(cells[$0], to: widths[$0], right: Self.rightAligned[$0]) + Self.gap }
        return TerminalText.truncated(plain.joined() + name, to: width)
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
