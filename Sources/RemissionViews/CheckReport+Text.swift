import RemissionModel
import RemissionRPC

extension CheckReport {
    /// The step report as `check` prints it: one line a step, details beneath, then the verdict and a hint.
    /// On a terminal a line wider than it is wrapped at spaces under its own indent (as connect's trust
    /// screen is), and a word that cannot fit beside the indent (a fingerprint) moves left instead of
    /// being broken by the terminal; through a pipe (`columns` unlimited) lines stay whole.
    public func render(on terminal: Terminal) -> String {
        let width = terminal.columns
        let indent = String(repeating: " ", count: Self.detailIndent)
        var lines: [String] = [
            "\(terminal.styled(server, .bold)) \(server == url ? "" : "(\(url))")".trimmingASCIIWhitespace()
        ]
        for step in steps {
            let marker = Self.marker(step.state, terminal)
            let name = step.name.rawValue.padding(to: 5)
            let time = step.milliseconds.map { Self.formatMilliseconds($0) } ?? ""
            // Wrapped as plain text under the indent; the styled marker replaces the indent after.
            var body = Self.fitted(indent + step.summary, width: width)
            body[0] = "  \(marker) \(name) " + body[0].dropFirst(Self.detailIndent)
            if !time.isEmpty {
                let last = body.count - 1
                if TerminalText.width(body[last]) + 2 + time.count <= width {
                    body[last] += "  " + terminal.styled(time, .dim)
                } else {
                    body.append(indent + terminal.styled(time, .dim))
                }
            }
            lines += body
            for detail in step.details { lines += Self.fitted(indent + detail, width: width) }
        }
        lines.append(verdictLine(terminal))
        if let hint { lines += Self.fitted("  " + tr("hint: ") + hint, width: width) }
        return lines.joined(separator: "\n")
    }

    /// Where a step's summary and details start: after "  ok   name  ".
    static let detailIndent = 13

    /// `line` as it fits `width` (`TerminalText.fitted`: broken at spaces under its own indent, a
    /// command continued shell-style, a long word moved left).
    static func fitted(_ line: String, width: Int) -> [String] {
        TerminalText.fittedLine(line, width: width)
    }

    /// `ONLINE`, `ONLINE (insecure: plain HTTP)`, `OFFLINE — step: reason`, `AUTH FAILED — auth: reason`
    /// (the server answered; the log's word too; also `— ssh:` for a login the SSH host refused), or
    /// for a refused certificate
    /// `UNTRUSTED — tls: reason` / `CERTIFICATE CHANGED — tls: reason` (the server is reachable).
    public func verdictLine(_ terminal: Terminal) -> String {
        if online, let soonest = soonestExpiring {
            let word = insecure ? tr("ONLINE (insecure: plain HTTP)") : tr("ONLINE")
            let when = CertificateExpiry.relativeTime(soonest.notAfter, now: checkedAt)
            let expires =
                soonest.notAfter <= checkedAt
                ? tr("a certificate expired \(Dates.day(soonest.notAfter)) (\(when))")
                : tr("a certificate expires \(Dates.day(soonest.notAfter)) (\(when))")
            return terminal.styled(word, .yellow) + " — " + expires
        }
        if online {
            return insecure
                ? terminal.styled(tr("ONLINE (insecure: plain HTTP)"), .yellow) : terminal.styled(tr("ONLINE"), .green)
        }
        guard let step = failedStep else {
            return terminal.styled(tr("FAILED"), .red) + " — \(reason ?? tr("unknown"))"
        }
        let word =
            switch status {
            case .untrusted: tr("UNTRUSTED")
            case .certificateChanged: tr("CERTIFICATE CHANGED")
            // A login refused, by the daemon (401) or by the SSH host on the way: exit 4 either way.
            case .online, .offline: step == .auth || exitStatus == .authentication ? tr("AUTH FAILED") : tr("OFFLINE")
            }
        return terminal.styled(word, .red) + " — \(step.rawValue): \(reason ?? tr("unknown"))"
    }

    /// One line for `check --all`.
    public func summaryLine(_ terminal: Terminal, nameWidth: Int) -> String {
        let name = server.padding(to: nameWidth)
        if online {
            let version = serverVersion.map { "Transmission \(TerminalText.safe($0.version))" } ?? ""
            return "\(name)  \(verdictLine(terminal))  \(version)".trimmingASCIIWhitespace()
        }
        return "\(name)  \(verdictLine(terminal))"
    }

    public static func marker(_ state: StepState, _ terminal: Terminal) -> String {
        switch state {
        case .ok: return terminal.styled(tr("ok").padding(to: 4), .green)
        case .warning: return terminal.styled(tr("warn").padding(to: 4), .yellow)
        case .failed: return terminal.styled(tr("FAIL").padding(to: 4), .red)
        case .skipped: return terminal.styled("--  ", .dim)
        }
    }

    public static func formatMilliseconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return Numbers.localized("\(tenths / 10).\(tenths % 10)") + " " + tr("ms")
    }

}

extension String {
    public func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
