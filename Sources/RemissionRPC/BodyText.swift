/// Turns a small HTML or text error page into one line for an error message.
enum BodyText {
    /// Tags removed, the common entities decoded, whitespace collapsed; nil when empty or when
    /// the text is longer than `limit` characters (a long page would drown the message).
    static func summary(_ body: [UInt8], limit: Int) -> String? {
        guard !body.isEmpty, body.count <= limit * 8 else { return nil }
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
        text = decodeEntities(text)
        guard !text.isEmpty else { return nil }
        guard text.count <= limit else { return nil }
        return text
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
