import RemissionModel
import RemissionRPC
import RemissionSession
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
    /// The one-word verdict: a refused certificate is not OFFLINE, the server answered the handshake.
    public var status: CheckStatus = .offline
    /// Every certificate of the presented chain and the client certificate, with its expiry verdict.
    public var certificates: [CertificateExpiry] = []
    /// `--warn-expiry DAYS`: an expiring certificate makes an otherwise ONLINE check exit 9.
    public var warnExpiryDays: Int? = nil
    /// The time of the check (Unix seconds), for the verdict's "in 3 days".
    public var checkedAt: Int64 = 0
}

/// The verdict of a check, as `check` prints it and `--json` carries it (`status`).
public enum CheckStatus: String, Sendable, Equatable {
    case online
    /// Any failure but a trust refusal (the failed step and reason say which).
    case offline
    /// The certificate (or plain HTTP) is not trusted: exit 5.
    case untrusted
    /// The certificate differs from the one the user accepted: exit 5.
    case certificateChanged = "certificate-changed"

    /// The verdict a failure gives.
    public init(_ failure: Failure?) {
        guard let failure else {
            self = .online
            return
        }
        if case .transport(.proxy(.untrusted)) = failure.cause {
            self = .untrusted
            return
        }
        if case .transport(.route(.ssh(.unknownHostKey, _, _, _))) = failure.cause {
            self = .untrusted
            return
        }
        if case .transport(.route(.ssh(.changedHostKey, _, _, _))) = failure.cause {
            self = .untrusted
            return
        }
        guard case .transport(.trustRefused(let decision, _)) = failure.cause else {
            self = .offline
            return
        }
        self =
            decision.hasProblem { if case .certificateChanged = $0 { true } else { false } }
            ? .certificateChanged : .untrusted
    }
}

extension CheckReport {
    /// A server that could not even be prepared (unknown name, keyring locked…), for `check --all`.
    public static func unresolved(server: String, _ failure: Failure) -> CheckReport {
        CheckReport(
            server: server, url: "", steps: [], online: false, insecure: false, failedStep: nil,
            reason: FailureText.reason(failure), hint: FailureText.hint(failure), exitStatus: failure.status,
            serverVersion: nil, status: CheckStatus(failure))
    }

    /// Builds the step report from what was observed. Pure: no I/O, time passed in.
    /// `place` is `.connect` for connect's own check: its hints and trust lines name connect's flags.
    /// `expiry` says when a certificate warns (`--warn-expiry`: and makes an ONLINE check exit 9).
    public static func build(
        _ observation: CheckObservation, place: HintPlace = .command, expiry: ExpiryRule = ExpiryRule()
    ) -> CheckReport {
        var builder = CheckReportBuilder(observation)
        builder.place = place
        builder.expiry = expiry
        return builder.build()
    }
}
