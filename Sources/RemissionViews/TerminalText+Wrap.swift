extension TerminalText {
    /// `text` broken at spaces into lines of at most `width` terminal cells: the first starts with
    /// `first`, the others with `rest` (a hanging indent). A word wider than a line (a fingerprint, a
    /// command) stays whole on its own line, to be copied in one piece.
    public static func wrap(_ text: String, width: Int = 80, first: String = "", rest: String = "") -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            let candidate = lineHasWord ? line + " " + word : line + word
            if lineHasWord, Self.width(candidate) > width {
                lines.append(line)
                line = rest + word
            } else {
                line = candidate
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines
    }
}
