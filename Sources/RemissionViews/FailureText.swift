import RemissionCredentials
import RemissionModel
import RemissionRPC
import RemissionSession
import RemissionStorage
import RemissionTransport
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

/// The words of every `Failure`: a short reason (what `check` shows after the failed step), a one-line
/// hint (the next step, a command that works where it is shown), and the message a command prints.
/// The only place failures are worded; server text in them passes through `TerminalText.safe`.
public enum FailureText {
    /// The short reason, e.g. "connection refused", "authentication failed (401)".
    public static func reason(_ failure: Failure) -> String {
        switch failure.cause {
        case .transport(let error): return transportReason(error)
        case .unauthorized(let user, let source):
            // One wording per state: nothing sent, a user without a password, a password refused.
            guard let user else { return "authentication required (401): no user name or password given" }
            guard source != .none else {
                return "authentication required (401): no password given for user '\(safe(user))'"
            }
            return "authentication failed (401): wrong user or password (user '\(safe(user))', "
                + "password from \(describe(source)))"
        case .forbidden(let detail):
            return "forbidden (403): this address is not in the daemon's rpc-whitelist" + quoted(detail)
        case .misdirected(let detail):
            return "misdirected request (421): the host name is not in the daemon's rpc-host-whitelist"
                + quoted(detail)
        case .sessionHandshakeLoop(.missingHeader): return "session handshake failed (409 without a session id)"
        case .sessionHandshakeLoop(.repeated): return "session handshake loop (409 after 409)"
        case .httpStatus(let status, let snippet) where RPCError.isGatewayStatus(status):
            return "the proxy could not reach Transmission (HTTP \(status))" + quoted(snippet)
        case .httpStatus(let status, let snippet):
            return "unexpected HTTP status \(status), not a Transmission reply" + quoted(snippet)
        case .rpcRefused(let message): return "Transmission refused the request: \(safe(message))"
        case .malformedReply(let detail, let offset):
            return "not a Transmission RPC answer: \(safe(detail))" + (offset.map { " at byte \($0)" } ?? "")
        case .truncatedReply(let bytes): return "the answer ended early, after \(bytes) bytes"
        case .replyTooLarge(let bytes, let limit):
            return "the answer (\(Units.bytes(bytes))) would need more than \(Units.bytes(limit)) of memory to read "
                + "(a flood of tiny values, not what Transmission sends); refused"
        case .unsupportedVersion(let found, let minimum):
            return "rpc-version \(found) is too old (remission needs \(minimum) or later)"
        case .clientCertificate(let problem): return ClientCertificateText.reason(problem)
        case .keyring(let error): return keyringReason(error)
        case .credentialKey(let error): return credentialKeyReason(error)
        case .profile(let error): return profileReason(error)
        case .storage(let error): return storageReason(error)
        case .snapshot(let error): return snapshotReason(error)
        case .endpoint(let error): return endpointReason(error)
        case .trustInput(let error): return trustInputReason(error)
        case .proxyInput(let error): return ProxyText.parseReason(error)
        case .selection(let error): return selectionReason(error)
        case .input(let problem): return inputReason(problem)
        case .addSource(let problem): return addSourceReason(problem)
        case .onboarding(let problem): return onboardingReason(problem)
        case .noSuchTorrents(let missing): return TorrentText.missingText(missing)
        case .outputFailed(let code): return "cannot write the output: \(String(cString: strerror(code)))"
        case .fileIndexes(let error): return fileIndexesReason(error)
        case .local(let problem): return localReason(problem)
        }
    }

    /// The transport's reason, e.g. "cannot resolve nas.local", "CERTIFICATE CHANGED".
    public static func transportReason(_ error: TransportError) -> String {
        switch error {
        case .dns(let host, _): return "cannot resolve \(safe(host))"
        case .refused: return "connection refused"
        case .unreachable(let detail): return "host unreachable (\(safe(detail)))"
        case .timeout(let phase, _):
            return "timed out waiting for the "
                + (phase == "connect" ? "connection" : phase == "tls" ? "TLS handshake" : "response")
        case .clientCertificateRefused(let offered, let alert):
            return ClientCertificateText.reason(offered ? .rejected(alert: alert) : .required(url: nil))
        case .proxy(let failure): return ProxyText.reason(failure)
        case .trustRefused(let decision, _):
            if decision.hasProblem({ if case .certificateChanged = $0 { true } else { false } }) {
                return "CERTIFICATE CHANGED"
            }
            if decision.hasProblem({ if case .pinMismatch = $0 { true } else { false } }) {
                return "certificate not trusted: no pinned key matches"
            }
            return "certificate not trusted"
        case .tlsHandshake(let detail): return "TLS handshake failed: \(safe(detail))"
        case .caFile(let path, let detail): return "CA file \(safe(path)) \(safe(detail))"
        case .connection(let detail): return "connection failed: \(safe(detail))"
        case .responseTooLarge(let limit, let announced):
            return "the answer is larger than \(Units.bytes(limit)), remission's limit"
                + (announced.map { " (it announced \(Units.bytes($0))); it was not read" } ?? "; reading stopped there")
        case .engineUnavailable(let detail):
            return "libcurl, the HTTP library remission uses, could not be loaded (\(safe(detail)))"
        case .other(_, let detail): return safe(detail)
        }
    }

    /// The next step, naming `failure.server` in commands that work for it (`place`: during connect,
    /// connect's own flags); nil when the reason already says what to do.
    public static func hint(_ failure: Failure, place: HintPlace = .command) -> String? {
        let server = failure.server.map(quotedForShell) ?? "SERVER"
        if place == .connect, let hint = connectHint(failure) { return hint }
        switch failure.cause {
        case .transport(let error): return transportHint(error, server: server)
        case .unauthorized(_, let source):
            let saved = !(failure.server ?? "").contains("://")
            let set = "remission credentials set \(server)\(saved ? "" : " --user USER")"
            switch source {
            case .none: return "Give a password: --password-stdin, TR_AUTH=user:password, or \(set)."
            case .keyring: return "The stored password was kept. Update it with: \(set)."
            default: return "Check the user and password; a password in the keyring is set with: \(set)."
            }
        case .forbidden:
            return "Add your address to rpc-whitelist in the daemon's settings.json (or disable rpc-whitelist-enabled)."
        case .misdirected:
            return "Add this host name to rpc-host-whitelist in the daemon's settings.json, or connect by IP address."
        case .sessionHandshakeLoop:
            return "A proxy drops the X-Transmission-Session-Id header: pass it through "
                + "(nginx: proxy_pass_header X-Transmission-Session-Id)."
        case .httpStatus(let status, _) where RPCError.isGatewayStatus(status):
            return "Check that transmission-daemon is running behind the proxy, and the proxy's upstream address."
        case .httpStatus(let status, _):
            return status == 404 || status == 301
                ? "Check the RPC path (usually /transmission/rpc)."
                : "Check that the URL points at Transmission's RPC endpoint and the proxy in front of it."
        case .clientCertificate(let problem):
            return ClientCertificateText.hint(problem, server: server, place: .command)
        case .rpcRefused: return "Check the command's arguments; run with -v to see the exchange."
        case .unsupportedVersion: return "Upgrade Transmission on the server to 2.40 or later."
        case .malformedReply:
            return "Is the URL pointing at Transmission's RPC endpoint (usually /transmission/rpc)? "
                + "Run with -v to see the exchange."
        case .truncatedReply: return "Try again; if it persists, check the network or the proxy in between."
        case .replyTooLarge: return oversizeHint
        case .noSuchTorrents: return "Run `remission list` to see the ids."
        case .input(.noDefaultServer(let saved)):
            return saved.isEmpty
                ? "Add one with: remission connect URL"
                : "Name one (\(saved.joined(separator: ", "))) or set one with: remission servers default NAME"
        case .addSource(.missing): return "Give a .torrent file, a magnet: link or an http(s):// URL."
        case .keyring, .credentialKey, .profile, .storage, .snapshot, .endpoint, .trustInput, .selection, .input,
            .addSource, .onboarding, .outputFailed, .fileIndexes, .local, .proxyInput:
            return nil
        }
    }

    /// The hints that differ during connect: the server is not saved yet, so only connect's flags work.
    static func connectHint(_ failure: Failure) -> String? {
        switch failure.cause {
        case .unauthorized(let user, let source):
            guard let user else {
                return "Give a user and password: --user NAME --password-stdin (or TR_AUTH=user:password), "
                    + "or run connect on a terminal to be asked."
            }
            if source == .none {
                return "Give the password of '\(safe(user))': --password-stdin (or TR_AUTH=user:password), "
                    + "or run connect on a terminal to be asked."
            }
            return "Check the user name and password, and run it again (--user NAME, --password-stdin)."
        case .transport(.trustRefused(let decision, _)):
            if decision.hasProblem({ if case .certificateChanged = $0 { true } else { false } }) {
                return "If the certificate was renewed on purpose, run it again with --accept-fingerprint "
                    + "SHA256:… (the new one)."
            }
            return "Run connect on a terminal to be asked, or give the decision: --accept-fingerprint SHA256:…, "
                + "--pin sha256//… or --ca-file FILE."
        case .transport(.caFile): return "Point --ca-file at a readable PEM file of CA certificates."
        case .clientCertificate(let problem):
            return ClientCertificateText.hint(problem, server: failure.server ?? "SERVER", place: .connect)
        default: return nil
        }
    }

    public static func transportHint(_ error: TransportError, server: String) -> String? {
        switch error {
        case .dns: return "Check the host name, or your DNS / /etc/hosts."
        case .refused:
            return "Nothing listens on that port: is transmission-daemon (or the proxy) running, and is the port right?"
        case .unreachable: return "Check the network path to the host (VPN, firewall, routing)."
        case .timeout(let phase, _):
            return phase == "connect"
                ? "The host does not answer: a firewall may drop the packets, or the host is down."
                : "The server accepted the connection but did not answer in time: is it overloaded, "
                    + "or is this the right port (HTTP vs HTTPS)? Allow more time with --timeout."
        case .trustRefused(let decision, _):
            if decision.hasProblem({ if case .certificateChanged = $0 { true } else { false } }) {
                return "If the server's certificate was renewed on purpose, run: remission trust show \(server), "
                    + "then remission trust accept \(server) --fingerprint SHA256:…"
            }
            return "Inspect it with: remission trust show \(server); then trust it with trust accept, trust pin "
                + "or trust ca."
        case .tlsHandshake: return "Is this an HTTPS port? The server must offer TLS 1.2 or later."
        case .clientCertificateRefused(let offered, let alert):
            return ClientCertificateText.hint(
                offered ? .rejected(alert: alert) : .required(url: nil), server: server, place: .command)
        case .proxy(let failure): return ProxyText.hint(failure, server: server)
        case .caFile: return "Point --ca-file (or remission trust ca) at a readable PEM file of CA certificates."
        case .engineUnavailable: return "Install it: apt-get install libcurl4."
        case .connection, .other: return "The connection broke: try again, or run `remission check` to diagnose."
        case .responseTooLarge: return oversizeHint
        }
    }

    /// Real answers are far smaller (a list of 10,000 torrents is ~2 MB): not worth a retry.
    static let oversizeHint =
        "Transmission's answers are far smaller: is the URL really a Transmission daemon, and can this server be trusted? "
        + "Run with -v to see the exchange."

    /// What a command prints on stderr after "remission: ": the server and reason, the trust
    /// decision's lines for a refused certificate, and the hint.
    public static func message(_ failure: Failure, now: Int64) -> String {
        var lines: [String] = []
        if case .onboarding = failure.cause { return reason(failure) }
        if case .local(let problem) = failure.cause, let (inner, note) = localNote(problem) {
            return message(inner, now: now) + "\n" + note
        }
        var first = reason(failure)
        if let server = failure.server { first = "\(safe(server)): " + first }
        if let (decision, chain) = failure.trustRefusal {
            lines.append(first + "; nothing was sent.")
            lines += TrustText(server: failure.server ?? "", now: now).lines(for: decision, chain: chain)
        } else {
            lines.append(first)
        }
        if let hint = hint(failure) { lines.append("hint: " + hint) }
        return lines.joined(separator: "\n")
    }

    /// "the keyring", "TR_AUTH", … as in "password from the keyring".
    public static func describe(_ source: PasswordSource) -> String {
        switch source {
        case .none: return "nowhere (none given)"
        case .standardInput: return "--password-stdin"
        case .environment: return "TR_AUTH"
        case .netrc(let path): return "netrc file \(safe(path))"
        case .keyring: return "the keyring"
        case .prompt: return "the prompt"
        }
    }

    public static func inputReason(_ problem: InputProblem) -> String {
        switch problem {
        case .passwordStdinNeedsUser: return "--password-stdin needs a user name: add --user NAME."
        case .passwordStdinEmpty:
            return "--password-stdin: standard input was empty; pipe the password in (e.g. from pass or secret-tool)."
        case .trAuthUserMismatch(let environment, let server):
            return "TR_AUTH is for user '\(safe(environment))' but the server's user is '\(safe(server))'."
        case .netrcMissing(let path): return "The netrc file \(safe(path)) does not exist."
        case .netrcUnreadable(let path, let error):
            return "Cannot read the netrc file \(safe(path)): \(storageReason(error))"
        case .noDefaultServer: return "No server given and no default server."
        case .bareHostPlainHTTP(let text, let url):
            return "'\(safe(text))' is not a saved server; as an address it would be \(safe(url)), plain HTTP to"
                + " another host. Give that URL to use plain HTTP, or https://… for TLS."
        }
    }

    static func addSourceReason(_ problem: AddSourceProblem) -> String {
        switch problem {
        case .magnetWithoutHash(let argument):
            return "\(safe(argument)): a magnet link needs an xt=urn:btih:HASH part."
        case .missing(let path): return "\(safe(path)): no such file."
        case .directory(let path): return "\(safe(path)): is a directory, not a .torrent file."
        case .special(let path, let kind):
            let what =
                switch kind {
                case .fifo: "a FIFO (named pipe)"
                case .device: "a device"
                case .socket: "a socket"
                case .other: "not a regular file"
                }
            return "\(safe(path)): is \(what), not a .torrent file; save it to a file first."
        case .tooLarge(let path, let bytes):
            return "\(safe(path)): \(Units.bytes(bytes)) or more is too large for a .torrent file "
                + "(at most \(Units.bytes(TorrentSourceFile.maximumFileSize)))."
        case .unreadable(let path, let code): return "\(safe(path)): cannot read: \(String(cString: strerror(code)))."
        case .notATorrent(let path):
            return "\(safe(path)): not a .torrent file (no bencoded dictionary with an info section)."
        }
    }

    static func onboardingReason(_ problem: OnboardingProblem) -> String {
        switch problem {
        case .invalidName(let name, let problem):
            return "'\(safe(name))' cannot be a server name: \(problem). Choose one with --name."
        case .fingerprintMismatch(let given, let presented, let chain):
            return "The fingerprint you \(chain == nil ? "typed" : "gave") (\(given)) is not the server's "
                + "(\(presented)): refused; nothing was saved."
        case .certificateNotTrusted(let hard, let authority, _, let chain, let decision):
            guard let leaf = chain.leaf else { return "The certificate of \(safe(authority)) is not trusted." }
            let pinned = decision.hasProblem { if case .pinMismatch = $0 { true } else { false } }
            let advice =
                hard
                ? "Nothing was changed. If the new "
                    + (pinned
                        ? "key is expected, pin it explicitly: run it again with --pin \(leaf.spkiPin)"
                        : "certificate is expected, accept it explicitly: run it again with "
                            + "--accept-fingerprint \(leaf.fingerprint)")
                : "Not on a terminal, so nothing is asked: add --accept-fingerprint \(leaf.fingerprint) to trust "
                    + "this exact certificate, --pin \(leaf.spkiPin) to trust its key, or --ca-file FILE for your CA."
            return "The certificate of \(safe(authority)) is not trusted. \(advice)"
        case .plainHTTPNotAllowed(let authority):
            return "\(safe(authority)) is reached over plain HTTP: the password and all data travel unencrypted. "
                + "Use https://, or add --allow-http to accept that."
        case .declined(.certificate): return "The certificate was not trusted; nothing was saved."
        case .declined(.plainHTTP): return "Plain HTTP was not accepted; nothing was saved."
        case .passwordNotStored(let error):
            return "\(keyringReason(error)) Nothing was saved; run again with --no-save-password to connect "
                + "without keeping the password."
        }
    }

    /// Lines shown above the message (the "remission: …" line): for `connect`'s refusals, the chain
    /// and the decision with every problem.
    public static func preamble(_ failure: Failure, now: Int64) -> [String] {
        guard case .onboarding(let problem) = failure.cause else { return [] }
        let server = failure.server
        switch problem {
        case .fingerprintMismatch(_, _, let chain?): return ChainText.lines(chain, now: now)
        case .certificateNotTrusted(false, let authority, let acceptAs, let chain, let decision):
            return TrustText(server: server ?? acceptAs, now: now, place: .connect).onboardingScreen(
                authority: authority, decision: decision, chain: chain)
        case .certificateNotTrusted(_, _, let acceptAs, let chain, let decision):
            return ChainText.lines(chain, now: now)
                + TrustText(server: server ?? acceptAs, now: now, place: .connect).lines(for: decision, chain: chain)
        default: return []
        }
    }

    /// ` "the server's words"` when there are any.
    public static func quoted(_ detail: String?) -> String {
        guard let detail, !detail.isEmpty else { return "" }
        return ": \"\(safe(detail))\""
    }

    public static func safe(_ text: String) -> String { TerminalText.safe(text) }
}

extension TrustDecision {
    public func hasProblem(_ matches: (TrustProblem) -> Bool) -> Bool {
        if case .refused(let problems) = self { return problems.contains(where: matches) }
        return false
    }
}
