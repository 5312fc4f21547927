import COpenSSL
import CShims
import RemissionModel

#if canImport(Glibc)
    import Glibc
#endif

/// One TCP connection to a server, with TLS when it has a context: non-blocking, every wait bounded
/// by an absolute deadline (monotonic milliseconds). `open` (SocketConnection+Open.swift) makes it. Failures are `SocketFailure`s, which
/// `SocketTransport` classifies with what the handshake inspector saw.
final class SocketConnection {
    let descriptor: Int32
    private(set) var ssl: OpaquePointer?
    /// An `https://` proxy's TLS, when the server's own TLS (`ssl`) runs inside it.
    private var tunnelSSL: OpaquePointer?
    /// The numeric address connected to.
    let remoteAddress: String
    /// The addresses tried before this one, in the order they were started (`open(addresses:deadline:)`).
    var passedOver: [PassedOverAddress] = []
    /// The `ssh -W` on the other end of this socketpair, ended after the descriptor is closed.
    var sshProcess: SSHProcess?

    init(descriptor: Int32, remoteAddress: String) {
        self.descriptor = descriptor
        self.remoteAddress = remoteAddress
    }

    /// Our side's port, to find this connection in a server's logs.
    var localPort: Int? {
        var local = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return named == 0 ? Self.port(of: local) : nil
    }

    deinit {
        // The server's TLS first: its filter BIO does not own the proxy's TLS beneath it.
        if let ssl { SSL_free(ssl) }
        if let tunnelSSL { SSL_free(tunnelSSL) }
        _ = Glibc.close(descriptor)
    }

    /// The TLS handshake over this connection; `serverName` goes in SNI (not for address literals).
    ///
    /// Over an `https://` proxy's TLS (a first handshake on this connection), the second one runs
    /// inside it: its records are read and written through an SSL filter BIO on the proxy's TLS.
    /// The BIO passes OpenSSL's retry flags on, so a read or write that would block still waits on
    /// this one socket with the same deadlines, on this thread: no relay thread, no socket pair.
    func handshake(context: OpaquePointer, serverName: String?, deadline: Double) throws(SocketFailure) {
        guard let ssl = SSL_new(context) else { throw .tls(Self.openSSLError()) }
        if let outer = self.ssl {
            guard let filter = BIO_new(BIO_f_ssl()) else {
                SSL_free(ssl)
                throw .tls(Self.openSSLError())
            }
            // The inner TLS may hand a retried write over from another buffer.
            _ = SSL_ctrl(
                outer, SSL_CTRL_MODE, Int(SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER | SSL_MODE_ENABLE_PARTIAL_WRITE), nil)
            _ = BIO_ctrl(filter, BIO_C_SET_SSL, Int(BIO_NOCLOSE), UnsafeMutableRawPointer(outer))
            SSL_set_bio(ssl, filter, filter)
            tunnelSSL = outer
        } else {
            SSL_set_fd(ssl, descriptor)
        }
        self.ssl = ssl
        if let serverName { _ = rm_SSL_set_tlsext_host_name(ssl, serverName) }
        ERR_clear_error()
        while true {
            let result = withSIGPIPEBlocked { SSL_connect(ssl) }
            if result == 1 { return }
            try waitForTLS(result, deadline: deadline, closedMeans: .tls("the server closed the connection"))
        }
    }

    var protocolVersion: String? { ssl.map { String(cString: SSL_get_version($0)) } }

    var cipher: String? {
        guard let ssl, let current = SSL_get_current_cipher(ssl), let name = SSL_CIPHER_get_name(current) else {
            return nil
        }
        return String(cString: name)
    }

    func write(_ bytes: [UInt8], deadline: Double) throws(SocketFailure) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.count - offset
            let written = bytes.withUnsafeBytes { buffer -> Int in
                let start = buffer.baseAddress! + offset
                if let ssl {
                    ERR_clear_error()
                    return Int(withSIGPIPEBlocked { SSL_write(ssl, start, Int32(min(count, 1 << 30))) })
                }
                return Glibc.send(descriptor, start, count, Int32(MSG_NOSIGNAL))
            }
            if written > 0 {
                offset += written
            } else if ssl != nil {
                try waitForTLS(Int32(written), deadline: deadline, closedMeans: .closed)
            } else if errno == EAGAIN || errno == EINTR {
                try wait(for: Int16(POLLOUT), until: deadline)
            } else {
                throw errno == EPIPE || errno == ECONNRESET ? .closed : .io(errno: errno)
            }
        }
    }

    /// Reads what is there (at least one byte, waiting until `deadline`); empty when the server closed.
    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: Double) throws(SocketFailure) -> Int {
        while true {
            acknowledgeAtOnce()
            let count: Int
            if let ssl {
                ERR_clear_error()
                count = Int(withSIGPIPEBlocked { SSL_read(ssl, buffer.baseAddress, Int32(buffer.count)) })
                if count > 0 { return count }
                let code = SSL_get_error(ssl, Int32(count))
                if code == SSL_ERROR_ZERO_RETURN { return 0 }
                if code == SSL_ERROR_SYSCALL, ERR_peek_error() == 0 {
                    let failure = errno
                    if failure == ECONNRESET || failure == EPIPE { throw .closed }  // a reset is no end of an answer
                    if failure == 0 { throw .closedWithoutNotify }  // OpenSSL 1.1's way to say it
                }
                // OpenSSL 3 reports a close without close_notify as an error, not as SSL_ERROR_SYSCALL.
                if code == SSL_ERROR_SSL, ERR_GET_REASON(ERR_peek_error()) == SSL_R_UNEXPECTED_EOF_WHILE_READING {
                    ERR_clear_error()
                    throw .closedWithoutNotify
                }
                try waitForTLS(Int32(count), deadline: deadline, closedMeans: .closed)
            } else {
                count = Glibc.recv(descriptor, buffer.baseAddress, buffer.count, 0)
                if count >= 0 { return count }
                if errno == ECONNRESET { throw .closed }
                guard errno == EAGAIN || errno == EINTR else { throw .io(errno: errno) }
                try wait(for: Int16(POLLIN), until: deadline)
            }
        }
    }

    /// Asks Linux to acknowledge what arrives at once rather than after its delayed-ACK timer (40 ms).
    /// Once a connection has carried a request and its answer (the 409 handshake, any earlier call),
    /// the kernel treats it as interactive and delays ACKs; a server that does not disable Nagle's
    /// algorithm (Transmission's HTTP server) then holds the last partial segment of a large answer
    /// until that ACK comes: 40 ms added to every large answer on a reused connection (`list` at
    /// 10,000 torrents: 45-110 ms to receive 1.3 MB instead of 3-10). The flag does not stay set,
    /// so it is set before every read; on a socket that is not TCP (a unix socket, ssh's socketpair)
    /// it fails and changes nothing.
    private func acknowledgeAtOnce() {
        var on: Int32 = 1
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), Int32(TCP_QUICKACK), &on, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Whether a kept connection can still carry a request: the server has not closed it (nor sent
    /// anything unasked).
    var isReusable: Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) == 0 else { return false }
        return true
    }

    private func waitForTLS(_ result: Int32, deadline: Double, closedMeans: SocketFailure) throws(SocketFailure) {
        guard let ssl else { return }
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ: try wait(for: Int16(POLLIN), until: deadline)
        case SSL_ERROR_WANT_WRITE: try wait(for: Int16(POLLOUT), until: deadline)
        case SSL_ERROR_ZERO_RETURN: throw closedMeans
        case SSL_ERROR_SYSCALL:
            let code = errno
            if ERR_peek_error() != 0 { throw .tls(Self.openSSLError()) }
            if code == EINTR { return }
            throw code == 0 || code == EPIPE || code == ECONNRESET ? closedMeans : .io(errno: code)
        default:
            throw .tls(Self.openSSLError())
        }
    }

    private func wait(for events: Int16, until deadline: Double) throws(SocketFailure) {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        while true {
            let left = Self.remaining(deadline)
            guard left > 0 else { throw .timeout }
            let ready = poll(&entry, 1, left)
            if ready > 0 { return }
            if ready == 0 { throw .timeout }
            guard errno == EINTR else { throw .io(errno: errno) }
        }
    }

    static func remaining(_ deadline: Double) -> Int32 {
        Int32(clamping: max(0, Int((deadline - SystemClock().monotonicMilliseconds).rounded(.up))))
    }

    static func openSSLError() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "TLS failure" }
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func port(of address: sockaddr_storage) -> Int? {
        var copy = address
        return withUnsafePointer(to: &copy) { pointer -> Int? in
            switch Int32(address.ss_family) {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin_port))
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            default:
                return nil
            }
        }
    }
}

/// What went wrong on a socket, before `SocketTransport` says what it means.
enum SocketFailure: Error, Equatable {
    case resolve(String)
    case connect(errno: Int32, address: String)
    case timeout
    case tls(String)
    /// The server closed the connection (or reset it).
    case closed
    /// The TLS connection ended without close_notify: whatever came last may have been cut off by
    /// someone on the path, so it never ends an answer framed by the close (curl 8 refuses it too).
    case closedWithoutNotify
    case io(errno: Int32)
    /// The proxy refused the tunnel or answered what is not its protocol (`ProxyRoute`).
    case proxy(ProxyFailure)
}

/// Runs `body` with SIGPIPE blocked on this thread, and takes back the one a write to a closed
/// socket raised meanwhile: OpenSSL writes with write(2), which has no MSG_NOSIGNAL, and the default
/// action would end the process.
func withSIGPIPEBlocked<Result>(_ body: () -> Result) -> Result {
    var blocked = sigset_t()
    var previous = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    let result = body()
    var pending = sigset_t()
    sigpending(&pending)
    if sigismember(&pending, SIGPIPE) == 1, sigismember(&previous, SIGPIPE) == 0 {
        var zero = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&blocked, nil, &zero)
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
    return result
}
