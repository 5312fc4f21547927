import Foundation

/// The DER certificates of PEM text, in order (every `CERTIFICATE` block; anything else skipped).
enum PEM {
    static func certificates(_ text: String) -> [[UInt8]] {
        var result: [[UInt8]] = []
        var body: String?
        for line in text.split(whereSeparator: \.isNewline) {
            if line == "-----BEGIN CERTIFICATE-----" {
                body = ""
            } else if line == "-----END CERTIFICATE-----" {
                if let text = body, let data = Data(base64Encoded: text) { result.append([UInt8](data)) }
                body = nil
            } else if body != nil {
                body? += line.trimmingCharacters(in: .whitespaces)
            }
        }
        return result
    }

    static func certificates(file path: String) throws -> [[UInt8]] {
        certificates(try String(contentsOfFile: path, encoding: .utf8))
    }
}
