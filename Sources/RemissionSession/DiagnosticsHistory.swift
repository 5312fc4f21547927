import Logging
import RemissionModel
import RemissionStorage
import RemissionTransport

/// Which records `remission log` shows.
public struct DiagnosticsQuery: Sendable, Equatable {
    /// Only this server's records (its saved name, or the URL as the log keeps it).
    public var server: String?
    /// Only records of the last this many seconds.
    public var withinSeconds: Int64?
    /// Only failures.
    public var failuresOnly: Bool

    public init(server: String? = nil, withinSeconds: Int64? = nil, failuresOnly: Bool = false) {
        self.server = server
        self.withinSeconds = withinSeconds
        self.failuresOnly = failuresOnly
    }

    /// `45s`, `30m`, `1h`, `2d`, `1w` in seconds; nil for anything else (no number, no unit, zero,
    /// negative, or more than ten years).
    public static func seconds(of text: String) -> Int64? {
        guard let unit = text.last, let count = Int64(text.dropLast()), count > 0 else { return nil }
        let scale: Int64
        switch unit {
        case "s": scale = 1
        case "m": scale = 60
        case "h": scale = 3600
        case "d": scale = 86_400
        case "w": scale = 604_800
        default: return nil
        }
        guard count <= 3650 * 86_400 / scale else { return nil }
        return count * scale
    }

    public func matches(_ record: DiagnosticsRecord, now: Int64) -> Bool {
        if let server, record.server != DiagnosticsJournal.label(server) { return false }
        if let withinSeconds, record.time < now - withinSeconds { return false }
        return !failuresOnly || record.failed
    }
}

/// The records `remission log` shows, and how many lines of the files could not be read.
public struct DiagnosticsListing: Sendable, Equatable {
    public var records: [DiagnosticsRecord]
    public var skipped: Int

    public init(records: [DiagnosticsRecord], skipped: Int) {
        self.records = records
        self.skipped = skipped
    }
}

/// A server's recent failures, for `check` to point at the log.
public struct RecentFailures: Sendable, Equatable {
    public var server: String
    public var count: Int
    /// Whether every one of them was "offline" (exit 3).
    public var allOffline: Bool

    public init(server: String, count: Int, allOffline: Bool) {
        self.server = server
        self.count = count
        self.allOffline = allOffline
    }
}

/// The use cases of `remission log`: read the local diagnostics log, empty it, and the recent
/// failures `check` mentions.
public struct DiagnosticsHistory: Sendable {
    public var log: DiagnosticsLog
    /// Whether the log is turned off (`REMISSION_LOG=off`): `remission log` still reads what is there.
    public var isOff: Bool

    public init(paths: StoragePaths, environment: [String: String]) {
        log = DiagnosticsLog(paths: paths)
        isOff = DiagnosticsJournal.isOff(environment)
    }

    public func records(_ query: DiagnosticsQuery, now: Int64) throws(Failure) -> DiagnosticsListing {
        do {
            let (records, skipped) = try log.read()
            return DiagnosticsListing(records: records.filter { query.matches($0, now: now) }, skipped: skipped)
        } catch {
            throw Failure(.storage(error))
        }
    }

    /// The server label records carry for what the user typed, resolved as the other commands
    /// resolve a server (a saved name, a URL, a bare `host[:port]`); the text as the log keeps it
    /// when it resolves to none (a server removed since, a host whose scheme cannot be guessed).
    public static func serverLabel(_ text: String, paths: StoragePaths, environment: [String: String]) -> String {
        let context = SessionContext(
            environment: environment, paths: paths,
            logger: Logger(label: "remission") { _ in SwiftLogNoOpLogHandler() },
            transportOptions: TransportOptions(environment: environment))
        return (try? context.locate(text))?.label ?? DiagnosticsJournal.label(text)
    }

    public func clear() throws(Failure) {
        do { try log.clear() } catch { throw Failure(.storage(error)) }
    }

    /// The last hour's failures of `server`, when there were any besides this run's own
    /// (`currentFailed`: the record just written failed); nil when there is nothing to point at or
    /// the log is off. Only the log's last 64 kB (~200 records) are looked at, so a check does not
    /// pay for a long history (and a count above that is an undercount).
    public func recentFailures(server: String, currentFailed: Bool, now: Int64) -> RecentFailures? {
        recentFailures([(server, currentFailed)], now: now).first ?? nil
    }

    /// `recentFailures(server:currentFailed:now:)` of each server, the log's tail read once.
    public func recentFailures(_ servers: [(server: String, currentFailed: Bool)], now: Int64) -> [RecentFailures?] {
        guard !isOff else { return servers.map { _ in nil } }
        let tail = log.recentTail()
        return servers.map { server, currentFailed in
            let label = DiagnosticsJournal.label(server)
            let codes = log.recentFailures(server: label, since: now - 3600, in: tail)
            guard codes.count > (currentFailed ? 1 : 0) else { return nil }
            return RecentFailures(
                server: label, count: codes.count, allOffline: codes.allSatisfy { $0 == ExitStatus.offline.rawValue })
        }
    }
}
