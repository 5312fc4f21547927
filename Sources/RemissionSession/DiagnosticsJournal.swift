import RemissionModel
import RemissionRPC
import RemissionStorage
import RemissionTransport
import Synchronization

/// What one run of a command tells the local diagnostics log (`DiagnosticsLog`): one record for each
/// server a command talked to. `check` writes each server's record as soon as its check is over
/// (from its own thread under `check --all`); the other commands note the server and what the
/// client learned, and the record is written once the command's exit status is known (`finish`).
///
/// Writing never fails the command and never waits on anything but the file system: an error is
/// dropped. With `REMISSION_LOG=off` (`isOff`) nothing is written.
///
/// The executable makes one journal per run and binds it to `current` around the command, so the
/// command's `SessionContext` finds it without a global: a task-local is a scoped binding.
public final class DiagnosticsJournal: Sendable {
    @TaskLocal public static var current: DiagnosticsJournal?

    /// The command as the log names it: `check`, `list`, `credentials set`.
    public let command: String
    private let state = Mutex(State())

    private struct State {
        var log: DiagnosticsLog?
        /// The server of a command that writes its record at the end, and what it learned.
        var pending: DiagnosticsRecord?
        var noted: Failure?
        var wroteAny = false
    }

    public init(command: String) {
        self.command = command
    }

    /// `REMISSION_LOG=off` (also `0`, `no`, `false`) turns the log off.
    public static func isOff(_ environment: [String: String]) -> Bool {
        guard let value = environment["REMISSION_LOG"]?.lowercased() else { return false }
        return ["off", "0", "no", "false"].contains(value)
    }

    /// Where records go; nothing is written before this, nor when the log is off.
    public func attach(paths: StoragePaths, environment: [String: String]) {
        guard !Self.isOff(environment) else { return }
        state.withLock { $0.log = DiagnosticsLog(paths: paths) }
    }

    /// A check's record, written now.
    public func record(_ observation: CheckObservation) {
        write(record(of: observation))
    }

    /// A check that is one step of a longer command (`connect`, `servers set-url`: a first try
    /// without a password learns the 401): only the last one counts, and its record is written by
    /// `finish` with the command's outcome.
    public func noteCheck(_ observation: CheckObservation) {
        let record = record(of: observation)
        state.withLock {
            $0.pending = record
            $0.noted = observation.failure
        }
    }

    private func record(of observation: CheckObservation) -> DiagnosticsRecord {
        var record = DiagnosticsRecord(
            time: observation.now, command: command, server: Self.label(observation.server),
            exitCode: observation.failure?.status.rawValue ?? 0,
            steps: Self.steps(observation.connection.timings))
        if case .success(let info) = observation.outcome {
            record.version = info.version
            record.rpcVersion = info.rpcVersion
            record.dialect = Self.dialectName(info.dialect)
        }
        if let failure = observation.failure { Self.describe(failure, in: &record) }
        return record
    }

    /// The record of a server that could not even be resolved (`check --all`: a keyring that refused).
    public func record(server: String, failure: Failure, now: Int64) {
        var record = DiagnosticsRecord(
            time: now, command: command, server: Self.label(server), exitCode: failure.status.rawValue)
        Self.describe(failure, in: &record)
        write(record)
    }

    /// The server a command is about to talk to; its record is written by `finish`.
    public func noteServer(_ label: String, now: Int64) {
        state.withLock {
            $0.pending = DiagnosticsRecord(time: now, command: command, server: Self.label(label), exitCode: 0)
        }
    }

    /// What the replies of a `RemoteSession.run` showed (`report`: only what was seen in this run,
    /// never an rpc-version the cache assumed), the transport's timings, and the failure of that run,
    /// if any (a command may still end with an exit code rather than that failure: `list` with a
    /// snapshot). Facts a run did not see keep what an earlier run of the command noted.
    public func noteProgress(_ report: CallReport, transport: any ServerTransport, failure: Failure?) {
        let timings = (transport.lastConnectionOpening ?? transport.lastReport).timings
        state.withLock {
            guard $0.pending != nil else { return }
            $0.pending?.steps = Self.steps(timings)
            if let version = report.serverVersion { $0.pending?.version = version }
            if let rpcVersion = report.rpcVersion { $0.pending?.rpcVersion = rpcVersion }
            if let dialect = report.dialect { $0.pending?.dialect = Self.dialectName(dialect) }
            if let failure { $0.noted = failure }
        }
    }

    /// The torrents the command acted on or showed: their ids only.
    public func noteTorrents(_ ids: [Int]) {
        state.withLock { $0.pending?.torrents = Array(ids.prefix(DiagnosticsRecord.maximumTorrents)) }
    }

    /// Adds ids not noted yet to the noted ones, within the same bound.
    public func noteMoreTorrents(_ ids: [Int]) {
        state.withLock {
            guard var torrents = $0.pending?.torrents else { return }
            for id in ids where !torrents.contains(id) && torrents.count < DiagnosticsRecord.maximumTorrents {
                torrents.append(id)
            }
            $0.pending?.torrents = torrents
        }
    }

    /// Writes the noted server's record with the command's outcome: `failure` when it threw one,
    /// else the failure noted last when `status` is not success. Nothing when no server was noted
    /// (the command talked to none), or when a check already wrote its records.
    public func finish(status: ExitStatus, failure: Failure?, now: Int64) {
        finish(code: status.rawValue, failure: failure, now: now)
    }

    /// As `finish(status:…)`, with the process's exit code itself: one of `ExitStatus` or a command's
    /// further code (`FurtherExitStatus`: port-test's 10 is recorded as 10, not as a failure).
    public func finish(code: Int32, failure: Failure?, now: Int64) {
        let succeeded = code == ExitStatus.ok.rawValue
        let record: DiagnosticsRecord? = state.withLock { state in
            guard !state.wroteAny else { return nil }
            let failure = failure ?? (succeeded ? nil : state.noted)
            guard var record = state.pending else { return nil }
            record.time = now
            record.exitCode = code
            if let failure, !succeeded { Self.describe(failure, in: &record) }
            if succeeded { (record.failedStep, record.failureClass) = (nil, nil) }
            return record
        }
        if let record { write(record) }
    }

    private func write(_ record: DiagnosticsRecord) {
        guard
            let log = state.withLock({ state -> DiagnosticsLog? in
                state.wroteAny = true
                return state.log
            })
        else { return }
        // The log serves diagnosis; failing to keep it must never fail the command.
        try? log.append(record)
    }

    private static func describe(_ failure: Failure, in record: inout DiagnosticsRecord) {
        let underlying = failure.underlying
        record.failedStep = underlying.step?.rawValue
        record.failureClass = failure.diagnosticClass
    }

    /// The label as the log keeps it: any user information (up to the authority's last `@`, with or
    /// without a scheme) and any query or fragment are cut off. A saved name or a parsed URL has
    /// none of them; this holds whatever reaches here.
    static func label(_ text: String) -> String {
        var label = Substring(text)
        if let query = label.firstIndex(where: { $0 == "?" || $0 == "#" }) { label = label[..<query] }
        let start = label.firstRange(of: "://")?.upperBound ?? label.startIndex
        let authority = label[start...].prefix { $0 != "/" }
        if let at = authority.lastIndex(of: "@") {
            label = label[..<start] + label[label.index(after: at)...]
        }
        return String(label)
    }

    /// The server of a record whose text could not be resolved to a saved name or a URL: what the
    /// user typed is never kept, as it may hold a password in a form no rule recognises.
    public static let unresolved = "<unresolved>"

    /// Milliseconds of each step reached: dns, tcp, tls, http (to the first byte), and the total.
    static func steps(_ timings: StepTimings) -> [DiagnosticsRecord.Step] {
        var steps: [DiagnosticsRecord.Step] = []
        var previous = 0.0
        for (name, mark) in [
            ("dns", timings.dns), ("tcp", timings.tcp), ("tls", timings.tls), ("http", timings.firstByte),
        ] {
            guard let mark else { continue }
            steps.append(.init(name: name, milliseconds: max(0, mark - previous)))
            previous = mark
        }
        if let total = timings.total { steps.append(.init(name: "total", milliseconds: total)) }
        return steps
    }

    /// As `check --json` names the dialects.
    static func dialectName(_ dialect: RPCDialect) -> String { dialect == .classic ? "classic" : "jsonrpc" }
}
