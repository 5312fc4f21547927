import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Loopback ports that misbehave at the TCP level, for the connect race (Happy Eyeballs): one that
/// never answers a connect, one that refuses it, one that accepts it. Made with plain sockets, no
/// root and no firewall rule; closed when the value goes away.
public final class LoopbackPort: @unchecked Sendable {
    public enum Kind: Sendable {
        /// Connects hang: a listener with `listen(fd, 0)` whose accept queue one connection (never
        /// accepted) already fills, so Linux drops every later SYN until the client gives up.
        case blackHole
        /// Connects are refused at once: the port is bound (so nobody else takes it) but not listening.
        case refusing
        /// Connects succeed (the kernel completes them; nothing is ever accepted or read).
        case listening
    }

    public let address: String
    public let port: Int
    private var descriptors: [Int32] = []

    /// Whether something listens on 127.0.0.1:`port` within `seconds` (a connect is tried every
    /// 50 ms): for servers a test starts and must wait for.
    public static func waitUntilListening(port: Int, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            close(descriptor)
            if connected == 0 { return true }
            usleep(50_000)
        }
        return false
    }

    /// `address` is a loopback literal ("127.0.0.1" or "::1"); `port` 0 takes a free one.
    public init(_ kind: Kind, address: String = "127.0.0.1", port: Int = 0) throws {
        precondition(address == "::1" || address.hasPrefix("127."), "loopback only")
        self.address = address
        var storage = try Self.socketAddress(address, port: port)
        let family = Int32(storage.ss_family)
        let listener = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard listener >= 0 else { throw LoopbackPortError.system("socket", errno) }
        descriptors.append(listener)
        let length = socklen_t(family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) }
        }
        guard bound == 0 else { throw LoopbackPortError.system("bind", errno) }
        var local = sockaddr_storage()
        var localLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &localLength) }
        }
        self.port = Self.port(of: local)
        switch kind {
        case .refusing:
            return
        case .listening:
            guard listen(listener, 16) == 0 else { throw LoopbackPortError.system("listen", errno) }
        case .blackHole:
            guard listen(listener, 0) == 0 else { throw LoopbackPortError.system("listen", errno) }
            try fillAcceptQueue(family: family, local: local, length: localLength)
        }
    }

    deinit { descriptors.forEach { _ = close($0) } }

    /// Connects one client and waits until the connection is established (it then sits in the
    /// accept queue, which is full).
    private func fillAcceptQueue(family: Int32, local: sockaddr_storage, length: socklen_t) throws {
        let filler = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard filler >= 0 else { throw LoopbackPortError.system("socket", errno) }
        descriptors.append(filler)
        var target = local
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(filler, $0, length) }
        }
        guard connected == 0 else { throw LoopbackPortError.system("connect", errno) }
    }

    private static func socketAddress(_ address: String, port: Int) throws -> sockaddr_storage {
        var storage = sockaddr_storage()
        let ok = withUnsafeMutablePointer(to: &storage) { pointer -> Bool in
            if address.contains(":") {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    $0.pointee.sin6_family = sa_family_t(AF_INET6)
                    $0.pointee.sin6_port = in_port_t(UInt16(port).bigEndian)
                    return inet_pton(AF_INET6, address, &$0.pointee.sin6_addr) == 1
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                $0.pointee.sin_family = sa_family_t(AF_INET)
                $0.pointee.sin_port = in_port_t(UInt16(port).bigEndian)
                return inet_pton(AF_INET, address, &$0.pointee.sin_addr) == 1
            }
        }
        guard ok else { throw LoopbackPortError.notAnAddress(address) }
        return storage
    }

    private static func port(of storage: sockaddr_storage) -> Int {
        var copy = storage
        return withUnsafePointer(to: &copy) { pointer in
            if Int32(storage.ss_family) == AF_INET6 {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                Int(UInt16(bigEndian: $0.pointee.sin_port))
            }
        }
    }
}

public enum LoopbackPortError: Error {
    case system(String, Int32)
    case notAnAddress(String)
}
