import CNotify
import RemissionViews

/// Desktop notifications on the session bus (org.freedesktop.Notifications, CNotify). Each call
/// gives up after `timeoutMilliseconds`.
struct DesktopNotifier: Sendable {
    var timeoutMilliseconds: Int32 = 5000

    /// Whether a notification server answers (its name).
    func probe() -> Result<String, DesktopProblem> {
        var name = [CChar](repeating: 0, count: 256)
        var error = [CChar](repeating: 0, count: 512)
        let status = rs_notify_probe(timeoutMilliseconds, &name, name.count, &error, error.count)
        if let problem = problem(status, error) { return .failure(problem) }
        return .success(Self.text(name))
    }

    /// Shows one notification; its id on the server.
    func send(summary: String, body: String, urgency: UInt8) -> Result<UInt32, DesktopProblem> {
        var id: UInt32 = 0
        var error = [CChar](repeating: 0, count: 512)
        let status = rs_notify_send("Remission", summary, body, urgency, timeoutMilliseconds, &id, &error, error.count)
        if let problem = problem(status, error) { return .failure(problem) }
        return .success(id)
    }

    /// A NUL-terminated C buffer as text.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func problem(_ status: RSNotifyStatus, _ error: [CChar]) -> DesktopProblem? {
        let detail = Self.text(error)
        switch status {
        case RS_NOTIFY_OK: return nil
        case RS_NOTIFY_NO_LIBRARY: return .noLibrary(detail)
        case RS_NOTIFY_NO_BUS: return .noBus(detail)
        case RS_NOTIFY_NO_SERVER: return .noServer
        case RS_NOTIFY_TIMED_OUT: return .timedOut(seconds: Int((timeoutMilliseconds + 999) / 1000))
        default: return .failed(detail)
        }
    }
}
