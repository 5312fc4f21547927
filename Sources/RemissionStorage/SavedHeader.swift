import RemissionModel

/// A gateway header saved with a server (`options.headers` in servers.json): its name, and its value
/// unless it is secret. A secret header's value is in the keyring (`GatewayHeaderStore`), and the file
/// records only that it is there: `{"name": "CF-Access-Client-Secret", "secret": true}`; a plain one
/// is `{"name": "CF-Access-Client-Id", "value": "…"}`.
public struct SavedHeader: Sendable, Hashable {
    public var name: String
    /// The value; nil for a secret header (in the keyring).
    public var value: String?

    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }

    public var isSecret: Bool { value == nil }

    /// The file form of `headers`.
    static func document(_ headers: [SavedHeader]) -> DocumentJSON? {
        guard !headers.isEmpty else { return nil }
        return .array(
            headers.map { header in
                if let value = header.value { return .object(["name": .string(header.name), "value": .string(value)]) }
                return .object(["name": .string(header.name), "secret": .bool(true)])
            })
    }

    /// Reads `headers`: an array of `{"name", "value"}` or `{"name", "secret": true}`; a name must be
    /// a valid header name and a value a valid value (`GatewayHeader.check`), each name once.
    static func read(_ value: DocumentJSON?) -> Result<[SavedHeader], HeaderDocumentProblem> {
        guard let value, value != .null else { return .success([]) }
        guard case .array(let items) = value, items.count <= GatewayHeader.maximumCount else {
            return .failure(.init("headers must be an array of at most \(GatewayHeader.maximumCount) headers"))
        }
        var headers: [SavedHeader] = []
        for item in items {
            guard case .object(let members) = item, case .string(let name)? = members["name"] else {
                return .failure(.init("a header must be an object with a \"name\""))
            }
            do throws(GatewayHeaderProblem) { try GatewayHeader.check(name: name) } catch {
                return .failure(.init("a header's name is not a valid header name"))
            }
            if headers.contains(where: { $0.name.lowercased() == name.lowercased() }) {
                return .failure(.init("a header is listed twice"))
            }
            switch (members["value"], members["secret"]) {
            case (.string(let text)?, nil), (.string(let text)?, .bool(false)?):
                do throws(GatewayHeaderProblem) { try GatewayHeader.check(value: text, of: name) } catch {
                    return .failure(.init("a header's value is empty, too long or holds a control character"))
                }
                headers.append(SavedHeader(name: name, value: text))
            case (nil, .bool(true)?):
                headers.append(SavedHeader(name: name, value: nil))
            default:
                return .failure(.init("a header has either a \"value\" or \"secret\": true"))
            }
        }
        return .success(headers)
    }
}

/// Why `options.headers` could not be read (never quoting a value).
struct HeaderDocumentProblem: Error {
    var text: String
    init(_ text: String) { self.text = text }
}
