import Logging
import RemissionModel
import RemissionRPC
import RemissionTransport
import Synchronization

/// An `HTTPTransport` that answers from a script and records what it was sent.
final class ScriptedTransport: HTTPTransport {
    struct Sent {
        var request: HTTPRequest
        var credentials: BasicCredentials?

        /// The body parsed as JSON (every request the client sends is JSON).
        var json: JSONValue { (try? JSONValue.parse(request.body)) ?? .null }

        func header(_ name: String) -> String? {
            request.headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
    }

    private var script: [Result<HTTPResponse, TransportError>]
    private(set) var sent: [Sent] = []

    init(_ script: [Result<HTTPResponse, TransportError>]) {
        self.script = script
    }

    func send(_ request: HTTPRequest, credentials: BasicCredentials?) throws(TransportFailure) -> HTTPExchange {
        sent.append(Sent(request: request, credentials: credentials))
        guard !script.isEmpty else {
            return HTTPExchange(response: HTTPResponse(status: 599, body: Array("script exhausted".utf8)))
        }
        do { return HTTPExchange(response: try script.removeFirst().get()) } catch { throw TransportFailure(error) }
    }

    var remaining: Int { script.count }
}

/// Scripted replies.
enum Reply {
    static func conflict(_ sessionId: String?, rpcVersion: String? = nil) -> Result<HTTPResponse, TransportError> {
        var headers: [HTTPHeader] = []
        if let sessionId { headers.append(HTTPHeader("X-Transmission-Session-Id", sessionId)) }
        if let rpcVersion { headers.append(HTTPHeader("X-Transmission-Rpc-Version", rpcVersion)) }
        return .success(HTTPResponse(status: 409, headers: headers, body: Array("<h1>409: Conflict</h1>".utf8)))
    }

    static func json(_ text: String) -> Result<HTTPResponse, TransportError> {
        .success(
            HTTPResponse(
                status: 200, headers: [HTTPHeader("Content-Type", "application/json")], body: Array(text.utf8)))
    }

    static func success(_ arguments: String = "{}", tag: Int = 1) -> Result<HTTPResponse, TransportError> {
        json(#"{"arguments":\#(arguments),"result":"success","tag":\#(tag)}"#)
    }

    static func status(_ code: Int, _ body: String = "") -> Result<HTTPResponse, TransportError> {
        .success(HTTPResponse(status: code, body: Array(body.utf8)))
    }

    static func failure(_ error: TransportError) -> Result<HTTPResponse, TransportError> {
        .failure(error)
    }
}

/// Returns the given fractions in turn, then the last one forever.
struct FixedRandom: RandomSource {
    var fractions: [Double]

    mutating func nextFraction() -> Double {
        fractions.count > 1 ? fractions.removeFirst() : (fractions.first ?? 0)
    }
}

/// A clock that never waits: the monotonic clock advances 2.5 ms per reading, and a sleep is
/// recorded (`delays`) and moves it on by its length.
final class SteppingClock: TimeSource {
    private(set) var delays: [Int] = []
    private var monotonic: Double = 1_000_000

    var now: Int64 { 1_700_000_000 + Int64(monotonic / 1000) }

    var monotonicMilliseconds: Double {
        monotonic += 2.5
        return monotonic
    }

    func sleep(milliseconds: Int) {
        delays.append(milliseconds)
        monotonic += Double(max(0, milliseconds))
    }
}

/// Keeps log entries in memory, rendered with their metadata, for assertions.
final class LogStore: Sendable {
    struct Entry: Sendable {
        var level: Logger.Level
        var message: String
        var metadata: Logger.Metadata

        /// Message and metadata as one text, the way a log line would show them.
        var rendered: String {
            let pairs = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return ([message] + pairs).joined(separator: " ")
        }
    }

    private let storage = Mutex<[Entry]>([])

    var entries: [Entry] { storage.withLock { $0 } }

    var text: String { entries.map(\.rendered).joined(separator: "\n") }

    func append(_ entry: Entry) { storage.withLock { $0.append(entry) } }
}

struct InMemoryLogHandler: LogHandler {
    let store: LogStore
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { $1 }
        store.append(LogStore.Entry(level: event.level, message: event.message.description, metadata: merged))
    }
}

/// Everything a client test needs: the client, its fakes and its log.
struct Harness {
    let transport: ScriptedTransport
    let clock = SteppingClock()
    let log = LogStore()
    let client: RPCClient

    init(
        _ script: [Result<HTTPResponse, TransportError>],
        credentials: BasicCredentials? = BasicCredentials(user: "tester", password: "s3cret-pa55word"),
        retryPolicy: RetryPolicy = RetryPolicy(
            maxAttempts: 3, baseDelayMilliseconds: 100, maxDelayMilliseconds: 1000, jitter: 0.5),
        random: [Double] = [0.5],
        dialect: RPCDialect = .classic,
        logLevel: Logger.Level = .trace
    ) {
        transport = ScriptedTransport(script)
        let store = log
        var logger = Logger(label: "test", factory: { _ in InMemoryLogHandler(store: store) })
        logger.logLevel = logLevel
        client = RPCClient(
            transport: transport, credentials: credentials, retryPolicy: retryPolicy, dialect: dialect,
            random: FixedRandom(fractions: random), clock: clock, logger: logger)
    }

    var sent: [ScriptedTransport.Sent] { transport.sent }
}
