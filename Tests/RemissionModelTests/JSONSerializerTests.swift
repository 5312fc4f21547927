import RemissionModel
import Testing

@Suite("JSON serializer and accessors")
struct JSONSerializerTests {
    @Test(
        "writes compact JSON with members in order",
        arguments: [
            (JSONValue.null, "null"),
            (.bool(true), "true"),
            (.int(0), "0"),
            (.int(-42), "-42"),
            (.int(Int64.min), "-9223372036854775808"),
            (.int(Int64.max), "9223372036854775807"),
            (.double(0.5), "0.5"),
            (.double(1), "1.0"),
            (.double(.infinity), "null"),  // JSON has no infinity
            (.double(.nan), "null"),
            (["b": 1, "a": [true, nil, 2.5]] as JSONValue, #"{"b":1,"a":[true,null,2.5]}"#),
            (.array([]), "[]"),
            (.object(JSONObject()), "{}"),
        ])
    func compact(value: JSONValue, expected: String) {
        #expect(String(decoding: value.serialized(), as: UTF8.self) == expected)
    }

    @Test(
        "escapes strings per RFC 8259",
        arguments: [
            ("plain", #""plain""#),
            ("quote \" and backslash \\", #""quote \" and backslash \\""#),
            ("line\nfeed\rreturn\ttab", #""line\nfeed\rreturn\ttab""#),
            ("\u{08}\u{0C}", #""\b\f""#),
            ("\u{01}\u{1F}\u{7F}", #""\u0001\u001f\u007f""#),
            ("slash / stays", #""slash / stays""#),
            ("é 🚀", "\"é 🚀\""),  // non-ASCII stays UTF-8
            // What a terminal would obey or hide is escaped too (issue 12: --json on a terminal).
            ("\u{80}\u{9B}6n\u{9F}", #""\u0080\u009b6n\u009f""#),
            ("a\u{202E}b\u{2066}c\u{2069}\u{200F}\u{061C}\u{2028}", #""a\u202eb\u2066c\u2069\u200f\u061c\u2028""#),
            // Their neighbours stay UTF-8.
            ("\u{A0}\u{2014}\u{20AC}\u{202F}\u{2065}", "\"\u{A0}\u{2014}\u{20AC}\u{202F}\u{2065}\""),
        ])
    func escaping(text: String, expected: String) {
        #expect(JSONValue.string(text).serializedString() == expected)
    }

    @Test("parse(serialize(v)) == v for a value using every case")
    func roundTrip() throws {
        let value: JSONValue = [
            "method": "torrent-get",
            "arguments": [
                "fields": ["id", "name"],
                "ids": [1, 2, "0123456789abcdef0123456789abcdef01234567"],
                "ratio": -1.5,
                "big": .int(Int64.max),
                "tiny": 1e-300,
                "text": "quote\" back\\ nl\n ctl\u{01} é 😀 c1\u{9B} rlo\u{202E} del\u{7F}",
                "nothing": nil,
                "flags": [true, false],
                "empty": [:],
            ],
            "tag": 7,
        ]
        #expect(try JSONValue.parse(value.serialized()) == value)
        #expect(try JSONValue.parse(value.serializedString(pretty: true)) == value)
    }

    @Test("pretty output indents members")
    func pretty() {
        let value: JSONValue = ["a": [1, 2], "b": [:]]
        #expect(value.serializedString(pretty: true) == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}")
    }

    @Test(
        "lenient accessors read what Transmission means",
        arguments: [
            (JSONValue.int(1), 1 as Int?, 1.0 as Double?, true as Bool?),
            (.double(1.0), 1, 1.0, true),  // percentDone may be 1, rates may be 1.0
            (.double(1.5), nil, 1.5, nil),
            (.int(0), 0, 0.0, false),  // classic `wanted` is [0, 1]
            (.int(2), 2, 2.0, nil),
            (.bool(true), nil, nil, true),
            (.string("1"), nil, nil, nil),  // no guessing from strings
            (.null, nil, nil, nil),
        ])
    func lenient(value: JSONValue, int: Int?, double: Double?, bool: Bool?) {
        #expect(value.int == int)
        #expect(value.double == double)
        #expect(value.bool == bool)
    }

    @Test("subscripts reach into objects and arrays and return nil elsewhere")
    func subscripts() {
        let value: JSONValue = ["list": [10, 20], "percent_done": 0.5]
        #expect(value["list"]?[1] == .int(20))
        #expect(value["list"]?[2] == nil)
        #expect(value["missing"] == nil)
        #expect(value[0] == nil)
        #expect(JSONValue.int(3)["x"] == nil)
        #expect(value[rpc: "percentDone"] == .double(0.5))  // classic name finds the snake_case member
    }

    @Test("setting members replaces in place, appends new keys, and nil removes")
    func objectMutation() {
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = 3
        object["c"] = 4
        object["b"] = nil
        #expect(object.keys == ["a", "c"])
        #expect(object.values == [3, 4])
        #expect(object.contains("c"))
        #expect(!object.contains("b"))
    }
}
