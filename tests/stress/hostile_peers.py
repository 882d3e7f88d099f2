#!/usr/bin/env python3
"""Hostile peers for xsprof's debug server (loopback only, bounded in count and time).

  hostile_peers.py garbage PORT MEGABYTES     one connection: "<xsbug><log>" then garbage, never closed
  hostile_peers.py noise PORT MEGABYTES       one connection: bytes that never form a message
  hostile_peers.py slow PORT SECONDS          logs in one byte at a time, then sends a log line
  hostile_peers.py churn PORT COUNT           connects and disconnects COUNT times
Prints one JSON line: what was sent and how the connection ended.
"""
import json
import socket
import sys
import time

LOGIN = b'\r\n<xsbug><login name="slow" value="XS 17.9.1 64-bit LE 32-bit ID" flags="e"/></xsbug>\r\n'


def connect(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    return s


def flood(port, megabytes, prefix, filler):
    s = connect(port)
    sent = 0
    ended = "limit"
    chunk = filler * (65536 // len(filler))
    try:
        s.sendall(prefix)
        while sent < megabytes * 1048576:
            s.sendall(chunk)
            sent += len(chunk)
    except (BrokenPipeError, ConnectionResetError, socket.timeout) as e:
        ended = type(e).__name__
    s.close()
    return {"sent": sent, "ended": ended}


def slow(port, seconds):
    s = connect(port)
    delay = seconds / len(LOGIN)
    for b in LOGIN:
        s.sendall(bytes([b]))
        time.sleep(delay)
    s.sendall(b'\r\n<xsbug><log>slow but here&#10;</log></xsbug>\r\n')
    answer = s.recv(4096)
    s.close()
    return {"answered": answer.decode("latin-1")}


def churn(port, count):
    opened = 0
    for _ in range(count):
        s = connect(port)
        opened += 1
        s.close()
    return {"opened": opened}


def main():
    kind, port, amount = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    t0 = time.time()
    if kind == "garbage":
        r = flood(port, amount, b"\r\n<xsbug><log>", b"garbage without end ")
    elif kind == "noise":
        r = flood(port, amount, b"", bytes(range(256)).replace(b"<", b"(").replace(b">", b")"))
    elif kind == "slow":
        r = slow(port, amount)
    elif kind == "churn":
        r = churn(port, int(amount))
    else:
        print("unknown kind", file=sys.stderr)
        return 2
    r["kind"] = kind
    r["seconds"] = round(time.time() - t0, 3)
    print(json.dumps(r))
    return 0


if __name__ == "__main__":
    sys.exit(main())
