import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionTrust
import RemissionViews

extension RemissionCommand.Trust {
    /// `remission trust pin NAME [--spki sha256//B64]… [--current] [--issuer] [--root]
    /// [--generate-backup FILE]`: add public-key pins (RFC 7469).
    struct Pin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pin",
            abstract: tr("Pin public keys for a server (SPKI SHA-256, as curl --pinnedpubkey)."),
            usage: "remission trust pin [<options>] [<name>]",
            discussion: tr(
                """
                With pins set, a server is trusted only when a key in its chain is pinned, even when a CA \
                vouches for it. Pin a backup key too (one not in the current chain), or a new server key \
                would lock you out. Prints the pins now set, one per line.

                --generate-backup FILE makes that backup key here, offline: a new ECDSA P-256 key (every TLS \
                client takes it), its private key written to FILE (a new file, mode 0600; an existing one is \
                refused and left as it is), its pin added. With no pins set yet, the key the server presents now \
                is pinned with it (it must be trusted now), so the spare is never the only pin. Keep FILE offline, \
                not on the server, and make the next certificate with it when you rotate.

                --issuer pins the key of the presented CA certificate whose key verifies the server's certificate \
                (by signature, never by name), --root the key of the root the server sends at the end of that \
                signature path (both taken from the chain presented now, as --current). When what is stored refuses \
                that chain, a key other than the one recorded when its certificate was accepted is refused: nothing \
                would show it comes from the same CA. A pinned CA key \
                trusts the server only when the chain verifies under it, and survives leaf renewals that keep \
                that CA; a server that does not send its root (Caddy never does) is trusted by its root's file \
                instead: remission trust ca NAME ROOT.crt. A certificate accepted before is replaced by the pins: \
                asked on a terminal, with --replace-accepted without one.

                Examples:
                  remission trust pin nas --current --generate-backup ~/nas-spare-key.pem
                  remission trust pin nas --issuer --current
                  remission trust pin nas --spki sha256//…
                """))

        @Argument(
            help: .tr("A saved server name or an https URL (default: --server or the default server)."),
            completion: .savedServer)
        var name: String?

        @Option(
            name: .customLong("spki"),
            help: ArgumentHelp(
                tr("A pin to add: sha256//BASE64 of the key's SPKI. Repeatable."), valueName: "sha256//…"))
        var pins: [String] = []

        @Flag(help: .tr("Pin the key of the certificate the server presents now."))
        var current = false

        @Flag(
            help: .tr(
                "Pin the key of the CA certificate that issued the server's (by signature, from the presented chain)."))
        var issuer = false

        @Flag(help: .tr("Pin the key of the root certificate the server presents."))
        var root = false

        @Flag(
            name: .customLong("replace-accepted"),
            help: .tr("Replace an accepted certificate without asking (it is asked on a terminal)."))
        var replaceAccepted = false

        @Option(
            name: .customLong("generate-backup"),
            help: .tr("Generate a spare key, write its private key to this new file (mode 0600), pin it."),
            completion: .file())
        var backupFile: String?

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if pins.isEmpty && !current && !issuer && !root && backupFile == nil {
                throw ValidationError(CommandText.pinWhat)
            }
            for pin in pins {
                do { _ = try SPKIPin(parsing: pin) } catch {
                    throw ValidationError(FailureText.trustInputReason(error))
                }
            }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            let settings = TrustSettings(context.session)
            let subject = try settings.subject(name)
            let presented: [PresentedKey] = (issuer ? [.issuer] : []) + (root ? [.root] : [])
            let pinning = try settings.pin(
                subject, adding: try pins.map { try SPKIPin(parsing: $0) }, current: current, presented: presented,
                backupFile: backupFile,
                replacing: replacementQuestion(given: replaceAccepted, terminal: context.terminal))
            print(pinning.pinned.map(\.description).joined(separator: "\n"))
            printError(TrustCommandText.pinned(pinning, subject: subject, now: currentUnixTime()))
        }
    }

    /// `remission trust unpin NAME [--spki PIN]…`: remove some pins, or all of them after confirmation.
    struct Unpin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unpin",
            abstract: tr("Remove pins: the ones given with --spki, or all of them (asks first; --yes for scripts)."),
            usage: "remission trust unpin [<options>] <name>")

        @Argument(help: .tr("A saved server name or a URL."), completion: .savedServer)
        var name: String

        @Option(
            name: .customLong("spki"),
            help: ArgumentHelp(
                tr("A pin to remove: sha256//BASE64. Repeatable; none means all."), valueName: "sha256//…"))
        var pins: [String] = []

        @Flag(help: ArgumentHelp(tr("Remove all pins without asking. ") + Answers.rule))
        var yes = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            for pin in pins {
                do { _ = try SPKIPin(parsing: pin) } catch {
                    throw ValidationError(FailureText.trustInputReason(error))
                }
            }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            let settings = TrustSettings(context.session)
            let subject = try settings.subject(name)
            let unpinning = try settings.unpinning(subject, removing: try pins.map { try SPKIPin(parsing: $0) })
            guard !unpinning.nothingPinned else {
                printError(TrustCommandText.nothingPinned(subject))
                return
            }
            if unpinning.removesAll {
                printError(TrustCommandText.pinsSet(unpinning.stored, subject: subject))
                if !yes { try confirm(.removeAllPins(count: unpinning.stored.pins.count), terminal: context.terminal) }
            }
            let remaining = try settings.unpin(subject, unpinning)
            print(remaining.map(\.description).joined(separator: "\n"), terminator: remaining.isEmpty ? "" : "\n")
            printError(TrustCommandText.unpinned(unpinning, remaining: remaining, subject: subject))
        }
    }
}
