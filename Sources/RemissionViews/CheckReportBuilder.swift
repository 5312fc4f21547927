import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionTransport
import RemissionTrust

/// Builds a `CheckReport` step by step from a `CheckObservation` (`CheckReport.build`).
public struct CheckReportBuilder {
    public let observation: CheckObservation
    public var steps: [CheckStep] = []
    public var place: HintPlace = .command
    public var expiry = ExpiryRule()

    public init(_ observation: CheckObservation) { self.observation = observation }

    private var timings: StepTimings { observation.connection.timings }
    private var isHTTPS: Bool { observation.endpoint.scheme == .https }
    private var failure: Failure? { observation.failure }

    public mutating func build() -> CheckReport {
        let failedAt = failure.map { $0.step ?? .http }
        for name in CheckStepName.allCases {
            if name == .proxy, observation.proxy == nil, failedAt != .proxy { continue }
            if !RouteText.shows(name, route: observation.route, failedAt: failedAt) { continue }
            if let failedAt, stepIndex(name) > stepIndex(failedAt) {
                steps.append(CheckStep(name, .skipped, tr("not reached")))
                continue
            }
            steps.append(step(name, failed: name == failedAt))
        }
        let version: ServerInfo? = if case .success(let version) = observation.outcome { version } else { nil }
        let insecure = !isHTTPS && !observation.endpoint.isLoopback
        var report = CheckReport(
            server: observation.server, url: observation.endpoint.url, steps: steps, online: failedAt == nil,
            insecure: insecure, failedStep: failedAt, reason: failure.map(FailureText.reason),
            hint: failure.flatMap { FailureText.hint($0, place: place, endpoint: observation.endpoint) },
            exitStatus: failure?.status ?? .ok,
            serverVersion: version, status: CheckStatus(failure), certificates: certificates,
            warnExpiryDays: expiry.warnDays, checkedAt: observation.now)
        // The expiry code only for a check that is otherwise ONLINE: a failure keeps its own code.
        if failure == nil, expiry.warnDays != nil, report.expiring { report.exitStatus = .certificateExpiring }
        return report
    }

    private var certificates: [CertificateExpiry] {
        CertificateExpiry.of(
            chain: observation.connection.tls?.chain, client: observation.clientCertificate, rule: expiry,
            now: observation.now)
    }

    private func stepIndex(_ name: CheckStepName) -> Int { CheckStepName.allCases.firstIndex(of: name)! }

    private func step(_ name: CheckStepName, failed: Bool) -> CheckStep {
        switch name {
        case .dns:
            let summary = failed ? reasonText : (observation.connection.remoteAddress ?? observation.endpoint.host)
            return CheckStep(.dns, failed ? .failed : .ok, summary, milliseconds: timings.dns)
        case .ssh:
            return RouteText.sshStep(
                observation.route, report: observation.connection.route, failed: failed, reason: reasonText)
        case .tcp:
            var summary = failed ? reasonText : tr("connected to port \(observation.endpoint.port)")
            if !failed, case .unixSocket(let path)? = observation.route {
                summary = tr("connected to the unix socket \(TerminalText.safe(path))")
            }
            let details = failed ? [] : Self.passedOverLine(observation.connection).map { [$0] } ?? []
            return CheckStep(.tcp, failed ? .failed : .ok, summary, details: details, milliseconds: timings.tcp)
        case .proxy:
            let proxy = observation.proxy ?? ("", .configured)
            return ProxyText.step(
                url: proxy.url, server: observation.server, source: proxy.source,
                report: observation.connection.proxy, milliseconds: timings.proxy, failed: failed,
                reason: reasonText, now: observation.now)
        case .tls:
            return tlsStep(failed: failed)
        case .http:
            let summary =
                failed
                ? reasonText : (observation.sawSessionHandshake ? tr("session handshake (409) done") : tr("answered"))
            return CheckStep(.http, failed ? .failed : .ok, summary, milliseconds: timings.firstByte)
        case .auth:
            return authStep(failed: failed)
        case .rpc:
            if failed { return CheckStep(.rpc, .failed, reasonText, milliseconds: timings.total) }
            guard case .success(let version) = observation.outcome else {
                return CheckStep(.rpc, .skipped, tr("not reached"))
            }
            // verbatim
            var summary = "Transmission \(TerminalText.safe(version.version)), rpc-version \(version.rpcVersion)"
            if let semver = version.rpcVersionSemver { summary += " (\(TerminalText.safe(semver)))" }
            summary += tr(": compatible, \(version.dialect) dialect")
            return CheckStep(.rpc, .ok, summary, milliseconds: timings.total)
        }
    }

    /// "::1 did not answer in 250 ms; connected to 127.0.0.1": the addresses Happy Eyeballs tried
    /// before the one that answered; nil when the first answered.
    static func passedOverLine(_ connection: ConnectionReport) -> String? {
        guard !connection.passedOver.isEmpty, let winner = connection.remoteAddress else { return nil }
        let earlier = connection.passedOver.map { passed in
            switch passed.outcome {
            case .failed(let reason): tr("\(passed.address) failed: \(reason)")
            case .noAnswer(let milliseconds):
                tr("\(passed.address) did not answer in \(Int(milliseconds.rounded())) ms")
            }
        }
        return (earlier + [tr("connected to \(winner)")]).joined(separator: "; ")
    }

    private var reasonText: String { failure.map(FailureText.reason) ?? "" }

    private func tlsStep(failed: Bool) -> CheckStep {
        guard isHTTPS else {
            // Through ssh the loopback is the SSH host's, and the traffic to it is inside the channel.
            if case .ssh(_, let target)? = observation.route {
                if observation.endpoint.isLoopback {
                    return CheckStep(
                        .tls, .skipped, tr("plain HTTP inside ssh, to \(TerminalText.safe(target)) on the SSH host"))
                }
                if failed { return CheckStep(.tls, .failed, reasonText) }
                return CheckStep(
                    .tls, .warning,
                    tr("plain HTTP inside ssh, then from the SSH host to \(TerminalText.safe(target)) unencrypted"))
            }
            // A unix socket never leaves this machine, whatever host the URL names.
            if case .unixSocket? = observation.route {
                return CheckStep(.tls, .skipped, tr("plain HTTP over a unix socket on this machine"))
            }
            if observation.endpoint.isLoopback { return CheckStep(.tls, .skipped, tr("plain HTTP on loopback")) }
            if failed { return CheckStep(.tls, .failed, reasonText) }
            let note =
                observation.httpAcknowledged
                ? tr("plain HTTP (acknowledged): not encrypted") : tr("plain HTTP: not encrypted")
            return CheckStep(.tls, .warning, note)
        }
        let tls = observation.connection.tls
        var details: [String] = []
        if let decision = tls?.decision.map(Self.userDecided) {
            var text = TrustText(server: observation.server, now: observation.now, place: place)
            // A placeholder, staging or wrong-clock certificate is never offered for acceptance.
            text.offersAcceptance =
                !(failure.flatMap { KnownCause.of($0, now: observation.now) }?.refusesAcceptance ?? false)
            details += text.lines(for: decision, chain: tls?.chain ?? PresentedChain(certificates: [], problems: []))
        }
        if let leaf = tls?.chain?.leaf {
            details.append(CheckText.expiryLine(leaf, now: observation.now))
        }
        if let tls, tls.clientCertificateRequested {
            details.append(ClientCertificateText.offered(tls.clientCertificateOffered))
        }
        if let client = observation.clientCertificate {
            details += ClientCertificateText.lines(client, now: observation.now)
        }
        let expiring = certificates.filter(\.expiring)
        details += expiring.map { $0.warningLine(now: observation.now) }
        if failed {
            return CheckStep(.tls, .failed, reasonText, details: details, milliseconds: timings.tls)
        }
        let summary = [tls?.protocolVersion, tls?.cipher].compactMap { $0 }.joined(separator: ", ")
        let hasNotes =
            if case .trusted(_, let notes)? = tls?.decision.map(Self.userDecided) { !notes.isEmpty } else { false }
        return CheckStep(
            .tls, hasNotes || !expiring.isEmpty ? .warning : .ok, summary.isEmpty ? tr("trusted") : summary,
            details: details,
            milliseconds: timings.tls)
    }

    /// A certificate the user accepted or a key they pinned is trusted because they decided so: that
    /// no authority vouches for it (self-signed, unknown or untrusted issuer, other host names) is
    /// not a warning on every check (`trust show` keeps the detail). Expiry, weak keys and a missing
    /// backup pin still are.
    static func userDecided(_ decision: TrustDecision) -> TrustDecision {
        guard case .trusted(let basis, let notes) = decision else { return decision }
        switch basis {
        case .acceptedCertificate, .pinnedKey:
            return .trusted(
                basis,
                notes: notes.filter {
                    switch $0 {
                    case .verification(.selfSigned), .verification(.untrustedRoot), .verification(.unknownIssuer),
                        .verification(.hostMismatch):
                        return false
                    default: return true
                    }
                })
        case .systemCertificateAuthorities, .certificateAuthorityFile: return decision
        }
    }

    private func authStep(failed: Bool) -> CheckStep {
        if failed { return CheckStep(.auth, .failed, reasonText) }
        guard let user = observation.user else { return CheckStep(.auth, .ok, tr("no authentication required")) }
        let source = FailureText.describe(observation.passwordSource)
        return CheckStep(.auth, .ok, tr("\(TerminalText.safe(user)), password from \(source)"))

    }
}
