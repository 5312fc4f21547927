import RemissionModel

/// One line of the local diagnostics log: what one command did with one server.
///
/// Plain data that a person or a script may read; it never holds a password, an `Authorization`
/// header, a session id or torrent content (the use cases fill it only from labels, exit codes,
/// step names and timings, and the server's version). Strings are cut to `maximumTextBytes`, so a
/// record's line stays under `DiagnosticsLog.maximumLineBytes`.
public struct DiagnosticsRecord: Sendable, Equatable {
    /// Unix seconds.
    public var time: Int64
    /// `check`, `list`, `credentials set`, …
    public var command: String
    /// The saved name, or the URL (without user information or query).
    public var server: String
    /// 0 for success; the exit code the command ended with.
    public var exitCode: Int32
    /// The check step where the failure stopped the request (`dns` … `rpc`), when it has one.
    public var failedStep: String?
    /// A stable name of the failure's kind (`refused`, `timeout`, `unauthorized`, `http-502`, …).
    public var failureClass: String?
    /// Milliseconds spent in each step reached, in the order a request meets them.
    public var steps: [Step]
    /// Transmission's version text, its rpc-version and the dialect spoken, when it answered.
    public var version: String?
    public var rpcVersion: Int?
    public var dialect: String?
    /// The ids of the torrents the command acted on or showed (never their names), at most
    /// `maximumTorrents`.
    public var torrents: [Int]

    public struct Step: Sendable, Equatable {
        public var name: String
        public var milliseconds: Double

        public init(name: String, milliseconds: Double) {
            self.name = name
            self.milliseconds = milliseconds
        }
    }

    public init(
        time: Int64, command: String, server: String, exitCode: Int32, failedStep: String? = nil,
        failureClass: String? = nil, steps: [Step] = [], version: String? = nil, rpcVersion: Int? = nil,
        dialect: String? = nil, torrents: [Int] = []
    ) {
        self.time = time
        self.command = command
        self.server = server
        self.exitCode = exitCode
        self.failedStep = failedStep
        self.failureClass = failureClass
        self.steps = steps
        self.version = version
        self.rpcVersion = rpcVersion
        self.dialect = dialect
        self.torrents = torrents
    }

    /// Whether the command failed.
    public var failed: Bool { exitCode != 0 }

    /// Longest kept text field, in UTF-8 bytes (a server's version or a long URL is cut).
    public static let maximumTextBytes = 200
    /// At most this many steps are kept.
    public static let maximumSteps = 8
    /// At most this many torrent ids are kept (`remove all` of 10,000 torrents keeps the first 20).
    public static let maximumTorrents = 20
    /// The times a record read back may hold: 1970-01-01 to 9999-12-31 23:59:59 UTC. A damaged or
    /// hand-edited line's time is clamped into it, so no reader meets an instant no calendar writes.
    public static let times: ClosedRange<Int64> = 0...253_402_300_799
}

extension DiagnosticsRecord {
    /// The record as one JSON object (the log's line, and `log --json`'s element). Keys are stable.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["time"] = .int(time)
        object["command"] = .string(Self.cut(command))
        object["server"] = .string(Self.cut(server))
        object["outcome"] = .string(failed ? "failed" : "ok")
        object["exitCode"] = .int(Int64(exitCode))
        object["failedStep"] = failedStep.map { .string(Self.cut($0)) } ?? .null
        object["failureClass"] = failureClass.map { .string(Self.cut($0)) } ?? .null
        object["steps"] = .array(
            steps.prefix(Self.maximumSteps).map { step in
                .object(["name": .string(Self.cut(step.name)), "ms": .double(Self.rounded(step.milliseconds))])
            })
        object["version"] = version.map { .string(Self.cut($0)) } ?? .null
        object["rpcVersion"] = rpcVersion.map { .int(Int64($0)) } ?? .null
        object["dialect"] = dialect.map { .string(Self.cut($0)) } ?? .null
        object["torrents"] = .array(torrents.prefix(Self.maximumTorrents).map { .int(Int64($0)) })
        return .object(object)
    }

    /// Reads a record back; nil for anything that is not one (a hostile or damaged line).
    public init?(json: JSONValue) {
        guard let object = json.object, let time = object["time"]?.int64, let command = object["command"]?.string,
            let server = object["server"]?.string, let exit = object["exitCode"]?.int64,
            let exitCode = Int32(exactly: exit)
        else { return nil }
        var steps: [Step] = []
        for step in (object["steps"]?.array ?? []).prefix(Self.maximumSteps) {
            guard let name = step["name"]?.string, let milliseconds = step["ms"]?.double else { return nil }
            steps.append(Step(name: Self.cut(name), milliseconds: milliseconds))
        }
        self.init(
            time: min(max(time, Self.times.lowerBound), Self.times.upperBound), command: Self.cut(command),
            server: Self.cut(server), exitCode: exitCode,
            failedStep: object["failedStep"]?.string.map(Self.cut),
            failureClass: object["failureClass"]?.string.map(Self.cut),
            steps: steps, version: object["version"]?.string.map(Self.cut), rpcVersion: object["rpcVersion"]?.int,
            dialect: object["dialect"]?.string.map(Self.cut),
            torrents: (object["torrents"]?.array ?? []).prefix(Self.maximumTorrents).compactMap(\.int))
    }

    /// `text` cut to `maximumTextBytes` of UTF-8 at a character boundary.
    static func cut(_ text: String) -> String {
        guard text.utf8.count > maximumTextBytes else { return text }
        var result = ""
        var bytes = 0
        for character in text {
            bytes += character.utf8.count
            if bytes > maximumTextBytes - 3 { break }
            result.append(character)
        }
        return result + "…"
    }

    /// Tenths of a millisecond are enough, and keep the line short.
    private static func rounded(_ milliseconds: Double) -> Double {
        guard milliseconds.isFinite else { return 0 }
        return (min(max(milliseconds, 0), 1e9) * 10).rounded() / 10
    }
}
