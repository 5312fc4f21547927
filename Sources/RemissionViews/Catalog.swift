import CCatalog

/// A message catalogue: English keys (`Phrase.key`) to translations, read from a gettext `.po`
/// text. Only `msgid`/`msgstr` pairs are read (with their continuation lines and C escapes); the
/// header, comments, empty and `#, fuzzy` translations are skipped, as `msgfmt` skips them.
/// Plurals are inside the strings (`{0|торрент|торрента|торрентов}`), not gettext's `msgid_plural`:
/// one sentence can then decline several words by the same number, and a new phrase is one entry.
public struct Catalog: Sendable {
    public var translations: [String: String]

    /// Russian, from po/ru.po compiled into the binary; parsed on the first Russian phrase, so an
    /// English run never reads it.
    public static let russian = Catalog(po: String(cString: rm_catalog_ru()))

    public init(po text: String) {
        translations = [:]
        for entry in Self.entries(text) where !entry.fuzzy && !entry.id.isEmpty && !entry.text.isEmpty {
            translations[entry.context.map { $0 + "\u{4}" + entry.id } ?? entry.id] = entry.text
        }
    }

    /// The phrase in this catalogue's language, or its English when there is no translation.
    public func translate(_ phrase: Phrase, context: String? = nil) -> String {
        let (key, values) = phrase.key
        guard let template = translations[context.map { $0 + "\u{4}" + key } ?? key] else { return phrase.english }
        return Self.fill(template, values: values)
    }

    /// Puts `values` into a translation's `{N}` and `{N|one|few|many}` placeholders (Russian's
    /// plural forms of the number N). A malformed placeholder is left as written.
    public static func fill(_ template: String, values: [String]) -> String {
        var result = ""
        var rest = template[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { return result + rest[open...] }
            let inside = rest[rest.index(after: open)..<close].split(separator: "|", omittingEmptySubsequences: false)
            if let index = Int(inside[0]), values.indices.contains(index) {
                if inside.count == 1 {
                    result += values[index]
                } else {
                    let forms = inside.dropFirst()
                    result += forms[forms.startIndex + russianForm(Int(values[index]) ?? 5, forms: forms.count)]
                }
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Which of Russian's forms a count takes: 0 for 1, 21, 101 (торрент), 1 for 2–4, 22–24
    /// (торрента), 2 for 0, 5–20, 25–30, 111–114 (торрентов). With fewer forms, the last.
    public static func russianForm(_ count: Int, forms: Int = 3) -> Int {
        let magnitude = count.magnitude
        let (ones, tens) = (magnitude % 10, magnitude % 100)
        let form = ones == 1 && tens != 11 ? 0 : (2...4).contains(ones) && !(12...14).contains(tens) ? 1 : 2
        return min(form, forms - 1)
    }

    struct Entry {
        var context: String?
        var id = ""
        var text = ""
        var fuzzy = false
    }

    /// The entries of a `.po` text, in order.
    static func entries(_ po: String) -> [Entry] {
        var entries: [Entry] = []
        var entry = Entry()
        var field: WritableKeyPath<Entry, String>?
        func finish() {
            if field != nil { entries.append(entry) }
            entry = Entry()
            field = nil
        }
        for line in po.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("msgctxt ") {
                if field != nil { finish() }
                entry.context = unquote(line.dropFirst(8))
            } else if line.hasPrefix("msgid ") {
                if field != nil { finish() }
                field = \.id
                entry.id = unquote(line.dropFirst(6))
            } else if line.hasPrefix("msgstr ") {
                field = \.text
                entry.text = unquote(line.dropFirst(7))
            } else if line.hasPrefix("\""), let field {
                entry[keyPath: field] += unquote(line)
            } else if line.hasPrefix("#,") {
                if field != nil { finish() }
                entry.fuzzy = line.contains("fuzzy")
            } else if line.allSatisfy(\.isWhitespace) {
                finish()
            }
        }
        finish()
        return entries
    }

    /// The text of a `"…"` line, with `\"`, `\\`, `\n` and `\t` decoded.
    static func unquote(_ line: Substring) -> String {
        var body = line
        while body.first == " " { body = body.dropFirst() }
        while body.last == " " || body.last == "\r" { body = body.dropLast() }
        guard body.count >= 2, body.first == "\"", body.last == "\"" else { return "" }
        body = body.dropFirst().dropLast()
        var text = ""
        var escaped = false
        for character in body {
            if escaped {
                text.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }
}
