import Foundation
import RemissionTransport
import RemissionTrust
import TestSupport

/// One x509-limbo test case (C2SP/x509-limbo, ../shared/reference/x509-limbo/limbo.json), the fields
/// Remission reads, and why it is skipped when it uses a feature Remission does not implement.
struct LimboCase: Sendable {
    var id: String
    var expectedSuccess: Bool
    var trusted: [[UInt8]]
    var intermediates: [[UInt8]]
    var peer: [UInt8]
    var peerName: PeerName?
    /// Unix seconds; nil: now (as the upstream harnesses do).
    var time: Int64?
    /// Why Remission does not run it (nil: it does).
    var skipReason: String?

    var expected: String { expectedSuccess ? "SUCCESS" : "FAILURE" }

    static let path = TestBed.repositoryRoot + "/../shared/reference/x509-limbo/limbo.json"

    static func load() throws -> [LimboCase] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let cases = root["testcases"] as? [[String: Any]]
        else { throw LimboError.malformed(path) }
        return cases.map(LimboCase.init)
    }

    init(_ json: [String: Any]) {
        id = json["id"] as? String ?? "?"
        expectedSuccess = json["expected_result"] as? String == "SUCCESS"
        let pems = { (key: String) in (json[key] as? [String] ?? []).flatMap { PEM.certificates($0) } }
        trusted = pems("trusted_certs")
        intermediates = pems("untrusted_intermediates")
        peer = PEM.certificates(json["peer_certificate"] as? String ?? "").first ?? []
        if let name = json["expected_peer_name"] as? [String: Any], let value = name["value"] as? String {
            if name["kind"] as? String == "IP" {
                peerName = PeerName.addressBytes(value).map(PeerName.ip)
            } else {
                let parsed = PeerName(host: value)
                if case .ip = parsed { peerName = .dns(value) } else { peerName = parsed }
            }
        }
        if let text = json["validation_time"] as? String {
            time = (ISO8601DateFormatter().date(from: text)?.timeIntervalSince1970).map { Int64($0) }
        }
        let extendedKeyUsage = json["extended_key_usage"] as? [String] ?? []
        skipReason =
            if json["validation_kind"] as? String != "SERVER" {
                "CLIENT validation"
            } else if !(json["crls"] as? [Any] ?? []).isEmpty {
                "CRLs"
            } else if !(json["max_chain_depth"] is NSNull) && json["max_chain_depth"] != nil {
                "max_chain_depth"
            } else if !(json["key_usage"] as? [Any] ?? []).isEmpty {
                "a required key_usage"
            } else if !extendedKeyUsage.isEmpty && extendedKeyUsage != ["serverAuth"] {
                "a required extended_key_usage other than serverAuth"
            } else if !(json["signature_algorithms"] as? [Any] ?? []).isEmpty {
                "required signature_algorithms"
            } else if peerName == nil {
                "no expected_peer_name (Remission always checks one)"
            } else if peer.isEmpty {
                "no peer certificate"
            } else {
                nil
            }
    }

    // MARK: Running a case

    enum Mode: String, CaseIterable, Sendable, CustomStringConvertible {
        /// `trusted_certs` as the server's CA file.
        case caFile = "ca-file"
        /// Every trusted certificate's key pinned, the trusted certificates appended to what the server sends.
        case caPin = "ca-pin"
        var description: String { rawValue }
    }

    /// Remission's decision (nil when ChainExaminer could not read a certificate).
    func decide(_ mode: Mode) -> TrustDecision? {
        guard let peerName else { return nil }
        switch mode {
        case .caFile:
            guard
                let chain = ChainExaminer.examine(
                    chain: [peer] + intermediates, anchors: trusted, peerName: peerName, pinnedKeys: [], time: time)
            else { return nil }
            return TrustPolicy.evaluate(chain: chain, trust: ServerTrust(caFile: "limbo-trusted.pem"))
        case .caPin:
            let presented = [peer] + intermediates + trusted.filter { !intermediates.contains($0) && $0 != peer }
            // Every trusted certificate's key (read as facts: a list of certificates examined as a chain).
            let pins =
                (trusted.isEmpty
                    ? []
                    : ChainExaminer.examine(
                        chain: trusted, anchors: [], peerName: peerName, pinnedKeys: [], time: time)?
                        .certificates.map(\.spkiPin) ?? [])
            guard
                let chain = ChainExaminer.examine(
                    chain: presented, anchors: [], peerName: peerName, pinnedKeys: Set(pins), time: time)
            else { return nil }
            return TrustPolicy.evaluate(chain: chain, trust: ServerTrust(pins: pins))
        }
    }

    /// `openssl verify` configured as Remission verifies under a user-given anchor (partial chains,
    /// sslserver purpose, no strict X.509 mode: the profile rules strict mode adds are tolerated there,
    /// `StrictCheck`) with OpenSSL's own host check, at the case's time: in CA-file mode against all
    /// trusted certificates, in CA-pin mode against each one alone (trusted when any verifies).
    func opensslVerifies(_ mode: Mode, in directory: String) throws -> Bool {
        guard let peerName else { return false }
        let write = { (name: String, certificates: [[UInt8]]) -> String in
            let file = directory + "/" + name
            let text = certificates.map { der in
                "-----BEGIN CERTIFICATE-----\n" + Data(der).base64EncodedString(options: .lineLength64Characters)
                    + "\n-----END CERTIFICATE-----\n"
            }.joined()
            try? text.write(toFile: file, atomically: false, encoding: .utf8)
            return file
        }
        let leaf = write("leaf.pem", [peer])
        let run = { (anchors: [[UInt8]], untrusted: [[UInt8]]) throws -> Bool in
            var args = ["verify", "-partial_chain", "-purpose", "sslserver"]
            args += ["-attime", String(time ?? Int64(Date().timeIntervalSince1970))]
            args += ["-CAfile", write("anchors.pem", anchors)]
            if !untrusted.isEmpty { args += ["-untrusted", write("untrusted.pem", untrusted)] }
            switch peerName {
            case .dns(let name): args += ["-verify_hostname", name]
            case .ip(let bytes): args += ["-verify_ip", PeerName.addressText(bytes) ?? "?"]
            }
            return try ProcessRunner.run("openssl", args: args + [leaf]).status == 0
        }
        switch mode {
        case .caFile: return try run(trusted, intermediates)
        case .caPin:
            for anchor in trusted where try run([anchor], intermediates + trusted.filter { $0 != anchor }) {
                return true
            }
            return false
        }
    }
}

enum LimboError: Error { case malformed(String) }

/// A short account of a decision for a results file.
func limboContext(_ decision: TrustDecision?) -> String {
    guard let decision else { return "a certificate did not parse" }
    switch decision {
    case .trusted(let basis, _): return "trusted: \(basis)"
    case .refused(let problems): return "refused: \(problems)"
    }
}
