import RemissionModel
import RemissionSession
import RemissionTransport
import RemissionTrust

/// The words of the command-local outcomes (`LocalProblem`) and of `FileIndexesError`. Their advice
/// is part of the reason, as each names the command that applies; only a URL the daemon could not
/// fetch has a hint of its own (`fetchHint`: what to check on the daemon's machine).
extension FailureText {
    static func localReason(_ problem: LocalProblem) -> String {
        switch problem {
        case .confirmationNeedsTerminal(let confirmation): return needsTerminal(confirmation)
        case .declined(.removeAllPins), .declined(.forgetTrust), .declined(.repointServer),
            .declined(.forgetTrustParts), .declined(.replaceAccepted):
            return tr("Nothing was changed.")
        case .declined(.removeServer): return tr("Nothing was removed.")
        case .declined(.removeTorrents), .declined(.deleteTorrentData): return tr("Nothing removed.")
        case .deleteDataNeedsTerminal(let ids):
            return tr(
                "Refusing to delete data without confirmation: no terminal to ask on. ",
                "Confirm with --yes: remission remove \(safe(ids)) --delete-data --yes")
        case .noCertificate(let url, let label, let change):
            let advice = tr(
                "To acknowledge plain HTTP use: remission trust http \(quotedForShell(label)) --acknowledge")
            return
                switch change
            {
            case .accept: tr("\(safe(url)) is plain HTTP: there is no certificate to accept. \(advice)")
            case .pin: tr("\(safe(url)) is plain HTTP: there is no certificate to pin. \(advice)")
            case .caFile: tr("\(safe(url)) is plain HTTP: there is no certificate to verify with a CA file. \(advice)")
            }
        case .noPlainHTTPWarning(let url, let label):
            return tr(
                "\(safe(url)) uses https: there is no plain-HTTP warning to acknowledge or revoke; ",
                "nothing was changed. Trust for https servers: remission trust accept|pin|ca \(quotedForShell(label))")
        case .probeFailed(let error, let authority, let label): return probeReason(error, authority, label)
        case .noCertificatePresented(let authority):
            return tr("\(safe(authority)) completed no TLS handshake with a certificate; nothing was changed.")
        case .fingerprintNotPresented(let given, let presented, let authority, let label):
            return tr(
                "The fingerprint given (\(given)) is not the one \(safe(authority)) presents ",
                "(\(presented)). Refused; nothing was changed. Compare with the server's own ",
                "certificate, e.g. `remission trust show \(quotedForShell(label))`.")
        case .acceptNeedsTerminal(let label):
            return tr(
                "Not on a terminal, so nothing is asked and nothing was changed. Compare the fingerprint above ",
                "with the server's, then run: remission trust accept \(quotedForShell(label)) --fingerprint SHA256:…")
        case .certificateDeclined: return tr("The certificate was not trusted; nothing was changed.")
        case .typedFingerprintMismatch(let typed, let presented):
            return tr(
                "The fingerprint you typed (\(typed)) is not the server's (\(presented)): refused; nothing was changed."
            )
        case .notPinned(let pin, let identity, let pinned):
            return tr(
                "\(pin) is not pinned for \(safe(identity)) (pinned: ",
                "\(pinned.map(\.description).joined(separator: ", "))); nothing was changed.")
        case .caFileNotRoot(let file): return CAFileText.notRootFailure(file)
        case .caFileUnusable(let error):
            return tr(
                "\(transportReason(error)). Give a readable PEM file with at least one certificate; ",
                "nothing was changed.")
        case .trustNotChanged(let error): return tr("\(storageReason(error)) Nothing was changed.")
        case .backupKeyNotGenerated: return tr("OpenSSL could not generate a key; nothing was written or pinned.")
        case .backupKeyNotWritten(let path, let error) where error.alreadyExists:
            return tr(
                "\(safe(path)) already exists and was left as it is: name a new file for the spare key. ",
                "Nothing was pinned.")
        case .backupKeyNotWritten(_, let error): return tr("\(storageReason(error)) Nothing was pinned.")
        case .backupWouldLockOut(let label, presentedUntrusted: true):
            return tr(
                "The certificate \(safe(label)) presents now is not trusted, so its key cannot be pinned beside ",
                "the spare, and the spare alone would refuse every connection. Nothing was written or pinned; ",
                "see remission trust show \(quotedForShell(label))")
        case .backupWouldLockOut(let label, presentedUntrusted: false):
            return tr(
                "These pins would match no key \(safe(label)) presents now, so every connection would be refused ",
                "(pin mismatch). Nothing was written or pinned. Pin its current key with the spare: ",
                "remission trust pin \(quotedForShell(label)) --current --generate-backup FILE")
        case .keyNotPresented(let key, let label, let leafSelfSigned):
            return TrustCommandText.keyNotPresented(key, label: label, leafSelfSigned: leafSelfSigned)
        case .presentedKeyUnproven(_, let label, let presented, let recorded):
            return TrustCommandText.presentedKeyUnproven(label: label, presented: presented, recorded: recorded)
        case .keyringNotChanged(let error, .nothingStored): return tr("\(keyringReason(error)) Nothing was stored.")
        case .keyringNotChanged(let error, .serverKept):
            return tr(
                "\(keyringReason(error)) Nothing was removed; to remove the server and leave the keyring alone, ",
                "add --keep-password.")
        case .noUserForPassword(let label):
            return tr("'\(safe(label))' has no user name, and a password is stored per user: add --user NAME.")
        case .passwordNeedsTerminal:
            return tr("Not on a terminal, so the password cannot be asked for: pipe it in with --password-stdin.")
        case .noPasswordGiven: return tr("No password given; nothing was stored.")
        case .passwordsDiffer: return tr("The two passwords differ; nothing was stored.")
        case .watchNeedsTerminal: return tr("watch needs a terminal; use `remission list`.")
        case .noSnapshot(otherSettings: false):
            return tr("nothing saved yet for this server: run list while it is online, then --offline shows that.")
        case .noSnapshot(otherSettings: true):
            return tr(
                "nothing saved for this server with these settings (user, address, path): ",
                "run list with them while it is online.")
        case .offlineWithoutSnapshot(let failure, _): return reason(failure)
        case .passwordNotChecked(let failure): return reason(failure)
        case .snapshotLacksFields(let names, let savedAt, _):
            return tr(
                "the snapshot from \(Units.dateTime(WallClock(unixSeconds: savedAt, .utc), seconds: false)) lacks ",
                "\(names.joined(separator: ", ")), which this view needs (it was saved by a list that did not ",
                "show them); while the server is online, run this list once to keep them.")
        case .removalInterrupted(let failure, _, _): return reason(failure)
        case .partialAdd(let succeeded, let total, let failed):
            let names = failed.map { safe($0.argument) }.joined(separator: ", ")
            return tr("\(succeeded) of \(total) added or already present; failed: \(names)")
        case .portNotTested:
            return tr(
                "The port could not be tested: the daemon could not reach the port-checking service ",
                "(or refused the test). This says nothing about whether the port is open or closed.")
        case .daemonCouldNotFetch(let fetch, _): return fetchReason(fetch)
        case .addFileChoice(let problem): return AddText.fileChoiceReason(problem)
        }
    }

    /// "the daemon could not fetch URL: the web server answered 404 Not Found".
    static func fetchReason(_ fetch: DaemonFetchFailure) -> String {
        let answer =
            fetch.status == 0
            ? tr("no answer (no connection, a name that does not resolve, a timeout or a TLS failure)")
            : tr("the web server answered \(fetch.status) \(safe(fetch.statusText))")
        guard let url = fetch.url else { return tr("the daemon could not fetch its blocklist URL: \(answer)") }
        return tr("the daemon could not fetch \(safe(url)): \(answer)")
    }

    /// What to check on the daemon's machine, which fetched the URL; for the blocklist, how its URL
    /// is changed (on the server that failed).
    static func fetchHint(_ fetch: DaemonFetchFailure, server: String?) -> String {
        let curl = "curl -I " + quotedForShell(safe(fetch.url ?? "URL"))  // verbatim
        var hint =
            fetch.status == 0
            ? tr(
                "The daemon fetches the URL itself, from its own machine: check there that the host name ",
                "resolves and the host can be reached (DNS, network, firewall, a proxy the daemon needs), ",
                "e.g. with: \(curl)")
            : tr(
                "The daemon fetches the URL itself, from its own machine, and got \(fetch.status): check the URL ",
                "(\(curl) on that machine shows the same answer).")
        if fetch.fetched == .blocklist {
            let target = server.map { " " + quotedForShell(safe($0)) } ?? ""
            hint += " " + tr("Change the blocklist URL with: remission session\(target) --blocklist-url URL")
        }
        return hint
    }

    /// The question asked on a terminal before the change (answered with yes or no).
    public static func question(_ confirmation: Confirmation) -> String {
        switch confirmation {
        case .removeAllPins(let count):
            return count == 1 ? tr("Remove the pin?") : tr("Remove all \(count: count, "pin", "pins")?")
        case .forgetTrust: return tr("Forget all of it?")
        case .forgetTrustParts(let parts): return TrustCommandText.forgetQuestion(parts)
        case .replaceAccepted(let fingerprint, let replacement):
            return TrustCommandText.replaceQuestion(fingerprint, with: replacement)
        case .removeServer(let name, let url):
            return tr(
                "Remove server '\(safe(name))' (\(safe(url))), its password in the keyring and its trust settings?")
        case .repointServer(let name, let from, let to):
            return tr("Server '\(safe(name))' is saved for \(safe(from)). Point it at \(safe(to)) instead?")
        case .removeTorrents(let count): return tr("Remove \(count: count, "torrent", "torrents") (the data stays)?")
        case .deleteTorrentData(let count, let bytes):
            return tr("Delete the data of \(count: count, "torrent", "torrents") (\(Units.bytes(bytes)))?")
        }
    }

    static func needsTerminal(_ confirmation: Confirmation) -> String {
        switch confirmation {
        case .replaceAccepted(let fingerprint, let replacement):
            return TrustCommandText.replaceNeedsFlag(fingerprint, with: replacement)
        case .removeAllPins, .forgetTrust, .forgetTrustParts:
            return tr("\(question(confirmation)) Not on a terminal, so nothing is asked: add --yes to confirm.")
        case .removeServer(let name, _):
            return tr(
                "Not on a terminal, so nothing is asked and nothing was removed: add --yes to remove '\(safe(name))'.")
        case .repointServer(let name, let from, let to):
            return tr(
                "Server '\(safe(name))' is saved for \(safe(from)). Not on a terminal, so nothing is asked and ",
                "nothing was changed: add --yes to point it at \(safe(to)), or choose another --name.")
        case .removeTorrents, .deleteTorrentData:
            return tr("Refusing to remove without confirmation: no terminal to ask on. Confirm with --yes.")
        }
    }

    static func probeReason(_ error: TransportError, _ authority: String, _ label: String) -> String {
        let reason = transportReason(error)
        switch error {
        case .dns, .refused, .unreachable, .timeout:
            return tr(
                "\(safe(authority)) is offline: \(reason). Nothing was changed; run `remission check ",
                "\(quotedForShell(label))` for a diagnosis.")
        case .caFile:
            return tr(
                "\(reason). Point to a readable PEM file with: remission trust ca \(quotedForShell(label)) FILE",
                ", or remove it with: remission trust forget \(quotedForShell(label)) --ca-file")
        case .trustRefused, .tlsHandshake, .connection, .responseTooLarge, .other,
            .clientCertificateRefused, .proxy, .route:
            return tr("\(safe(authority)): \(reason). Nothing was changed.")
        }
    }

    /// The last line of a message whose reason is another failure's (`message` adds it after that one).
    static func localNote(_ problem: LocalProblem) -> (inner: Failure, note: String)? {
        switch problem {
        case .offlineWithoutSnapshot(let failure, let otherSettings):
            return (
                failure,
                otherSettings
                    ? tr("Nothing saved for this server with these settings (user, address, path) to show instead.")
                    : tr("Nothing saved yet for this server to show instead: list keeps what it shows while online.")
            )
        case .passwordNotChecked(let failure):
            return (
                failure,
                tr(
                    "Nothing was stored: the password was checked against the server first. ",
                    "Store it without checking with --no-check.")
            )
        case .removalInterrupted(let failure, let removed, let total):
            return (
                failure,
                tr(
                    "\(count: removed, "torrent", "torrents") of \(total) \(plural: removed, "was", "were") removed ",
                    "before this failure; run `remission list` to see what is left.")
            )
        default: return nil
        }
    }

    public static func fileIndexesReason(_ error: FileIndexesError) -> String {
        switch error {
        case .malformed(let text):
            return tr("\"\(safe(text))\" is not a list of file indexes. Use all, or indexes from 0 such as 0,2,4-6.")
        case .reversed(let text): return tr("\"\(safe(text))\" is a reversed range. Write it low to high.")
        case .outOfRange(let indexes, let count, let torrent):
            let list = indexes.prefix(10).map(String.init).joined(separator: ", ")
            if count == 0 {
                return tr("The torrent has no files yet (its metadata has not been downloaded); no index \(list).")
            }
            return tr(
                "No file with index \(list): the torrent has \(count: count, "file", "files") (0-\(count - 1)). ",
                "See them with: remission files \(torrent)")

        }
    }
}
