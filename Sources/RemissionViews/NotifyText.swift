import RemissionModel
import RemissionSession

/// The words of `notify` and `watch --notify`: each event's desktop notification (summary and
/// body), its line on standard output, and the lines about a way of reporting that fails.
/// Server text (torrent names, error texts, certificate subjects, failure causes) is made safe
/// here: terminal-safe and bounded for the line, and escaped for the notification's markup too.
public enum NotifyText {
    /// The longest server text shown in one notification or line, in characters.
    public static let maximumTextLength = 200

    /// The notification's title: "Torrent finished".
    public static func summary(_ event: NotifyEvent) -> String {
        switch event.kind {
        case .finished: tr("Torrent finished")
        case .error: tr("Torrent error")
        case .errorCleared: tr("Torrent error cleared")
        case .offline: tr("Server offline")
        case .online: tr("Server back online")
        case .certificateExpiring: tr("Certificate expires soon")
        case .more: more(event.moreOf ?? .finished, count: event.count ?? 0)
        }
    }

    private static func more(_ kind: NotifyEvent.Kind, count: Int) -> String {
        switch kind {
        case .error: tr("\(count: count, "more torrent", "more torrents") with an error")
        case .errorCleared: tr("\(count: count, "more torrent", "more torrents") no longer in error")
        default: tr("\(count: count, "more torrent", "more torrents") finished")
        }
    }

    /// The plain text under the summary: "ubuntu.iso on nas", made safe and bounded.
    public static func plainBody(_ event: NotifyEvent) -> String {
        let server = shown(event.server)
        let name = shown(event.torrent?.name ?? "")
        switch event.kind {
        case .finished, .errorCleared: return tr("\(name) on \(server)")
        case .error: return tr("\(name) on \(server): \(shown(event.torrent?.errorText ?? ""))")
        case .offline: return tr("\(server): \(shown(event.cause ?? ""))")
        case .online, .more: return server
        case .certificateExpiring:
            guard let certificate = event.certificate else { return server }
            let day = Dates.day(certificate.notAfter)
            return certificate.notAfter <= event.time
                ? tr("\(server): the certificate '\(shown(certificate.subject))' expired \(day)")
                : tr("\(server): the certificate '\(shown(certificate.subject))' expires \(day)")
        }
    }

    /// The notification's body: `plainBody` escaped for the markup a notification server may
    /// interpret (&, <, >), so a name cannot format, link or hide text.
    public static func body(_ event: NotifyEvent) -> String { escapedForMarkup(plainBody(event)) }

    /// The event as one line on standard output: "Torrent finished: ubuntu.iso on nas".
    public static func line(_ event: NotifyEvent) -> String { summary(event) + ": " + plainBody(event) }

    /// Errors and lost servers are urgent; the rest normal (the Notifications `urgency` hint).
    public static func urgency(_ event: NotifyEvent) -> UInt8 {
        switch event.kind {
        case .error, .offline, .certificateExpiring: 2
        default: 1
        }
    }

    /// Server text as shown: control and invisible direction characters visible as text
    /// (`TerminalText.safe`), then at most `maximumTextLength` characters, "…" where cut.
    public static func shown(_ text: String) -> String {
        let safe = TerminalText.safe(text)
        guard safe.count > maximumTextLength else { return safe }
        return String(safe.prefix(maximumTextLength - 1)) + "…"
    }

    /// &, < and > as entities: the body markup of the Desktop Notifications specification.
    public static func escapedForMarkup(_ text: String) -> String {
        guard
            text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") })
        else { return text }
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }

    /// No desktop notifications (no session bus, no notification server): said once, on stderr.
    public static func noDesktop(_ reason: String) -> String {
        tr("remission notify: no desktop notifications (\(shown(reason))); events go to standard output and --exec.")
    }

    /// No desktop notifications and no --exec: nothing would reach anyone.
    public static func noWayToReport(_ reason: String) -> String {
        tr(
            "remission notify: no desktop notifications (\(shown(reason))) and no --exec command: nothing to report ",
            "through. Start it in a desktop session, or give --exec CMD.")
    }

    /// A desktop notification that failed after others worked.
    public static func desktopFailed(_ reason: String) -> String {
        tr("remission notify: a desktop notification failed: \(shown(reason))")
    }

    /// The --exec command failed: said once (until it works again), on stderr.
    public static func execFailed(_ problem: ExecProblem) -> String {
        let what =
            switch problem {
            case .exited(let status, let stderr):
                stderr.isEmpty
                    ? tr("it exited with status \(status)")
                    : tr("it exited with status \(status): \(shown(stderr))")
            case .signalled(let signal): tr("it was ended by signal \(signal)")
            case .timedOut(let seconds): tr("it did not finish within \(seconds) seconds and was killed")
            case .notStarted(let reason): tr("it could not be started (\(shown(reason)))")
            }
        return tr("remission notify: the --exec command failed: \(what). Later events still run it.")
    }

    /// The state could not be read or written: events of this poll are not reported.
    public static func stateProblem(server: String, _ message: String) -> String {
        tr("remission notify: \(shown(server)): the notification state is unusable: \(message)")
    }
}

/// Why a run of the --exec command failed.
public enum ExecProblem: Error, Sendable, Equatable {
    /// Its exit status, and the first line of what it wrote on stderr.
    case exited(Int32, stderr: String)
    case signalled(Int32)
    case timedOut(seconds: Int)
    case notStarted(String)
}

/// Why a desktop notification could not be shown.
public enum DesktopProblem: Error, Sendable, Equatable {
    /// GIO (libgio-2.0.so.0) could not be loaded.
    case noLibrary(String)
    /// No session bus (none named, or it did not connect).
    case noBus(String)
    /// Nothing on the session bus shows notifications.
    case noServer
    case failed(String)
    case timedOut(seconds: Int)
}

extension NotifyText {
    public static func reason(_ problem: DesktopProblem) -> String {
        switch problem {
        case .noLibrary(let detail): tr("GIO could not be loaded: \(shown(detail))")
        case .noBus(let detail): tr("no session bus: \(shown(detail))")
        case .noServer: tr("no notification server on the session bus")
        case .failed(let detail): shown(detail)
        case .timedOut(let seconds):
            tr("the notification server did not answer within \(count: seconds, "second", "seconds")")
        }
    }
}
