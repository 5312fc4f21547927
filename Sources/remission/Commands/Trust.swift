import ArgumentParser
import RemissionViews

extension RemissionCommand {
    /// `remission trust …`: look at a server's certificate and manage what the trust store holds for it
    /// (PRODUCT.md §1, §2). Every change is explicit; nothing is replaced or removed implicitly.
    struct Trust: ParsableCommand {
        static let configuration = CommandConfiguration.topLevel(
            commandName: "trust",
            abstract: tr(
                "Show a server's certificate and manage the trust store (pins, accepted certificates, CA files)."),
            discussion: tr(
                """
                Trust is kept per identity: scheme, host and port. NAME is a saved server name or a URL; without \
                NAME, show/accept/pin/ca/http use --server or the default server.

                Examples:
                  remission trust show nas
                  remission trust accept nas --fingerprint SHA256:3F…
                  remission trust pin nas --current --spki sha256//BACKUP…
                  remission trust ca nas ~/home-ca.pem
                  remission trust list --json
                """),
            subcommands: [Show.self, Accept.self, Pin.self, Unpin.self, Forget.self, List.self, CA.self, HTTP.self])
    }
}
