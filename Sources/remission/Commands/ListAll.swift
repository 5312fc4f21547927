import ArgumentParser
import RemissionSession
import RemissionViews

#if canImport(Glibc)
    import Glibc
#endif

extension TrustFlags {
    /// Whether any flag about one server's certificate is given (none makes sense with `--all`).
    var isEmpty: Bool { caFile == nil && pins.isEmpty && acceptFingerprint == nil && tlsName == nil }
}

extension RemissionCommand.List {
    /// `list --all`: the groups (or the JSON document) on stdout; exit 0 when every server answered,
    /// else the worst code of those that did not.
    func runAll(_ context: CommandContext) throws {
        let servers = try AllServers(context: context, trustFlags: trustFlags, auth: auth)
        let fields = Self.fields(json: json, query: query)
        let parts = offline ? servers.saved(fields: fields) : servers.fetch(fields: fields)
        fflush(nil)
        let standardOutput = StandardOutput()
        if json {
            standardOutput.write(AllServersList.json(parts, query: query))
        } else {
            let terminal = context.terminal
            let table = TorrentTable(width: terminal.columns, styleErrorID: { terminal.styled($0, .red) })
            AllServersList.write(
                parts, query: query, now: currentUnixTime(), zone: context.zone, table: table,
                styleStatus: { terminal.styled($0, .yellow) }, to: standardOutput.write)
        }
        try standardOutput.check()
        let status = AllServersList.status(parts)
        if status != .ok { throw ExitCode(status.rawValue) }
    }
}
