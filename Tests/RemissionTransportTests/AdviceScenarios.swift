import Foundation
import RemissionTransport
import RemissionTrust
import TestSupport
import Testing

/// The situations of the advice table (`AdviceTableTests`), made of real certificates (`certs/advice`)
/// read by the transport's own examiner, as a handshake would report them: what the user trusted
/// (`Kind`), then what happened (`Event`). The system store is `proot` alone.
enum AdviceScenarios {
    /// How the user trusted the server before.
    enum Kind: String, CaseIterable, Sendable, CustomStringConvertible {
        case acceptedLeaf = "accepted leaf"
        case leafPin = "leaf pin"
        case issuerPin = "issuer pin"
        case rootPin = "root pin"
        case caFileRoot = "CA file = root"
        case caFileIntermediate = "CA file = intermediate"
        case system
        var description: String { rawValue }
    }

    /// What the server (or whoever answers in its place) presents now.
    enum Event: String, CaseIterable, Sendable, CustomStringConvertible {
        case leafRenewal = "leaf renewal (new key)"
        case intermediateRenewal = "intermediate renewal"
        case rootRotation = "root rotation"
        case hostMismatch = "host-name mismatch"
        case impostorWithCACopy = "impostor + real CA's copy"
        case impostorLeafAlone = "impostor leaf alone"
        case impostorSameNamedCA = "impostor + same-named CA"
        case impostorOtherName = "impostor, CA-valid for another name"
        var description: String { rawValue }

        var isImpostor: Bool {
            switch self {
            case .impostorWithCACopy, .impostorLeafAlone, .impostorSameNamedCA, .impostorOtherName: true
            default: false
            }
        }
    }

    /// The certificates, made once per test process in a directory of its own, removed at its exit.
    static let directory: String = {
        let directory = NSTemporaryDirectory() + "remission-advice-\(getpid())"
        let made = try? ProcessRunner.run(
            "/bin/bash", args: [TestBed.repositoryRoot + "/certs/advice", directory], timeout: .seconds(120))
        precondition(made?.status == 0, "certs/advice failed: \(made?.stderrText ?? "")")
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "remission-advice-\(getpid())") }
        return directory
    }()

    static func path(_ name: String) -> String { directory + "/" + name + ".crt" }

    static func der(_ name: String) -> [UInt8] {
        (try? PEM.certificates(file: path(name)).first) ?? []
    }

    /// The address the host-name events reach, and the name the others use.
    static let address = "192.0.2.10"

    /// What the server sends before anything happened.
    static func before(_ kind: Kind) -> [String] {
        switch kind {
        case .system: ["pleaf", "pint"]
        case .rootPin: ["leaf", "int", "root"]
        default: ["leaf", "int"]
        }
    }

    /// What is presented at `event`; a root-pinned server sends its root, as before.
    static func presented(_ kind: Kind, _ event: Event) -> [String] {
        let withRoot = kind == .rootPin
        if kind == .system {
            switch event {
            case .leafRenewal: return ["pleaf2", "pint"]
            case .intermediateRenewal: return ["pleaf3", "pint2"]
            case .rootRotation: return ["pleaf4", "pint3"]
            case .hostMismatch: return ["pleaf", "pint"]
            case .impostorWithCACopy: return ["px1", "pint"]
            case .impostorLeafAlone: return ["x2"]
            case .impostorSameNamedCA: return ["px3", "xpint3"]
            case .impostorOtherName: return ["pevil", "pint"]
            }
        }
        switch event {
        case .leafRenewal: return ["leaf2", "int"] + (withRoot ? ["root"] : [])
        case .intermediateRenewal: return ["leaf3", "int2"] + (withRoot ? ["root"] : [])
        case .rootRotation: return ["leaf4", "int3"] + (withRoot ? ["root2"] : [])
        case .hostMismatch: return ["leaf", "int"] + (withRoot ? ["root"] : [])
        case .impostorWithCACopy: return ["x1", "int"] + (withRoot ? ["root"] : [])
        case .impostorLeafAlone: return ["x2"]
        case .impostorSameNamedCA: return ["x3", "xint3"] + (withRoot ? ["xroot"] : [])
        case .impostorOtherName: return ["printer", "int"] + (withRoot ? ["root"] : [])
        }
    }

    /// The CA file of the kind, if it has one.
    static func caFile(_ kind: Kind) -> String? {
        switch kind {
        case .caFileRoot: "root"
        case .caFileIntermediate: "int"
        default: nil
        }
    }

    /// The root a user copies from the CA's own machine when told to (the real CA's, rotated or not).
    static func realRoot(_ kind: Kind, _ event: Event) -> String {
        switch (kind, event) {
        case (.system, .rootRotation): "proot2"
        case (.system, _): "proot"
        case (_, .rootRotation): "root2"
        default: "root"
        }
    }

    /// The name connected: the address for the host-name event, nas.lan otherwise.
    static func peer(_ event: Event) -> PeerName {
        event == .hostMismatch ? PeerName(host: address) : .dns("nas.lan")
    }

    /// What the resolver says of the names the leaf covers (what the transport looks up on a host
    /// mismatch): nas.lan is the server's name at the address; nobody else's name resolves to it.
    static func localNames(_ chain: PresentedChain, _ event: Event) -> LocalNames? {
        guard chain.hasHostMismatch, let leaf = chain.leaf else { return nil }
        let connected = event == .hostMismatch ? address : "127.0.0.1"
        return LocalNames(
            address: connected,
            names: LocalNames.candidates(leaf).map {
                LocalNames.Name(name: $0, resolvesHere: event == .hostMismatch && $0 == "nas.lan")
            })
    }

    /// The facts of one certificate.
    static func facts(_ name: String) -> CertificateFacts {
        ChainExaminer.examine(chain: [der(name)], anchors: [], peerName: .dns("x"), pinnedKeys: [], time: nil)!
            .certificates[0]
    }

    /// `names` examined as the transport does on a refusal: every presented CA as an anchor, the
    /// signatures, the stored trust and what the CA file holds.
    static func examine(
        _ names: [String], trust: ServerTrust, anchors: [String], peer: PeerName, event: Event
    ) -> PresentedChain {
        var chain = ChainExaminer.examine(
            chain: names.map(der), anchors: anchors.map(der), peerName: peer, pinnedKeys: Set(trust.pins), time: nil,
            everyPresentedAnchor: true)!
        chain.judgedBy = trust
        chain.caFileCertificates =
            trust.caFile.map { file in
                (try? PEM.certificates(file: file))?.compactMap {
                    ChainExaminer.examine(chain: [$0], anchors: [], peerName: .dns("x"), pinnedKeys: [], time: nil)?
                        .certificates[0]
                } ?? []
            } ?? []
        chain.localNames = localNames(chain, event)
        return chain
    }

    /// The anchors a connection of this kind verifies against: the system store and the CA file.
    static func anchors(_ trust: ServerTrust) -> [String] {
        ["proot"] + (trust.caFile.map { [URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent] } ?? [])
    }

    /// What the user stored before, from the chain the server presented then.
    static func stored(_ kind: Kind) -> ServerTrust {
        let names = before(kind)
        switch kind {
        case .acceptedLeaf:
            let chain = examine(names, trust: .none, anchors: ["proot"], peer: .dns("nas.lan"), event: .leafRenewal)
            return ServerTrust(accepted: AcceptedCertificate(accepting: chain, at: 1_767_225_600))
        case .leafPin: return ServerTrust(pins: [facts("leaf").spkiPin])
        case .issuerPin: return ServerTrust(pins: [facts("int").spkiPin])
        case .rootPin: return ServerTrust(pins: [facts("root").spkiPin])
        case .caFileRoot, .caFileIntermediate: return ServerTrust(caFile: path(caFile(kind)!))
        case .system: return .none
        }
    }

    /// The situation: the chain presented at `event` to a server trusted as `kind`, its decision.
    static func situation(_ kind: Kind, _ event: Event) -> (PresentedChain, TrustDecision, ServerTrust) {
        let trust = stored(kind)
        let chain = examine(
            presented(kind, event), trust: trust, anchors: anchors(trust), peer: peer(event), event: event)
        return (chain, TrustPolicy.evaluate(chain: chain, trust: trust), trust)
    }

    /// Whether following `fix` as printed makes the presented chain trusted: the stored trust changed
    /// as the command changes it (a root file is the real CA's root, copied from its machine; a
    /// command that needs a value compared out of band or a terminal changes nothing), then the same
    /// chain examined and decided again.
    static func followed(
        _ fix: TrustAdvice.Fix, kind: Kind, event: Event, trust stored: ServerTrust, chain: PresentedChain
    ) -> Bool {
        var trust = stored
        var peerName = peer(event)
        switch fix {
        case .trustRootFile(_, let replacingAccepted, let replacingPins):
            trust.caFile = path(realRoot(kind, event))
            if replacingAccepted { trust.accepted = nil }
            if replacingPins { trust.pins = [] }
        case .pinRootKey(let key, let replacingAccepted), .pinIssuerKey(let key, _, let replacingAccepted):
            trust.pins.append(key)
            if replacingAccepted { trust.accepted = nil }
        case .pinLeafKey(let key): trust.pins.append(key)
        case .acceptCertificate: trust.accepted = AcceptedCertificate(accepting: chain, at: 1_767_225_600)
        case .compareThenAccept, .compareThenPin: break
        case .checkAs(let name): peerName = PeerName(host: name)
        }
        let again = examine(presented(kind, event), trust: trust, anchors: anchors(trust), peer: peerName, event: event)
        return TrustPolicy.evaluate(chain: again, trust: trust).isTrusted
    }
}
