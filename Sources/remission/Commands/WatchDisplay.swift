import RemissionSession
import RemissionViews

/// The terminal side both watch loops share (`WatchLoop`, `WatchAllLoop`): the keys typed, and the
/// frame written only when it differs from the last, or in full when a signal asked for it (after
/// Ctrl-Z and fg). A frame is made only when something happened (`changed`) or a second began (the
/// status line's clock), not every 0.1 s: with 10,000 torrents that is work.
struct WatchDisplay {
    private var unread: [UInt8] = []
    private var lastFrame = ""
    /// The second the last frame was made in.
    private var lastSecond: Int64 = 0
    /// Whether anything changed since the last frame was made.
    var changed = true

    /// The keys typed since the last call (waits at most 0.1 s for the first byte).
    mutating func readKeys() -> [WatchKey] {
        let bytes = WatchTerminal.readBytes()
        let decoded = WatchKey.decode(unread + bytes, final: bytes.isEmpty)
        unread = decoded.rest
        return decoded.keys
    }

    mutating func draw(_ model: WatchModel) {
        let now = currentUnixTime()
        let forced = WatchTerminal.redrawRequested.exchange(false, ordering: .relaxed)
        guard forced || changed || now != lastSecond else { return }
        let frame = WatchScreen.frame(model: model, now: now)
        changed = false
        lastSecond = now
        guard forced || frame != lastFrame else { return }
        WatchTerminal.write(frame)
        lastFrame = frame
    }
}
