import RemissionModel

/// `JSONValue.parse`, the RPC reply parser. Properties: whatever it accepts serializes (compact and
/// pretty) to text that parses back to an equal value, and the `String` entry point agrees with the
/// bytes one on valid UTF-8.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = bytes(start, count)
    let parsed: JSONValue
    do { parsed = try JSONValue.parse(input) } catch { return 0 }

    let compact = parsed.serialized()
    let again = try? JSONValue.parse(compact)
    check(again == parsed, "compact round trip: \(parsed) -> \(String(decoding: compact, as: UTF8.self))")
    let pretty = parsed.serializedString(pretty: true)
    check((try? JSONValue.parse(pretty)) == parsed, "pretty round trip: \(parsed) -> \(pretty)")
    check(parsed.serialized() == compact, "serializing twice differs")
    if let text = String(validating: input, as: UTF8.self) {
        check((try? JSONValue.parse(text)) == parsed, "String and bytes entry points differ")
    }
    return 0
}
