extension TerminalText {
    /// `text` as it fits a terminal `width` cells wide: every line that fits stays as it is; a wider
    /// one is broken at spaces under its own indent (two more after the first line), its spacing
    /// kept. A command a person may copy (`remission …`, `ssh …`, `ssh-keygen …`: from such a word
    /// to the end of its clause) is never broken inside: it goes whole onto a line of its own, and
    /// one wider than a line is continued shell-style (` \`, four more), so pasting it runs it whole.
    /// A word wider than a line (a fingerprint) stays whole, moved left as far as it needs. Escape
    /// sequences (Remission's own colours) take no cells. `width` `Int.max` (a pipe) changes nothing.
    ///
    /// Why not let the terminal wrap: it cuts words in the middle (issue 36: CERTIFICATE CHANGED
    /// after `watch`, 25 lines cut mid-word). Why not wrap through a pipe: as git and ssh, a script or
    /// a log reader gets whole lines.
    public static func fitted(_ text: String, width: Int) -> String {
        guard width > 0, width < Int.max / 2 else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .flatMap { fittedLine(String($0), width: width) }
            .joined(separator: "\n")
    }

    /// One line of `fitted`.
    static func fittedLine(_ line: String, width: Int) -> [String] {
        guard displayWidth(line) > width else { return [line] }
        let lead = String(line.prefix { $0 == " " })
        let rest = lead + "  "
        var lines: [String] = []
        var current = ""
        for unit in units(line.dropFirst(lead.count)) {
            let joined = current.isEmpty ? lead + unit.text : current + unit.gap + unit.text
            if displayWidth(joined) <= width {
                current = joined
                continue
            }
            let indent = current.isEmpty ? lead : rest
            if !current.isEmpty, displayWidth(indent + unit.text) <= width {
                lines.append(current)
                current = indent + unit.text
                continue
            }
            // Wider than a whole line: a command is continued shell-style, a word stays whole.
            if !current.isEmpty { lines.append(current) }
            if unit.isCommand {
                let parts = continued(unit.text, first: indent, rest: indent + "    ", width: width)
                lines += parts.dropLast()
                current = parts.last ?? ""
            } else {
                current = movedLeft(indent + unit.text, width: width)
            }
        }
        lines.append(current)
        return lines
    }

    /// A piece of a line: a word, or a command's words kept together; `gap` is the spacing before it.
    struct FitUnit {
        var gap: String
        var text: String
        var isCommand: Bool
    }

    /// Words that begin a command in Remission's hints and warnings.
    static let commandWords: Set<String> = [
        "remission", "ssh", "ssh-keygen", "ssh-add", "secret-tool", "timedatectl", "apt-get", "sudo", "openssl",
    ]

    /// `text` cut into words (with the spacing before each), a command's words glued into one unit
    /// from its first word to the word that ends its clause (`.`, `,`, `;`, `:`, `?`, `)` or a
    /// backquote at its end), or to the end of the line.
    static func units(_ text: Substring) -> [FitUnit] {
        var words: [(gap: String, text: String)] = []
        var gap = ""
        var word = ""
        for character in text {
            if character == " " {
                if !word.isEmpty {
                    words.append((gap, word))
                    (gap, word) = ("", "")
                }
                gap.append(character)
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append((gap, word)) }
        var units: [FitUnit] = []
        var index = 0
        while index < words.count {
            let (gap, first) = words[index]
            index += 1
            let bare = first.drop { "(`'\"".contains($0) }
            guard commandWords.contains(String(bare)), !endsClause(first) else {
                units.append(FitUnit(gap: gap, text: first, isCommand: false))
                continue
            }
            var command = first
            while index < words.count {
                command += words[index].gap + words[index].text
                index += 1
                if endsClause(words[index - 1].text) { break }
            }
            units.append(FitUnit(gap: gap, text: command, isCommand: true))
        }
        return units
    }

    private static func endsClause(_ word: String) -> Bool {
        guard let last = word.unicodeScalars.last else { return false }
        return ".,;:?)`".unicodeScalars.contains(last)
    }

    /// A command wider than a line broken at its spaces, each line but the last ending in ` \`.
    static func continued(_ command: String, first: String, rest: String, width: Int) -> [String] {
        var lines = wrap(command, width: width - 2, first: first, rest: rest)
        for index in lines.indices.dropLast() { lines[index] += " \\" }
        return lines.map { movedLeft($0, width: width) }
    }

    /// A line still too wide (one long word) with as much of its indent dropped as it needs.
    static func movedLeft(_ line: String, width: Int) -> String {
        let excess = displayWidth(line) - width
        guard excess > 0 else { return line }
        let spaces = line.prefix { $0 == " " }.count
        return String(line.dropFirst(min(spaces, excess)))
    }

    /// Terminal cells of `text` with its escape sequences (CSI: ESC, `[`, parameters, a final letter)
    /// taking none: Remission styles its own words; a server's text is made safe before.
    public static func displayWidth(_ text: String) -> Int {
        guard text.utf8.contains(0x1B) else { return width(text) }
        var plain = ""
        var inEscape = false
        var sawBracket = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if !sawBracket {
                    sawBracket = true
                    if scalar == "[" { continue }
                    inEscape = false
                } else {
                    if (0x40...0x7E).contains(scalar.value) { inEscape = false }
                    continue
                }
            }
            if scalar == "\u{1B}" {
                (inEscape, sawBracket) = (true, false)
                continue
            }
            plain.unicodeScalars.append(scalar)
        }
        return width(plain)
    }
}
