import RemissionModel
import RemissionTransport
import RemissionTrust

/// The steps of a connection check, in the order a request meets them.
public enum CheckStepName: String, Sendable, CaseIterable, Codable {
    case dns, tcp, tls, http, auth, rpc
}

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

/// Why a check did not reach ONLINE, classified by the step where it stopped.
public enum CheckFailure: Sendable, Equatable {
    case transport(TransportError)
    /// 401: the password (from `source`) was rejected, or none was given.
    case unauthorized(passwordSource: String?)
    /// 403: the client's address is not in the daemon's rpc-whitelist.
    case forbidden(detail: String)
    /// 421: the Host header is not in the daemon's rpc-host-whitelist.
    case misdirected
    /// 409 again and again: something (usually a proxy) drops X-Transmission-Session-Id.
    case sessionHandshakeLoop
    case httpStatus(Int, detail: String)
    case rpcError(String)
    case unsupportedVersion(found: Int, minimum: Int)
    case malformedResponse(String)
}

/// Where the password used by a request came from, as `check` reports it.
public enum PasswordSource: Sendable, Equatable, CustomStringConvertible {
    case none
    case standardInput
    case environment
    case netrc(path: String)
    case keyring
    case prompt

    public var description: String {
        switch self {
        case .none: return "no password"
        case .standardInput: return "--password-stdin"
        case .environment: return "TR_AUTH"
        case .netrc(let path): return "netrc file \(path)"
        case .keyring: return "the keyring"
        case .prompt: return "the prompt"
        }
    }
}
