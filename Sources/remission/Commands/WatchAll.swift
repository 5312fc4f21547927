import RemissionModel
import RemissionSession
import RemissionStorage
import RemissionViews

extension RemissionCommand.Watch {
    /// `watch --all`: every saved server's session opened (none asks for anything), then one loop
    /// over all of them.
    func runAll(_ context: CommandContext) throws {
        let servers = try AllServers(context: context, trustFlags: trustFlags, auth: auth)
        let shown = Self.fields(query: query)
        let fields = shown + (own.notifies ? NotifyPoll.fields.filter { !shown.contains($0) } : [])
        let feeds = servers.names.map { name in
            let opened = servers.open(name)
            let session = try? opened.get()
            return WatchFeed(
                name: name, session: session, openFailure: opened.failure,
                refresh: { detailID in WatchRequests.refresh(fields: fields, detailID: detailID) },
                snapshotKey: session.map {
                    SnapshotKey(label: $0.target.label, endpoint: $0.target.endpoint, user: $0.target.credentials?.user)
                } ?? servers.snapshotKey(name),
                notifier: own.notifies
                    ? session.map { WatchNotifier(session: $0, paths: context.paths, exec: own.notifyExec) } : nil)
        }
        for feed in feeds { if let target = feed.session?.target { context.warnAboutPlainHTTP(target) } }
        var screen = WatchScreen.State(
            server: AllServersList.serverCount(feeds.count), totalCount: 0, useColor: context.terminal.useColor)
        screen.zone = context.zone
        let model = WatchModel(
            screen: screen, size: WatchTerminal.size(environment: context.environment), query: query,
            history: WatchSpeedHistory(seconds: Self.historySeconds, interval: interval))
        var loop = WatchAllLoop(
            model: model, feeds: feeds, environment: context.environment, interval: interval,
            timeout: context.transportOptions.timeoutSeconds,
            snapshotFields: RemissionCommand.List.fields(json: false, query: query),
            store: SnapshotStore(paths: context.paths))
        WatchTerminal.enter()
        defer { WatchTerminal.leave() }
        loop.run()
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
