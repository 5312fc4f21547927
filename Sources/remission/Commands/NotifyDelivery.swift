import RemissionModel
import RemissionSession
import RemissionViews
import Synchronization

/// Reports `notify`'s events each way asked: a line on standard output (`notify`, not `watch`), a
/// desktop notification, a run of --exec. A way that fails is said once (the returned lines), and
/// again only after it worked in between; it never stops the others or the polls.
final class NotifyDelivery: Sendable {
    let desktop: DesktopNotifier?
    let exec: ExecHook?
    let writesLines: Bool
    private let failing = Mutex<(desktop: Bool, exec: Bool)>((false, false))

    /// `desktopKnownMissing`: the start-up probe already said why there are none (no line per event).
    init(desktop: DesktopNotifier?, exec: ExecHook?, writesLines: Bool, desktopKnownMissing: Bool = false) {
        self.desktop = desktop
        self.exec = exec
        self.writesLines = writesLines
        failing.withLock { $0.desktop = desktopKnownMissing }
    }

    /// Reports `events` in order; returns the problem lines to show (each problem once).
    func deliver(_ events: [NotifyEvent]) -> [String] {
        var problems: [String] = []
        for event in events {
            if writesLines {
                print(TerminalText.safe(NotifyText.line(event)))
                fflushStandardOutput()
            }
            if let desktop {
                let sent = desktop.send(
                    summary: NotifyText.summary(event), body: NotifyText.body(event), urgency: NotifyText.urgency(event)
                )
                let newly: Bool = failing.withLock { state in
                    defer { state.desktop = (try? sent.get()) == nil }
                    return !state.desktop && (try? sent.get()) == nil
                }
                if newly, case .failure(let problem) = sent {
                    problems.append(NotifyText.desktopFailed(NotifyText.reason(problem)))
                }
            }
            if let exec {
                let problem = exec.run(input: event.jsonValue.serialized() + [UInt8(ascii: "\n")])
                let newly: Bool = failing.withLock { state in
                    defer { state.exec = problem != nil }
                    return !state.exec && problem != nil
                }
                if newly, let problem { problems.append(NotifyText.execFailed(problem)) }
            }
        }
        return problems
    }
}
