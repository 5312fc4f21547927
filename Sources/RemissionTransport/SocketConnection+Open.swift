import CShims
import RemissionModel

#if canImport(Glibc)
    import Glibc
#endif

extension SocketConnection {
    /// Resolves `host` and connects to the first of its addresses to answer (Happy Eyeballs,
    /// `open(addresses:deadline:)`).
    ///
    /// A `localhost` name (`ServerEndpoint.isLocalhostName`) is never asked of DNS: its addresses are
    /// 127.0.0.1 and ::1 (RFC 6761 §6.3, as curl does).
    static func open(
        host: String, numeric: Bool, localhost: Bool = false, port: Int, deadline: Double,
        resolved: (Double) -> Void
    ) throws(SocketFailure) -> SocketConnection {
        let addresses = try resolve(host: host, numeric: numeric, localhost: localhost, port: port, deadline: deadline)
        resolved(SystemClock().monotonicMilliseconds)
        return try open(addresses: addresses, deadline: deadline)
    }

    /// A host's addresses (at most `HappyEyeballs.maximumAddresses`), in getaddrinfo's order, the
    /// lookup bounded by `deadline`; `localhost` names are 127.0.0.1 and ::1 without DNS.
    static func resolve(host: String, numeric: Bool, localhost: Bool, port: Int, deadline: Double)
        throws(SocketFailure) -> [SocketAddress]
    {
        let lookups = localhost ? [("127.0.0.1", true), ("::1", true)] : [(host, numeric)]
        var addresses: [SocketAddress] = []
        for (name, literal) in lookups {
            var list: UnsafeMutablePointer<addrinfo>? = nil
            var error: Int32 = 0
            let waited = rm_resolve(name, String(port), literal ? 1 : 0, remaining(deadline), &list, &error)
            guard waited == 0 else { throw waited == -1 ? .timeout : .resolve("out of memory") }
            guard error == 0, let first = list else {
                // One family missing on this machine (no IPv6) is not a failure while the other resolves.
                if localhost { continue }
                throw .resolve(String(cString: gai_strerror(error)))
            }
            defer { freeaddrinfo(first) }
            var entry: UnsafeMutablePointer<addrinfo>? = first
            while let current = entry, addresses.count < HappyEyeballs.maximumAddresses {
                addresses.append(SocketAddress(current.pointee))
                entry = current.pointee.ai_next
            }
        }
        guard !addresses.isEmpty else { throw .resolve("no loopback address") }
        return addresses
    }

    /// Connects to the first of `addresses` to answer, by Happy Eyeballs (RFC 8305): in the order
    /// `HappyEyeballs.interleaved` gives, each attempt started `attemptDelay` after the previous one
    /// unless that one connected (or at once when it failed), all of them in flight polled together.
    /// The first to connect wins and the others are closed; the winner's `passedOver` says which
    /// addresses failed or were given up. When none connects by `deadline`, throws the most telling
    /// failure (`HappyEyeballs.mostTelling`).
    static func open(
        addresses: [SocketAddress], deadline: Double, attemptDelay: Double = HappyEyeballs.attemptDelay
    ) throws(SocketFailure) -> SocketConnection {
        var waiting = HappyEyeballs.interleaved(addresses, family: \.family)[...]
        var tried: [(address: String, started: Double, failure: SocketFailure?)] = []
        var inFlight: [(connection: SocketConnection, index: Int)] = []
        var nextStart = 0.0

        func won(_ connection: SocketConnection, index: Int) -> SocketConnection {
            let now = SystemClock().monotonicMilliseconds
            connection.passedOver = tried.indices.filter { $0 != index }.map { other in
                let attempt = tried[other]
                return PassedOverAddress(
                    address: attempt.address,
                    outcome: attempt.failure.map { .failed(Self.reason($0)) }
                        ?? .noAnswer(milliseconds: now - attempt.started))
            }
            return connection  // the attempts still in flight are closed as `inFlight` goes
        }

        while true {
            let now = SystemClock().monotonicMilliseconds
            guard now < deadline else { throw HappyEyeballs.mostTelling(tried.compactMap(\.failure) + [.timeout]) }
            if let address = waiting.first, inFlight.isEmpty || now >= nextStart {
                waiting.removeFirst()
                let index = tried.count
                tried.append((address: address.text, started: now, failure: nil))
                switch begin(address, text: tried[index].address) {
                case .connected(let connection):
                    return won(connection, index: index)
                case .inProgress(let connection):
                    inFlight.append((connection, index))
                    nextStart = now + attemptDelay
                case .failed(let failure):
                    tried[index].failure = failure
                }
                continue
            }
            if inFlight.isEmpty { throw HappyEyeballs.mostTelling(tried.compactMap(\.failure)) }
            var entries = inFlight.map { pollfd(fd: $0.connection.descriptor, events: Int16(POLLOUT), revents: 0) }
            let wake = waiting.isEmpty ? deadline : min(deadline, nextStart)
            let ready = poll(&entries, nfds_t(entries.count), remaining(wake))
            if ready < 0 {
                guard errno == EINTR else { throw .io(errno: errno) }
                continue
            }
            var stillWaiting: [(connection: SocketConnection, index: Int)] = []
            for (entry, attempt) in zip(entries, inFlight) {
                guard entry.revents != 0 else {
                    stillWaiting.append(attempt)
                    continue
                }
                var failure: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                _ = getsockopt(entry.fd, SOL_SOCKET, SO_ERROR, &failure, &length)
                if failure == 0 { return won(attempt.connection, index: attempt.index) }
                tried[attempt.index].failure = .connect(errno: failure, address: tried[attempt.index].address)
                nextStart = SystemClock().monotonicMilliseconds  // a failed attempt hands over at once
            }
            inFlight = stillWaiting
        }
    }

    private enum Start {
        case connected(SocketConnection)
        case inProgress(SocketConnection)
        case failed(SocketFailure)
    }

    /// A non-blocking connect to `address`: done at once (loopback may), under way, or refused.
    private static func begin(_ address: SocketAddress, text: String) -> Start {
        let descriptor = socket(
            address.family,
            Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failed(.connect(errno: errno, address: text)) }
        let connection = SocketConnection(descriptor: descriptor, remoteAddress: text)
        var on: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        var storage = address.storage
        let result = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, address.length) }
        }
        if result == 0 { return .connected(connection) }
        guard errno == EINPROGRESS else { return .failed(.connect(errno: errno, address: text)) }
        return .inProgress(connection)
    }

    /// The system's words for why an address failed.
    private static func reason(_ failure: SocketFailure) -> String {
        switch failure {
        case .connect(let code, _), .io(let code): String(cString: strerror(code))
        case .timeout: "timed out"
        default: "failed"
        }
    }
}
