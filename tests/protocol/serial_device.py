#!/usr/bin/env python3
"""serial_device.py -- a scripted XS device on a pseudo-terminal (Python 3, standard library).

Plays recorded XS sessions (.xsbug transcripts) the way an ESP32 writes them on its serial
line (xsbug-protocol.md 2.7): every message prefixed with CR LF <?xs.ID?>, machines
interleaved message by message, <?xs-ID?> when a machine ends, <?xs-00000000?> at boot.
It waits where the engine waits: after a login for the front end's first command (2 s, then
the machine gives up with <?xs-ID?> as the device does), after a break for go/step.
It answers binary requests (Appendix A): XS version, pixel format, app signature, MAC,
install space, MCU name, install fragments, uninstall, restart.

The port is a symlink LINK to the pty's slave; "ready" is printed when it exists.

  serial_device.py --link /tmp/x/tty --machine 3FFB0001:A.xsbug --machine 3FFB0002:B.xsbug
      [--garbage] [--reboot-after N] [--unplug-after N] [--silent-first-open]
      [--install-space BYTES] [--fail-fragment N] [--mod-out FILE] [--stay]
"""
import argparse
import os
import pty
import random
import re
import select
import sys
import termios
import threading
import time
import tty

MESSAGE = re.compile(rb"<xsbug>.*?</xsbug>", re.S)
LEVEL1 = (b"set-all-breakpoints", b"set-breakpoint", b"clear-breakpoint", b"start-profiling", b"stop-profiling", b"go")
LEVEL2 = (b"go", b"step", b"step-inside", b"step-outside", b"abort", b"logout")
BOOT_LINES = b"ets Jun  8 2016 00:22:57\r\n\r\nrst:0x1 (POWERON_RESET),boot:0x13 (SPI_FAST_FLASH_BOOT)\r\n" \
             b"I (29) boot: ESP-IDF v5.1 2nd stage bootloader\r\nI (312) cpu_start: Starting scheduler.\r\n"


class Pty:
    """The device side of a pty whose slave is reached through `link`."""

    def __init__(self, link):
        self.link = link
        self.open()

    def open(self):
        self.master, slave = pty.openpty()
        tty.setraw(slave, termios.TCSANOW)
        name = os.ttyname(slave)
        os.close(slave)
        tmp = self.link + ".new"
        if os.path.lexists(tmp):
            os.unlink(tmp)
        os.symlink(name, tmp)
        os.replace(tmp, self.link)

    def unplug(self):
        os.unlink(self.link)
        os.close(self.master)

    def host_open(self):
        """True while the front end has the port open (no hang-up on the master)."""
        p = select.poll()
        p.register(self.master, select.POLLIN | select.POLLHUP)
        for _, ev in p.poll(0):
            if ev & select.POLLHUP:
                return False
        return True

    def wait_host(self, timeout=30):
        end = time.time() + timeout
        while not self.host_open():
            if time.time() > end:
                raise SystemExit("the front end never opened the port")
            time.sleep(0.02)

    def write(self, data):
        view = memoryview(data)
        while view:
            try:
                n = os.write(self.master, view[:4096])
            except BlockingIOError:
                select.select([], [self.master], [], 0.05)
                continue
            view = view[n:]

    def read(self, timeout):
        r, _, _ = select.select([self.master], [], [], timeout)
        if not r:
            return b""
        try:
            return os.read(self.master, 65536)
        except OSError:  # EIO: the front end closed the port
            time.sleep(0.02)
            return b""


class Device:
    def __init__(self, args):
        self.args = args
        self.port = Pty(args.link)
        self.inbox = b""
        self.commands = {}     # machine id -> commands received (bytes), in order
        self.lock = threading.Condition()
        self.restart_requested = False
        self.installed = {}
        self.fragments = 0
        self.log = sys.stderr

    # -- what the front end sends ------------------------------------------------------
    def pump(self, timeout=0.01):
        data = self.port.read(timeout)
        if data:
            self.inbox += data
            self.parse()

    def parse(self):
        while True:
            text = re.match(rb"\r\n<\?xs\.([0-9A-Fa-f]{8})\?>(.*?>\r\n)", self.inbox, re.S)
            if text:
                self.commands.setdefault(int(text.group(1), 16), []).append(text.group(2))
                self.inbox = self.inbox[text.end():]
                continue
            binary = re.match(rb"\r\n<\?xs#([0-9A-Fa-f]{8})\?>", self.inbox)
            if binary and len(self.inbox) >= binary.end() + 2:
                length = int.from_bytes(self.inbox[binary.end():binary.end() + 2], "big")
                start = binary.end() + 2
                if len(self.inbox) < start + length:
                    return
                self.binary(int(binary.group(1), 16), self.inbox[start:start + length])
                self.inbox = self.inbox[start + length:]
                continue
            start = self.inbox.find(b"\r\n<?xs", 1)
            if start > 0 and not text and not binary:
                self.inbox = self.inbox[start:]  # skip what is not addressed
                continue
            return

    def reply(self, machine, request, code, data=b""):
        if request == 0:
            return
        body = bytes([5]) + request.to_bytes(2, "big") + (code & 0xffff).to_bytes(2, "big") + data
        self.port.write(b"\r\n<?xs#%08X?>\r\n" % machine + len(body).to_bytes(2, "big") + body)

    def binary(self, machine, payload):
        command = payload[0]
        request = int.from_bytes(payload[1:3], "big") if len(payload) >= 3 else 0
        data = payload[3:]
        if command == 1:
            self.restart_requested = True
        elif command == 9:
            if abs(int.from_bytes(data[:4], "big") - time.time()) > 60:
                print("set time: a clock more than a minute off", file=self.log, flush=True)
        elif command == 11:
            self.reply(machine, request, 0, bytes([16, 4, 0]))
        elif command == 12:
            self.reply(machine, request, 0, bytes([7, 1]))
        elif command == 13:
            self.reply(machine, request, 0, b"com.example.fibapp\0")
        elif command == 14:
            self.reply(machine, request, 0, bytes([0x24, 0x0A, 0xC4, 0x12, 0x34, 0x56]))
        elif command == 15:
            self.reply(machine, request, 0, self.args.install_space.to_bytes(4, "big") + (1024).to_bytes(4, "big"))
        elif command == 17:
            self.reply(machine, request, 0, b"esp32")
        elif command == 3:
            self.fragments += 1
            if self.fragments == self.args.fail_fragment:
                self.reply(machine, request, -3)
                return
            offset = int.from_bytes(data[:4], "big")
            self.installed[offset] = data[4:]
            self.reply(machine, request, 0)
        elif command == 2:
            self.installed = {}
            if self.args.mod_out:
                open(self.args.mod_out, "wb").close()
            self.reply(machine, request, 0)
        else:
            self.reply(machine, request, -7)
        if command == 3 and self.args.mod_out:
            image = bytearray()
            for offset in sorted(self.installed):
                chunk = self.installed[offset]
                if len(image) < offset + len(chunk):
                    image.extend(b"\xff" * (offset + len(chunk) - len(image)))
                image[offset:offset + len(chunk)] = chunk
            with open(self.args.mod_out, "wb") as f:
                f.write(image)

    # -- what the device writes ----------------------------------------------------------
    def send(self, machine, message):
        data = b"\r\n<?xs.%08X?>\r\n" % machine + message + b"\r\n"
        cut = 0
        while cut < len(data):  # the engine writes at most 256 bytes at a time
            step = random.randint(1, 256)
            self.port.write(data[cut:cut + step])
            cut += step

    def wait_command(self, machine, words, timeout):
        end = time.time() + timeout
        while time.time() < end:
            for c in self.commands.get(machine, []):
                tag = re.match(rb"\r\n<([-a-z]+)", c)
                if tag and tag.group(1) in words:
                    self.commands[machine] = []
                    return True
            self.pump(0.01)
        return False

    def boot(self):
        self.port.write(BOOT_LINES + b"<?xs-00000000?>\r\n")

    def play(self, machines, stop_after=None, close=True):
        """Plays the machines' messages interleaved; returns the number of messages sent."""
        queues = [(mid, list(msgs)) for mid, msgs in machines]
        live = []
        for mid, msgs in queues:
            self.send(mid, msgs.pop(0))  # login
            if not self.wait_command(mid, LEVEL1, 2.0):
                print(f"machine {mid:08X}: no answer to its login within 2 s", file=self.log)
                self.port.write(b"\r\n<?xs-%08X?>\r\n" % mid)
                continue
            live.append((mid, msgs))
        sent = 0
        while any(msgs for _, msgs in live):
            for mid, msgs in live:
                if not msgs:
                    continue
                if stop_after is not None and sent >= stop_after:
                    return sent
                message = msgs.pop(0)
                self.send(mid, message)
                sent += 1
                self.pump(0)
                if re.search(rb"<break[ />]", message) and not self.wait_command(mid, LEVEL2, 10.0):
                    print(f"machine {mid:08X}: no go after a break", file=self.log)
        for mid, _ in live if close else []:
            self.port.write(b"\r\n<?xs-%08X?>\r\n" % mid)
        return sent

    def garbage(self):
        rnd = random.Random(7)
        self.port.write(bytes(rnd.randrange(256) for _ in range(65536)))  # a wrong speed
        self.port.write(b"\r\n" + BOOT_LINES)
        self.port.write(b"\r\n<?xs.12G45678?>\r\n")  # a PI with a bad ID
        self.port.write(b"\r\n<?xs#3FFB0001?>\r\n\x00\x40\x05\x00\x07")  # a frame cut short


def transcript(path):
    with open(path, "rb") as f:
        return MESSAGE.findall(f.read())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--link", required=True)
    ap.add_argument("--machine", action="append", default=[], help="ID:TRANSCRIPT")
    ap.add_argument("--garbage", action="store_true")
    ap.add_argument("--reboot-after", type=int)
    ap.add_argument("--unplug-after", type=int)
    ap.add_argument("--silent-first-open", action="store_true")
    ap.add_argument("--install-space", type=int, default=65536)
    ap.add_argument("--fail-fragment", type=int, default=0)
    ap.add_argument("--mod-out")
    ap.add_argument("--stay", type=float, default=0.0, help="keep answering for S seconds at the end")
    ap.add_argument("--keep-open", action="store_true", help="the machines stay (no <?xs-ID?> at the end)")
    args = ap.parse_args()
    machines = []
    for spec in args.machine:
        mid, path = spec.split(":", 1)
        machines.append((int(mid, 16), transcript(path)))
    device = Device(args)
    print("ready", flush=True)
    device.port.wait_host()
    if args.silent_first_open:
        while device.port.host_open():  # ignore this opening: the front end must retry
            device.pump(0.02)
        device.port.wait_host()
    if args.garbage:
        device.garbage()
    device.boot()
    if args.reboot_after is not None:
        device.play(machines, stop_after=args.reboot_after)
        device.port.write(b"\r\n<?xs.%08X?>\r\n<xsbug><log>half a mess" % machines[0][0])  # reset mid-message
        device.port.write(b"\r\n" + BOOT_LINES + b"<?xs-00000000?>\r\n")
    if args.unplug_after is not None:
        device.play(machines, stop_after=args.unplug_after)
        time.sleep(0.5)  # the front end reads what is in flight; a hang-up discards it
        device.port.unplug()
        time.sleep(0.5)
        device.port.open()
        device.port.wait_host()
        device.boot()
    device.play(machines, close=not args.keep_open)
    end = time.time() + args.stay
    while time.time() < end or device.restart_requested:
        if device.restart_requested:
            device.restart_requested = False
            for mid, _ in machines:
                device.port.write(b"\r\n<?xs-%08X?>\r\n" % mid)
            device.boot()
            device.play([(mid, msgs[:1]) for mid, msgs in machines], close=not args.keep_open)  # logs in again
        device.pump(0.02)
    time.sleep(0.2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
