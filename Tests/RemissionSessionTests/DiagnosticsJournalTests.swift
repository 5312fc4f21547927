import Foundation
import RemissionModel
import RemissionRPC
import RemissionStorage
import RemissionTransport
import RemissionViews
import Testing

@testable import RemissionSession

@Suite("Use cases: the diagnostics journal and history, and their words (in process)")
struct DiagnosticsJournalTests {
    static let now: Int64 = 1_800_000_000

    static func observation(_ outcome: Result<ServerInfo, Failure>, server: String = "nas") -> CheckObservation {
        CheckObservation(
            server: server, endpoint: Fixture.nas,
            connection: ConnectionReport(timings: StepTimings(dns: 1, tcp: 3, tls: 10, firstByte: 14, total: 15)),
            user: "alice", passwordSource: .keyring, httpAcknowledged: false, sawSessionHandshake: true,
            outcome: outcome, now: now)
    }

    static let info = ServerInfo(
        version: "4.1.3 (6fe0bd8)", rpcVersion: 18, rpcVersionMinimum: 14, rpcVersionSemver: "6.0.0",
        dialect: .jsonRPC)

    @Test("a check's record: steps in milliseconds each, version and dialect; a failure's step and class")
    func checkRecords() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let journal = DiagnosticsJournal(command: "check")
        journal.attach(paths: fixture.context.paths, environment: [:])
        journal.record(Self.observation(.success(Self.info)))
        journal.record(Self.observation(.failure(Failure(.transport(.refused(detail: "x")), server: "nas"))))
        journal.finish(status: .offline, failure: nil, now: Self.now)  // check wrote its own: nothing more
        let records = try DiagnosticsLog(paths: fixture.context.paths).read().records
        #expect(records.count == 2)
        let ok = try #require(records.first)
        #expect(ok.exitCode == 0 && ok.failedStep == nil && ok.failureClass == nil)
        #expect(ok.steps.map(\.name) == ["dns", "tcp", "tls", "http", "total"])
        #expect(ok.steps.map(\.milliseconds) == [1, 2, 7, 4, 15])
        #expect(ok.version == "4.1.3 (6fe0bd8)" && ok.rpcVersion == 18 && ok.dialect == "jsonrpc")
        let failed = try #require(records.last)
        #expect(failed.exitCode == 3 && failed.failedStep == "tcp" && failed.failureClass == "refused")
        #expect(failed.version == nil && failed.dialect == nil)
    }

    @Test("another command's record is written at the end, with the thrown or the noted failure")
    func finishRecords() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let journal = DiagnosticsJournal(command: "list")
        journal.attach(paths: fixture.context.paths, environment: [:])
        journal.noteServer("https://admin:pw@nas.example:8443/transmission/rpc?x=1", now: Self.now)
        journal.noteTorrents(Array(1...100))
        let offline = Failure(.transport(.timeout(phase: .connect, detail: "")), server: "nas")
        journal.finish(
            status: .offline, failure: Failure(.local(.offlineWithoutSnapshot(offline, otherSettings: false))),
            now: Self.now)
        let record = try #require(try DiagnosticsLog(paths: fixture.context.paths).read().records.first)
        #expect(record.server == "https://nas.example:8443/transmission/rpc")
        #expect(record.command == "list" && record.exitCode == 3)
        #expect(record.failedStep == "tcp" && record.failureClass == "timeout")
        #expect(record.torrents == Array(1...20))
        #expect(LogText.lines([record])[0].contains("torrents 1, 2, 3,"))

        let quiet = DiagnosticsJournal(command: "servers list")
        quiet.attach(paths: fixture.context.paths, environment: [:])
        quiet.finish(status: .usage, failure: Failure(.profile(.notFound("x", saved: [])), server: "x"), now: Self.now)
        #expect(try DiagnosticsLog(paths: fixture.context.paths).read().records.count == 1)
    }

    @Test("port-test's closed port is recorded as exit 10 and read as PORT CLOSED, not as a failure")
    func furtherExitCode() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let journal = DiagnosticsJournal(command: "port-test")
        journal.attach(paths: fixture.context.paths, environment: [:])
        journal.noteServer("nas", now: Self.now)
        journal.finish(code: FurtherExitStatus.portClosed.rawValue, failure: nil, now: Self.now)
        let record = try #require(try DiagnosticsLog(paths: fixture.context.paths).read().records.last)
        #expect(record.exitCode == 10 && record.failedStep == nil && record.failureClass == nil)
        let line = LogText.lines([record])[0]
        #expect(line.contains("PORT CLOSED") && !line.contains("FAILED"), "\(line)")
    }

    /// The connection every call of these tests had: its timings are the record's steps.
    static let connection = ConnectionReport(timings: StepTimings(dns: 1, tcp: 2, firstByte: 3, total: 4))

    @Test("a command's record keeps what its calls' replies showed, never more; a later run adds to it")
    func progressFromReports() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        func record(_ reports: [CallReport], status: RemissionSession.ExitStatus) throws -> DiagnosticsRecord {
            let journal = DiagnosticsJournal(command: "list")
            journal.attach(paths: fixture.context.paths, environment: [:])
            journal.noteServer("nas", now: Self.now)
            for var report in reports {
                report.connection = Self.connection
                journal.noteProgress(report, failure: nil)
            }
            journal.finish(status: status, failure: nil, now: Self.now)
            return try #require(try DiagnosticsLog(paths: fixture.context.paths).read().records.last)
        }
        var handshakeOnly = CallReport()  // a 409, then a 401: what the cache assumed is not in it
        handshakeOnly.sessionId = "a-session-id-never-logged"
        let refused = try record([handshakeOnly], status: .authentication)
        #expect(refused.rpcVersion == nil && refused.version == nil && refused.dialect == nil)
        #expect(refused.steps.map(\.name) == ["dns", "tcp", "http", "total"])

        var probe = CallReport()
        probe.authenticated = true
        probe.rpcVersion = 18
        probe.serverVersion = "4.1.3"
        probe.dialect = .jsonRPC
        var later = CallReport()
        later.authenticated = true
        later.dialect = .jsonRPC
        let answered = try record([probe, later], status: .ok)
        #expect(answered.rpcVersion == 18 && answered.version == "4.1.3" && answered.dialect == "jsonrpc")
        let content = try String(contentsOfFile: DiagnosticsLog(paths: fixture.context.paths).path, encoding: .utf8)
        #expect(!content.contains("a-session-id-never-logged"))
    }

    @Test("labels lose user information (with or without a scheme) and any query or fragment")
    func labels() {
        #expect(DiagnosticsJournal.label("nas") == "nas")
        #expect(
            DiagnosticsJournal.label("https://nas.lan:9091/transmission/rpc") == "https://nas.lan:9091/transmission/rpc"
        )
        #expect(DiagnosticsJournal.label("http://u:pw@nas:9091/rpc") == "http://nas:9091/rpc")
        #expect(DiagnosticsJournal.label("u:pw@nas:9091") == "nas:9091")
        #expect(DiagnosticsJournal.label("u:p@w@nas:9091/rpc") == "nas:9091/rpc")
        #expect(DiagnosticsJournal.label("http://nas/rpc?password=pw") == "http://nas/rpc")
        #expect(DiagnosticsJournal.label("http://nas/rpc#pw") == "http://nas/rpc")
    }

    @Test("REMISSION_LOG=off writes nothing")
    func off() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        for value in ["off", "OFF", "0", "no", "false"] {
            #expect(DiagnosticsJournal.isOff(["REMISSION_LOG": value]))
            let journal = DiagnosticsJournal(command: "check")
            journal.attach(paths: fixture.context.paths, environment: ["REMISSION_LOG": value])
            journal.record(Self.observation(.success(Self.info)))
        }
        #expect(!DiagnosticsJournal.isOff(["REMISSION_LOG": "on"]) && !DiagnosticsJournal.isOff([:]))
        #expect(!FileManager.default.fileExists(atPath: DiagnosticsLog(paths: fixture.context.paths).path))
    }

    @Test("durations: 45s, 30m, 1h, 2d, 1w; anything else is refused")
    func durations() {
        #expect(DiagnosticsQuery.seconds(of: "45s") == 45)
        #expect(DiagnosticsQuery.seconds(of: "30m") == 1800)
        #expect(DiagnosticsQuery.seconds(of: "1h") == 3600)
        #expect(DiagnosticsQuery.seconds(of: "2d") == 172_800)
        #expect(DiagnosticsQuery.seconds(of: "1w") == 604_800)
        for bad in ["", "h", "0h", "-1h", "1.5h", "1x", "1 h", "99999999999999999999d", "4000w"] {
            #expect(DiagnosticsQuery.seconds(of: bad) == nil, "\(bad)")
        }
    }

    @Test("history: --server, --since and --failures select; recent failures count beyond this run's own")
    func history() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let log = DiagnosticsLog(paths: fixture.context.paths)
        let records = [
            DiagnosticsRecord(time: Self.now - 7200, command: "list", server: "nas", exitCode: 3),
            DiagnosticsRecord(time: Self.now - 600, command: "check", server: "nas", exitCode: 3),
            DiagnosticsRecord(time: Self.now - 60, command: "check", server: "box", exitCode: 0),
            DiagnosticsRecord(time: Self.now, command: "check", server: "nas", exitCode: 3),
        ]
        for record in records { try log.append(record) }
        let history = DiagnosticsHistory(paths: fixture.context.paths, environment: [:])
        func times(_ query: DiagnosticsQuery) throws -> [Int64] {
            try history.records(query, now: Self.now).records.map { Self.now - $0.time }
        }
        #expect(try times(DiagnosticsQuery()) == [7200, 600, 60, 0])
        #expect(try times(DiagnosticsQuery(server: "nas")) == [7200, 600, 0])
        #expect(try times(DiagnosticsQuery(withinSeconds: 3600)) == [600, 60, 0])
        #expect(try times(DiagnosticsQuery(failuresOnly: true)) == [7200, 600, 0])
        #expect(try times(DiagnosticsQuery(server: "box", failuresOnly: true)) == [])

        let recent = try #require(history.recentFailures(server: "nas", currentFailed: true, now: Self.now))
        #expect(recent.count == 2 && recent.allOffline)
        #expect(LogText.recentFailures(recent) == "offline 2 times in the last hour: remission log --server nas")
        #expect(history.recentFailures(server: "box", currentFailed: false, now: Self.now) == nil)
        try history.clear()
        #expect(history.recentFailures(server: "nas", currentFailed: true, now: Self.now) == nil)
        #expect(try history.records(DiagnosticsQuery(), now: Self.now).records.isEmpty)
    }

    @Test("failure classes are stable names; a local outcome names the failure inside it")
    func classes() {
        #expect(Failure(.transport(.dns(host: "h", detail: ""))).diagnosticClass == "dns")
        #expect(Failure(.unauthorized(user: "a", passwordSource: .keyring)).diagnosticClass == "unauthorized")
        #expect(Failure(.httpStatus(502, snippet: "")).diagnosticClass == "http-502")
        #expect(Failure(.unsupportedVersion(found: 13, minimum: 14)).diagnosticClass == "unsupported-version")
        let inner = Failure(.unauthorized(user: "a", passwordSource: .standardInput))
        let outer = Failure(.local(.passwordNotChecked(inner)))
        #expect(outer.diagnosticClass == "unauthorized" && outer.underlying == inner)
        #expect(Failure(.local(.noSnapshot(otherSettings: false))).diagnosticClass == "local")
    }

    @Test("log lines: aligned, terminal-safe, local time; what a server sent is shown, never obeyed")
    func lines() {
        let hostile = DiagnosticsRecord(
            time: Self.now, command: "check", server: "nas", exitCode: 0,
            steps: [.init(name: "dns", milliseconds: 1.25)], version: "4.1\u{1B}]0;pwned\u{07}", rpcVersion: 18,
            dialect: "jsonrpc")
        let failed = DiagnosticsRecord(
            time: Self.now + 1, command: "list", server: "дача", exitCode: 3, failedStep: "tcp",
            failureClass: "refused")
        let lines = LogText.lines([hostile, failed])
        #expect(lines.count == 2 && !lines.joined().contains("\n"))
        let narrow = LogText.lines([hostile, failed], width: 80)
        #expect(narrow[0].contains("\n    Transmission") && narrow[1].split(separator: "\n").count == 1)
        for line in narrow.flatMap({ $0.split(separator: "\n") }) { #expect(TerminalText.width(String(line)) <= 80) }
        #expect(!lines[0].unicodeScalars.contains { $0.value < 0x20 })
        #expect(
            lines[0].contains("OK")
                && lines[0].contains("Transmission 4.1^[]0;pwned^G, rpc-version 18, JSON-RPC 2.0 dialect"))
        #expect(lines[0].contains("dns 1.3 ms") || lines[0].contains("dns 1.2 ms"))
        #expect(lines[1].contains("дача") && lines[1].contains("OFFLINE (3) at tcp: refused"))
        let serverColumn = lines.map { $0.range(of: "nas") ?? $0.range(of: "дача")! }
        #expect(
            lines[0].distance(from: lines[0].startIndex, to: serverColumn[0].lowerBound)
                == lines[1].distance(from: lines[1].startIndex, to: serverColumn[1].lowerBound))
        // Facts from the cache: the dialect and rpc version, no version; nothing stands in for it.
        let cached = DiagnosticsRecord(
            time: Self.now, command: "list", server: "nas", exitCode: 0, rpcVersion: 16, dialect: "classic")
        let line = LogText.lines([cached])[0]
        #expect(line.hasSuffix("OK  rpc-version 16, classic dialect") && !line.contains("?"), "\(line)")
    }

    @Test("a record too wide for 80 columns: every detail on lines of its own, each fitting; both languages")
    func eightyColumns() {
        let record = DiagnosticsRecord(
            time: Self.now, command: "check", server: "https://nas.example.org:8443/transmission/rpc", exitCode: 0,
            steps: ["dns", "tcp", "tls", "http", "auth", "rpc", "total"].map { .init(name: $0, milliseconds: 12.34) },
            version: "4.1.3 (c6d2f7e2cb)", rpcVersion: 18, dialect: "jsonrpc", torrents: Array(1...40))
        for language in [Language.english, .russian] {
            Language.$override.withValue(language) {
                let lines = LogText.lines([record], width: 80)[0].split(separator: "\n").map(String.init)
                #expect(lines.count > 2, "\(lines)")
                for line in lines { #expect(TerminalText.width(line) <= 80, "\(line)") }
                let server = language == .english ? "JSON-RPC 2.0 dialect" : "диалект JSON-RPC 2.0"
                #expect(lines.contains("    Transmission 4.1.3 (c6d2f7e2cb), rpc-version 18, \(server)"), "\(lines)")
            }
        }
    }
}
