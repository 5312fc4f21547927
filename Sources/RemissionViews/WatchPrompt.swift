import RemissionModel
import RemissionRPC
import RemissionSession

/// A line typed on `watch`'s bottom line to edit the chosen torrents: where to move their data,
/// their labels, a speed limit or their bandwidth priority. Enter reads it with the same rules as
/// `remission move` and `remission set` (`effect()`); Esc drops it.
public struct WatchPrompt: Equatable, Sendable {
    public enum Kind: Equatable, Sendable, CaseIterable {
        /// `remission move IDS DIR`.
        case move
        /// `remission set IDS --label …` (all of them replaced; empty: none).
        case labels
        /// `remission set IDS --down-limit KBPS|off`.
        case downloadLimit
        /// `remission set IDS --up-limit KBPS|off`.
        case uploadLimit
        /// `remission set IDS --bandwidth-priority low|normal|high`.
        case bandwidthPriority
    }

    public var kind: Kind
    /// The torrents it applies to (the marked ones, else the one under the cursor).
    public var ids: [Int]
    public var text: String
    /// The torrent whose present value fills the prompt once it is fetched (`fill(from:)`).
    public var source: Int?
    /// Whether the user typed in it: a value fetched after that never replaces what they typed.
    public private(set) var edited = false

    /// A prompt filled with `torrent`'s present value, when the list fetched it; `fill(from:)` puts
    /// in the value fetched for it (`WatchEffect.loadPromptValue`).
    public init(_ kind: Kind, ids: [Int], current torrent: Torrent?) {
        self.kind = kind
        self.ids = ids
        self.source = torrent?.id
        self.text = torrent.map { Self.presentValue(kind, of: $0) } ?? ""
    }

    /// The fields that hold what a prompt of `kind` is filled with (fetched when it opens: the list
    /// does not fetch them, and the value is the present one).
    public static func fields(_ kind: Kind) -> [TorrentField] {
        switch kind {
        case .move: [.downloadDir]
        case .labels: [.labels]
        case .downloadLimit: [.downloadLimit, .downloadLimited]
        case .uploadLimit: [.uploadLimit, .uploadLimited]
        case .bandwidthPriority: [.bandwidthPriority]
        }
    }

    /// The present value of `torrent` (this prompt's source), unless the user typed already.
    public mutating func fill(from torrent: Torrent) {
        guard !edited, torrent.id == source else { return }
        text = Self.presentValue(kind, of: torrent)
    }

    /// A key typed in the prompt: a character added (up to `maximumLength` bytes), or the last removed.
    public mutating func type(_ character: Character) {
        guard text.utf8.count + character.utf8.count <= Self.maximumLength else { return }
        text.append(character)
        edited = true
    }

    public mutating func deleteBackward() {
        if !text.isEmpty { text.removeLast() }
        edited = true
    }

    /// The longest line taken: a path on the daemon's machine (PATH_MAX) with room to spare.
    public static let maximumLength = 4096

    /// What Enter does: the effect, or why the text cannot be sent (shown; the prompt stays).
    public func effect() -> Result<WatchEffect, WatchPromptProblem> {
        let text = Self.trimmed(text)
        var request = TorrentSettingsRequest()
        do throws(SettingInputError) {
            switch kind {
            case .move:
                guard TorrentEditInput.isAbsoluteDirectory(text) else { return .failure(.relativeDirectory(text)) }
                return .success(.move(ids: ids, directory: text))
            case .labels:
                let labels = text.split(separator: ",").map { Self.trimmed($0) }
                    .filter { !$0.isEmpty }
                request.labels = try TorrentSettingsInput.labels(
                    replace: labels, clear: labels.isEmpty, add: [], remove: [])
            case .downloadLimit: request.downloadLimit = try TorrentSettingsInput.speed(text, option: "--down-limit")
            case .uploadLimit: request.uploadLimit = try TorrentSettingsInput.speed(text, option: "--up-limit")
            case .bandwidthPriority: request.bandwidthPriority = try TorrentSettingsInput.priority(text)
            }
        } catch {
            return .failure(.setting(error))
        }
        return .success(.set(ids: ids, request))
    }

    private static func trimmed(_ text: some StringProtocol) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    private static func presentValue(_ kind: Kind, of torrent: Torrent) -> String {
        switch kind {
        case .move: return torrent.downloadDir
        case .labels: return torrent.labels.joined(separator: ", ")
        case .downloadLimit: return limit(torrent.downloadLimit, limited: torrent.downloadLimited)
        case .uploadLimit: return limit(torrent.uploadLimit, limited: torrent.uploadLimited)
        case .bandwidthPriority:
            let words: [FilePriority: String] = [.low: "low", .normal: "normal", .high: "high"]
            return torrent.bandwidthPriority.flatMap { words[$0] } ?? ""
        }
    }

    private static func limit(_ kBps: Int?, limited: Bool?) -> String {
        switch (kBps, limited) {
        case (let value?, true?): String(value)
        case (_, false?): "off"
        default: ""
        }
    }
}

/// Why a typed line was not sent: the words of the command that takes the same value.
public enum WatchPromptProblem: Error, Equatable, Sendable {
    case relativeDirectory(String)
    case setting(SettingInputError)
}
