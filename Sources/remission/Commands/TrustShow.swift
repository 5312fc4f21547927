import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionTransport
import RemissionTrust
import RemissionViews

extension RemissionCommand.Trust {
    /// `remission trust show NAME|URL`: the presented chain and the trust decision, from a TLS handshake
    /// that sends no HTTP request.
    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show the server's certificates and the trust decision, without sending any request.",
            discussion: """
                Connects, completes the TLS handshake and disconnects: no HTTP request and no credential is
                sent. Prints each certificate (subject, issuer, names, validity, key, signature, SHA-256
                fingerprint, SPKI pin), the decision with its reasons, and what is stored for the server.
                Exits 0 when trusted, 5 when refused, 3 when offline.
                """)

        @Argument(help: "A saved server name or a URL (default: --server or the default server).")
        var name: String?

        @Flag(help: "Print one JSON object instead of text.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let subject = try TrustSubject(name, context: context)
            let stored = try subject.storedTrust(context)
            let now = currentUnixTime()
            guard subject.isHTTPS else { return try showPlainHTTP(subject, stored: stored) }
            let probe = try TrustProbe(subject, trust: stored, context: context)
            if json {
                print(jsonValue(subject, stored: stored, probe: probe).serializedString(pretty: false))
            } else {
                var lines = ["Server:      \(subject.label) (\(subject.identity))"]
                if let tls = probe.report.tls, let version = tls.protocolVersion {
                    lines.append("TLS:         \(version)\(tls.cipher.map { ", \($0)" } ?? "")")
                }
                lines += probe.lines(server: subject.label, now: now)
                lines.append("Stored for \(subject.identity):")
                lines += storedTrustLines(stored).map { "  " + $0 }
                print(lines.joined(separator: "\n"))
                printError("No HTTP request was sent.")
            }
            if !probe.decision.isTrusted { throw ExitCode(ExitStatus.trustRefused.rawValue) }
        }

        /// Plain HTTP: no certificate; the acknowledgement decides (loopback needs none).
        private func showPlainHTTP(_ subject: TrustSubject, stored: ServerTrust) throws {
            let accepted = stored.httpAcknowledged || subject.endpoint.isLoopback
            let state =
                stored.httpAcknowledged
                ? "acknowledged"
                : subject.endpoint.isLoopback ? "not needed (loopback)" : "not acknowledged"
            if json {
                let object: JSONObject = [
                    "server": .string(subject.label), "identity": .string(subject.identity),
                    "url": .string(subject.endpoint.url), "scheme": .string("http"), "certificates": .array([]),
                    "trusted": .bool(accepted), "decision": .array([]), "plainHTTP": .string(state),
                    "stored": stored.jsonValue,
                ]
                print(JSONValue.object(object).serializedString(pretty: false))
            } else {
                print(
                    [
                        "Server:      \(subject.label) (\(subject.identity))",
                        "No certificate: \(subject.endpoint.authority) is reached over plain HTTP, unencrypted.",
                        "Plain HTTP:  \(state)",
                    ].joined(separator: "\n"))
            }
            guard accepted else {
                printError(
                    "Plain HTTP to \(subject.endpoint.authority) is not acknowledged, so commands warn about it. "
                        + "Use https://, or acknowledge with: remission trust http \(quotedForShell(subject.label)) --acknowledge"
                )
                throw ExitCode(ExitStatus.trustRefused.rawValue)
            }
        }

        private func jsonValue(_ subject: TrustSubject, stored: ServerTrust, probe: TrustProbe) -> JSONValue {
            let text = TrustText(server: subject.label, now: currentUnixTime())
            var object: JSONObject = [
                "server": .string(subject.label), "identity": .string(subject.identity),
                "url": .string(subject.endpoint.url), "scheme": .string("https"),
                "tlsVersion": probe.report.tls?.protocolVersion.map { .string($0) } ?? .null,
                "cipher": probe.report.tls?.cipher.map { .string($0) } ?? .null,
                "localPort": probe.report.localPort.map { .int(Int64($0)) } ?? .null,
                "certificates": .array(probe.chain.certificates.map(\.jsonValue)),
                "trusted": .bool(probe.decision.isTrusted),
            ]
            if case .trusted(let basis, _) = probe.decision {
                object["basis"] = .string(text.basis(basis))
            } else {
                object["basis"] = .null
            }
            object["decision"] = .array(text.lines(for: probe.decision, chain: probe.chain).map { .string($0) })
            object["stored"] = stored.jsonValue
            return .object(object)
        }
    }
}

extension CertificateFacts {
    var jsonValue: JSONValue {
        .object([
            "subject": .string(subject), "issuer": .string(issuer),
            "names": .array(subjectAltNames.map { .string($0.description) }),
            "notBefore": .int(notBefore), "notAfter": .int(notAfter),
            "keyType": .string(keyType), "keyBits": .int(Int64(keyBits)),
            "signatureAlgorithm": .string(signatureAlgorithm),
            "fingerprint": .string(fingerprint.description), "spkiPin": .string(spkiPin.description),
        ])
    }
}
