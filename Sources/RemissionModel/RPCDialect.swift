/// The two wire formats of the Transmission RPC.
///
/// Names are kept internally in their classic spelling, which is mixed: methods and session keys
/// are kebab-case (`torrent-get`, `download-dir`), torrent fields camelCase (`percentDone`), and a
/// few session keys camelCase too (`seedRatioLimit`). JSON-RPC (Transmission 4.1+) uses the
/// snake_case form of every one of them (`torrent_get`, `download_dir`, `percent_done`), which is
/// derived mechanically by `snakeCased(_:)`; the classic spelling is not derivable from snake_case,
/// which is why it is the one kept.
public enum RPCDialect: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// `{"method":"torrent-get","arguments":{…},"tag":N}`, Transmission 2.40 – 4.x.
    case classic
    /// `{"jsonrpc":"2.0","method":"torrent_get","params":{…},"id":N}`, Transmission 4.1+.
    case jsonRPC

    public var description: String {
        switch self {
        case .classic: return "classic"
        case .jsonRPC: return "JSON-RPC 2.0"
        }
    }

    /// A method, field or key name as this dialect spells it, from its classic spelling.
    public func spell(_ classicName: String) -> String {
        switch self {
        case .classic: return classicName
        case .jsonRPC: return Self.jsonRPCExceptions[classicName] ?? Self.snakeCased(classicName)
        }
    }

    /// JSON-RPC names that are not the snake_case of the classic ones (Transmission 4.1.3's
    /// `session_get` says `cache_size_mib`; a `session_set` of `cache_size_mb` is accepted and
    /// ignored). A test checks every name against what a real 4.1.3 daemon returns.
    public static let jsonRPCExceptions: [String: String] = ["cache-size-mb": "cache_size_mib"]

    /// The snake_case form of a classic name: `-` becomes `_`, and a capital starts a new word
    /// unless it continues an acronym (`percentDone` → `percent_done`, `isUTP` → `is_utp`,
    /// `rpc-version` → `rpc_version`).
    public static func snakeCased(_ name: String) -> String {
        let input = Array(name.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count + 4)
        for (index, byte) in input.enumerated() {
            if byte == UInt8(ascii: "-") {
                output.append(UInt8(ascii: "_"))
            } else if isUpper(byte) {
                if index > 0 {
                    let previous = input[index - 1]
                    let nextIsLower = index + 1 < input.count && isLower(input[index + 1])
                    if isLower(previous) || isDigit(previous) || (isUpper(previous) && nextIsLower) {
                        output.append(UInt8(ascii: "_"))
                    }
                }
                output.append(byte | 0x20)
            } else {
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
    private static func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
