import RemissionModel
import RemissionTransport
import RemissionTrust

// connect's certificate question: the answer, and a CA file typed there that cannot serve (issue 32).

extension Onboarding {
    /// CA files typed at the certificate question before `answerTrust` gives up, as passwords.
    public static let caFileTries = 3

    /// What an answer to the certificate question did.
    public enum TrustAnswerOutcome: Sendable, Equatable {
        /// Decided: accepted, pinned, a CA file set (or `unclear`, which the caller asks again).
        case decided
        /// The file typed cannot be the server's CA file and nothing changed: ask again, with
        /// `triesLeft` (at least 1) more files before `answerTrust` throws.
        case fileRefused(CAFileRefusal, triesLeft: Int)
    }

    /// The user's answer to "Trust this certificate? (yes/no/[fingerprint])" about `chain`, the one
    /// `trustStep` showed (an accepted leaf is recorded with its issuer and names). A file typed is
    /// read as `TypedPath` reads it (from the home directory) and must hold a root; one that cannot
    /// be read, holds no certificate or no root is refused (`fileRefused`) up to `caFileTries` times,
    /// every answer of this run kept; the last refusal throws.
    public mutating func answerTrust(_ answer: TrustAnswer, chain: PresentedChain) throws(Failure) -> TrustAnswerOutcome
    {
        guard let leaf = chain.leaf else { return .decided }
        switch answer {
        case .accept: trust.accepted = accepted(chain)
        case .pinKey(let key):
            trust.pins = [key]
            trust.accepted = nil
        case .caFile(let typed):
            let path = TypedPath.resolve(typed, home: context.homeDirectory)
            if let refusal = Self.refusal(ofCAFile: path, typed: typed) {
                caFilesRefused += 1
                guard caFilesRefused < Self.caFileTries else { throw Failure(refusal.localProblem, server: name) }
                return .fileRefused(refusal, triesLeft: Self.caFileTries - caFilesRefused)
            }
            trust.caFile = path
            trust.accepted = nil
        case .decline: throw Failure(.onboarding(.declined(.certificate)), server: name)
        case .mismatch(let typed):
            throw Failure(
                .onboarding(.fingerprintMismatch(given: typed, presented: leaf.fingerprint, chain: nil)), server: name)
        case .unclear: break
        }
        return .decided
    }

    /// Why `path` cannot be the CA file the question asks for (the CA's root), or nil when it can.
    static func refusal(ofCAFile path: String, typed: String) -> CAFileRefusal? {
        let facts: CAFileFacts
        do { facts = try CAFileReader.read(path) } catch { return .unusable(error, typed: typed) }
        return NotRootCAFile(facts).map { .notRoot($0) }
    }
}

/// Why a file typed at connect's certificate question was refused (nothing was changed).
public enum CAFileRefusal: Sendable, Equatable {
    /// It cannot be read, or holds no PEM certificate; `typed` is the answer as typed (the error names
    /// the path it was read as).
    case unusable(TransportError, typed: String)
    /// It holds no root: an intermediate (or a leaf), which its CA replaces.
    case notRoot(NotRootCAFile)

    /// The failure once the last try is refused.
    var localProblem: Failure.Cause {
        switch self {
        case .unusable(let error, _): .local(.caFileUnusable(error))
        case .notRoot(let file): .local(.caFileNotRoot(file))
        }
    }
}

/// A CA file in which no certificate is self-signed (`CAFileRole.notRoot`): where it is, its first
/// certificate, and the root file beside it that issued it (by signature), when there is one.
public struct NotRootCAFile: Sendable, Equatable {
    public var path: String
    public var certificate: CAFileFacts.Certificate
    public var root: String?

    public init?(_ facts: CAFileFacts) {
        guard case .notRoot(let certificate, let root) = CAFileRole(facts) else { return nil }
        (path, self.certificate, self.root) = (facts.path, certificate, root)
    }

    /// The file at `path` when it can be read and holds no root; nil otherwise (an unreadable file
    /// is refused where it is used, as before).
    static func inspect(_ path: String) -> NotRootCAFile? {
        (try? CAFileReader.read(path)).flatMap(NotRootCAFile.init)
    }
}
