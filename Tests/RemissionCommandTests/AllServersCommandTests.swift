import Foundation
import RemissionModel
import TestSupport
import Testing

@testable import RemissionViews

/// `list --all` and `watch --all` end to end against four saved servers of a private test bed:
/// Transmission 3.00 ("old"), 4.1.3 ("new"), a stopped daemon without a snapshot ("gone": a closed
/// port) and a hung one ("hung": a listening socket that never answers); then 4.1.3 stopped, shown
/// from its snapshot. What an action changed is read back from the daemon over RPC.
@Suite("remission list --all, watch --all (process, private test bed, tmux)", .serialized)
struct AllServersCommandTests {
    @Test("list --all: 80 columns, a pipe, JSON, Russian, a hung server within its deadline, a snapshot; watch --all")
    func allServers() throws {
        let own = try PrivateBed.start()
        defer { own.stop() }
        let bed = own.bed
        let newDaemon: TestBed.Daemon = bed.hasModern ? .modern : .main
        let home = CLIHome(bed: bed)
        defer { try? FileManager.default.removeItem(atPath: home.directory) }
        let old = try ListFixture(bed: bed, port: bed.daemonPort(.main), names: ["alpha", "beta"])
        let new = try ListFixture(bed: bed, port: bed.daemonPort(newDaemon), names: ["gamma"])
        defer {
            try? FileManager.default.removeItem(atPath: old.root)
            try? FileManager.default.removeItem(atPath: new.root)
        }
        let hung = try LoopbackPort(.listening)
        let env = ["TR_AUTH": bed.credentials]
        for (name, daemon) in [("old", TestBed.Daemon.main), ("new", newDaemon)] {
            let saved = try home.run(
                ["connect", bed.daemonURL(daemon), "--name", name, "--no-save-password"], env: env)
            #expect(saved.status == 0, "\(saved.all)")
        }
        try home.saveOfflineServers(["gone"])
        let savedHung = try home.run(
            [
                "connect", "http://127.0.0.1:\(hung.port)/transmission/rpc", "--name", "hung", "--save-offline",
                "--timeout", "2",
            ])
        #expect(savedHung.status == 3, "\(savedHung.all)")

        // At 80 columns: a group per server, the offline ones with their reason; the hung one costs
        // its --timeout, no more.
        let began = Date()
        let narrow = try home.run(["list", "--all", "--timeout", "3"], env: env.merging(["COLUMNS": "80"]) { $1 })
        let seconds = Date().timeIntervalSince(began)
        #expect(narrow.status == 3, "\(narrow.all)")
        #expect(seconds < 7, "took \(seconds) s")
        let lines = narrow.out.split(separator: "\n").map(String.init)
        for line in lines { #expect(TerminalText.width(line) <= 80, "\(line)") }
        #expect(lines.first == "== old ==", "\(narrow.out)")
        for name in old.names + new.names { #expect(narrow.out.contains(name), "\(narrow.out)") }
        #expect(
            narrow.out.contains("== new ==") && narrow.out.contains("== gone ==") && narrow.out.contains("== hung =="))
        #expect(
            narrow.out.contains("== gone ==\nOFFLINE — nothing saved to show: connection refused\n"), "\(narrow.out)")
        #expect(narrow.out.contains("== hung ==\nOFFLINE — nothing saved to show: timed out"), "\(narrow.out)")
        let oldGroup = narrow.out.components(separatedBy: "== new ==")[0]
        #expect(oldGroup.contains(old.names[0]) && !oldGroup.contains(new.names[0]))

        // Through a pipe: nothing cut; the JSON names every torrent's server.
        let piped = try home.run(["list", "--all", "--timeout", "3"], env: env)
        #expect(
            piped.status == 3 && piped.out.contains("== new ==") && piped.out.contains(new.names[0]), "\(piped.all)")
        let json = try home.run(["list", "--all", "--json", "--timeout", "3"], env: env)
        #expect(json.status == 3, "\(json.all)")
        let document = try JSONValue.parse(json.out)
        let servers = document["servers"]?.array ?? []
        #expect(servers.compactMap { $0["server"]?.string }.sorted() == ["gone", "hung", "new", "old"], "\(json.out)")
        let states = Dictionary(uniqueKeysWithValues: servers.map { ($0["server"]?.string ?? "", $0) })
        #expect(states["old"]?["offline"]?.bool == false && states["old"]?["exitCode"]?.int == 0)
        #expect(states["gone"]?["offline"]?.bool == true && states["gone"]?["exitCode"]?.int == 3)
        #expect(states["hung"]?["error"]?.string?.contains("timed out") == true, "\(json.out)")
        let torrents = document["torrents"]?.array ?? []
        let byServer = Dictionary(grouping: torrents) { $0["server"]?.string ?? "" }
        #expect(Set(byServer["old"]?.compactMap { $0["name"]?.string } ?? []) == Set(old.names), "\(json.out)")
        #expect(byServer["new"]?.compactMap { $0["name"]?.string } == new.names, "\(json.out)")

        // Russian.
        let russian = try home.run(
            ["list", "--all", "--timeout", "3"], env: env.merging(["LANG": "ru_RU.UTF-8"]) { $1 })
        #expect(
            russian.out.contains("== gone ==\nНЕДОСТУПЕН — ничего не сохранено для показа: в соединении отказано"),
            "\(russian.out)")

        // IDs are per server: --server NAME acts on that server's torrent, and on no other's (the
        // fixtures' torrents are added paused; old has one with the same id).
        let gamma = try #require(byServer["new"]?.first?["id"]?.int)
        #expect(try status(bed, .main, gamma) == .stopped && status(bed, newDaemon, gamma) == .stopped)
        let started = try home.run(["start", String(gamma), "--server", "new"], env: env)
        #expect(started.status == 0, "\(started.all)")
        #expect(WatchInteractiveCommandTests.eventually { (try? status(bed, newDaemon, gamma)) != .stopped })
        if newDaemon != .main { #expect(try status(bed, .main, gamma) == .stopped) }
        _ = try home.run(["stop", String(gamma), "--server", "new"], env: env)
        #expect(WatchInteractiveCommandTests.eventually { (try? status(bed, newDaemon, gamma)) == .stopped })

        try watchAll(bed, home: home, env: env, old: old, new: new, newDaemon: newDaemon)

        // 4.1.3 stopped: its last snapshot, marked, with the reason; the others as before.
        try bed.stopDaemon(newDaemon)
        defer { try? bed.startDaemon(newDaemon) }
        let down = try home.run(["list", "--all", "--timeout", "3"], env: env)
        #expect(down.status == 3, "\(down.all)")
        let newGroup = down.out.components(separatedBy: "== new ==")[1].components(separatedBy: "== gone ==")[0]
        #expect(
            newGroup.contains("OFFLINE — data from ") && newGroup.contains("ago): connection refused"), "\(down.out)")
        #expect(newGroup.contains(new.names[0]), "\(down.out)")
        #expect(down.out.contains(old.names[0]))
        // watch --all started while it is down: its snapshot's rows, marked Offline.
        let pane = try watchPane(bed, home: home, timeout: 3)
        defer { pane.kill() }
        #expect(
            pane.waitFor {
                $0.contains("new OFFLINE: connection refused")
                    && WatchInteractiveCommandTests.lines($0).contains {
                        $0.contains(new.names[0]) && $0.contains("Offline")
                    }
            }, "\(pane.capture())")
        pane.send("q")
        // --offline: every snapshot without the network; those without one say so (exit 1).
        let offline = try home.run(["list", "--all", "--offline"], env: env)
        #expect(offline.status == 1, "\(offline.all)")
        #expect(offline.out.contains(old.names[0]) && offline.out.contains(new.names[0]), "\(offline.all)")
        #expect(offline.out.contains("== hung ==\nnot shown: nothing saved yet"), "\(offline.all)")
        // A server and --all at once is refused.
        let both = try home.run(["list", "old", "--all"], env: env)
        #expect(both.status == 2 && both.err.contains("Give a server (NAME or --server) or --all, not both."))
        // A server whose certificate is not trusted shows its reason, never a snapshot, and its
        // exit code outranks offline (5 > 3); the others are listed all the same.
        let untrusted = try home.run(
            ["connect", bed.url(for: .caSigned), "--name", "untrusted", "--ca-file", bed.caFile, "--no-save-password"],
            env: env)
        #expect(untrusted.status == 0, "\(untrusted.all)")
        let forgotten = try home.run(["trust", "forget", "untrusted", "--yes"])
        #expect(forgotten.status == 0, "\(forgotten.all)")
        let refusing = try home.run(["list", "--all", "--timeout", "3"], env: env)
        #expect(refusing.status == 5, "\(refusing.all)")
        #expect(
            refusing.out.contains("== untrusted ==\nnot shown: the server sends only its own certificate"),
            "\(refusing.out)")
        #expect(refusing.out.contains(old.names[0]), "\(refusing.out)")
        let pinned = try home.run(["watch", "--all", "--pin", "sha256//AAAA"], env: env)
        #expect(pinned.status == 2 && pinned.err.contains("are for one server, not for --all."), "\(pinned.all)")
    }

    /// `watch --all` in tmux: rows of both daemons with their servers, the offline ones on the status
    /// line and retried; a stop goes to the selected torrent's own server.
    private func watchAll(
        _ bed: TestBed, home: CLIHome, env: [String: String], old: ListFixture, new: ListFixture,
        newDaemon: TestBed.Daemon
    ) throws {
        // The hung server's 8 s deadline holds up neither the others' rows nor the screen.
        let pane = try watchPane(bed, home: home, timeout: 8)
        defer { pane.kill() }
        #expect(
            pane.waitFor(timeout: 6) {
                $0.contains("4 servers") && $0.contains(old.names[0]) && $0.contains(new.names[0])
                    && $0.contains("gone OFFLINE: connection refused")
            }, "\(pane.capture())")
        #expect(!pane.capture().contains("hung OFFLINE"), "rows came only after the hung server's deadline")
        #expect(pane.waitFor { $0.contains("hung OFFLINE: timed out") }, "\(pane.capture())")
        let screen = WatchInteractiveCommandTests.lines(pane.capture())
        let gammaRow = try #require(screen.first { $0.contains(new.names[0]) }, "\(screen)")
        #expect(gammaRow.contains(" new "), "the row names its server: \(gammaRow)")
        for line in screen { #expect(TerminalText.width(line) <= 100, "\(line)") }

        let gamma = try #require(new.names.first.flatMap { name in try? id(bed, newDaemon, name) })
        pane.send("/")
        pane.type("gamma")
        pane.send("Enter")
        #expect(pane.waitFor { $0.contains("search 'gamma'") }, "\(pane.capture())")
        pane.send("s")
        #expect(pane.waitFor { $0.contains("started 1 torrent · new") }, "\(pane.capture())")
        #expect(WatchInteractiveCommandTests.eventually { (try? status(bed, newDaemon, gamma)) != .stopped })
        if newDaemon != .main { #expect(try status(bed, .main, gamma) == .stopped, "the other server's torrent") }
        // m is filled with the directory its own server reports for it.
        let directory = try #require(try DaemonReader(bed: bed, daemon: newDaemon).torrent(gamma, [.downloadDir]))
            .downloadDir
        pane.send("m")
        #expect(
            pane.waitFor {
                let bottom = WatchInteractiveCommandTests.lines($0).last ?? ""
                return bottom.hasPrefix("Move the data of 1 torrent to: ")
                    && bottom.contains(String(directory.suffix(30)) + "▏")
            }, "\(pane.capture())")
        pane.send("Escape")

        // Its daemon stops: its row stays, marked Offline, the reason on the status line; it comes back.
        try bed.stopDaemon(newDaemon)
        #expect(
            pane.waitFor {
                $0.contains("new OFFLINE: connection refused")
                    && WatchInteractiveCommandTests.lines($0).contains {
                        $0.contains(new.names[0]) && $0.contains("Offline")
                    }
            }, "\(pane.capture())")
        try bed.startDaemon(newDaemon)
        #expect(
            pane.waitFor(timeout: 40) {
                !$0.contains("new OFFLINE")
                    && WatchInteractiveCommandTests.lines($0).contains {
                        $0.contains(new.names[0]) && !$0.contains("Offline")
                    }
            }, "\(pane.capture())")
        pane.send("q")
        #expect(pane.waitFor { $0.contains("EXITED=0") }, "\(pane.capture())")
    }

    private func watchPane(_ bed: TestBed, home: CLIHome, timeout: Int) throws -> Tmux {
        try Tmux(
            bed: bed, arguments: ["watch", "--all", "--interval", "1", "--timeout", String(timeout)], columns: 100,
            rows: 24,
            extra: ["REMISSION_CONFIG_HOME": home.configDirectory, "REMISSION_CACHE_HOME": home.directory + "/cache"],
            addServer: false)
    }

    private func status(_ bed: TestBed, _ daemon: TestBed.Daemon, _ id: Int) throws -> TorrentStatus? {
        try DaemonReader(bed: bed, daemon: daemon).torrent(id, [.status])?.status
    }

    private func id(_ bed: TestBed, _ daemon: TestBed.Daemon, _ name: String) throws -> Int? {
        try DaemonReader(bed: bed, daemon: daemon).client.torrentGet(fields: [.id, .name], format: .objects)
            .first { $0.name == name }?.id
    }
}
