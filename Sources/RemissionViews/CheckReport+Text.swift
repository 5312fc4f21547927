import RemissionModel
import RemissionRPC

extension CheckReport {
    /// The step report as `check` prints it: one line a step, details beneath, then the verdict and a hint.
    public func render(on terminal: Terminal) -> String {
        var lines: [String] = [
            "\(terminal.styled(server, .bold)) \(server == url ? "" : "(\(url))")".trimmingASCIIWhitespace()
        ]
        for step in steps {
            let marker = Self.marker(step.state, terminal)
            let name = step.name.rawValue.padding(to: 5)
            let time = step.milliseconds.map { Self.formatMilliseconds($0) } ?? ""
            var line = "  \(marker) \(name) \(step.summary)"
            if !time.isEmpty { line += "  " + terminal.styled(time, .dim) }
            lines.append(line)
            for detail in step.details {
                lines.append("             " + detail)
            }
        }
        lines.append(verdictLine(terminal))
        if let hint { lines.append("  " + tr("hint: ") + hint) }
        return lines.joined(separator: "\n")
    }

    /// `ONLINE`, `ONLINE (insecure: plain HTTP)`, `OFFLINE — step: reason`, `AUTH FAILED — auth: reason`
    /// (the server answered; the log's word too), or for a refused certificate
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
            case .online, .offline: step == .auth ? tr("AUTH FAILED") : tr("OFFLINE")
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
