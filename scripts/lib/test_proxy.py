#!/usr/bin/env python3
"""A small forwarding proxy on loopback for the tests: SOCKS4/4a, SOCKS5/5h or HTTP CONNECT,
optionally behind TLS (an https:// proxy with its own certificate).

    test_proxy.py socks4|socks5|connect [--tls CERT KEY] [--log FILE] [--port-file FILE] [--auth USER:PASSWORD]
                  [--watch-pid PID]

Listens on a free 127.0.0.1 port, prints it on stdout (one line) and, with --port-file, writes
"port=N" and "pid=N" lines there (atomically), then serves until killed.
Each tunnel it opens is logged as one line "MODE HOST:PORT" to --log (flushed at once), so a
test can tell that its request went through the proxy. It only tunnels bytes: the TLS inside
the tunnel is between the client and the server, which the proxy never sees in clear.
--auth makes the CONNECT proxy answer 407 to a request without that Proxy-Authorization (Basic),
the SOCKS5 proxy require that user and password (RFC 1929), and the SOCKS4 proxy that user id.
SOCKS5: CONNECT only, IPv4, domain names (socks5h) and IPv6 addresses. SOCKS4: IPv4, and a name
after the user id (4a). A tunnel's log line says how the server was named: "socks5 localhost:PORT"
for a name the proxy resolved, "socks5 127.0.0.1:PORT" for an address the client resolved.
"""
import argparse
import base64
import os
import socket
import ssl
import struct
import sys
import threading


def pump(source, target):
    try:
        while True:
            data = source.recv(65536)
            if not data:
                break
            target.sendall(data)
    except OSError:
        pass
    finally:
        for sock in (source, target):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


def read_exact(sock, count):
    data = b""
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def read_until_nul(sock, limit=256):
    data = b""
    while True:
        byte = read_exact(sock, 1)
        if byte == b"\x00":
            return data
        data += byte
        if len(data) > limit:
            raise ConnectionError("field too long")


def socks4(client, auth=None):
    version, command = read_exact(client, 2)
    if version != 4 or command != 1:
        raise ConnectionError("not a SOCKS4 CONNECT")
    port = struct.unpack("!H", read_exact(client, 2))[0]
    address = read_exact(client, 4)
    user = read_until_nul(client).decode()
    if address[:3] == b"\x00\x00\x00" and address[3] != 0:
        host = read_until_nul(client).decode()
    else:
        host = socket.inet_ntop(socket.AF_INET, address)
    if auth is not None and user != auth.split(":", 1)[0]:
        client.sendall(b"\x00\x5d" + bytes(6))
        raise ConnectionError("wrong user id")
    try:
        upstream = socket.create_connection((host, port), timeout=10)
    except OSError:
        client.sendall(b"\x00\x5b" + bytes(6))
        raise
    client.sendall(b"\x00\x5a" + bytes(6))
    return upstream, f"{host}:{port}"


def socks5(client, auth=None):
    version, methods = read_exact(client, 2)
    if version != 5:
        raise ConnectionError("not SOCKS5")
    offered = read_exact(client, methods)
    if auth is None:
        client.sendall(b"\x05\x00")
    elif 2 not in offered:
        client.sendall(b"\x05\xff")
        raise ConnectionError("no user/password offered")
    else:
        client.sendall(b"\x05\x02")
        _, length = read_exact(client, 2)
        user = read_exact(client, length)
        password = read_exact(client, read_exact(client, 1)[0])
        if f"{user.decode()}:{password.decode()}" != auth:
            client.sendall(b"\x01\x01")
            raise ConnectionError("wrong credentials")
        client.sendall(b"\x01\x00")
    _, command, _, kind = read_exact(client, 4)
    if kind == 1:
        host = socket.inet_ntop(socket.AF_INET, read_exact(client, 4))
    elif kind == 3:
        host = read_exact(client, read_exact(client, 1)[0]).decode()
    elif kind == 4:
        host = socket.inet_ntop(socket.AF_INET6, read_exact(client, 16))
    else:
        raise ConnectionError("address type")
    port = struct.unpack("!H", read_exact(client, 2))[0]
    if command != 1:
        client.sendall(b"\x05\x07\x00\x01" + bytes(6))
        raise ConnectionError("not CONNECT")
    try:
        upstream = socket.create_connection((host, port), timeout=10)
    except OSError:
        client.sendall(b"\x05\x05\x00\x01" + bytes(6))
        raise
    client.sendall(b"\x05\x00\x00\x01" + bytes(6))
    return upstream, f"{host}:{port}"


def http_connect(client, auth=None):
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = client.recv(4096)
        if not chunk:
            raise ConnectionError("closed")
        head += chunk
        if len(head) > 65536:
            raise ConnectionError("headers too long")
    line = head.split(b"\r\n", 1)[0].decode("latin-1")
    method, target, _ = line.split(" ", 2)
    if method != "CONNECT":
        client.sendall(b"HTTP/1.1 405 Method Not Allowed\r\nContent-Length: 0\r\n\r\n")
        raise ConnectionError("not CONNECT")
    if auth is not None:
        expected = "proxy-authorization: basic " + base64.b64encode(auth.encode()).decode().lower()
        lines = [line.decode("latin-1").lower() for line in head.split(b"\r\n")[1:]]
        if expected not in lines:
            client.sendall(
                b"HTTP/1.1 407 Proxy Authentication Required\r\n"
                b'Proxy-Authenticate: Basic realm="test"\r\nContent-Length: 0\r\n\r\n'
            )
            raise ConnectionError("no credentials")
    host, _, port = target.rpartition(":")
    host = host.strip("[]")
    try:
        upstream = socket.create_connection((host, int(port)), timeout=10)
    except OSError:
        client.sendall(b"HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n")
        raise
    client.sendall(b"HTTP/1.1 200 Connection established\r\n\r\n")
    return upstream, target


def serve(client, mode, log, auth):
    try:
        if mode == "socks5":
            upstream, target = socks5(client, auth)
        elif mode == "socks4":
            upstream, target = socks4(client, auth)
        else:
            upstream, target = http_connect(client, auth)
    except (OSError, ValueError, ConnectionError, ssl.SSLError):
        client.close()
        return
    upstream.settimeout(None)
    if log:
        with open(log, "a") as handle:
            handle.write(f"{mode} {target}\n")
    threading.Thread(target=pump, args=(upstream, client), daemon=True).start()
    pump(client, upstream)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["socks4", "socks5", "connect"])
    parser.add_argument("--tls", nargs=2, metavar=("CERT", "KEY"))
    parser.add_argument("--log")
    parser.add_argument("--port-file")
    parser.add_argument("--auth")
    parser.add_argument("--watch-pid", type=int, help="exit when this process is gone")
    args = parser.parse_args()
    if args.watch_pid:

        def watch(pid=args.watch_pid):
            while True:
                try:
                    os.kill(pid, 0)
                except ProcessLookupError:
                    os._exit(0)
                except PermissionError:
                    pass
                threading.Event().wait(0.5)

        threading.Thread(target=watch, daemon=True).start()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    context = None
    if args.tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls[0], args.tls[1])
    port = listener.getsockname()[1]
    if args.port_file:
        with open(args.port_file + ".tmp", "w") as handle:
            handle.write(f"port={port}\npid={os.getpid()}\n")
        os.rename(args.port_file + ".tmp", args.port_file)
    print(port, flush=True)
    sys.stdout.close()
    while True:
        client, _ = listener.accept()

        def handle(client=client):
            try:
                wrapped = context.wrap_socket(client, server_side=True) if context else client
            except (OSError, ssl.SSLError):
                client.close()
                return
            serve(wrapped, args.mode, args.log, args.auth)

        threading.Thread(target=handle, daemon=True).start()


if __name__ == "__main__":
    main()
