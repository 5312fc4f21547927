import ArgumentParser
import Logging
import RemissionSession
import RemissionViews

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(tr("A saved server name or URL (default: the default server)."), valueName: "name-or-url"),
        completion: .savedServer)
    var server: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            tr("Give up after this many seconds, retries included (a hung server shows as offline after it)."),
            valueName: "seconds"))
    var timeout: Double = GlobalOptions.defaultTimeout

    /// 15 s: a hung daemon shows as OFFLINE (exit 3) after it, not after 90 s (30 s × 3 attempts, as
    /// before) or transmission-remote's 60 s; a daemon that answers at all does so in well under a
    /// second (a list of 10,000 torrents: ~120 ms on Transmission 3, ~2.5 s while it verifies).
    static let defaultTimeout = 15.0

    @Flag(name: .shortAndLong, help: .tr("Log each request to stderr, with credentials and session ids masked."))
    var verbose = false

    @Flag(name: .customLong("no-color"), help: .tr("Never colour the output (NO_COLOR does the same)."))
    var noColor = false

    // Shared by every command, most without --json: true wherever it is listed.
    @Flag(
        help: .tr(
            "Write dates in UTC instead of local time (TZ), for scripts; JSON output, where a command has it, gives Unix seconds."
        ))
    var utc = false

    func validate() throws {
        guard timeout > 0, timeout <= 3600 else {
            throw ValidationError(CommandText.timeoutRange)
        }
    }

    /// The verbose log goes to stderr; without -v nothing is logged.
    func makeLogger() -> Logger {
        var logger = Logger(label: "remission") { TerminalSafeLogHandler(StreamLogHandler.standardError(label: $0)) }
        logger.logLevel = verbose ? .debug : .critical
        return logger
    }
}

/// Trust given on the command line for a URL (not saved; `connect` and `trust` save it).
struct TrustFlags: ParsableArguments {
    @Option(
        name: .customLong("ca-file"),
        help: ArgumentHelp(tr("A PEM file of extra trust anchors for this server (home CA)."), valueName: "file"),
        completion: .certificateFile)
    var caFile: String?

    @Option(
        name: .customLong("pin"),
        help: ArgumentHelp(
            tr("Trust a public key: sha256//BASE64 (as curl --pinnedpubkey). Repeatable."), valueName: "sha256//…"))
    var pins: [String] = []

    @Option(
        name: .customLong("accept-fingerprint"),
        help: ArgumentHelp(tr("Trust exactly this certificate: SHA256:HEX."), valueName: "SHA256:…"))
    var acceptFingerprint: String?

    @Option(
        name: .customLong("tls-name"),
        help: ArgumentHelp(
            tr(
                "Check the certificate against this name and send it as SNI and Host, while connecting to the ",
                "URL's address (as curl --resolve NAME:PORT:ADDRESS); connect saves it."),
            valueName: "name"))
    var tlsName: String?
}

/// Where the user name and password come from, besides the keyring.
struct AuthOptions: ParsableArguments {
    @Option(
        name: .shortAndLong, help: ArgumentHelp(tr("User name for the daemon's RPC authentication."), valueName: "user")
    )
    var user: String?

    @Flag(name: .customLong("password-stdin"), help: .tr("Read the password from standard input (one line)."))
    var passwordFromStandardInput = false

    @Flag(name: .customLong("netrc"), help: .tr("Read the password from ~/.netrc (or $NETRC), as curl -n does."))
    var useNetrc = false

    @Option(
        name: .customLong("netrc-file"),
        help: ArgumentHelp(tr("Read the password from this netrc file (implies --netrc)."), valueName: "file"),
        completion: .file())
    var netrcFile: String?
}

/// The `-v` log's handler: every message and metadata value (which quote server data: errors,
/// versions, header values) goes through the view layer's `TerminalText.safe` before stderr.
/// In process (`CommandIO`), the lines go to the run's standard error instead, in the same form.
struct TerminalSafeLogHandler: LogHandler {
    var inner: StreamLogHandler
    /// The run the logger was made for (it may log from threads the run started).
    let io = CommandIO.current

    init(_ inner: StreamLogHandler) { self.inner = inner }

    var logLevel: Logger.Level {
        get { inner.logLevel }
        set { inner.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { inner.metadata }
        set { inner.metadata = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { inner[metadataKey: key] }
        set { inner[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = Logger.Message(stringLiteral: TerminalText.safe(event.message.description))
        event.metadata = event.metadata?.mapValues(Self.safe)
        guard io.isProcess else {
            let metadata = inner.metadata.merging(event.metadata ?? [:]) { _, new in new }
            let fields = metadata.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
            io.write("\(event.level) remission:\(fields) [\(event.source)] \(event.message)\n", to: io.standardError)
            return
        }
        inner.log(event: event)
    }

    static func safe(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): return .string(TerminalText.safe(text))
        case .stringConvertible(let value): return .string(TerminalText.safe(value.description))
        case .array(let values): return .array(values.map(safe))
        case .dictionary(let values): return .dictionary(values.mapValues(safe))
        }
    }
}
