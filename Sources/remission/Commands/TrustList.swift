import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionTrust
import RemissionViews

extension RemissionCommand.Trust {
    /// `remission trust list [--json]`: every identity in the trust store and the saved servers using it.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the trust store: pins, accepted certificate, CA file, plain-HTTP acknowledgement.",
            discussion: """
                --json prints {"entries":[{"identity","servers":[…],"pins":[…],"accepted":{"fingerprint",
                "subject","notBefore","notAfter","acceptedAt"}|null,"caFile","httpAcknowledged"}]} with
                times in Unix seconds.
                """)

        @Flag(help: "Print one JSON object instead of text.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let entries: [(identity: String, trust: ServerTrust)]
            let profiles: [ServerProfile]
            do { entries = try context.trustStore.all() } catch { throw Failure(.storage(error)) }
            do { profiles = try context.profileStore.all().profiles } catch { throw Failure(.profile(error)) }
            func names(_ identity: String) -> [String] {
                profiles.filter { $0.endpoint.trustIdentity == identity }.map(\.name)
            }
            if json {
                let values = entries.map { entry -> JSONValue in
                    var object: JSONObject = [
                        "identity": .string(entry.identity),
                        "servers": .array(names(entry.identity).map { .string($0) }),
                    ]
                    if case .object(let trust) = entry.trust.jsonValue {
                        for (key, value) in trust { object[key] = value }
                    }
                    return .object(object)
                }
                print(JSONValue.object(["entries": .array(values)]).serializedString(pretty: false))
                return
            }
            guard !entries.isEmpty else {
                printError(
                    "The trust store (\(context.trustStore.path)) is empty. Add trust with: remission trust accept|pin|ca NAME"
                )
                return
            }
            var lines: [String] = []
            for (index, entry) in entries.enumerated() {
                if index > 0 { lines.append("") }
                let servers = names(entry.identity)
                lines.append(
                    entry.identity
                        + (servers.isEmpty ? "  (no saved server)" : "  (\(servers.joined(separator: ", ")))"))
                lines += storedTrustLines(entry.trust).map { "  " + $0 }
            }
            print(lines.joined(separator: "\n"))
        }
    }

    /// `remission trust forget NAME`: remove everything stored for the server's identity.
    struct Forget: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "forget",
            abstract: "Forget all trust for a server: pins, accepted certificate, CA file, HTTP acknowledgement.",
            discussion: "Asks first on a terminal; without one, --yes is required. The saved server itself stays.")

        @Argument(help: "A saved server name or a URL.")
        var name: String

        @Flag(help: "Forget without asking.")
        var yes = false

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let subject = try TrustSubject(name, context: context)
            let stored = try subject.storedTrust(context)
            guard stored != .none else {
                printError("Nothing is stored for \(subject.identity); nothing was changed.")
                return
            }
            printError(
                "Stored for \(subject.identity):\n" + storedTrustLines(stored).map { "  " + $0 }.joined(separator: "\n")
            )
            if !yes { try confirm(.forgetTrust, terminal: context.terminal) }
            do { try context.trustStore.remove(subject.endpoint) } catch {
                throw Failure(.local(.trustNotChanged(error)))
            }
            printError(
                "Forgot the trust for \(subject.identity). The next connection is trusted only through the system CAs"
                    + (subject.isHTTPS ? "." : "; plain HTTP warns again."))
        }
    }
}
