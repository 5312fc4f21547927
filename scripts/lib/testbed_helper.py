#!/usr/bin/env python3
"""Small networking helpers for scripts/testbed (standard library only, loopback only).

    testbed_helper.py ports N          print `ipv6=yes` (or no: [::1] cannot be bound), then
                                       N distinct free TCP ports, one per line
    testbed_helper.py silent PORT TAG  listen on 127.0.0.1:PORT, accept, never answer
    testbed_helper.py wait SECONDS SPEC...
                                       wait until every SPEC answers, or fail

A SPEC is `LABEL@KIND:PORT:PID`. KIND `http`: any HTTP answer to a POST of
/transmission/rpc counts; `tcp` or `tcp6`: a completed TCP connect to 127.0.0.1 or ::1.
HTTP probes send Basic auth from TESTBED_PROBE_AUTH (user:password) when it is set:
transmission-daemon 3.00 locks RPC (403 until restart) after 100 failed logins in a row. If the process PID dies first, or
SECONDS pass, the wait fails at once and says which SPEC and why.
"""

import base64
import http.client
import os
import random
import selectors
import socket
import sys
import time

# Ports are drawn at random below the kernel's ephemeral range, so they do not collide
# with outgoing connections nor with another test bed asking the kernel for port 0.
LOW_PORT = 20000
HIGH_PORT = 32000


def ipv6_available():
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


def ephemeral_range():
    try:
        with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
            low, high = (int(x) for x in f.read().split())
            return low, high
    except (OSError, ValueError):
        return 32768, 60999


def free_ports(count):
    """Returns `count` distinct ports that are free on 127.0.0.1 (and on ::1 if present).

    Every candidate stays bound until all are chosen, so the answer has no duplicates.
    Binding without SO_REUSEADDR also rejects ports with lingering TIME_WAIT sockets.
    """
    eph_low, eph_high = ephemeral_range()
    families = [(socket.AF_INET, "127.0.0.1")]
    if ipv6_available():
        families.append((socket.AF_INET6, "::1"))
    held, ports = [], []
    try:
        for _ in range(count * 50):
            if len(ports) == count:
                break
            port = random.randint(LOW_PORT, HIGH_PORT)
            if port in ports or eph_low <= port <= eph_high:
                continue
            sockets = []
            try:
                for family, address in families:
                    s = socket.socket(family, socket.SOCK_STREAM)
                    sockets.append(s)
                    s.bind((address, port))
            except OSError:
                for s in sockets:
                    s.close()
                continue
            held.extend(sockets)
            ports.append(port)
    finally:
        for s in held:
            s.close()
    if len(ports) < count:
        sys.exit(f"could not find {count} free loopback ports")
    return ports


def silent(port):
    """Accepts TCP connections on 127.0.0.1:port and never writes a byte."""
    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", port))
    listener.listen(128)
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    while True:
        for key, _ in selector.select():
            if key.fileobj is listener:
                conn, _ = listener.accept()
                selector.register(conn, selectors.EVENT_READ)
                continue
            try:
                data = key.fileobj.recv(65536)  # read and discard, never answer
            except OSError:
                data = b""
            if not data:
                selector.unregister(key.fileobj)
                key.fileobj.close()


def process_alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            state = f.read().rsplit(")", 1)[1].split()[0]
        return state not in ("Z", "X")
    except (OSError, IndexError):
        return False


def probe(spec):
    """Returns None when `spec` answers, else a short reason."""
    kind, *rest = spec.split(":")
    try:
        if kind == "http":
            port = int(rest[0])
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            headers = {}
            auth = os.environ.get("TESTBED_PROBE_AUTH")
            if auth:
                headers["Authorization"] = "Basic " + base64.b64encode(auth.encode()).decode()
            try:
                conn.request("POST", "/transmission/rpc", body=b"{}", headers=headers)
                conn.getresponse().read()
            finally:
                conn.close()
        elif kind in ("tcp", "tcp6"):
            family, host = (socket.AF_INET6, "::1") if kind == "tcp6" else (socket.AF_INET, "127.0.0.1")
            with socket.socket(family, socket.SOCK_STREAM) as s:
                s.settimeout(1)
                s.connect((host, int(rest[0])))
        else:
            sys.exit(f"unknown spec kind: {spec}")
    except (OSError, http.client.HTTPException) as error:
        return str(error) or type(error).__name__
    return None


def wait(seconds, specs):
    pending = {}
    for spec in specs:
        label, target = spec.split("@", 1)
        target, pid = target.rsplit(":", 1)
        pending[spec] = (label, target, int(pid))
    deadline = time.monotonic() + seconds
    reasons = {}
    while pending:
        for spec, (label, target, pid) in list(pending.items()):
            if not process_alive(pid):
                sys.exit(f"{label} ({target}, pid {pid}) exited during startup")
            reason = probe(target)
            if reason is None:
                del pending[spec]
            else:
                reasons[spec] = reason
        if not pending:
            break
        if time.monotonic() > deadline:
            details = ", ".join(f"{l} ({t}: {reasons.get(s)})" for s, (l, t, _) in pending.items())
            sys.exit(f"not ready after {seconds:g}s: {details}")
        time.sleep(0.02)


def main(argv):
    if len(argv) == 3 and argv[1] == "ports":
        print("ipv6=yes" if ipv6_available() else "ipv6=no")
        print("\n".join(str(p) for p in free_ports(int(argv[2]))))
    elif len(argv) >= 3 and argv[1] == "silent":
        silent(int(argv[2]))  # argv[3] only tags the command line for `testbed stop`
    elif len(argv) >= 3 and argv[1] == "wait":
        wait(float(argv[2]), argv[3:])
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
