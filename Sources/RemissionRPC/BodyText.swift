/// Turns a small HTML or text error page into one line for an error message.
enum BodyText {
    /// Only the start of a page is read: error pages that matter are short.
    static let bytesRead = 4096

    /// Tags removed, the common entities decoded, whitespace collapsed, and cut to at most `limit`
    /// characters: at the end of the last whole sentence that fits, else with `…`. Nil when empty.
    static func summary(_ body: [UInt8], limit: Int) -> String? {
        let text = plainText(body.prefix(bytesRead))
        guard !text.isEmpty else { return nil }
        guard text.count > limit else { return text }
        let characters = Array(text.prefix(limit + 1))
        // A sentence ends at a period followed by a space ("settings.json" does not end one).
        if let end = (limit / 4..<limit).last(where: { characters[$0] == "." && characters[$0 + 1] == " " }) {
            return String(characters[...end])
        }
        return String(characters.prefix(limit - 1)) + "…"
    }

    private static func plainText(_ body: ArraySlice<UInt8>) -> String {
        var text = ""
        var insideTag = false
        var pendingSpace = false
        for scalar in String(decoding: body, as: UTF8.self).unicodeScalars {
            if scalar == "<" {
                insideTag = true
                pendingSpace = true
                continue
            }
            if insideTag {
                if scalar == ">" { insideTag = false }
                continue
            }
            if scalar.properties.isWhitespace || scalar.value < 0x20 {
                pendingSpace = true
                continue
            }
            if pendingSpace, !text.isEmpty { text.append(" ") }
            pendingSpace = false
            text.unicodeScalars.append(scalar)
        }
        return decodeEntities(text)
    }

    private static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let entities = [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")]
        var result = text
        for (entity, character) in entities {
            result = result.replacing(entity, with: character)
        }
        return result
    }
}
