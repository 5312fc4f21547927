import RemissionModel
import RemissionSession
import RemissionStorage

#if canImport(Glibc)
    import Glibc
#endif

/// The words of `remission log` and of `check`'s pointer to it. Every string of the log passes
/// through `TerminalText.safe`: a line of the file may hold anything (a server's version text, a
/// hand-edited or hostile line that still parsed).
public enum LogText {
    /// One line a record, oldest first, columns aligned:
    /// `2026-11-25 09:31:02 CET  list   nas  OFFLINE (3) at tcp: refused  dns 0.3, tcp 0.1, total 0.5 ms`.
    /// A record wider than `width` (a terminal's columns) gives each of its details a line of its
    /// own, indented and wrapped at spaces, so every line fits; nothing is cut.
    public static func lines(
        _ records: [DiagnosticsRecord], zone: TimeZoneChoice = .local, width: Int = .max
    ) -> [String] {
        let rows = records.map { record in
            [
                Units.dateTime(WallClock(unixSeconds: record.time, zone)), safe(record.command), safe(record.server),
                outcome(record),
            ]
        }
        let details = records.map(detailParts)
        let widths = (0..<4).map { column in rows.map { TerminalText.width($0[column]) }.max() ?? 0 }
        return zip(rows, details).map { row, details in
            var line = (0..<4).map { TorrentText.padded(row[$0], widths[$0]) }.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            let oneLine = ([line] + details).joined(separator: "  ")
            guard TerminalText.width(oneLine) > width else { return oneLine }
            var lines = TerminalText.width(line) <= width ? [line] : TerminalText.wrap(line, width: width, rest: "    ")
            for part in details { lines += TerminalText.wrap(part, width: width, first: "    ", rest: "      ") }
            return lines.joined(separator: "\n")
        }
    }

    /// Said (on stderr) when nothing matched.
    public static func empty(_ query: DiagnosticsQuery, logIsOff: Bool) -> String {
        let filtered = query.server != nil || query.withinSeconds != nil || query.failuresOnly
        let what = filtered ? tr("No records match.") : tr("The diagnostics log is empty.")
        return logIsOff ? what + " " + off : what
    }

    /// Said (on stderr) when REMISSION_LOG turns the log off.
    public static var off: String { tr("(REMISSION_LOG=off: nothing new is recorded.)") }

    /// Said (on stderr) when lines of the files were not records.
    public static func skipped(_ count: Int) -> String {
        tr(
            "warning: \(count: count, "line", "lines") of the diagnostics log could not be read and ",
            "\(plural: count, "was", "were") skipped.")
    }

    /// `remission log --clear`.
    public static var cleared: String { tr("The diagnostics log is empty now.") }

    /// `log --json`: `{"records":[…],"skipped":N}`, one line.
    public static func json(_ listing: DiagnosticsListing) -> String {
        JSONValue.object(["records": .array(listing.records.map(\.jsonValue)), "skipped": .int(Int64(listing.skipped))])
            .serializedString(pretty: false)
    }

    /// `check`'s pointer: "offline 3 times in the last hour: remission log --server nas".
    public static func recentFailures(_ recent: RecentFailures) -> String {
        let server = quotedForShell(safe(recent.server))
        switch (recent.allOffline, recent.count) {
        case (true, 1): return tr("offline once in the last hour: remission log --server \(server)")
        case (true, let count): return tr("offline \(count) times in the last hour: remission log --server \(server)")
        case (false, 1): return tr("failed once in the last hour: remission log --server \(server)")
        case (false, let count): return tr("failed \(count) times in the last hour: remission log --server \(server)")
        }
    }

    /// `OK`, or `OFFLINE (3) at tcp: refused`.
    static func outcome(_ record: DiagnosticsRecord) -> String {
        guard record.failed else { return tr(context: "log", "OK") }
        var text = "\(verdict(record.exitCode)) (\(record.exitCode))"
        if let step = record.failedStep { text += " " + tr("at \(safe(step))") }
        if let failureClass = record.failureClass { text += ": \(safe(failureClass))" }
        return text
    }

    /// The verdict word of an exit code, as `check` says it.
    static func verdict(_ code: Int32) -> String {
        if FurtherExitStatus(rawValue: code) == .portClosed { return tr(context: "log", "PORT CLOSED") }
        return switch ExitStatus(rawValue: code) {
        case .ok: tr(context: "log", "OK")
        case .offline: tr(context: "log", "OFFLINE")
        case .authentication: tr(context: "log", "AUTH FAILED")
        case .trustRefused: tr(context: "log", "UNTRUSTED")
        case .serverRefused: tr(context: "log", "REFUSED")
        case .keyring: tr(context: "log", "KEYRING")
        case .usage: tr(context: "log", "USAGE")
        case .clientCertificate: tr(context: "log", "CLIENT CERTIFICATE")
        case .certificateExpiring: tr(context: "log", "EXPIRING")
        case .failure, nil: tr(context: "log", "FAILED")
        }
    }

    /// `Transmission 4.1.3 (abc), rpc-version 18, JSON-RPC 2.0 dialect`, `torrents 3,7`, `dns 0.4, tcp
    /// 0.2, tls 9.1, http 2.0, total 12.3 ms`: the server in check's words; a version the run did not
    /// learn (the facts came from the cache) is left out.
    static func detailParts(_ record: DiagnosticsRecord) -> [String] {
        var parts: [String] = []
        var server: [String] = []
        if let version = record.version { server.append("Transmission " + safe(version)) }  // verbatim: a product name
        if let rpcVersion = record.rpcVersion { server.append("rpc-version \(rpcVersion)") }  // verbatim
        if let dialect = record.dialect { server.append(tr("\(dialectName(dialect)) dialect")) }
        if !server.isEmpty { parts.append(server.joined(separator: ", ")) }
        if !record.torrents.isEmpty {
            parts.append(tr("torrents \(record.torrents.map(String.init).joined(separator: ", "))"))
        }
        if !record.steps.isEmpty {
            parts.append(
                record.steps.map { "\(safe($0.name)) \(Units.decimal($0.milliseconds, places: 1))" }
                    .joined(separator: ", ") + " ms")
        }
        return parts
    }

    /// The log's stable field (`classic`, `jsonrpc`) as check names the dialect.
    static func dialectName(_ field: String) -> String {
        switch field {
        case "classic": RPCDialect.classic.description
        case "jsonrpc": RPCDialect.jsonRPC.description
        default: safe(field)
        }
    }

    static func safe(_ text: String) -> String { TerminalText.safe(text) }
}
