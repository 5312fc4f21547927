import CCatalog

#if canImport(Glibc)
    import Glibc
#endif

/// A message catalogue: English keys (`Phrase.key`) to translations, read from a gettext `.po`
/// text. Only `msgid`/`msgstr` pairs are read (with their continuation lines and C escapes); the
/// header, comments, empty and `#, fuzzy` translations are skipped, as `msgfmt` skips them.
/// Plurals are inside the strings (`{0|торрент|торрента|торрентов}`), not gettext's `msgid_plural`:
/// one sentence can then decline several words by the same number, and a new phrase is one entry.
public struct Catalog: Sendable {
    public var translations: [String: String]

    /// Russian, from po/ru.po compiled into the binary; parsed on the first Russian phrase, so an
    /// English run never reads it.
    public static let russian: Catalog = {
        let text = rm_catalog_ru()!
        return text.withMemoryRebound(to: UInt8.self, capacity: strlen(text)) {
            Catalog(entries: entries(bytes: UnsafeBufferPointer(start: $0, count: strlen(text))))
        }
    }()

    public init(po text: String) { self.init(entries: Self.entries(text)) }

    init(entries: [Entry]) {
        translations = Dictionary(minimumCapacity: entries.count)
        for entry in entries where !entry.fuzzy && !entry.id.isEmpty && !entry.text.isEmpty {
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

    /// The entries of a `.po` text, in order. Read as UTF-8 bytes, line by line: the keywords and
    /// escapes are ASCII, and a parse by `Character` (grapheme clusters) took ~8 ms for the
    /// catalogue, against well under one this way.
    static func entries(_ po: String) -> [Entry] {
        var po = po
        return po.withUTF8 { entries(bytes: $0) }
    }

    private enum Field { case context, id, text }

    static func entries(bytes: UnsafeBufferPointer<UInt8>) -> [Entry] {
        var entries: [Entry] = []
        var entry = Entry()
        var field: Field?
        var value: [UInt8] = []
        func store() {
            let text = String(decoding: value, as: UTF8.self)
            switch field {
            case .context?: entry.context = text
            case .id?: entry.id = text
            case .text?: entry.text = text
            case nil: break
            }
            value.removeAll(keepingCapacity: true)
        }
        func finish() {
            store()
            if field == .text { entries.append(entry) }
            entry = Entry()
            field = nil
        }
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if let rest = after(line, "msgctxt ") {
                if field == .text { finish() } else { store() }
                field = .context
                unquote(rest, into: &value)
            } else if let rest = after(line, "msgid ") {
                if field == .text { finish() } else { store() }
                field = .id
                unquote(rest, into: &value)
            } else if let rest = after(line, "msgstr ") {
                store()
                field = .text
                unquote(rest, into: &value)
            } else if line.first == UInt8(ascii: "\""), field != nil {
                unquote(line, into: &value)
            } else if after(line, "#,") != nil {
                if field == .text { finish() }
                entry.fuzzy = String(decoding: line, as: UTF8.self).contains("fuzzy")
            } else if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                if field == .text { finish() }
            }
            start = end + 1
        }
        if field == .text { finish() }
        return entries
    }

    /// The bytes after `prefix`, when the line starts with it.
    private static func after(_ line: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> UnsafeBufferPointer<UInt8>?
    {
        let count = prefix.utf8CodeUnitCount
        guard line.count >= count, memcmp(line.baseAddress!, prefix.utf8Start, count) == 0 else { return nil }
        return UnsafeBufferPointer(rebasing: line[count...])
    }

    /// Appends the text of a `"…"` (spaces around it allowed) with `\"`, `\\`, `\n`, `\t` decoded.
    private static func unquote(_ line: UnsafeBufferPointer<UInt8>, into value: inout [UInt8]) {
        var first = line.startIndex
        var last = line.endIndex
        while first < last, line[first] == 0x20 { first += 1 }
        while last > first, line[last - 1] == 0x20 || line[last - 1] == 0x0D { last -= 1 }
        guard last - first >= 2, line[first] == UInt8(ascii: "\""), line[last - 1] == UInt8(ascii: "\"") else {
            return
        }
        var index = first + 1
        while index < last - 1 {
            let byte = line[index]
            if byte == UInt8(ascii: "\\"), index + 1 < last - 1 {
                let next = line[index + 1]
                value.append(next == UInt8(ascii: "n") ? 0x0A : next == UInt8(ascii: "t") ? 0x09 : next)
                index += 2
            } else {
                value.append(byte)
                index += 1
            }
        }
    }
}
