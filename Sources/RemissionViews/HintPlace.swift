/// Where a hint or a trust text is shown, so that the commands it names work there.
public enum HintPlace: Sendable, Equatable {
    /// Any command about a saved server or a URL: `remission trust accept NAME`, `credentials set NAME`…
    case command
    /// `connect` onboarding a server that is not saved yet (or re-pointing one): connect's own flags
    /// (`--accept-fingerprint`, `--pin`, `--ca-file`, `--user`, `--password-stdin`).
    case connect
    /// An `https://` proxy's own certificate: its trust is set with connect's `--proxy-pin` and
    /// `--proxy-ca-file` on the server that uses it (a proxy has no `trust` entry of its own).
    case proxy
}
