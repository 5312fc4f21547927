#!/usr/bin/env python3
"""A misbehaving Transmission RPC server for tests (standard library only, loopback only).

    hostile_server.py SCENARIO.json

It answers what the scenario says, for the faults a real daemon cannot produce on demand:
escape-laden names, errors and versions, extreme numbers, huge, drip-fed or hung replies,
replies over a size cap, an old rpc-version. It logs every byte it receives.

It binds 127.0.0.1 (or the scenario's "bind": "::1" or another 127.x address) on a free port (or
the scenario's "port"), writes `port=N` and `pid=N` lines to the scenario's "portFile" once it
listens, and serves until it is killed (tests stop it by PID). With "tls": {"cert": PEM, "key":
PEM} it speaks HTTPS. Every request (request line, headers and body, exactly as received) is
appended to "log", preceded by a line `=== request N (BYTES bytes)`.

Scenario keys (all optional but portFile):
  dialect       "classic" (default) or "jsonrpc" (4.1's JSON-RPC 2.0: the 409 carries
                X-Transmission-Rpc-Version, replies are {"jsonrpc","result","id"})
  sessionId     the X-Transmission-Session-Id to demand (default "hostile-session")
  rotateSessionId  true: after every answer that is not a 409, demand a new session id (what a
                server that issues one per call does): each request then needs one 409
  rpcVersion    the X-Transmission-Rpc-Version header value for jsonrpc (default "6.0.1")
  gateway       a raw REPLY ({"status", "body", "headers"}) answered to every request before any
                session handshake: an authentication gateway in front of the daemon
  tlsAlert      with "tls": abort every handshake with this alert ("internal_error", as Caddy for a
                name or IP it has no certificate for; "unrecognized_name", as nginx's
                ssl_reject_handshake)
  methods       {METHOD: REPLY}, METHOD in the classic spelling ("torrent-get"); a jsonrpc
                request's "torrent_get" finds it too. A method not listed gets "default".
  default       REPLY for unlisted methods (default: success with empty arguments)
  version       what an unlisted session-get reports (default {"rpc-version": 17,
                "rpc-version-minimum": 14, "version": "3.00 (hostile)"}; for jsonrpc rpc_version 18,
                "4.1.3 (hostile)", keys in snake_case):
                every remission command asks session-get for the rpc-version before its own
                request, so an unlisted session-get answers like a real daemon, whatever "default"
                says. List "session-get" to make it misbehave.

A REPLY is one of:
  {"arguments": {...}}             success with these arguments (classic) / this result (jsonrpc)
  {"result": "text"}               classic refusal: "result" is not "success"
  {"error": {"code": N, "message": "text", "data": ...}}   a JSON-RPC error object
  {"status": N, "body": "text", "headers": [[name, value]...]}   any raw HTTP answer
  {"generate": {"prefix": S, "unit": S, "count": N, "suffix": S}}  a 200 whose body is
                prefix + unit*count + suffix, streamed (for replies of hundreds of MB)
and may add:
  "drip": SECONDS        send the body one byte at a time, SECONDS apart
  "hang": true           read the request, then never answer (the connection stays open)
  "close": true          read the request, then close the connection without answering
  "hangAfter": N         answer the first N requests for this method as the reply says, then
                         hang on every later one (a daemon that stops answering mid-session)
  "contentLength": N     announce N instead of the true length ("none": chunk-free, no header,
                         close at the end)
"""

import json
import os
import socket
import ssl
import sys
import threading
import time

MAX_REQUEST = 64 << 20


class Scenario:
    def __init__(self, path):
        with open(path) as f:
            self.spec = json.load(f)
        self.dialect = self.spec.get("dialect", "classic")
        self.session_id = self.spec.get("sessionId", "hostile-session")
        self.rpc_version = self.spec.get("rpcVersion", "6.0.1")
        self.methods = self.spec.get("methods", {})
        self.default = self.spec.get("default", {"arguments": {}})
        modern = self.dialect == "jsonrpc"
        version = self.spec.get(
            "version",
            {"rpc-version": 18 if modern else 17, "rpc-version-minimum": 14,
             "version": "4.1.3 (hostile)" if modern else "3.00 (hostile)"})
        if modern:
            version = {name.replace("-", "_"): value for name, value in version.items()}
        self.version_reply = {"arguments": version}
        self.log_path = self.spec.get("log")
        self.log_lock = threading.Lock()
        self.count = 0
        self.method_counts = {}
        self.rotate = bool(self.spec.get("rotateSessionId"))
        self.rotations = 0

    def current_session_id(self):
        with self.log_lock:
            return self.session_id

    def rotate_session_id(self):
        """A new id after an answered request, when the scenario asks for it."""
        if not self.rotate:
            return
        with self.log_lock:
            self.rotations += 1
            self.session_id = "%s-%d" % (self.spec.get("sessionId", "hostile-session"), self.rotations)

    def count_method(self, method):
        """How many requests for `method` (in classic spelling) arrived, this one included."""
        with self.log_lock:
            key = method.replace("_", "-")
            self.method_counts[key] = self.method_counts.get(key, 0) + 1
            return self.method_counts[key]

    def log(self, raw):
        with self.log_lock:
            self.count += 1
            if not self.log_path:
                return
            with open(self.log_path, "ab") as f:
                f.write(b"=== request %d (%d bytes)\n" % (self.count, len(raw)))
                f.write(raw)
                f.write(b"\n")

    def reply_for(self, method):
        if method in self.methods:
            return self.methods[method]
        classic = method.replace("_", "-")
        for name, reply in self.methods.items():
            if name.replace("_", "-") == classic:
                return reply
        if classic == "session-get":
            return self.version_reply
        return self.default


def read_request(conn):
    """Reads one HTTP request: returns (raw bytes, headers dict, body) or None at EOF."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
        if len(data) > MAX_REQUEST:
            return None
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    length = int(headers.get("content-length", "0") or 0)
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            break
        rest += chunk
    body = rest[:length]
    return head + b"\r\n\r\n" + body, headers, body


def send_all(conn, data, drip):
    if not drip:
        conn.sendall(data)
        return
    for i in range(len(data)):
        conn.sendall(data[i : i + 1])
        time.sleep(drip)


def answer(conn, status, headers, body, reply):
    """Sends status, headers and body (bytes or a generator of bytes) as the reply asks."""
    drip = reply.get("drip")
    announced = reply.get("contentLength")
    if isinstance(body, (bytes, bytearray)):
        length = len(body)
        chunks = [bytes(body)]
    else:
        length, chunks = body
    head = "HTTP/1.1 %d %s\r\n" % (status, "OK" if status == 200 else "Hostile")
    for name, value in headers:
        head += "%s: %s\r\n" % (name, value)
    if announced == "none":
        head += "Connection: close\r\n"
    else:
        head += "Content-Length: %d\r\n" % (length if announced is None else int(announced))
    head += "\r\n"
    conn.sendall(head.encode("latin-1"))
    for chunk in chunks:
        send_all(conn, chunk, drip)
    return announced == "none"


def generated(spec):
    prefix = spec.get("prefix", "").encode()
    unit = spec.get("unit", "").encode()
    suffix = spec.get("suffix", "").encode()
    count = int(spec.get("count", 0))
    length = len(prefix) + len(unit) * count + len(suffix)

    def chunks():
        yield prefix
        block = unit * max(1, (1 << 20) // max(1, len(unit)))
        per_block = len(block) // max(1, len(unit))
        left = count
        while left > 0:
            n = min(left, per_block)
            yield block if n == per_block else unit * n
            left -= n
        yield suffix

    return length, chunks()


def rpc_body(scenario, request_json, reply):
    method = request_json.get("method", "")
    if scenario.dialect == "jsonrpc":
        envelope = {"jsonrpc": "2.0", "id": request_json.get("id")}
        if "error" in reply:
            envelope["error"] = reply["error"]
        else:
            envelope["result"] = reply.get("arguments", {})
        if "id" not in request_json:
            return None  # a notification: 204, no body
        return json.dumps(envelope, ensure_ascii=False).encode()
    envelope = {"arguments": reply.get("arguments", {}), "result": reply.get("result", "success")}
    if "tag" in request_json:
        envelope["tag"] = request_json["tag"]
    del method
    return json.dumps(envelope, ensure_ascii=False).encode()


def serve_connection(scenario, conn):
    try:
        while True:
            request = read_request(conn)
            if request is None:
                return
            raw, headers, body = request
            scenario.log(raw)
            gateway = scenario.spec.get("gateway")
            if gateway:
                headers_out = [tuple(h) for h in gateway.get("headers", [])]
                answer(conn, int(gateway["status"]), headers_out, gateway.get("body", "").encode(), gateway)
                continue
            session_id = scenario.current_session_id()
            if headers.get("x-transmission-session-id") != session_id:
                conflict = [("X-Transmission-Session-Id", session_id)]
                if scenario.dialect == "jsonrpc":
                    conflict.append(("X-Transmission-Rpc-Version", scenario.rpc_version))
                answer(conn, 409, conflict, b"<h1>409: Conflict</h1>", {})
                continue
            try:
                request_json = json.loads(body.decode("utf-8", "replace") or "{}")
            except ValueError:
                request_json = {}
            reply = scenario.reply_for(request_json.get("method", ""))
            calls = scenario.count_method(request_json.get("method", ""))
            if reply.get("hang") or ("hangAfter" in reply and calls > int(reply["hangAfter"])):
                while conn.recv(65536):
                    pass
                return
            if reply.get("close"):
                return
            scenario.rotate_session_id()
            headers_out = [tuple(h) for h in reply.get("headers", [])]
            if "status" in reply:
                close = answer(conn, int(reply["status"]), headers_out, reply.get("body", "").encode(), reply)
            elif "generate" in reply:
                headers_out.append(("Content-Type", "application/json"))
                close = answer(conn, 200, headers_out, generated(reply["generate"]), reply)
            else:
                payload = rpc_body(scenario, request_json, reply)
                if payload is None:
                    close = answer(conn, 204, headers_out, b"", reply)
                else:
                    headers_out.append(("Content-Type", "application/json"))
                    close = answer(conn, 200, headers_out, payload, reply)
            if close:
                return
    except (OSError, ssl.SSLError):
        return
    finally:
        try:
            conn.close()
        except OSError:
            pass


def main(argv):
    if len(argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    scenario = Scenario(argv[1])
    address = scenario.spec.get("bind", "127.0.0.1")
    if address != "::1" and not address.startswith("127."):
        print("hostile_server.py binds loopback only, not %r" % address, file=sys.stderr)
        return 2
    listener = socket.socket(socket.AF_INET6 if ":" in address else socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((address, int(scenario.spec.get("port", 0))))
    listener.listen(16)
    context = None
    tls = scenario.spec.get("tls")
    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(tls["cert"], tls["key"])
        alert = scenario.spec.get("tlsAlert")
        if alert:
            code = {"internal_error": ssl.ALERT_DESCRIPTION_INTERNAL_ERROR,
                    "unrecognized_name": ssl.ALERT_DESCRIPTION_UNRECOGNIZED_NAME}[alert]
            context.sni_callback = lambda _socket, _name, _context: code
    port_file = scenario.spec["portFile"]
    with open(port_file + ".tmp", "w") as f:
        f.write("port=%d\npid=%d\n" % (listener.getsockname()[1], os.getpid()))
    os.rename(port_file + ".tmp", port_file)
    while True:
        conn, _ = listener.accept()
        # Headers and body go out in separate writes: without this, Nagle's algorithm held the body
        # until the client's delayed ACK, ~40 ms per reply.
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        if context is not None:
            try:
                conn = context.wrap_socket(conn, server_side=True)
            except (OSError, ssl.SSLError):
                conn.close()
                continue
        threading.Thread(target=serve_connection, args=(scenario, conn), daemon=True).start()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
