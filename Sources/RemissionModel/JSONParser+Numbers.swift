extension JSONParser {
    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`: exact `Int64` when it is an integer that fits.
    mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = position
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var mantissa: UInt64 = 0
        var overflow = false
        var exponent = 0

        guard position < bytes.count else { throw .truncated(offset: position) }
        guard isDigit(bytes[position]) else {
            throw .malformed(
                detail: "expected a digit after '-' but found \(describe(bytes[position]))", offset: position)
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw .malformed(detail: "numbers must not have leading zeros", offset: start)
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &mantissa, overflow: &overflow)
                position += 1
            }
        }
        var isInteger = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            try requireDigit(after: "'.'")
            while position < bytes.count, isDigit(bytes[position]) {
                accumulate(bytes[position], into: &mantissa, overflow: &overflow)
                exponent -= 1
                position += 1
            }
        }
        if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            guard position < bytes.count else { throw .truncated(offset: position) }
            var exponentNegative = false
            if bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
                exponentNegative = bytes[position] == UInt8(ascii: "-")
                position += 1
            }
            try requireDigit(after: "the exponent sign")
            var value = 0
            while position < bytes.count, isDigit(bytes[position]) {
                if value < 100_000 { value = value * 10 + Int(bytes[position] - UInt8(ascii: "0")) }
                position += 1
            }
            exponent += exponentNegative ? -value : value
        }

        if isInteger, !overflow {
            if negative, mantissa <= UInt64(Int64.max) + 1 {
                return .int(mantissa == UInt64(Int64.max) + 1 ? Int64.min : -Int64(mantissa))
            }
            if !negative, mantissa <= UInt64(Int64.max) { return .int(Int64(mantissa)) }
        }
        // Clinger's fast path: both operands exact, so one correctly rounded operation.
        if !overflow, mantissa <= 1 << 53, (-22...22).contains(exponent) {
            var value = Double(mantissa)
            value = exponent < 0 ? value / Self.powersOfTen[-exponent] : value * Self.powersOfTen[exponent]
            return .double(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        // Beyond Double's range (`1e400`) reads as the largest finite Double, with its sign: JSON has no
        // infinity, so an infinite value would serialize as `null` and views would have to expect it.
        let value = Double(text) ?? .infinity
        guard value.isFinite else {
            return .double(negative ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude)
        }
        return .double(value)
    }

    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    private func accumulate(_ byte: UInt8, into mantissa: inout UInt64, overflow: inout Bool) {
        let digit = UInt64(byte - UInt8(ascii: "0"))
        if mantissa == 0, digit == 0 { return }  // leading zeros of a fraction carry no digits
        let (times10, o1) = mantissa.multipliedReportingOverflow(by: 10)
        let (sum, o2) = times10.addingReportingOverflow(digit)
        if o1 || o2 { overflow = true } else { mantissa = sum }
    }

    private mutating func requireDigit(after what: String) throws(JSONParseError) {
        guard position < bytes.count else { throw .truncated(offset: position) }
        guard isDigit(bytes[position]) else {
            throw .malformed(
                detail: "expected a digit after \(what) but found \(describe(bytes[position]))", offset: position)
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
