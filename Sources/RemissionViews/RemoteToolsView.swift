import RemissionModel
import RemissionSession

/// What `remission port-test` prints: one line per test (per IP family on Transmission 4.1+).
public struct PortTestView: Equatable {
    public var results: [PortTestResult]
    /// The daemon's peer port, when `session-get` told it.
    public var peerPort: Int?

    public init(results: [PortTestResult], peerPort: Int?) {
        self.results = results
        self.peerPort = peerPort
    }

    public var verdict: PortVerdict { PortCheck.verdict(results) }

    /// `Peer port 51413 (IPv4): open`, one line per result; an untested one with the daemon's words.
    public func text(on terminal: Terminal) -> String {
        results.map { result in
            let port = peerPort.map(String.init) ?? "?"
            let label =
                result.family.map { tr("Peer port \(port) (\(Self.familyName($0)))") } ?? tr("Peer port \(port)")
            let outcome: String
            switch result.outcome {
            case .open: outcome = terminal.styled(tr(context: "port", "open"), .green)
            case .closed: outcome = terminal.styled(tr(context: "port", "closed"), .red)
            case .untested(let words):
                outcome =
                    terminal.styled(tr("could not be tested"), .yellow) + " ("
                    + tr("the daemon could not reach the port-checking service: \(TerminalText.safe(words))") + ")"
            }
            return "\(label): \(outcome)"
        }.joined(separator: "\n")
    }

    /// `{"peerPort":51413,"status":"open|closed|untested","results":[{"family":"ipv4"|null,
    /// "outcome":"open|closed|untested","error":null|"the daemon's words"}]}`.
    public func jsonValue() -> JSONValue {
        let entries: [JSONValue] = results.map { result in
            var error = JSONValue.null
            let outcome: String
            switch result.outcome {
            case .open: outcome = "open"
            case .closed: outcome = "closed"
            case .untested(let words): (outcome, error) = ("untested", .string(words))
            }
            let object: JSONObject = [
                "family": result.family.map { .string($0.rawValue) } ?? .null, "outcome": .string(outcome),
                "error": error,
            ]
            return .object(object)
        }
        let object: JSONObject = [
            "peerPort": peerPort.map { JSONValue($0) } ?? .null, "status": .string(verdict.rawValue),
            "results": .array(entries),
        ]
        return .object(object)
    }

    static func familyName(_ family: IPFamily) -> String {
        switch family {
        case .ipv4: "IPv4"
        case .ipv6: "IPv6"
        }
    }
}

/// What `remission blocklist update` prints.
public enum BlocklistView {
    public static func updated(rules: Int) -> String {
        tr("Blocklist updated: \(count: rules, "rule", "rules").")
    }

    /// `{"rules":N}`.
    public static func json(rules: Int) -> JSONValue { .object(["rules": JSONValue(rules)]) }
}

/// What `remission groups` prints: one bandwidth group a line.
public struct GroupsView: Equatable {
    public var groups: [BandwidthGroup]

    public init(groups: [BandwidthGroup]) { self.groups = groups }

    /// `slow: down 100 kB/s, up unlimited; session limits apply too`, sorted by name; a sentence
    /// when there is none.
    public func text(on terminal: Terminal, changed: Bool = false) -> String {
        guard !groups.isEmpty else { return tr("No bandwidth groups.") }
        func limit(_ value: Int?, _ enabled: Bool?) -> String {
            enabled == true ? value.map(Units.limit) ?? "?" : tr("unlimited")
        }
        let lines = groups.sorted { $0.name < $1.name }.map { group in
            let honors =
                switch group.honorsSessionLimits {
                case true?: tr("session limits apply too")
                case false?: tr("session limits do not apply")
                case nil: "?"
                }
            return terminal.styled(TerminalText.safe(group.name), .bold) + ": "
                + tr(
                    "down \(limit(group.speedLimitDown, group.speedLimitDownEnabled)), ",
                    "up \(limit(group.speedLimitUp, group.speedLimitUpEnabled))") + "; " + honors
        }
        return (changed ? tr("Changed. The daemon now reports:") + "\n" : "") + lines.joined(separator: "\n")
    }

    /// `{"groups":[{"name","speedLimitDown":{"kBps","enabled"},"speedLimitUp":{…},"honorsSessionLimits"}]}`.
    public func jsonValue() -> JSONValue {
        func int(_ value: Int?) -> JSONValue { value.map { JSONValue($0) } ?? .null }
        func bool(_ value: Bool?) -> JSONValue { value.map { .bool($0) } ?? .null }
        let entries: [JSONValue] = groups.map { group in
            let object: JSONObject = [
                "name": .string(group.name),
                "speedLimitDown": ["kBps": int(group.speedLimitDown), "enabled": bool(group.speedLimitDownEnabled)],
                "speedLimitUp": ["kBps": int(group.speedLimitUp), "enabled": bool(group.speedLimitUpEnabled)],
                "honorsSessionLimits": bool(group.honorsSessionLimits),
            ]
            return .object(object)
        }
        return .object(["groups": .array(entries)])
    }
}
