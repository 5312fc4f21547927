import RemissionModel
import RemissionTrust

/// Where the names a refused leaf covers resolve here (`LocalNames`), for `--tls-name` advice.
extension SocketTransport {
    /// After a refusal whose leaf does not cover the host: each DNS name the leaf covers (a few at
    /// most) is looked up with this computer's resolver (/etc/hosts, DNS; never the server) and
    /// compared with the address connected. Each lookup is bounded by `deadline` and 2 s in all.
    func noteLocalNames(connectedTo connection: SocketConnection, deadline: Double) {
        guard var chain = inspector.chain, inspector.decision?.isTrusted == false, chain.hasHostMismatch,
            let leaf = chain.leaf
        else { return }
        let names = LocalNames.candidates(leaf)
        guard !names.isEmpty else { return }
        let address = connectedAddress(connection)
        let until = min(deadline, SystemClock().monotonicMilliseconds + 2000)
        chain.localNames = LocalNames(
            address: address.flatMap(PeerName.addressText),
            names: names.map { name in
                LocalNames.Name(
                    name: name, resolvesHere: address.map { resolves(name, to: $0, deadline: until) } ?? false)
            })
        inspector.chain = chain
    }

    /// The bytes of the address connected: the URL's own address, or the one a direct connection
    /// reached; unknown (nil) for a name reached through a proxy, ssh or a unix socket.
    private func connectedAddress(_ connection: SocketConnection) -> [UInt8]? {
        if let literal = PeerName.addressBytes(endpoint.host) { return literal }
        guard case .direct = options.route else { return nil }
        return PeerName.addressBytes(connection.remoteAddress)
    }

    private func resolves(_ name: String, to address: [UInt8], deadline: Double) -> Bool {
        let bare = name.hasSuffix(".") ? String(name.dropLast()) : name
        let localhost = bare == "localhost" || bare.hasSuffix(".localhost")  // RFC 6761: never asked of DNS
        guard
            let found = try? SocketConnection.resolve(
                host: name, numeric: false, localhost: localhost, port: endpoint.port, deadline: deadline)
        else { return false }
        return found.contains { PeerName.addressBytes($0.text) == address }
    }
}
