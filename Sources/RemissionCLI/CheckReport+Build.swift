import RemissionModel
import RemissionRPC
import RemissionTransport
import RemissionTrust

/// The result of checking one server: each step, the verdict, a hint, and the exit status.
public struct CheckReport: Sendable, Equatable {
    public var server: String
    public var url: String
    public var steps: [CheckStep]
    public var online: Bool
    /// Online over plain HTTP to a non-loopback host.
    public var insecure: Bool
    public var failedStep: CheckStepName?
    public var reason: String?
    public var hint: String?
    public var exitStatus: ExitStatus
    public var serverVersion: ServerInfo?
}

/// Everything a check observed, the input of the pure `CheckReport.build`.
public struct CheckObservation: Sendable {
    public var server: String
    public var endpoint: ServerEndpoint
    public var connection: ConnectionReport
    public var user: String?
    public var passwordSource: PasswordSource
    public var httpAcknowledged: Bool
    public var sawSessionHandshake: Bool
    public var outcome: Result<ServerInfo, CheckFailureBox>
    /// Unix seconds, for "days left".
    public var now: Int64

    public init(
        server: String, endpoint: ServerEndpoint, connection: ConnectionReport, user: String?,
        passwordSource: PasswordSource,
        httpAcknowledged: Bool, sawSessionHandshake: Bool, outcome: Result<ServerInfo, CheckFailureBox>, now: Int64
    ) {
        self.server = server
        self.endpoint = endpoint
        self.connection = connection
        self.user = user
        self.passwordSource = passwordSource
        self.httpAcknowledged = httpAcknowledged
        self.sawSessionHandshake = sawSessionHandshake
        self.outcome = outcome
        self.now = now
    }
}

/// `CheckFailure` as an `Error`, so it can sit in a `Result`.
public struct CheckFailureBox: Error, Sendable, Equatable {
    public var failure: CheckFailure
    public init(_ failure: CheckFailure) { self.failure = failure }
}

extension CheckReport {
    /// A server that could not even be prepared (unknown name, keyring locked…), for `check --all`.
    static func unresolved(server: String, _ failure: CommandFailure) -> CheckReport {
        CheckReport(
            server: server, url: "", steps: [], online: false, insecure: false, failedStep: nil,
            reason: failure.message,
            hint: nil, exitStatus: failure.status, serverVersion: nil)
    }

    /// Builds the step report from what was observed. Pure: no I/O, time passed in.
    public static func build(_ observation: CheckObservation) -> CheckReport {
        var builder = CheckReportBuilder(observation)
        return builder.build()
    }
}

struct CheckReportBuilder {
    let observation: CheckObservation
    var steps: [CheckStep] = []

    init(_ observation: CheckObservation) { self.observation = observation }

    private var timings: StepTimings { observation.connection.timings }
    private var isHTTPS: Bool { observation.endpoint.scheme == .https }
    private var failure: CheckFailure? {
        if case .failure(let box) = observation.outcome { return box.failure }
        return nil
    }

    mutating func build() -> CheckReport {
        let failedAt = failedStep()
        for name in CheckStepName.allCases {
            if let failedAt, stepIndex(name) > stepIndex(failedAt) {
                steps.append(CheckStep(name, .skipped, "not reached"))
                continue
            }
            steps.append(step(name, failed: name == failedAt))
        }
        let version: ServerInfo? = if case .success(let version) = observation.outcome { version } else { nil }
        let insecure = !isHTTPS && !observation.endpoint.isLoopback
        return CheckReport(
            server: observation.server, url: observation.endpoint.url, steps: steps, online: failedAt == nil,
            insecure: insecure, failedStep: failedAt, reason: failure.map { CheckText.reason($0) },
            hint: failure.map {
                CheckText.hint($0, server: observation.server, passwordSource: observation.passwordSource)
            },
            exitStatus: failure.map(exitStatus(for:)) ?? .ok, serverVersion: version)
    }

    private func stepIndex(_ name: CheckStepName) -> Int { CheckStepName.allCases.firstIndex(of: name)! }

    func failedStep() -> CheckStepName? {
        guard let failure else { return nil }
        switch failure {
        case .transport(let error):
            switch error {
            case .dns: return .dns
            case .refused, .unreachable: return .tcp
            case .timeout(let phase, _):
                return phase == "connect" ? .tcp : phase == "tls" ? .tls : .http
            case .trustRefused, .tlsHandshake, .caFile: return .tls
            case .connection, .other, .engineUnavailable: return .http
            }
        case .forbidden, .misdirected, .sessionHandshakeLoop, .httpStatus: return .http
        case .unauthorized: return .auth
        case .rpcError, .unsupportedVersion, .malformedResponse: return .rpc
        }
    }

    private func step(_ name: CheckStepName, failed: Bool) -> CheckStep {
        switch name {
        case .dns:
            let summary = failed ? reasonText : (observation.connection.remoteAddress ?? observation.endpoint.host)
            return CheckStep(.dns, failed ? .failed : .ok, summary, milliseconds: timings.dns)
        case .tcp:
            let summary = failed ? reasonText : "connected to port \(observation.endpoint.port)"
            return CheckStep(.tcp, failed ? .failed : .ok, summary, milliseconds: timings.tcp)
        case .tls:
            return tlsStep(failed: failed)
        case .http:
            let summary =
                failed ? reasonText : (observation.sawSessionHandshake ? "session handshake (409) done" : "answered")
            return CheckStep(.http, failed ? .failed : .ok, summary, milliseconds: timings.firstByte)
        case .auth:
            return authStep(failed: failed)
        case .rpc:
            if failed { return CheckStep(.rpc, .failed, reasonText, milliseconds: timings.total) }
            guard case .success(let version) = observation.outcome else {
                return CheckStep(.rpc, .skipped, "not reached")
            }
            var summary = "Transmission \(version.version), rpc-version \(version.rpcVersion): compatible"
            if version.dialect != .classic { summary += " (\(version.dialect))" }
            return CheckStep(.rpc, .ok, summary, milliseconds: timings.total)
        }
    }

    private var reasonText: String { failure.map { CheckText.reason($0) } ?? "" }

    private func tlsStep(failed: Bool) -> CheckStep {
        guard isHTTPS else {
            if observation.endpoint.isLoopback { return CheckStep(.tls, .skipped, "plain HTTP on loopback") }
            if failed { return CheckStep(.tls, .failed, reasonText) }
            let note =
                observation.httpAcknowledged ? "plain HTTP (acknowledged): not encrypted" : "plain HTTP: not encrypted"
            return CheckStep(.tls, .warning, note)
        }
        let tls = observation.connection.tls
        var details: [String] = []
        if let decision = tls?.decision {
            details += CheckText.trustLines(
                decision, chain: tls?.chain, server: observation.server, now: observation.now)
        }
        if let leaf = tls?.chain?.leaf {
            details.append(CheckText.expiryLine(leaf, now: observation.now))
        }
        if failed {
            return CheckStep(.tls, .failed, reasonText, details: details, milliseconds: timings.tls)
        }
        let summary = [tls?.protocolVersion, tls?.cipher].compactMap { $0 }.joined(separator: ", ")
        let hasNotes = if case .trusted(_, let notes)? = tls?.decision { !notes.isEmpty } else { false }
        return CheckStep(
            .tls, hasNotes ? .warning : .ok, summary.isEmpty ? "trusted" : summary, details: details,
            milliseconds: timings.tls)
    }

    private func authStep(failed: Bool) -> CheckStep {
        if failed { return CheckStep(.auth, .failed, reasonText) }
        guard let user = observation.user else { return CheckStep(.auth, .ok, "no authentication required") }
        return CheckStep(.auth, .ok, "\(user), password from \(observation.passwordSource)")
    }

    private func exitStatus(for failure: CheckFailure) -> ExitStatus {
        switch failure {
        case .transport(let error):
            switch error {
            case .dns, .refused, .unreachable, .timeout: return .offline
            case .trustRefused: return .trustRefused
            case .caFile: return .failure
            case .tlsHandshake, .connection, .other, .engineUnavailable: return .failure
            }
        case .unauthorized: return .authentication
        case .forbidden, .misdirected, .sessionHandshakeLoop, .rpcError, .unsupportedVersion: return .serverRefused
        case .httpStatus, .malformedResponse: return .failure
        }
    }
}
