import RemissionModel
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    @Test(
        "parses valid documents",
        arguments: [
            ("null", JSONValue.null),
            (" true ", .bool(true)),
            ("false", .bool(false)),
            ("0", .int(0)),
            ("-0", .int(0)),
            ("42", .int(42)),
            ("-17", .int(-17)),
            ("9007199254740993", .int(9_007_199_254_740_993)),  // 2^53 + 1: exact, a Double would round it
            ("9223372036854775807", .int(Int64.max)),
            ("-9223372036854775808", .int(Int64.min)),
            ("0.5", .double(0.5)),
            ("-2.25", .double(-2.25)),
            ("1e3", .double(1000)),  // an exponent makes it a double even when integral
            ("1E+2", .double(100)),
            ("1.5e-3", .double(0.0015)),
            ("0.000001", .double(0.000001)),
            ("\"\"", .string("")),
            ("\"plain\"", .string("plain")),
            ("[]", .array([])),
            ("{}", .object(JSONObject())),
            ("[1, \"a\", [null], {\"k\": false}]", .array([1, "a", [nil], ["k": false]])),
            ("\t\r\n {\"a\" : [ 1 , 2 ] }\n", ["a": [1, 2]] as JSONValue),
        ])
    func parsesValid(text: String, expected: JSONValue) throws {
        #expect(try JSONValue.parse(text) == expected)
    }

    @Test(
        "numbers beyond the fast path match the standard library's conversion",
        arguments: ["123456789.123456789", "9223372036854775808", "1e300", "2.2250738585072014e-308", "0.1e-30"])
    func slowPathNumbers(text: String) throws {
        #expect(try JSONValue.parse(text) == .double(Double(text)!))
    }

    @Test(
        "decodes string escapes",
        arguments: [
            (#""a\"b""#, "a\"b"),
            (#""back\\slash\/""#, "back\\slash/"),
            (#""\b\f\n\r\t""#, "\u{08}\u{0C}\n\r\t"),
            (#""caf\u00e9""#, "café"),
            (#""\u00E9t\u00e9""#, "été"),
            (#""\ud83d\ude00 smile""#, "😀 smile"),  // surrogate pair
            (#""lone \ud800 high""#, "lone \u{FFFD} high"),  // unpaired surrogates become U+FFFD
            (#""lone \udc00 low""#, "lone \u{FFFD} low"),
            (#""\ud800\u0041""#, "\u{FFFD}A"),  // high surrogate followed by a non-surrogate escape
            (#""\ud800""#, "\u{FFFD}"),  // high surrogate right before the closing quote
            ("\"raw UTF-8: жёлтый 🚀\"", "raw UTF-8: жёлтый 🚀"),
        ])
    func decodesEscapes(text: String, expected: String) throws {
        #expect(try JSONValue.parse(text) == .string(expected))
    }

    // Found by scripts/fuzz (json): `[55550E155555]` parsed to `.double(.infinity)`, which serializes as
    // `null`, so parse → serialize → parse changed the value.
    @Test(
        "numbers beyond Double's range read as the largest finite Double, and round-trip",
        arguments: [
            ("1e400", Double.greatestFiniteMagnitude), ("-1e400", -Double.greatestFiniteMagnitude),
            ("55550E155555", .greatestFiniteMagnitude), ("-18e308", -.greatestFiniteMagnitude),
        ])
    func numbersBeyondDoubleRange(text: String, expected: Double) throws {
        let value = try JSONValue.parse(text)
        #expect(value == .double(expected))
        #expect(try JSONValue.parse(value.serialized()) == value)
        #expect(try JSONValue.parse("[\(text)]") == [value])
    }

    @Test("invalid UTF-8 inside a string becomes U+FFFD instead of failing")
    func invalidUTF8() throws {
        let bytes: [UInt8] = [0x22, 0x61, 0xFF, 0x62, 0x22]  // "a\xFFb"
        #expect(try JSONValue.parse(bytes) == .string("a\u{FFFD}b"))
    }

    @Test("object keys keep their order, and the last duplicate wins on lookup")
    func keyOrder() throws {
        let value = try JSONValue.parse(#"{"z":1,"a":2,"m":3,"a":4}"#)
        let object = try #require(value.object)
        #expect(object.keys == ["z", "a", "m", "a"])
        #expect(object["a"] == .int(4))
    }

    @Test(
        "malformed input is reported with the offending byte offset",
        arguments: [
            ("[1,]", 3),
            ("[1 2]", 3),
            (#"{"a" 1}"#, 5),
            (#"{"a":1,}"#, 7),
            ("{1:2}", 1),
            ("01", 0),
            ("-x", 1),
            ("1.x", 2),
            ("1e+x", 3),
            ("trux", 0),
            ("nulL", 0),
            (#""\x""#, 1),
            (#""\u12G4""#, 5),
            ("\"tab\there\"", 4),
            ("[1] x", 4),
            ("@", 0),
        ])
    func malformed(text: String, offset: Int) {
        #expect {
            try JSONValue.parse(text)
        } throws: { error in
            guard case .malformed(_, let found) = error as? JSONParseError else { return false }
            return found == offset
        }
    }

    @Test(
        "input that ends early is reported as truncated, distinct from malformed",
        arguments: [
            ("", 0),
            ("   ", 3),
            ("[", 1),
            ("[1,", 3),
            (#"{"a":"#, 5),
            (#"{"a""#, 4),
            (#""abc"#, 4),
            (#""abc\"#, 5),
            (#""\u00"#, 5),
            (#""\ud83d"#, 7),
            ("nul", 3),
            ("-", 1),
            ("1.", 2),
            ("1e+", 3),
            (#"{"torrents":[[1,"a"],[2,"#, 24),
        ])
    func truncated(text: String, offset: Int) {
        #expect(throws: JSONParseError.truncated(offset: offset)) {
            try JSONValue.parse(text)
        }
    }

    @Test("nesting deeper than the limit is malformed rather than a stack overflow")
    func depthLimit() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        #expect {
            try JSONValue.parse(deep)
        } throws: { error in
            guard case .malformed(let detail, _) = error as? JSONParseError else { return false }
            return detail.contains("nesting")
        }
        let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: Never.self) { try JSONValue.parse(fine) }
    }

    @Test("error descriptions name the offset")
    func errorDescriptions() {
        #expect(JSONParseError.truncated(offset: 12).description.contains("12"))
        #expect(JSONParseError.malformed(detail: "x", offset: 7).description.contains("byte 7"))
    }
}
