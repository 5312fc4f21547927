import RemissionModel
import RemissionStorage
import RemissionTransport
import RemissionTrust

/// `trust …`: what is stored for a server's identity, what its certificate shows, and every explicit
/// change (PRODUCT.md §2). Never prints and never asks: the command shows, confirms and asks the
/// user, the views (`TrustCommandText`) word the results.
public struct TrustSettings: Sendable {
    public let context: SessionContext

    public init(_ context: SessionContext) { self.context = context }

    /// The server named by `name` (a saved name or a URL; nil: `--server` or the default server).
    public func subject(_ name: String?) throws(Failure) -> TrustSubject {
        let (label, endpoint, profile) = try context.locate(name ?? context.defaultTarget)
        return TrustSubject(label: label, endpoint: endpoint, profile: profile)
    }

    /// What trust.json holds for the subject's identity (`.none` when nothing).
    public func stored(_ subject: TrustSubject) throws(Failure) -> ServerTrust {
        do { return try context.trustStore.trust(for: subject.serverIdentity) } catch { throw Failure(.storage(error)) }
    }

    /// Plain HTTP has no certificate: a usage failure naming the command that applies instead.
    public func requireHTTPS(_ subject: TrustSubject, for change: CertificateChange) throws(Failure) {
        guard !subject.isHTTPS else { return }
        throw Failure(.local(.noCertificate(url: subject.endpoint.url, label: subject.label, change: change)))
    }

    /// Connects and completes the TLS handshake with `trust` deciding; sends no HTTP request.
    /// Offline (DNS, refused, unreachable, timeout) is exit 3; other failures exit 1.
    public func probe(_ subject: TrustSubject, trust: ServerTrust) throws(Failure) -> TrustProbe {
        var target = ServerTarget(
            label: subject.label, endpoint: subject.endpoint, trust: trust, credentials: nil, passwordSource: .none,
            profile: subject.profile)
        target.tlsName = subject.profile?.options.tlsName
        // By the server's route (its ssh channel, socket or proxy: the certificate of the server that
        // identity names); no client certificate (no request is sent, and a locked key would ask for
        // a passphrase only to look at the server's certificate).
        (target.route, target.proxySource) = try context.route(
            to: subject.endpoint, options: subject.profile?.options)
        var options = context.transportOptions
        options.examinesEveryPresentedAnchor = true  // which CA keys could be pinned (`TrustChoices`)
        let report: ConnectionReport
        do { report = try probeServer(target, options: options) } catch {
            throw Failure(.local(.probeFailed(error, authority: subject.endpoint.authority, label: subject.label)))
        }
        guard let chain = report.tls?.chain, let leaf = chain.certificates.first, let decision = report.tls?.decision
        else {
            throw Failure(.local(.noCertificatePresented(authority: subject.endpoint.authority)))
        }
        return TrustProbe(report: report, chain: chain, decision: decision, leaf: leaf)
    }

    /// `trust show`: the stored trust, and the certificate (https) or the plain-HTTP state.
    public func show(_ subject: TrustSubject) throws(Failure) -> TrustShowing {
        let stored = try stored(subject)
        guard subject.isHTTPS else {
            let state: PlainHTTPState =
                stored.httpAcknowledged ? .acknowledged : subject.endpoint.isLoopback ? .loopback : .notAcknowledged
            return .plainHTTP(stored: stored, state: state)
        }
        return .certificate(stored: stored, probe: try probe(subject, trust: stored))
    }

    /// `trust accept --fingerprint`: the fingerprint given must be the presented certificate's.
    public func verify(_ expected: CertificateFingerprint, _ probe: TrustProbe, subject: TrustSubject)
        throws(Failure)
    {
        guard expected != probe.leaf.fingerprint else { return }
        throw Failure(
            .local(
                .fingerprintNotPresented(
                    given: expected, presented: probe.leaf.fingerprint, authority: subject.endpoint.authority,
                    label: subject.label)))
    }

    /// `trust accept`, once the user agreed: the leaf becomes the accepted certificate; accepting the
    /// same certificate again changes nothing (and keeps its date).
    public func accept(_ probe: TrustProbe, for subject: TrustSubject, now: Int64) throws(Failure) -> Acceptance {
        try accept(probe.chain, for: subject, now: now)  // a probe's chain has its leaf (`probe`)
    }

    /// The same with the chain alone (its leaf is accepted, with the facts that tell a renewal).
    public func accept(_ chain: PresentedChain, for subject: TrustSubject, now: Int64) throws(Failure) -> Acceptance {
        guard let accepted = AcceptedCertificate(accepting: chain, at: now) else {
            throw Failure(.local(.certificateDeclined))
        }
        return try update(subject) { trust in
            let previous = trust.accepted
            if previous?.fingerprint != accepted.fingerprint { trust.accepted = accepted }
            return Acceptance(
                previous: previous, accepted: accepted, names: chain.leaf?.subjectAltNames ?? [],
                pinsSet: !trust.pins.isEmpty)
        }
    }

    /// `trust http --acknowledge|--revoke` (plain HTTP only); returns the previous state.
    public func setPlainHTTP(_ subject: TrustSubject, acknowledged: Bool) throws(Failure) -> Bool {
        guard !subject.isHTTPS else {
            throw Failure(.local(.noPlainHTTPWarning(url: subject.endpoint.url, label: subject.label)))
        }
        return try update(subject) { trust in
            let previous = trust.httpAcknowledged
            trust.httpAcknowledged = acknowledged
            return previous
        }
    }

    /// `trust forget` (after the command confirmed): everything stored for the identity.
    public func forget(_ subject: TrustSubject) throws(Failure) {
        do { try context.trustStore.remove(subject.serverIdentity) } catch {
            throw Failure(.local(.trustNotChanged(error)))
        }
    }

    /// `trust list`: every stored identity with the saved servers that use it.
    public func list() throws(Failure) -> TrustList {
        let entries: [(identity: String, trust: ServerTrust)]
        let profiles: [ServerProfile]
        do { entries = try context.trustStore.all() } catch { throw Failure(.storage(error)) }
        do { profiles = try context.profileStore.all().profiles } catch { throw Failure(.profile(error)) }
        return TrustList(
            path: context.trustStore.path,
            entries: entries.map { entry in
                TrustEntry(
                    identity: entry.identity,
                    servers: profiles.filter { $0.identity.key == entry.identity }.map(\.name),
                    trust: entry.trust)
            })
    }

    /// Changes the stored trust under the file lock; a file error is exit 1 and changes nothing.
    func update<Result>(_ subject: TrustSubject, _ body: (inout ServerTrust) -> Result) throws(Failure) -> Result {
        do { return try context.trustStore.change(subject.serverIdentity, body) } catch {
            throw Failure(.storage(error))
        }
    }
}

/// The server a `trust` command works on: its label, endpoint and (when saved) profile.
public struct TrustSubject: Sendable, Equatable {
    public var label: String
    public var endpoint: ServerEndpoint
    public var profile: ServerProfile?

    /// Who the server is, what trust is kept for: its address and, saved with an SSH host or a unix
    /// socket, its route's part (an unsaved URL is direct).
    public var serverIdentity: ServerIdentity { ServerIdentity(endpoint, route: profile?.options.routeIdentity) }
    /// `https://host:port`, or `http://localhost:9091 via ssh://seedbox`: as trust.json keys it.
    public var identity: String { serverIdentity.key }
    public var isHTTPS: Bool { endpoint.scheme == .https }
    /// The client certificate the saved server offers, read now (without its key).
    public var clientCertificate: ClientCertificateStatus? {
        profile?.options.clientCertificate.map(ClientCertificateStatus.init(path:))
    }
}

/// What a TLS handshake without any request showed: the chain and the decision stored trust made.
public struct TrustProbe: Sendable, Equatable {
    public var report: ConnectionReport
    public var chain: PresentedChain
    public var decision: TrustDecision
    /// The server's own certificate.
    public var leaf: CertificateFacts
}

/// What `trust show` found.
public enum TrustShowing: Sendable, Equatable {
    case plainHTTP(stored: ServerTrust, state: PlainHTTPState)
    case certificate(stored: ServerTrust, probe: TrustProbe)
}

/// Whether commands warn about plain HTTP to a server.
public enum PlainHTTPState: Sendable, Equatable {
    case acknowledged
    /// A loopback host never warns.
    case loopback
    case notAcknowledged

    public var isAccepted: Bool { self != .notAcknowledged }
}

/// What `trust accept` did.
public struct Acceptance: Sendable, Equatable {
    /// The certificate accepted before, if any (the same one: nothing changed).
    public var previous: AcceptedCertificate?
    public var accepted: AcceptedCertificate
    /// The names the accepted certificate covers (trust.json keeps its subject only): how it is named
    /// when it has no subject.
    public var names: [SubjectAltName] = []
    /// Pins are set, and decide before the accepted certificate.
    public var pinsSet: Bool

    public var changed: Bool { previous?.fingerprint != accepted.fingerprint }
}

/// The trust store's entries and the file they are in.
public struct TrustList: Sendable, Equatable {
    public var path: String
    public var entries: [TrustEntry]
}

/// One identity of the trust store.
public struct TrustEntry: Sendable, Equatable {
    public var identity: String
    /// The saved servers at this identity.
    public var servers: [String]
    public var trust: ServerTrust
}
