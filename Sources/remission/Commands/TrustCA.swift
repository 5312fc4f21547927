import ArgumentParser
import RemissionModel
import RemissionSession
import RemissionTransport
import RemissionTrust
import RemissionViews

extension RemissionCommand.Trust {
    /// `remission trust ca NAME FILE`: a PEM CA file as an extra trust anchor for one server (home PKI).
    struct CA: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ca",
            abstract: "Use a PEM CA file as an extra trust anchor for a server (home PKI).",
            discussion: """
                The file is checked now (readable, at least one certificate) and stored by its absolute path;
                it is read again on every connection, so keep it where it is. Host names are still checked.
                """)

        @Argument(help: "A saved server name or an https URL.")
        var name: String

        @Argument(help: "The PEM file with the CA certificate(s).")
        var file: String

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let subject = try TrustSubject(name, context: context)
            try subject.requireHTTPS(for: .caFile)
            let path = absolutePath(file)
            do {
                try CurlTransport.checkCAFile(path, options: context.transportOptions)
            } catch {
                throw Failure(.local(.caFileUnusable(error)))
            }
            let previous = try subject.update(context) { trust -> String? in
                let previous = trust.caFile
                trust.caFile = path
                return previous
            }
            var lines: [String]
            switch previous {
            case path: lines = ["\(path) was already the CA file for \(subject.identity); nothing was changed."]
            case .some(let old): lines = ["CA file for \(subject.identity): \(path) (replaces \(old))."]
            case .none: lines = ["CA file for \(subject.identity): \(path)."]
            }
            let stored = try subject.storedTrust(context)
            if !stored.pins.isEmpty || stored.accepted != nil {
                lines.append(
                    "Note: \(stored.pins.isEmpty ? "an accepted certificate is" : "pins are") set and decide first; "
                        + "the CA file adds notes only until you remove them (remission trust unpin|forget).")
            }
            if let probe = try? TrustProbe(subject, trust: stored, context: context) {
                lines += TrustText(server: subject.label, now: currentUnixTime()).lines(
                    for: probe.decision, chain: probe.chain)
            }
            lines.append("Next: remission check \(quotedForShell(subject.label))")
            printError(lines.joined(separator: "\n"))
        }
    }

    /// `remission trust http NAME --acknowledge|--revoke`: the plain-HTTP warning for one server.
    struct HTTP: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "http",
            abstract: "Acknowledge (or revoke) the plain-HTTP warning for a server.",
            discussion: """
                Plain HTTP to a non-loopback host sends the password and all data unencrypted; every command
                warns until you acknowledge it here. Not for https servers.
                """)

        enum Change: EnumerableFlag {
            case acknowledge, revoke

            static func help(for value: Change) -> ArgumentHelp? {
                switch value {
                case .acknowledge: "Stop warning about plain HTTP for this server."
                case .revoke: "Warn about plain HTTP for this server again."
                }
            }
        }

        @Argument(help: "A saved server name or an http URL (default: --server or the default server).")
        var name: String?

        @Flag var change: Change

        @OptionGroup var global: GlobalOptions

        func run() throws {
            let context = try CommandContext(global: global)
            let subject = try TrustSubject(name, context: context)
            guard !subject.isHTTPS else {
                throw Failure(.local(.noPlainHTTPWarning(url: subject.endpoint.url, label: subject.label)))
            }
            let acknowledged = change == .acknowledge
            let previous = try subject.update(context) { trust -> Bool in
                let previous = trust.httpAcknowledged
                trust.httpAcknowledged = acknowledged
                return previous
            }
            var message: String
            if previous == acknowledged {
                message =
                    "Plain HTTP was already \(acknowledged ? "acknowledged" : "not acknowledged") for \(subject.identity); nothing was changed."
            } else if acknowledged {
                message =
                    "Plain HTTP acknowledged for \(subject.identity): commands no longer warn. Undo with --revoke."
            } else {
                message = "Acknowledgement revoked for \(subject.identity): commands warn about plain HTTP again."
            }
            if subject.endpoint.isLoopback {
                message += " (\(subject.endpoint.host) is loopback, which never warns.)"
            }
            printError(message)
        }
    }
}
