import RemissionModel
import RemissionRPC

/// `remission port-test`: whether the daemon's peer port is reachable from the internet, as the
/// Transmission project's port-checking service sees it. Transmission 4.1+ tests IPv4 and IPv6
/// apart (`ip_protocol`); older daemons test once. A test the daemon could not make (it could not
/// reach the service, or refused) is `untested`, never `closed`.
public enum PortCheck {
    /// The rpc-version from which `port-test` takes `ip_protocol`: Transmission 4.1.0.
    public static let perFamilyRPCVersion = 18

    /// Runs the tests: one per IP family on 4.1+, one otherwise. An RPC error result of a test is
    /// that test's `untested` outcome; any other failure (offline, 401…) is thrown.
    public static func run(_ client: RPCClient) throws(RPCError) -> [PortTestResult] {
        let families: [IPFamily?] =
            try client.knownRPCVersion() >= perFamilyRPCVersion ? IPFamily.allCases.map { $0 } : [nil]
        var results: [PortTestResult] = []
        for family in families {
            do {
                let open = try client.portTest(family: family)
                results.append(PortTestResult(family: family, outcome: open ? .open : .closed))
            } catch .rpcFailure(let message) {
                results.append(PortTestResult(family: family, outcome: .untested(message)))
            }
        }
        return results
    }

    /// The verdict over the results: open when any family is open, closed when none is open and
    /// one is closed, untested when no family could be tested.
    public static func verdict(_ results: [PortTestResult]) -> PortVerdict {
        if results.contains(where: { $0.outcome == .open }) { return .open }
        if results.contains(where: { $0.outcome == .closed }) { return .closed }
        return .untested
    }
}

/// What `port-test` concludes, and so its exit status: 0 open, 10 closed (`ExitStatus.portClosed`'s
/// further code), 6 untested (a `Failure`, `LocalProblem.portNotTested`).
public enum PortVerdict: String, Sendable, Equatable {
    case open, closed, untested
}

/// Exit codes beside PRODUCT.md §1's table, each of one command (README's "further codes").
public enum FurtherExitStatus: Int32, Sendable, CaseIterable {
    /// `port-test`: the peer port is closed (on every IP family that could be tested).
    case portClosed = 10
}

extension RemoteSession {
    /// Refuses with `needsNewerServer` (exit 6) when the server is older than `feature` needs;
    /// asks the rpc-version only when no reply (or earlier run) told it.
    public func require(_ feature: VersionedFeature) throws(Failure) {
        let version = try run { client throws(RPCError) in try client.knownRPCVersion() }
        if let need = feature.need(found: version) { throw Failure(.needsNewerServer(need), server: target.label) }
    }
}
