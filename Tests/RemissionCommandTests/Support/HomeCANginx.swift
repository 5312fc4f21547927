import Foundation
import TestSupport

/// Home PKIs made with the real tools (certs/home-cas: an `openssl req -x509` tutorial, Python's
/// `cryptography` without key identifiers, easy-rsa 3.1, mkcert), made once per test process, and a
/// test's own nginx serving each of them in front of the bed's daemon: per PKI a listener with its
/// leaf (and the CA after it), one that requires a client certificate the same CA issued, and one
/// that serves the forged chain (a leaf signed by the CA's client certificate, CA:FALSE or no CA).
/// Each listener has its own access log; stopped by its master's PID (from nginx's pid file).
final class HomeCANginx {
    enum PKI: String, CaseIterable, Sendable, CustomStringConvertible {
        case tutorial, cryptography, easyrsa, mkcert
        var description: String { rawValue }
    }

    enum Listener: String, CaseIterable { case server, clientCert = "client-cert", forged }

    /// The generated PKIs (`certs/home-cas`), one directory for the whole process, inside the bed's
    /// directory (removed with it).
    static let generated: Result<String, any Error> = Result {
        let directory = try TestBed.shared.directory + "/home-cas-\(getpid())"
        let made = try ProcessRunner.run(
            "/bin/bash", args: [TestBed.repositoryRoot + "/certs/home-cas", directory], timeout: .seconds(120))
        guard made.status == 0 else { throw HomeCAError.notGenerated(made.stderrText) }
        return directory
    }

    static func file(_ pki: PKI, _ name: String) throws -> String { try generated.get() + "/\(pki)/\(name)" }

    /// The CA's SPKI pin, `sha256//…`.
    static func pin(_ pki: PKI) throws -> String {
        try String(contentsOfFile: file(pki, "ca.pin"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    let directory = TemporaryDirectory()
    private(set) var ports: [String: Int] = [:]
    private let pid: pid_t

    init(bed: TestBed) throws {
        let helper = TestBed.repositoryRoot + "/scripts/lib/testbed_helper.py"
        let wanted = PKI.allCases.count * Listener.allCases.count
        let chosen = try bed.run("python3", args: [helper, "ports", String(wanted)]).stdoutText
            .split(separator: "\n").dropFirst().compactMap { Int($0) }
        guard chosen.count == wanted else { throw HomeCAError.noPorts }
        let root = directory.path
        var servers = ""
        for (index, key) in PKI.allCases.flatMap({ pki in Listener.allCases.map { (pki, $0) } }).enumerated() {
            let (pki, listener) = key
            ports["\(pki)-\(listener)"] = chosen[index]
            let chain = try Self.file(pki, listener == .forged ? "forged.chain.pem" : "server.chain.pem")
            let key = try Self.file(pki, listener == .forged ? "forged.key" : "server.key")
            let verify =
                listener == .clientCert
                ? "ssl_verify_client on; ssl_client_certificate \(try Self.file(pki, "ca.crt"));" : ""
            servers += """
                    server {
                        listen 127.0.0.1:\(chosen[index]) ssl;
                        ssl_certificate \(chain);
                        ssl_certificate_key \(key);
                        \(verify)
                        access_log \(root)/access-\(pki)-\(listener.rawValue).log home;
                        location / { proxy_pass http://127.0.0.1:\(bed.daemonPort()); }
                    }

                """
        }
        let config = """
            daemon on;
            worker_processes 1;
            pid \(root)/nginx.pid;
            error_log \(root)/error.log info;
            events { worker_connections 64; }
            http {
                log_format home 'status=$status user=$remote_user client_verify=$ssl_client_verify';
                client_body_temp_path \(root)/client_body;
                proxy_temp_path \(root)/proxy;
                fastcgi_temp_path \(root)/fastcgi;
                uwsgi_temp_path \(root)/uwsgi;
                scgi_temp_path \(root)/scgi;
                proxy_http_version 1.1;
                proxy_set_header Connection "";
            \(servers)}
            """
        try config.write(toFile: root + "/nginx.conf", atomically: true, encoding: .utf8)
        let nginx = FileManager.default.isExecutableFile(atPath: "/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx"
        let started = try bed.run(nginx, args: ["-p", root, "-c", root + "/nginx.conf", "-e", root + "/error.log"])
        guard started.status == 0 else { throw HomeCAError.notStarted(started.stderrText) }
        let deadline = Date().addingTimeInterval(10)
        var master: pid_t?
        while Date() < deadline, master == nil {
            master = (try? String(contentsOfFile: root + "/nginx.pid", encoding: .utf8))
                .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            if master == nil { usleep(20_000) }
        }
        guard let master else { throw HomeCAError.notStarted("no pid file") }
        pid = master
    }

    deinit {
        kill(pid, SIGTERM)
        let deadline = Date().addingTimeInterval(5)
        while kill(pid, 0) == 0, Date() < deadline { usleep(20_000) }
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }

    func url(_ pki: PKI, _ listener: Listener, bed: TestBed, host: String = "localhost") -> String {
        "https://\(host):\(ports["\(pki)-\(listener)"] ?? 0)\(bed.rpcPath)"
    }

    /// The requests that reached the listener, as logged (nginx logs requests, not refused handshakes).
    func accessLog(_ pki: PKI, _ listener: Listener) -> [AccessLogEntry] {
        let file = directory.path + "/access-\(pki)-\(listener.rawValue).log"
        return ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(whereSeparator: \.isNewline)
            .map { AccessLogEntry(line: String($0)) }
    }
}

enum HomeCAError: Error {
    case noPorts
    case notStarted(String)
    case notGenerated(String)
}
