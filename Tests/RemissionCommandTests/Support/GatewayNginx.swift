import Foundation
import TestSupport

/// A test's own nginx acting as an authentication gateway in front of the bed's daemons, over TLS
/// (the bed's ca-signed certificate): `auth_request` lets a request through only with the right
/// Cloudflare Access service-token headers; otherwise one listener redirects to a login on another
/// origin (`*.cloudflareaccess.com`) and the other answers an HTML login page. Started by the test
/// in its own directory and ports, stopped by its master's PID (from nginx's pid file).
final class GatewayNginx {
    enum Kind: String, CaseIterable {
        /// 401 from the auth location becomes a 302 to `https://team.cloudflareaccess.com/…`.
        case redirect
        /// 401 from the auth location becomes a 200 HTML page with a login form.
        case loginPage
    }

    static let clientID = "5e1f.access"
    static let secret = "s3cr3t-Gateway-Value-7f"

    let directory = TemporaryDirectory()
    /// The listener per daemon and kind.
    private(set) var ports: [String: Int] = [:]
    private let pid: pid_t

    init(bed: TestBed, daemons: [TestBed.Daemon]) throws {
        let helper = TestBed.repositoryRoot + "/scripts/lib/testbed_helper.py"
        let wanted = daemons.count * Kind.allCases.count
        let chosen = try bed.run("python3", args: [helper, "ports", String(wanted)]).stdoutText
            .split(separator: "\n").dropFirst().compactMap { Int($0) }
        guard chosen.count == wanted else { throw GatewayNginxError.noPorts }
        var servers = ""
        var index = 0
        for daemon in daemons {
            for kind in Kind.allCases {
                let port = chosen[index]
                index += 1
                ports["\(daemon.rawValue)-\(kind.rawValue)"] = port
                servers += Self.server(bed: bed, port: port, upstream: bed.daemonPort(daemon), kind: kind)
            }
        }
        let root = directory.path
        let config = """
            daemon on;
            worker_processes 1;
            pid \(root)/nginx.pid;
            error_log \(root)/error.log info;
            events { worker_connections 64; }
            http {
                access_log \(root)/access.log;
                client_body_temp_path \(root)/client_body;
                proxy_temp_path \(root)/proxy;
                fastcgi_temp_path \(root)/fastcgi;
                uwsgi_temp_path \(root)/uwsgi;
                scgi_temp_path \(root)/scgi;
                client_max_body_size 64m;
                proxy_http_version 1.1;
                proxy_set_header Connection "";
                proxy_buffering off;
            \(servers)}
            """
        try config.write(toFile: root + "/nginx.conf", atomically: true, encoding: .utf8)
        let nginx = FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx"
        let started = try bed.run(nginx, args: ["-p", root, "-c", root + "/nginx.conf", "-e", root + "/error.log"])
        guard started.status == 0 else { throw GatewayNginxError.notStarted(started.stderrText) }
        let deadline = Date().addingTimeInterval(10)
        var master: pid_t?
        while Date() < deadline, master == nil {
            master = (try? String(contentsOfFile: root + "/nginx.pid", encoding: .utf8))
                .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if master == nil { usleep(20_000) }
        }
        guard let master else { throw GatewayNginxError.notStarted("no pid file") }
        pid = master
    }

    deinit {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while kill(pid, 0) == 0, Date() < deadline { usleep(20_000) }
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }

    func url(_ daemon: TestBed.Daemon, _ kind: Kind, bed: TestBed) -> String {
        "https://127.0.0.1:\(ports["\(daemon.rawValue)-\(kind.rawValue)"] ?? 0)\(bed.rpcPath)"
    }

    /// The requests nginx let through to Transmission and those its gateway refused, as logged.
    var accessLog: String { (try? String(contentsOfFile: directory.path + "/access.log", encoding: .utf8)) ?? "" }

    private static func server(bed: TestBed, port: Int, upstream: Int, kind: Kind) -> String {
        let refusal =
            switch kind {
            case .redirect:
                "location @login { return 302 https://team.cloudflareaccess.com/cdn-cgi/access/login?redirect_url=$request_uri; }"
            case .loginPage:
                """
                location @login { default_type text/html; return 200 '<!doctype html><title>Sign in</title>\
                <form method="post" action="/login"><input name="user"><input type="password" name="password"></form>'; }
                """
            }
        return """
                server {
                    listen 127.0.0.1:\(port) ssl;
                    ssl_certificate \(bed.certsDirectory)/ca-signed.chain.pem;
                    ssl_certificate_key \(bed.certsDirectory)/ca-signed.key;
                    location /transmission/ {
                        auth_request /gateway-auth;
                        error_page 401 = @login;
                        proxy_pass http://127.0.0.1:\(upstream);
                    }
                    location = /gateway-auth {
                        internal;
                        if ($http_cf_access_client_id != "\(clientID)") { return 401; }
                        if ($http_cf_access_client_secret != "\(secret)") { return 401; }
                        return 204;
                    }
                    \(refusal)
                }

            """
    }
}

enum GatewayNginxError: Error {
    case noPorts
    case notStarted(String)
}
