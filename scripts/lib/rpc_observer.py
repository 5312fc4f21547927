#!/usr/bin/env python3
"""A loopback HTTP relay in front of a Transmission daemon that logs each RPC exchange (issue 26):
what was asked and how many bytes came back, so a test or a benchmark can see what a client polls.

    rpc_observer.py UPSTREAM_PORT --log FILE [--port-file FILE]

Listens on a free 127.0.0.1 port, prints it on stdout (one line) and, with --port-file, writes
"port=N" and "pid=N" lines there (atomically), then serves until killed. Plain HTTP/1.1 with
Content-Length bodies both ways (what Remission sends and Transmission answers; no gzip on
loopback). Each exchange is one JSON line in --log, flushed at once:
    {"method": "torrent-get", "ids": "recently-active" | [..] | null, "status": 200,
     "request_bytes": N, "response_bytes": N}
where the byte counts are the whole HTTP message (head and body). Nothing else is logged: no
headers, so no credentials or session ids.
"""
import argparse
import json
import os
import socket
import sys
import threading

lock = threading.Lock()


def read_message(stream):
    """One HTTP message (head, body) from a buffered reader; None at end of stream."""
    head = b""
    while not head.endswith(b"\r\n\r\n"):
        line = stream.readline(65536)
        if not line:
            return None
        head += line
        if len(head) > 1 << 20:
            raise ValueError("head too long")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    body = stream.read(length) if length else b""
    return head, body


def describe(body):
    try:
        request = json.loads(body)
    except ValueError:
        return None, None
    arguments = request.get("arguments") or request.get("params") or {}
    return request.get("method"), arguments.get("ids") if isinstance(arguments, dict) else None


def serve(client, upstream_port, log_path):
    upstream = socket.create_connection(("127.0.0.1", upstream_port))
    from_client = client.makefile("rb")
    from_upstream = upstream.makefile("rb")
    try:
        while True:
            request = read_message(from_client)
            if request is None:
                return
            upstream.sendall(request[0] + request[1])
            response = read_message(from_upstream)
            if response is None:
                return
            client.sendall(response[0] + response[1])
            method, ids = describe(request[1])
            status = int(response[0].split(b" ", 2)[1])
            entry = {"method": method, "ids": ids, "status": status,
                     "request_bytes": len(request[0]) + len(request[1]),
                     "response_bytes": len(response[0]) + len(response[1])}
            with lock, open(log_path, "a") as log:
                log.write(json.dumps(entry) + "\n")
    except (OSError, ValueError):
        return
    finally:
        client.close()
        upstream.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("upstream_port", type=int)
    parser.add_argument("--log", required=True)
    parser.add_argument("--port-file")
    args = parser.parse_args()
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    port = listener.getsockname()[1]
    print(port, flush=True)
    if args.port_file:
        temporary = args.port_file + ".tmp"
        with open(temporary, "w") as out:
            out.write(f"port={port}\npid={os.getpid()}\n")
        os.rename(temporary, args.port_file)
    while True:
        client, _ = listener.accept()
        threading.Thread(target=serve, args=(client, args.upstream_port, args.log), daemon=True).start()


if __name__ == "__main__":
    sys.exit(main())
