import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionTrust
import RemissionViews

extension RemissionCommand.Trust {
    /// `remission trust pin NAME [--spki sha256//B64]… [--current]`: add public-key pins (RFC 7469).
    struct Pin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pin",
            abstract: "Pin public keys for a server (SPKI SHA-256, as curl --pinnedpubkey).",
            discussion: """
                With pins set, a server is trusted only when a key in its chain is pinned, even when a CA
                vouches for it. Pin a backup key too (one not in the current chain), or a new server key
                would lock you out. Prints the pins now set, one per line.
                """)

        @Argument(help: "A saved server name or an https URL (default: --server or the default server).")
        var name: String?

        @Option(name: .customLong("spki"), help: "A pin to add: sha256//BASE64 of the key's SPKI. Repeatable.")
        var pins: [String] = []

        @Flag(help: "Pin the key of the certificate the server presents now.")
        var current = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if pins.isEmpty && !current {
                throw ValidationError("Give --spki sha256//BASE64 or --current (or both).")
            }
            for pin in pins {
                do { _ = try SPKIPin(parsing: pin) } catch {
                    throw ValidationError(FailureText.trustInputReason(error))
                }
            }
        }

        func run() throws {
            let context = try CommandContext(global: global)
            let subject = try TrustSubject(name, context: context)
            try subject.requireHTTPS(for: .pin)
            var added = try pins.map { try SPKIPin(parsing: $0) }
            var chain: PresentedChain?
            if current {
                let probe = try TrustProbe(subject, trust: try subject.storedTrust(context), context: context)
                chain = probe.chain
                added.insert(probe.leaf.spkiPin, at: 0)
            } else {
                // Only to tell whether a backup pin exists; pinning works offline too.
                chain = try? TrustProbe(subject, trust: .none, context: context).chain
            }
            let (pinned, new) = try subject.update(context) { trust -> ([SPKIPin], [SPKIPin]) in
                let new = added.reduce(into: [SPKIPin]()) { result, pin in
                    if !trust.pins.contains(pin) && !result.contains(pin) { result.append(pin) }
                }
                trust.pins += new
                return (trust.pins, new)
            }
            print(pinned.map(\.description).joined(separator: "\n"))
            var messages =
                new.isEmpty
                ? ["Every pin given was already set for \(subject.identity); nothing was changed."]
                : [
                    "Pinned \(new.count) key\(new.count == 1 ? "" : "s") for \(subject.identity); \(pinned.count) set now."
                ]
            messages += pinWarnings(pinned, chain: chain, label: subject.label)
            printError(messages.joined(separator: "\n"))
        }
    }

    /// `remission trust unpin NAME [--spki PIN]…`: remove some pins, or all of them after confirmation.
    struct Unpin: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unpin",
            abstract: "Remove pins: the ones given with --spki, or all of them (asks first; --yes for scripts).")

        @Argument(help: "A saved server name or a URL.")
        var name: String

        @Option(name: .customLong("spki"), help: "A pin to remove: sha256//BASE64. Repeatable; none means all.")
        var pins: [String] = []

        @Flag(help: "Remove all pins without asking.")
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
            let subject = try TrustSubject(name, context: context)
            let stored = try subject.storedTrust(context)
            let removing = try pins.map { try SPKIPin(parsing: $0) }
            guard !stored.pins.isEmpty else {
                printError("No pins are set for \(subject.identity); nothing was changed.")
                return
            }
            if removing.isEmpty {
                printError(
                    "Pins set for \(subject.identity):\n" + stored.pins.map { "  \($0)" }.joined(separator: "\n"))
                if !yes { try confirm(.removeAllPins(count: stored.pins.count), terminal: context.terminal) }
            } else if let missing = removing.first(where: { !stored.pins.contains($0) }) {
                throw Failure(.local(.notPinned(missing, identity: subject.identity, pinned: stored.pins)))
            }
            let remaining = try subject.update(context) { trust -> [SPKIPin] in
                trust.pins.removeAll { removing.isEmpty || removing.contains($0) }
                return trust.pins
            }
            print(remaining.map(\.description).joined(separator: "\n"), terminator: remaining.isEmpty ? "" : "\n")
            var message = "Removed \(stored.pins.count - remaining.count) pin(s) for \(subject.identity); "
            if remaining.isEmpty {
                message +=
                    stored.accepted != nil
                    ? "the accepted certificate decides trust now."
                    : "the \(stored.caFile == nil ? "system CAs decide" : "CA file and system CAs decide") trust now."
            } else {
                message += "\(remaining.count) left."
            }
            printError(message)
        }
    }
}

/// Warnings about a pin set: no pin for the key presented now (check will refuse), or no backup pin.
func pinWarnings(_ pins: [SPKIPin], chain: PresentedChain?, label: String) -> [String] {
    guard let chain, !pins.isEmpty else { return [] }
    let presented = Set(chain.certificates.map(\.spkiPin))
    if !pins.contains(where: presented.contains) {
        return [
            "warning: no pin matches a key the server presents now, so connections will be refused (pin mismatch). "
                + "Its key is \(chain.certificates[0].spkiPin)."
        ]
    }
    if pins.allSatisfy(presented.contains) {
        return [
            "warning: every pin is a key in the current chain: add a backup pin (a spare key kept offline) with "
                + "`remission trust pin \(quotedForShell(label)) --spki sha256//…`, or a new server key will lock you out."
        ]
    }
    return []
}
