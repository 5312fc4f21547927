import RemissionModel
import RemissionSession
import RemissionTrust

/// `trust show --json` and `trust list --json`: exact values (JSON-escaped), times in Unix seconds.
extension TrustCommandText {
    static func json(_ trust: ServerTrust) -> JSONObject {
        [
            "pins": .array(trust.pins.map { .string($0.description) }),
            "accepted": trust.accepted.map { accepted in
                .object([
                    "fingerprint": .string(accepted.fingerprint.description),
                    "subject": .string(accepted.subject),
                    "notBefore": .int(accepted.notBefore),
                    "notAfter": .int(accepted.notAfter),
                    "acceptedAt": .int(accepted.acceptedAt),
                ])
            } ?? .null,
            "caFile": trust.caFile.map { .string($0) } ?? .null,
            "httpAcknowledged": .bool(trust.httpAcknowledged),
        ]
    }

    static func json(_ certificate: CertificateFacts) -> JSONValue {
        .object([
            "subject": .string(certificate.subject), "issuer": .string(certificate.issuer),
            "names": .array(certificate.subjectAltNames.map { .string($0.description) }),
            "notBefore": .int(certificate.notBefore), "notAfter": .int(certificate.notAfter),
            "keyType": .string(certificate.keyType), "keyBits": .int(Int64(certificate.keyBits)),
            "signatureAlgorithm": .string(certificate.signatureAlgorithm),
            "fingerprint": .string(certificate.fingerprint.description),
            "spkiPin": .string(certificate.spkiPin.description),
        ])
    }

    /// `trust show --json` of an https server.
    public static func showJSON(_ subject: TrustSubject, stored: ServerTrust, probe: TrustProbe, now: Int64) -> String {
        let text = TrustText(server: subject.label, now: now)
        var object: JSONObject = [
            "server": .string(subject.label), "identity": .string(subject.identity),
            "url": .string(subject.endpoint.url), "scheme": .string("https"),
            "tlsVersion": probe.report.tls?.protocolVersion.map { .string($0) } ?? .null,
            "cipher": probe.report.tls?.cipher.map { .string($0) } ?? .null,
            "localPort": probe.report.localPort.map { .int(Int64($0)) } ?? .null,
            "certificates": .array(probe.chain.certificates.map(json)),
            "trusted": .bool(probe.decision.isTrusted),
        ]
        if case .trusted(let basis, _) = probe.decision {
            object["basis"] = .string(text.basis(basis))
        } else {
            object["basis"] = .null
        }
        object["decision"] = .array(text.lines(for: probe.decision, chain: probe.chain).map { .string($0) })
        object["stored"] = .object(json(stored))
        return JSONValue.object(object).serializedString(pretty: false)
    }

    /// `trust show --json` of a plain-HTTP server: no certificates, the acknowledgement decides.
    public static func showPlainHTTPJSON(_ subject: TrustSubject, stored: ServerTrust, state: PlainHTTPState)
        -> String
    {
        let object: JSONObject = [
            "server": .string(subject.label), "identity": .string(subject.identity),
            "url": .string(subject.endpoint.url), "scheme": .string("http"), "certificates": .array([]),
            "trusted": .bool(state.isAccepted), "decision": .array([]), "plainHTTP": .string(plainHTTPState(state)),
            "stored": .object(json(stored)),
        ]
        return JSONValue.object(object).serializedString(pretty: false)
    }

    /// `{"entries":[{"identity","servers":[…],"pins":[…],"accepted":…,"caFile","httpAcknowledged"}]}`.
    public static func listJSON(_ list: TrustList) -> String {
        let values = list.entries.map { entry -> JSONValue in
            var object: JSONObject = [
                "identity": .string(entry.identity), "servers": .array(entry.servers.map { .string($0) }),
            ]
            for (key, value) in json(entry.trust) { object[key] = value }
            return .object(object)
        }
        return JSONValue.object(["entries": .array(values)]).serializedString(pretty: false)
    }
}
