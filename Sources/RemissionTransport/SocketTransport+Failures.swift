import RemissionModel

#if canImport(Glibc)
    import Glibc
#endif

extension SocketTransport {
    /// The failure as the rest of remission knows it (`TransportError`), with what the handshake
    /// inspector saw: a refused chain, or a server that refused our client certificate.
    func classify(_ failure: ExchangeFailure) -> TransportError {
        if let refusal = inspector.trustRefusal { return refusal }
        switch failure {
        case .transport(let error):
            return error
        case .closed:
            return .connection(detail: "the server closed the connection")
        case .wire(.tooLarge(let announced)):
            return .responseTooLarge(limit: options.maximumResponseBytes, announced: announced)
        case .wire(.malformed(let detail)):
            return .connection(detail: detail)
        case .wire(.truncatedTLS):
            return .connection(
                detail:
                    "the TLS connection ended without close_notify before the answer was complete (it may be cut short)"
            )
        case .socket(let socketFailure, let phase):
            if let refusal = clientCertificateRefusal(socketFailure, phase: phase) { return refusal }
            return classify(socketFailure, phase: phase)
        }
    }

    private func classify(_ failure: SocketFailure, phase: Phase) -> TransportError {
        switch (failure, phase) {
        case (.resolve(let detail), _):
            return .dns(host: endpoint.host, detail: detail)
        case (.timeout, .resolve), (.timeout, .connect):
            return .timeout(phase: .connect, detail: "no connection to \(endpoint.authority) in time")
        case (.timeout, .tls):
            return .timeout(phase: .tlsHandshake, detail: "the TLS handshake did not finish in time")
        case (.timeout, .request):
            return .timeout(phase: .request, detail: "no answer in time")
        case (.timeout, .response):
            return .timeout(phase: .response, detail: "the answer did not end in time")
        case (.connect(let code, let address), _):
            let detail = "connect to \(address) port \(endpoint.port): \(String(cString: strerror(code)))"
            switch code {
            case ECONNREFUSED: return .refused(detail: detail)
            case ETIMEDOUT: return .timeout(phase: .connect, detail: detail)
            default: return .unreachable(detail: detail)
            }
        case (.tls(let detail), .tls), (.tls(let detail), .resolve), (.tls(let detail), .connect):
            return .tlsHandshake(detail: detail)
        case (.tls(let detail), _):
            // After the handshake: the connection broke (as curl's RECV_ERROR/SEND_ERROR), not TLS setup.
            return .connection(detail: detail)
        case (.closed, .tls):
            return .tlsHandshake(detail: "the server closed the connection during the TLS handshake")
        case (.closed, .request):
            return .connection(detail: "empty reply: the server closed the connection without answering")
        case (.closed, _), (.closedWithoutNotify, _):
            return .connection(detail: "the server closed the connection in the middle of the answer")
        case (.io(let code), _):
            return .connection(detail: String(cString: strerror(code)))
        case (.proxy(let failure), _):
            return .proxy(failure)
        }
    }

    /// A handshake or first read that failed after the server asked for a client certificate
    /// (`HandshakeInspector.clientCertificateRefusal`).
    private func clientCertificateRefusal(_ failure: SocketFailure, phase: Phase) -> TransportError? {
        switch (failure, phase) {
        case (.tls, _), (.closed, .tls), (.closed, .request), (.io, .tls), (.io, .request):
            return inspector.clientCertificateRefusal
        default:
            return nil
        }
    }
}
