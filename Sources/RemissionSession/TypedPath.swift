import RemissionModel

/// A file path typed at a question (connect's `Trust?`), read as the person means it, since no shell
/// expands it first: blanks around it and one pair of quotes around it go (a file dragged into a
/// terminal arrives as `'/home/ann/root.crt' `); `~` and `~/…` are the home directory; any other path
/// that does not begin with `/` is read from the home directory, the same wherever `connect` runs.
/// `~user` is not expanded (it is read from the home directory like any relative path). Pure.
public enum TypedPath {
    public static func resolve(_ typed: String, home: String) -> String {
        var text = Substring(typed.trimmingASCIIWhitespace())
        if text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first {
            text = text.dropFirst().dropLast()
        }
        let base = home.hasSuffix("/") && home.count > 1 ? String(home.dropLast()) : home
        if text == "~" { return base }
        if text.hasPrefix("~/") {
            text = text.dropFirst(2).drop { $0 == "/" }
        } else if text.hasPrefix("/") {
            return String(text)
        }
        while text.hasPrefix("./") { text = text.dropFirst(2) }
        return (base == "/" ? "" : base) + "/" + text
    }
}
