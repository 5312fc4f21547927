extension String {
    /// The text with every run of whitespace as one space: what its sentences say whatever width a
    /// terminal fitted them to (`printError` breaks lines at spaces on a terminal, as in a
    /// pseudo-terminal's 80 columns).
    var flowing: String { split(whereSeparator: \.isWhitespace).joined(separator: " ") }
}
