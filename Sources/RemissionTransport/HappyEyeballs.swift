#if canImport(Glibc)
    import Glibc
#endif

/// The rules of Happy Eyeballs (RFC 8305) that need no socket: in which order a host's addresses are
/// tried, how long one has before the next starts, and which failure is reported when none connects.
/// `SocketConnection.open(addresses:deadline:)` runs the race by them.
enum HappyEyeballs {
    /// How long an attempt has before the next one starts beside it (RFC 8305 §5 recommends 250 ms;
    /// curl waits 200 ms, Go 300 ms). An attempt that fails starts the next at once.
    static let attemptDelay: Double = 250

    /// At most this many addresses of one host are tried.
    static let maximumAddresses = 16

    /// The addresses in the order they are tried (RFC 8305 §4): the family of the first address
    /// first (getaddrinfo has already sorted them by RFC 6724), then the other family, alternating
    /// while both have addresses left; within a family the order is kept.
    static func interleaved<Address>(_ addresses: [Address], family: (Address) -> Int32) -> [Address] {
        guard let first = addresses.first.map(family) else { return [] }
        var preferred = addresses.filter { family($0) == first }[...]
        var others = addresses.filter { family($0) != first }[...]
        var order: [Address] = []
        order.reserveCapacity(addresses.count)
        while !preferred.isEmpty || !others.isEmpty {
            if let next = preferred.popFirst() { order.append(next) }
            if let next = others.popFirst() { order.append(next) }
        }
        return order
    }

    /// What to report when no attempt connected: a refusal says most (something answered, nothing
    /// listens), then any other error the system gave for an address (unreachable…), and only then
    /// that time ran out. Among equals, the first address's.
    static func mostTelling(_ failures: [SocketFailure]) -> SocketFailure {
        func rank(_ failure: SocketFailure) -> Int {
            switch failure {
            case .connect(let code, _): code == ECONNREFUSED ? 0 : 1
            case .timeout: 3
            default: 2
            }
        }
        return failures.min { rank($0) < rank($1) } ?? .timeout
    }
}

/// One resolved address with its port, owned (not a pointer into getaddrinfo's list).
struct SocketAddress {
    var family: Int32
    var storage: sockaddr_storage
    var length: socklen_t

    init(_ info: addrinfo) {
        family = info.ai_family
        storage = sockaddr_storage()
        length = min(info.ai_addrlen, socklen_t(MemoryLayout<sockaddr_storage>.size))
        if let source = info.ai_addr {
            withUnsafeMutableBytes(of: &storage) {
                $0.copyMemory(from: UnsafeRawBufferPointer(start: source, count: Int(length)))
            }
        }
    }

    /// An address literal ("127.0.0.1", "::1") and a port; nil when it is not one.
    init?(numeric host: String, port: Int) {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_NUMERICSERV
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>? = nil
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(first) }
        self.init(first.pointee)
    }

    /// The address without its port, as getnameinfo writes it ("::1").
    var text: String {
        var copy = storage
        var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        let named = withUnsafePointer(to: &copy) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                getnameinfo($0, length, &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST)
            }
        }
        guard named == 0 else { return "" }
        return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
