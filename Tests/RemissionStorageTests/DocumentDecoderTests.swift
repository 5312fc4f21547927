import Foundation
import RemissionModel
import Testing

@testable import RemissionStorage

/// A type with every shape config files use: optional members, nested objects, arrays, string-keyed
/// dictionaries, raw trees, and numbers of several widths.
private struct Sample: Decodable, Equatable {
    struct Inner: Decodable, Equatable {
        var flag: Bool
        var tags: [String]
    }

    var name: String
    var port: Int
    var small: UInt8?
    var ratio: Double
    var inner: Inner
    var byName: [String: Int]
    var raw: DocumentJSON?
}

private func document(_ text: String) throws -> DocumentJSON {
    DocumentJSON(try JSONValue.parse(text))
}

private func decodeSample(_ text: String) throws -> Sample {
    try DocumentDecoder.decode(Sample.self, from: try document(text))
}

private let valid = """
    {"name": "nas", "port": 9091, "small": 7, "ratio": 2, "inner": {"flag": true, "tags": ["a", "b"]},
     "byName": {"x": 1, "y": 2}, "raw": {"keep": [1, 2.5, null, "s"]}, "unknown": "ignored"}
    """

@Suite("DocumentDecoder")
struct DocumentDecoderTests {
    @Test("decodes nested objects, arrays, dictionaries and raw trees; integers are accepted as doubles")
    func decodesEverything() throws {
        let sample = try decodeSample(valid)
        #expect(
            sample
                == Sample(
                    name: "nas", port: 9091, small: 7, ratio: 2.0, inner: .init(flag: true, tags: ["a", "b"]),
                    byName: ["x": 1, "y": 2],
                    raw: .object(["keep": .array([.integer(1), .number(2.5), .null, .string("s")])])))
    }

    @Test("optional members may be missing or null")
    func optionals() throws {
        let sample = try decodeSample(
            #"{"name": "n", "port": 1, "small": null, "ratio": 0.5, "inner": {"flag": false, "tags": []}, "byName": {}}"#
        )
        #expect(sample.small == nil)
        #expect(sample.raw == nil)
    }

    @Test("a whole 1.0 is an integer")
    func wholeDouble() throws {
        #expect(try decodeSample(valid.replacingFirst("9091", with: "9091.0")).port == 9091)
    }

    // Found by scripts/fuzz (documents): an unknown option `"x": 2.0` was kept as `.number(2.0)`, written
    // back by JSONEncoder as `2` and read as `.integer(2)`, so a servers.json changed on every rewrite
    // and what was saved did not read back equal.
    @Test("a whole number in a raw tree is an integer, so what is written reads back equal")
    func wholeNumberInRawTree() throws {
        #expect(
            try document("[2.0, -0.0, 1e3, 2.5, 1e300]")
                == .array([.integer(2), .integer(0), .integer(1000), .number(2.5), .number(1e300)]))
        let text = #"""
            {"version": 1.0, "servers": [{"name": "a", "scheme": "http", "host": "h", "port": 1, "path": "/",
             "options": {"x": 2.0, "y": [3.0, 0.5]}}]}
            """#
        #expect(try document(text)["version"] == .integer(1))
        let loaded = try DocumentDecoder.decode(ServersDocument.self, from: try document(text))
        let written = try document(String(decoding: try JSONEncoder().encode(loaded), as: UTF8.self))
        #expect(try DocumentDecoder.decode(ServersDocument.self, from: written) == loaded)
    }

    @Test(
        "wrong members are errors that name where they are",
        arguments: [
            (#""port": 9091"#, #""port": 1.5"#, "port"),
            (#""small": 7"#, #""small": 300"#, "small"),
            (#""name": "nas""#, #""name": 5"#, "name"),
            (#""flag": true"#, #""flag": "yes""#, "inner.flag"),
            (#""tags": ["a", "b"]"#, #""tags": ["a", 2]"#, "inner.tags[1]"),
            (#""byName": {"x": 1"#, #""byName": {"x": "1""#, "byName.x"),
            (#""name": "nas", "#, "", "\"name\" is missing"),
            (#""port": 9091"#, #""port": null"#, "port"),
            (#""inner": {"#, #""inner": [], "other": {"#, "inner"),
        ])
    func errors(original: String, replacement: String, expected: String) throws {
        let text = valid.replacingFirst(original, with: replacement)
        #expect(text != valid)
        do {
            _ = try decodeSample(text)
            Issue.record("decoded \(text)")
        } catch let error as DecodingError {
            #expect(describe(error).contains(expected), "described as: \(describe(error))")
        }
    }

    @Test("messages say what was found, never the value itself")
    func noContentInMessages() throws {
        let text = valid.replacingFirst(#""port": 9091"#, with: #""port": "secret-value""#)
        do {
            _ = try decodeSample(text)
            Issue.record("decoded")
        } catch let error as DecodingError {
            #expect(describe(error).contains("found a string"))
            #expect(!describe(error).contains("secret-value"))
        }
    }

    @Test("a repeated member: the last one counts")
    func repeatedMember() throws {
        #expect(try document(#"{"a": 1, "a": 2}"#) == .object(["a": .integer(2)]))
    }
}

extension String {
    fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
