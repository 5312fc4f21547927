import CShims
import RemissionModel

#if canImport(Glibc)
    import Glibc
#endif

extension SocketConnection {
    /// A connection whose other end is `ssh -W host:port` (`SSHRoute`): our end of a socketpair,
    /// which TLS, deadlines and framing use as they use a TCP socket. The process goes with the
    /// connection (`sshProcess`, ended when the connection is released).
    /// ssh gets `environment` without Remission's secrets (`ChildEnvironment`).
    static func openSSH(
        _ route: SSHRoute, command: [String], host: String, port: Int, connectTimeoutSeconds: Double,
        environment: [String: String]
    ) throws(SSHFailure) -> SocketConnection {
        let arguments = route.arguments(
            command: command, host: host, port: port, connectTimeoutSeconds: connectTimeoutSeconds)
        let (process, descriptor) = try SSHProcess.start(arguments, environment: ChildEnvironment.entries(environment))
        let connection = SocketConnection(descriptor: descriptor, remoteAddress: route.destination.url)
        connection.sshProcess = process
        return connection
    }

    /// The longest path `sockaddr_un.sun_path` holds, without its NUL.
    static let unixPathLimit = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// A connection to the unix socket at `path` (Transmission 4's `rpc-bind-address: unix:PATH`),
    /// made by the user, root or a daemon in its own directory (`UnixSocketOwner`), file and peer.
    static func openUnix(path: String, deadline: Double) throws(UnixSocketFailure) -> SocketConnection {
        let bytes = Array(path.utf8)
        guard bytes.count <= unixPathLimit else { throw .pathTooLong(limit: unixPathLimit) }
        guard !bytes.contains(0) else { throw .notFound }
        try UnixSocketOwner.checkFile(path)
        let descriptor = socket(
            AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .other(detail: String(cString: strerror(errno))) }
        let connection = SocketConnection(descriptor: descriptor, remoteAddress: path)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, length) }
        }
        if result == 0 {
            try UnixSocketOwner.checkPeer(descriptor, path: path)
            return connection
        }
        var code = errno
        if code == EAGAIN || code == EINPROGRESS {
            // The listener's backlog is full: wait for room, within the connect deadline.
            var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            while true {
                let ready = poll(&entry, 1, remaining(deadline))
                if ready > 0 { break }
                if ready == 0 { throw .other(detail: String(cString: strerror(ETIMEDOUT))) }
                guard errno == EINTR else { throw .other(detail: String(cString: strerror(errno))) }
            }
            var failure: Int32 = 0
            var size = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &size)
            if failure == 0 {
                try UnixSocketOwner.checkPeer(descriptor, path: path)
                return connection
            }
            code = failure
        }
        throw UnixSocketFailure(errno: code, isSocket: isSocket(path))
    }

    /// Whether `path` names a socket; nil when nothing (readable to us) is there.
    private static func isSocket(_ path: String) -> Bool? {
        var facts = stat()
        guard stat(path, &facts) == 0 else { return nil }
        return facts.st_mode & S_IFMT == S_IFSOCK
    }
}

extension UnixSocketFailure {
    /// The failure a `connect(2)` to a unix socket gave: `isSocket` says what `stat` found at the
    /// path (Linux answers ECONNREFUSED for a regular file as well as for a socket nobody listens on).
    public init(errno code: Int32, isSocket: Bool?) {
        switch code {
        case ENOENT, ENOTDIR: self = .notFound
        case ECONNREFUSED, ENOTSOCK, EPROTOTYPE: self = isSocket == false ? .notASocket : .notListening
        case EACCES, EPERM: self = .permissionDenied
        case ENAMETOOLONG: self = .pathTooLong(limit: SocketConnection.unixPathLimit)
        default: self = .other(detail: String(cString: strerror(code)))
        }
    }
}
