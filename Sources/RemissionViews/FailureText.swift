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
        let now = SystemClock().now
        if let cause = KnownCause.of(failure, now: now) { return KnownCauseText.reason(cause, now: now) }
        switch failure.cause {
        case .transport(let error): return transportReason(error)
        case .unauthorized(let user, let source):
            // One wording per state: nothing sent, a user without a password, a password refused.
            guard let user else { return tr("authentication required (401): no user name or password given") }
            guard source != .none else {
                return tr("authentication required (401): no password given for user '\(safe(user))'")
            }
            return tr(
                "authentication failed (401): wrong user or password (user '\(safe(user))', ",
                "password from \(describe(source)))")
        case .forbidden(let detail):
            return tr("forbidden (403): this address is not in the daemon's rpc-whitelist") + quoted(detail)
        case .misdirected(let detail):
            return tr("misdirected request (421): the host name is not in the daemon's rpc-host-whitelist")
                + quoted(detail)
        case .sessionHandshakeLoop(.missingHeader): return tr("session handshake failed (409 without a session id)")
        case .sessionHandshakeLoop(.repeated): return tr("session handshake loop (409 after 409)")
        case .authenticationGateway(let gateway): return KnownCauseText.reason(.authenticationGateway(gateway), now: 0)
        case .httpStatus(let status, let snippet) where RPCError.isGatewayStatus(status):
            return tr("the proxy could not reach Transmission (HTTP \(status))") + quoted(snippet)
        case .httpStatus(let status, let snippet):
            return tr("unexpected HTTP status \(status), not a Transmission reply") + quoted(snippet)
        case .rpcRefused(let message): return tr("Transmission refused the request: \(safe(message))")
        case .malformedReply(let detail, let offset):
            guard let offset else { return tr("not a Transmission RPC answer: \(safe(detail))") }
            return tr("not a Transmission RPC answer: \(safe(detail)) at byte \(offset)")
        case .truncatedReply(let bytes): return tr("the answer ended early, after \(bytes) bytes")
        case .replyTooLarge(let bytes, let limit):
            return tr(
                "the answer (\(Units.bytes(bytes))) would need more than \(Units.bytes(limit)) of memory to read ",
                "(a flood of tiny values, not what Transmission sends); refused")
        case .unsupportedVersion(let found, let minimum):
            return tr("rpc-version \(found) is too old (remission needs \(minimum) or later)")
        case .needsNewerServer(let need): return SetText.needsNewerServer(need)
        case .clientCertificate(let problem): return ClientCertificateText.reason(problem)
        case .keyring(let error): return keyringReason(error)
        case .credentialKey(let error): return credentialKeyReason(error)
        case .profile(let error): return profileReason(error)
        case .storage(let error): return storageReason(error)
        case .snapshot(let error): return snapshotReason(error)
        case .endpoint(let error): return endpointReason(error)
        case .trustInput(let error): return trustInputReason(error)
        case .proxyInput(let error): return ProxyText.parseReason(error)
        case .gatewayHeader(let problem): return GatewayText.problem(problem)
        case .selection(let error): return selectionReason(error)
        case .input(let problem): return inputReason(problem)
        case .addSource(let problem): return addSourceReason(problem)
        case .onboarding(let problem): return onboardingReason(problem)
        case .noSuchTorrents(let missing): return TorrentText.missingText(missing)
        case .outputFailed(let code): return tr("cannot write the output: \(String(cString: strerror(code)))")
        case .fileIndexes(let error): return fileIndexesReason(error)
        case .torrentEdit(let problem): return TorrentText.editReason(problem)
        case .local(let problem): return localReason(problem)
        }
    }

    /// The next step, naming `failure.server` in commands that work for it (`place`: during connect,
    /// connect's own flags); nil when the reason already says what to do.
    /// `endpoint`, when known, lets a known cause's hint name the URL to use.
    public static func hint(_ failure: Failure, place: HintPlace = .command, endpoint: ServerEndpoint? = nil) -> String?
    {
        let server = failure.server.map(quotedForShell) ?? "SERVER"
        if case .authenticationGateway(let gateway) = failure.cause {
            return GatewayText.hint(gateway, server: failure.server, place: place, options: unsavedWords(failure))
        }
        if let cause = KnownCause.of(failure, now: SystemClock().now) {
            return KnownCauseText.hint(cause, endpoint: endpoint)
        }
        if place == .connect, let hint = connectHint(failure) { return hint }
        // A 401 from a server not saved, reached with trust options: connect with them can be followed.
        if place == .command, let hint = unsavedHint(failure) { return hint }
        if place == .command, let (decision, chain) = failure.trustRefusal {
            // What the advice recommends first (for a proven renewal, the durable fix).
            let text = TrustText(server: failure.server ?? "SERVER", now: SystemClock().now)
            if let hint = text.hint(text.advice(decision, chain: chain)) { return hint }
        }
        switch failure.cause {
        case .transport(let error): return transportHint(error, server: server)
        case .unauthorized(let user, let source):
            // A whole command that works: a saved server with a user logs in as it; one without a user
            // (or a URL) needs --user, or `credentials set` refuses it.
            let saved = !(failure.server ?? "").contains("://")
            let userFlag = saved && user != nil ? "" : " --user \(user.map(quotedForShell) ?? "NAME")"  // verbatim
            let set = "remission credentials set \(server)\(userFlag)"  // verbatim
            switch source {
            case .none where user == nil:
                return tr(
                    "Give a user name and password: \(set), TR_AUTH=user:password, or --user NAME --password-stdin.")
            case .none: return tr("Give a password: --password-stdin, TR_AUTH=user:password, or \(set).")
            case .keyring: return tr("The stored password was kept. Update it with: \(set).")
            default: return tr("Check the user and password; a password in the keyring is set with: \(set).")
            }
        case .forbidden:
            return tr(
                "Add your address to rpc-whitelist in the daemon's settings.json (or disable rpc-whitelist-enabled).")
        case .misdirected:
            return tr(
                "Add this host name to rpc-host-whitelist in the daemon's settings.json, or connect by IP address.")
        case .authenticationGateway(let gateway):
            return GatewayText.hint(gateway, server: failure.server, place: place, options: unsavedWords(failure))
        case .gatewayHeader(let problem): return GatewayText.problemHint(problem, server: failure.server)
        case .sessionHandshakeLoop:
            return tr(
                "A proxy drops the X-Transmission-Session-Id header: pass it through ",
                "(nginx: proxy_pass_header X-Transmission-Session-Id).")
        case .httpStatus(let status, _) where RPCError.isGatewayStatus(status):
            return tr("Check that transmission-daemon is running behind the proxy, and the proxy's upstream address.")
        case .httpStatus(let status, _):
            return status == 404 || status == 301
                ? tr("Check the RPC path (usually /transmission/rpc).")
                : tr("Check that the URL points at Transmission's RPC endpoint and the proxy in front of it.")
        case .clientCertificate(let problem):
            return ClientCertificateText.hint(problem, server: server + unsavedWords(failure), place: .command)
        case .rpcRefused: return tr("Check the command's arguments; run with -v to see the exchange.")
        case .unsupportedVersion: return tr("Upgrade Transmission on the server to 2.40 or later.")
        case .needsNewerServer(let need):
            return tr("Upgrade Transmission on the server to \(need.transmission) or later.")
        case .malformedReply:
            return tr(
                "Is the URL pointing at Transmission's RPC endpoint (usually /transmission/rpc)? ",
                "Run with -v to see the exchange.")
        case .truncatedReply: return tr("Try again; if it persists, check the network or the proxy in between.")
        case .replyTooLarge: return oversizeHint
        case .noSuchTorrents: return tr("Run `remission list` to see the ids.")
        case .input(.noDefaultServer(let saved)):
            return saved.isEmpty
                ? tr("Add one with: remission connect URL")
                : tr("Name one (\(saved.joined(separator: ", "))) or set one with: remission servers default NAME")
        case .addSource(.missing): return tr("Give a .torrent file, a magnet: link or an http(s):// URL.")
        case .local(.daemonCouldNotFetch(let fetch, let server)): return fetchHint(fetch, server: server)
        case .keyring, .credentialKey, .profile, .storage, .snapshot, .endpoint, .trustInput, .selection, .input,
            .addSource, .onboarding, .outputFailed, .fileIndexes, .local, .proxyInput:
            return nil
        case .torrentEdit(let problem): return TorrentText.editHint(problem)
        }
    }

    /// A 401 from a server that is not saved, reached with trust options (`Failure.unsavedOptions`):
    /// `credentials set URL` takes none of them and would fail on the TLS step, so the hint is
    /// `connect` with them, which saves the server, its trust and its password together. (What a
    /// trust refusal recommends is the advice's, below.)
    static func unsavedHint(_ failure: Failure) -> String? {
        guard !failure.unsavedOptions.isEmpty, let url = failure.server,
            case .unauthorized(let user, _) = failure.cause
        else { return nil }
        let connect = "remission connect \(quotedForShell(url))\(unsavedWords(failure))"  // verbatim
        let withUser = connect + " --user \(user.map(quotedForShell) ?? "NAME")"  // verbatim
        return tr(
            "Save it with the options that reached it and its password: \(withUser) (connect asks for the ",
            "password on a terminal, or reads it with --password-stdin).")
    }

    /// ` --tls-name N --ca-file F …`: a server not saved's options, quoted for a shell and made safe.
    static func unsavedWords(_ failure: Failure) -> String {
        failure.unsavedOptions.map { " " + safe(quotedForShell($0)) }.joined()
    }

    /// The hints that differ during connect: the server is not saved yet, so only connect's flags work.
    static func connectHint(_ failure: Failure) -> String? {
        switch failure.cause {
        case .unauthorized(let user, let source):
            guard let user else {
                return tr(
                    "Give a user and password: --user NAME --password-stdin (or TR_AUTH=user:password), ",
                    "or run connect on a terminal to be asked.")
            }
            if source == .none {
                return tr(
                    "Give the password of '\(safe(user))': --password-stdin (or TR_AUTH=user:password), ",
                    "or run connect on a terminal to be asked.")
            }
            return tr("Check the user name and password, and run it again (--user NAME, --password-stdin).")
        case .transport(.trustRefused(let decision, _)):
            if decision.hasProblem({ if case .certificateChanged = $0 { true } else { false } }) {
                return tr(
                    "If the certificate was renewed on purpose, run it again with --accept-fingerprint ",
                    "SHA256:… (the new one).")
            }
            return tr(
                "Run connect on a terminal to be asked, or give the decision: --accept-fingerprint SHA256:…, ",
                "--pin sha256//… or --ca-file FILE.")
        case .transport(.caFile): return tr("Point --ca-file at a readable PEM file of CA certificates.")
        case .clientCertificate(let problem):
            return ClientCertificateText.hint(problem, server: failure.server ?? "SERVER", place: .connect)
        default: return nil
        }
    }

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
            lines.append(first + tr("; nothing was sent."))
            var text = TrustText(server: failure.server ?? "", now: now)
            text.offersAcceptance = !(KnownCause.of(failure, now: now)?.refusesAcceptance ?? false)
            lines += text.lines(for: decision, chain: chain)
        } else {
            lines.append(first)
        }
        if let hint = hint(failure) { lines.append(tr("hint: ") + hint) }
        return lines.joined(separator: "\n")
    }

    /// "the keyring", "TR_AUTH", … as in "password from the keyring".
    public static func describe(_ source: PasswordSource) -> String {
        switch source {
        case .none: return tr("nowhere (none given)")
        case .standardInput: return "--password-stdin"
        case .environment: return "TR_AUTH"
        case .netrc(let path): return tr("netrc file \(safe(path))")
        case .keyring: return tr("the keyring")
        case .prompt: return tr("the prompt")
        }
    }

    public static func inputReason(_ problem: InputProblem) -> String {
        switch problem {
        case .passwordStdinNeedsUser: return tr("--password-stdin needs a user name: add --user NAME.")
        case .passwordStdinEmpty:
            return tr(
                "--password-stdin: standard input was empty; pipe the password in (e.g. from pass or secret-tool).")
        case .trAuthUserMismatch(let environment, let server):
            return tr("TR_AUTH is for user '\(safe(environment))' but the server's user is '\(safe(server))'.")
        case .netrcMissing(let path): return tr("The netrc file \(safe(path)) does not exist.")
        case .netrcUnreadable(let path, let error):
            return tr("Cannot read the netrc file \(safe(path)): \(storageReason(error))")
        case .noDefaultServer: return tr("No server given and no default server.")
        case .bareHostPlainHTTP(let text, let url):
            return tr(
                "'\(safe(text))' is not a saved server; as an address it would be \(safe(url)), plain HTTP to",
                " another host. Give that URL to use plain HTTP, or https://… for TLS.")
        case .invalidSSHDestination, .routeConflict, .ambiguousServer: return RouteText.inputReason(problem)
        }
    }

    static func addSourceReason(_ problem: AddSourceProblem) -> String {
        switch problem {
        case .magnetWithoutHash(let argument):
            return tr("\(safe(argument)): a magnet link needs an xt=urn:btih:HASH part.")
        case .missing(let path): return tr("\(safe(path)): no such file.")
        case .directory(let path): return tr("\(safe(path)): is a directory, not a .torrent file.")
        case .special(let path, let kind):
            let what =
                switch kind {
                case .fifo: tr("a FIFO (named pipe)")
                case .device: tr("a device")
                case .socket: tr("a socket")
                case .other: tr("not a regular file")
                }
            return tr("\(safe(path)): is \(what), not a .torrent file; save it to a file first.")
        case .tooLarge(let path, let bytes):
            return tr(
                "\(safe(path)): \(Units.bytes(bytes)) or more is too large for a .torrent file ",
                "(at most \(Units.bytes(TorrentSourceFile.maximumFileSize))).")
        case .unreadable(let path, let code):
            return tr("\(safe(path)): cannot read: \(String(cString: strerror(code))).")
        case .notATorrent(let path):
            return tr("\(safe(path)): not a .torrent file (no bencoded dictionary with an info section).")
        }
    }

    static func onboardingReason(_ problem: OnboardingProblem) -> String {
        switch problem {
        case .invalidName(let name, let problem):
            return tr("'\(safe(name))' cannot be a server name: \(problem). Choose one with --name.")
        case .fingerprintMismatch(let given, let presented, let chain):
            return chain == nil
                ? tr(
                    "The fingerprint you typed (\(given)) is not the server's (\(presented)): refused; nothing was saved."
                )
                : tr(
                    "The fingerprint you gave (\(given)) is not the server's (\(presented)): refused; nothing was saved."
                )

        case .certificateNotTrusted(let hard, let authority, let acceptAs, let chain, let decision):
            guard let leaf = chain.leaf else { return tr("The certificate of \(safe(authority)) is not trusted.") }
            let pinned = decision.hasProblem { if case .pinMismatch = $0 { true } else { false } }
            // A refusal of stored trust ends with the first fix the advice recommends (shown above).
            let text = TrustText(server: acceptAs, now: 0, place: .connect)
            if hard, let fix = text.advice(decision, chain: chain).fixes.first, case .trustRootFile(_, _, false) = fix {
                return tr(
                    "The certificate of \(safe(authority)) is not trusted. Nothing was changed; what survives ",
                    "renewals: run it again with \(text.commands(fix).joined(separator: tr(", then ")))")
            }
            let advice =
                !hard
                ? tr(
                    "Not on a terminal, so nothing is asked: add --accept-fingerprint \(leaf.fingerprint) to trust ",
                    "this exact certificate, --pin \(leaf.spkiPin) to trust its key, or --ca-file FILE for your CA.")
                : pinned
                    ? tr(
                        "Nothing was changed. If its keys were replaced on purpose, compare the new key with the ",
                        "server's own, then run it again with --pin and the key you compared (sha256//…).")
                    : tr(
                        "Nothing was changed. If its certificate was replaced on purpose, compare the new fingerprint ",
                        "with the server's own, then run it again with --accept-fingerprint and the one you compared ",
                        "(SHA256:…).")
            return tr("The certificate of \(safe(authority)) is not trusted. \(advice)")
        case .plainHTTPNotAllowed(let authority):
            return tr(
                "\(safe(authority)) is reached over plain HTTP: the password and all data travel unencrypted. ",
                "Use https://, or add --allow-http to accept that.")
        case .declined(.certificate): return tr("The certificate was not trusted; nothing was saved.")
        case .declined(.plainHTTP): return tr("Plain HTTP was not accepted; nothing was saved.")
        case .passwordNotStored(let error):
            return tr(
                "\(keyringReason(error)) Nothing was saved; run again with --no-save-password to connect ",
                "without keeping the password.")
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
                authority: authority, decision: decision, chain: chain, interactive: false)
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
