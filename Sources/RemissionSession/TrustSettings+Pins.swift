import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust

#if canImport(Glibc)
    import Glibc
#endif

extension TrustSettings {
    /// `trust pin`: adds `pins` (and with `current` the presented leaf's key, first) to those set.
    /// Without `current` the certificate is still looked at, only to tell whether a backup pin
    /// exists; pinning works offline too. With `backupFile`, a spare key is generated here
    /// (`SpareKey`), its private key written to that new file (mode 0600; an existing file is refused
    /// and left as it is) and its pin added; should the pin not be saved, the file goes again.
    ///
    /// A spare must not become the only pin that counts: pins refuse every key they do not name, so
    /// the server would be cut off at its next connection. With no pins set and nothing else given,
    /// the key presented now is pinned too, as `current` does, when the stored trust accepts it now
    /// (`Pinning.currentAlso`); when the pins would still match no key the server presents now, or
    /// its key is not trusted, nothing is written or pinned (`backupWouldLockOut`). The server is
    /// looked at before the key file is made, so a refusal leaves no file behind.
    ///
    /// `presented` (`--issuer`, `--root`) pins keys of CA certificates the server presents now, after
    /// the leaf's (`PresentedKey`). An accepted certificate would lie dormant under pins: it is replaced,
    /// once `replacing` (the command's question, or `--replace-accepted`) agreed, before any file is made.
    public func pin(
        _ subject: TrustSubject, adding pins: [SPKIPin], current: Bool, presented: [PresentedKey] = [],
        backupFile: String? = nil,
        replacing: (AcceptedCertificate, TrustReplacement) throws(Failure) -> Void = { _, _ in }
    ) throws(Failure) -> Pinning {
        try requireHTTPS(subject, for: .pin)
        let stored = try stored(subject)
        let currentAlso = backupFile != nil && !current && pins.isEmpty && stored.pins.isEmpty && presented.isEmpty
        var added = pins
        let chain: PresentedChain?
        if current || currentAlso || !presented.isEmpty {
            let probe = try probe(subject, trust: stored)
            if currentAlso && !probe.decision.isTrusted {
                throw Failure(.local(.backupWouldLockOut(label: subject.label, presentedUntrusted: true)))
            }
            chain = probe.chain
            added.insert(
                contentsOf: try presented.map { key throws(Failure) in
                    let pin = try key.pin(in: probe.chain, subject)
                    try key.requireProven(in: probe.chain, decision: probe.decision, stored: stored, subject)
                    return pin
                }, at: 0)
            if current || currentAlso { added.insert(probe.leaf.spkiPin, at: 0) }
        } else {
            chain = try? probe(subject, trust: .none).chain
        }
        if backupFile != nil, let chain, !(stored.pins + added).contains(where: Set(chain.pins).contains) {
            throw Failure(.local(.backupWouldLockOut(label: subject.label, presentedUntrusted: false)))
        }
        if let accepted = stored.accepted {
            try replacing(accepted, .pins(added, spare: backupFile != nil))
        }
        let backup = try backupFile.map { file throws(Failure) in try writeSpareKey(to: absolutePath(file)) }
        if let backup { added.append(backup.pin) }
        do {
            var pinning = try addPins(subject, added, chain: chain, dropping: stored.accepted)
            if !presented.isEmpty { pinning.probe = try? probe(subject, trust: try self.stored(subject)) }
            pinning.backup = backup
            pinning.currentAlso = currentAlso ? added.first : nil
            return pinning
        } catch {
            if let backup { _ = unlink(backup.path) }  // created by this run, just now: nothing else is lost
            throw error
        }
    }

    private func writeSpareKey(to path: String) throws(Failure) -> SpareKeyFile {
        guard let key = SpareKey.generate() else { throw Failure(.local(.backupKeyNotGenerated)) }
        do { try AtomicFile.createNew(key.privateKeyPEM, at: path) } catch {
            throw Failure(.local(.backupKeyNotWritten(path: path, error)))
        }
        return SpareKeyFile(path: path, pin: key.pin, keyType: SpareKey.keyType)
    }

    /// Adds the pins and, in the same write, drops `dropping` when it is still the accepted certificate.
    private func addPins(
        _ subject: TrustSubject, _ added: [SPKIPin], chain: PresentedChain?, dropping: AcceptedCertificate?
    ) throws(Failure) -> Pinning {
        let (pinned, new, replaced) = try update(subject) { trust -> ([SPKIPin], [SPKIPin], AcceptedCertificate?) in
            let new = added.reduce(into: [SPKIPin]()) { result, pin in
                if !trust.pins.contains(pin) && !result.contains(pin) { result.append(pin) }
            }
            trust.pins += new
            let replaced = Self.drop(dropping, from: &trust)
            return (trust.pins, new, replaced)
        }
        return Pinning(
            pinned: pinned, new: new, warning: Self.warning(pinned, chain: chain), replacedAccepted: replaced)
    }

    /// Removes the accepted certificate the user agreed to replace, if it is still the one stored.
    static func drop(_ accepted: AcceptedCertificate?, from trust: inout ServerTrust) -> AcceptedCertificate? {
        guard let accepted, trust.accepted?.fingerprint == accepted.fingerprint else { return nil }
        trust.accepted = nil
        return accepted
    }

    /// A pin set that would refuse the key presented now, or that has no backup key.
    static func warning(_ pins: [SPKIPin], chain: PresentedChain?) -> PinWarning? {
        guard let chain, let leaf = chain.certificates.first, !pins.isEmpty else { return nil }
        let presented = Set(chain.pins)
        if !pins.contains(where: presented.contains) { return .noPinMatches(presented: leaf.spkiPin) }
        if pins.allSatisfy(presented.contains) { return .noBackupPin }
        return nil
    }

    /// `trust unpin`: what removing `pins` (none: all) would do. A pin that is not set is refused.
    public func unpinning(_ subject: TrustSubject, removing pins: [SPKIPin]) throws(Failure) -> Unpinning {
        let stored = try stored(subject)
        guard !stored.pins.isEmpty else { return Unpinning(stored: stored, removing: pins) }
        if let missing = pins.first(where: { !stored.pins.contains($0) }) {
            throw Failure(.local(.notPinned(missing, identity: subject.identity, pinned: stored.pins)))
        }
        return Unpinning(stored: stored, removing: pins)
    }

    /// Removes the pins of `unpinning` (after the command confirmed removing all); returns those left.
    public func unpin(_ subject: TrustSubject, _ unpinning: Unpinning) throws(Failure) -> [SPKIPin] {
        try update(subject) { trust -> [SPKIPin] in
            trust.pins.removeAll { unpinning.removing.isEmpty || unpinning.removing.contains($0) }
            return trust.pins
        }
    }

    /// `trust ca FILE`: the file (checked now: readable, at least one certificate) by its absolute
    /// path; then what decides, and what the certificate shows with it (nil when it cannot be reached).
    /// A file without a root (an intermediate) is set all the same, as `trust pin --issuer` pins an
    /// intermediate's key: the change says so (`notRoot`), and the view names the root beside it.
    /// An accepted certificate would keep deciding first: it is replaced, once `replacing` (the
    /// command's question, or `--replace-accepted`) agreed.
    public func setCAFile(
        _ subject: TrustSubject, _ file: String,
        replacing: (AcceptedCertificate, TrustReplacement) throws(Failure) -> Void = { _, _ in }
    ) throws(Failure) -> CAFileChange {
        try requireHTTPS(subject, for: .caFile)
        let path = absolutePath(file)
        do { try SocketTransport.checkCAFile(path, options: context.transportOptions) } catch {
            throw Failure(.local(.caFileUnusable(error)))
        }
        let accepted = try stored(subject).accepted
        if let accepted { try replacing(accepted, .caFile(path)) }
        let (previous, replaced) = try update(subject) { trust -> (String?, AcceptedCertificate?) in
            let previous = trust.caFile
            trust.caFile = path
            return (previous, Self.drop(accepted, from: &trust))
        }
        let stored = try stored(subject)
        return CAFileChange(
            path: path, previous: previous, stored: stored, probe: try? probe(subject, trust: stored),
            replacedAccepted: replaced, notRoot: NotRootCAFile.inspect(path))
    }
}

/// What `trust pin` did.
public struct Pinning: Sendable, Equatable {
    /// Every pin set now, in order.
    public var pinned: [SPKIPin]
    /// Those this run added (none: all were set already).
    public var new: [SPKIPin]
    public var warning: PinWarning?
    /// The spare key `--generate-backup` made, when asked.
    public var backup: SpareKeyFile?
    /// The key presented now, pinned beside the spare though not asked for (`--generate-backup` on a
    /// server without pins), so that the server stays trusted.
    public var currentAlso: SPKIPin?
    /// The accepted certificate these pins replaced (after the question or `--replace-accepted`).
    public var replacedAccepted: AcceptedCertificate? = nil
    /// With `--issuer`/`--root`: the handshake with the pins now set (a pinned CA key is an anchor
    /// only when the chain verifies under it), nil when the server could not be reached again.
    public var probe: TrustProbe? = nil
}

extension PresentedChain {
    /// The pins of every key in the chain: a pin set matching one of them trusts the server.
    var pins: [SPKIPin] { certificates.map(\.spkiPin) }
}

/// A spare key written by `trust pin --generate-backup FILE`: where, its pin and its type.
public struct SpareKeyFile: Sendable, Equatable {
    public var path: String
    public var pin: SPKIPin
    public var keyType: String
}

/// What is wrong with a pin set, seen against the chain presented now.
public enum PinWarning: Sendable, Equatable {
    /// No pin matches a key presented now: connections will be refused.
    case noPinMatches(presented: SPKIPin)
    /// Every pin is a key of the current chain: a new server key would lock the user out.
    case noBackupPin
}

/// What `trust unpin` is about to remove.
public struct Unpinning: Sendable, Equatable {
    public var stored: ServerTrust
    /// The pins to remove; empty: all of them (the command confirms first).
    public var removing: [SPKIPin]

    /// Nothing is pinned, so nothing can be removed.
    public var nothingPinned: Bool { stored.pins.isEmpty }
    public var removesAll: Bool { removing.isEmpty }
}

/// What `trust ca` did.
public struct CAFileChange: Sendable, Equatable {
    public var path: String
    /// The CA file set before (the same path: nothing changed).
    public var previous: String?
    /// The trust stored now.
    public var stored: ServerTrust
    /// The handshake with the new trust, if the server could be reached.
    public var probe: TrustProbe?
    /// The accepted certificate the CA file replaced (after the question or `--replace-accepted`).
    public var replacedAccepted: AcceptedCertificate? = nil
    /// The file holds no root (an intermediate): set as given, with a warning naming the root.
    public var notRoot: NotRootCAFile? = nil
}
