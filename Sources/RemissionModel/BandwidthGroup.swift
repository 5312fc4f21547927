/// A bandwidth group of Transmission 4.0+ (`group-get`): torrents in it share its speed limits.
/// Speeds in kB/s (k = 1000).
public struct BandwidthGroup: Sendable, Equatable {
    public var name: String
    public var speedLimitDown: Int?
    public var speedLimitDownEnabled: Bool?
    public var speedLimitUp: Int?
    public var speedLimitUpEnabled: Bool?
    /// Whether the torrents of the group also obey the session's limits.
    public var honorsSessionLimits: Bool?

    public init(
        name: String, speedLimitDown: Int? = nil, speedLimitDownEnabled: Bool? = nil, speedLimitUp: Int? = nil,
        speedLimitUpEnabled: Bool? = nil, honorsSessionLimits: Bool? = nil
    ) {
        self.name = name
        self.speedLimitDown = speedLimitDown
        self.speedLimitDownEnabled = speedLimitDownEnabled
        self.speedLimitUp = speedLimitUp
        self.speedLimitUpEnabled = speedLimitUpEnabled
        self.honorsSessionLimits = honorsSessionLimits
    }

    /// One entry of `group-get`'s `group` array, in either naming (`speed-limit-down` and
    /// `honorsSessionLimits` classic, `speed_limit_down` and `honors_session_limits` JSON-RPC);
    /// nil without a name.
    public init?(json: JSONObject) {
        guard let name = json["name"]?.string else { return nil }
        self.init(
            name: name, speedLimitDown: json[rpc: "speed-limit-down"]?.int,
            speedLimitDownEnabled: json[rpc: "speed-limit-down-enabled"]?.bool,
            speedLimitUp: json[rpc: "speed-limit-up"]?.int,
            speedLimitUpEnabled: json[rpc: "speed-limit-up-enabled"]?.bool,
            honorsSessionLimits: json[rpc: "honorsSessionLimits"]?.bool)
    }
}

/// The IP family of a `port-test` (Transmission 4.1+ tests each apart; older daemons test once).
public enum IPFamily: String, Sendable, Equatable, CaseIterable {
    case ipv4, ipv6
}

/// What `port-test` found for one IP family (or for the one test of an older daemon).
public enum PortTestOutcome: Sendable, Equatable {
    /// The port-checking service reached the daemon's peer port.
    case open
    /// The service answered that the port cannot be reached.
    case closed
    /// The daemon could not reach the port-checking service (or refused the test): nothing is
    /// known about the port. The daemon's own words.
    case untested(String)
}

/// One `port-test` result: the family tested (nil: an older daemon's single test) and the outcome.
public struct PortTestResult: Sendable, Equatable {
    public var family: IPFamily?
    public var outcome: PortTestOutcome

    public init(family: IPFamily?, outcome: PortTestOutcome) {
        self.family = family
        self.outcome = outcome
    }
}
