import RemissionSession

public enum StepState: String, Sendable, Codable {
    case ok, warning, failed, skipped
}

/// One line of the step report, with its details (certificate facts, trust notes) beneath it.
public struct CheckStep: Sendable, Equatable {
    public var name: CheckStepName
    public var state: StepState
    public var summary: String
    public var details: [String]
    /// Milliseconds since the start of the check when this step finished; nil if not measured.
    public var milliseconds: Double?

    public init(
        _ name: CheckStepName, _ state: StepState, _ summary: String, details: [String] = [],
        milliseconds: Double? = nil
    ) {
        self.name = name
        self.state = state
        self.summary = summary
        self.details = details
        self.milliseconds = milliseconds
    }
}
