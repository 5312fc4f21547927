#!/usr/bin/env python3
"""Runs a command on a fresh pseudo-terminal and types into it as a person answers prompts.

    pty_drive.py [--cols N] [--rows N] [--timeout S] [--min-gap S] [--send TEXT]... -- COMMAND...

Each --send TEXT is typed (verbatim: add the newline yourself) only when the program is ready for
it: a process of the terminal's session is blocked reading the terminal (its standard input, or the
terminal opened again, as ssh asks about a host key on /dev/tty), nothing typed
before is still unread, and at least --min-gap seconds passed since the previous text. Typing on a
timer instead (`sleep 1.5; printf ...`) loses the race on a loaded machine: an answer typed before
the prompt is echoed before echo is off, or a Ctrl-C lands before the handler is installed.

When every text is typed and the program waits for more for a second, it gets end of input (the
terminal's EOF character, as from a closed stdin), at most five times.

Everything the terminal showed goes to stdout, byte for byte. The exit status is the command's
(128+N for signal N); 124 and a line on stderr when --timeout passes first.
"""

import argparse
import fcntl
import os
import platform
import pty
import select
import signal
import struct
import sys
import termios
import time

READ_SYSCALL = {"x86_64": 0, "aarch64": 63}.get(platform.machine(), 0)


def session_threads(session):
    """Every thread of every process whose session is `session` (the command and its children)."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            if int(fields[3]) != session:
                continue
            for thread in os.listdir(f"/proc/{entry}/task"):
                yield f"/proc/{entry}/task/{thread}"
        except (OSError, IndexError, ValueError):
            continue  # the process ended meanwhile


def waiting_for_input(session, terminal):
    """True when a thread of the session is blocked reading the terminal: read(0, ...), or a read of
    another descriptor open on it (ssh asks about a host key on /dev/tty, not on its stdin)."""
    for thread in session_threads(session):
        try:
            with open(f"{thread}/syscall") as syscall:
                words = syscall.read().split()
        except OSError:
            continue
        if len(words) < 2 or words[0] != str(READ_SYSCALL):
            continue
        descriptor = int(words[1], 16)
        if descriptor == 0:
            return True
        try:
            process = thread.split("/task/")[0]
            # /dev/tty is the session's controlling terminal: this one.
            if os.readlink(f"{process}/fd/{descriptor}") in (terminal, "/dev/tty"):
                return True
        except OSError:
            continue
    return False


def unread_input(slave):
    """Bytes typed that no process has read yet (TIOCINQ on the terminal side)."""
    return struct.unpack("i", fcntl.ioctl(slave, termios.TIOCINQ, b"\0\0\0\0"))[0]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cols", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--timeout", type=float, default=60)
    parser.add_argument("--min-gap", type=float, default=0)
    parser.add_argument("--send", action="append", default=[])
    parser.add_argument("command", nargs=argparse.REMAINDER)
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no command")

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", options.rows, options.cols, 0, 0))
    child = os.fork()
    if child == 0:
        os.setsid()
        fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
        for descriptor in (0, 1, 2):
            os.dup2(slave, descriptor)
        os.close(master)
        os.close(slave)
        try:
            os.execvp(command[0], command)
        finally:
            os._exit(127)

    terminal = os.ttyname(slave)
    deadline = time.monotonic() + options.timeout
    pending = [text.encode() for text in options.send]
    end_of_input = bytes([termios.tcgetattr(slave)[6][termios.VEOF][0]])
    eofs_left = 5
    last_send = time.monotonic()
    status = None
    out = sys.stdout.buffer
    while True:
        if time.monotonic() > deadline:
            os.killpg(child, signal.SIGKILL)
            what = f"to type {pending[0]!r}" if pending else "for the command to end"
            sys.stderr.write(f"pty_drive: timed out after {options.timeout} s waiting {what}\n")
            out.flush()
            return 124
        ready, _, _ = select.select([master], [], [], 0.02)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            out.write(chunk)
        if status is None:
            ended, raw_status = os.waitpid(child, os.WNOHANG)
            if ended:
                status = os.waitstatus_to_exitcode(raw_status)
                status = 128 - status if status < 0 else status
        if status is not None and not ready:
            break  # the command ended and the terminal has nothing more to show
        if (
            pending
            and status is None
            and time.monotonic() - last_send >= options.min_gap
            and unread_input(slave) == 0
            and waiting_for_input(child, terminal)
        ):
            os.write(master, pending.pop(0))
            last_send = time.monotonic()
        elif (
            not pending
            and status is None
            and eofs_left > 0
            and time.monotonic() - last_send >= max(options.min_gap, 1.0)
            and unread_input(slave) == 0
            and waiting_for_input(child, terminal)
        ):
            os.write(master, end_of_input)
            eofs_left -= 1
            last_send = time.monotonic()
    out.flush()
    return status


if __name__ == "__main__":
    sys.exit(main())
