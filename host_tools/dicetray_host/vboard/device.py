"""A virtual dice tray on USB: the firmware in the MicroPython unix port,
behind a TCP endpoint that speaks a Pico's USB REPL.

    with VirtualDevice(flash_dir) as dev:      # boots main.py like a Pico
        subprocess.run(["mpremote", "connect", "port:" + dev.url, "fs", "ls"])

The server owns one long-lived `micropython` child running
vboard/mp/vdevice_repl.py (the friendly REPL, the raw REPL with raw
paste, soft reset; the flash folder mounted as `/`). Bytes from the client go
to the child's stdin; the child's stdout and stderr (one stream, as on USB)
go back to the client, or nowhere while none is connected. One client at
a time, like a serial port.

Ctrl-C: on the virtual board (`board_device`) it goes to the child as a
byte, and the board takes it where the firmware waits (vdevice_repl,
`interrupt_point`), as a Pico takes it between bytecodes. The plain
device has no such points: there Ctrl-C becomes SIGINT while the child
reports the interrupt character armed, sent only while the child sleeps in
a system call (the unix port raises KeyboardInterrupt inside the signal
handler; landing in a garbage collection it would leave the heap locked).
Otherwise Ctrl-C is an ordinary byte for the REPL.

`spawn` lets another controller (the simulator's virtual board) start the
child its own way; see `serve_argument` / `serve` for `--serve PORT`.
"""
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

from dicetray_host.paths import BOARD_SIDE, FIRMWARE, micropython_binary

REPL_DIR = BOARD_SIDE
STATUS_FD = 5  # the child reports "I"/"i" (Ctrl-C armed / disarmed) here
CTRL_C = 3
# A full-speed USB bulk endpoint carries at most 19 packets of 64 bytes per
# 1 ms frame (USB 2.0, 5.8.4); a Pico's CDC serial is never faster, so the
# virtual tray sends to its host no faster either, whatever the computer.
USB_FS_BULK_BYTES_PER_S = 19 * 64 * 1000


def child_command(flash_dir, lib=None, heap="192k", raw_paste=True):
    """argv and MICROPYPATH of the plain virtual device (no emulated peripherals)."""
    code = "import vdevice_repl\nvdevice_repl.boot(%r, %r, %d, %r)\n" % (
        str(flash_dir), str(lib) if lib else None, STATUS_FD, bool(raw_paste))
    argv = [micropython_binary(), "-X", "heapsize=" + heap, "-c", code]
    return argv, str(REPL_DIR)


class VirtualDevice:
    """The TCP server and its MicroPython child. Threads: accept, client->child,
    child->client, status. `transcript` keeps the last output for tests."""

    def __init__(self, flash_dir, port=0, lib=None, heap="192k", raw_paste=True, spawn=None,
                 host="127.0.0.1", interrupt_as_byte=False):
        self.flash_dir = Path(flash_dir)
        self.flash_dir.mkdir(parents=True, exist_ok=True)
        self.lib = lib
        self.heap = heap
        self.raw_paste = raw_paste
        self.spawn = spawn or self._spawn_plain
        self.interrupt_as_byte = interrupt_as_byte
        self.host = host
        self.requested_port = port
        self.port = None
        self.proc = None
        self.armed = False
        self.client = None
        self.transcript = bytearray()
        self.boots = 0
        self._lock = threading.Lock()
        self._cut_after = None
        self._stopping = False
        self._listener = None
        self._bus_free_at = 0.0  # monotonic time the USB bus has sent all it was given

    @property
    def url(self):
        return "socket://%s:%d" % (self.host, self.port)

    # -- lifecycle -------------------------------------------------------
    def start(self):
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind((self.host, self.requested_port))
        self._listener.listen(2)
        self.port = self._listener.getsockname()[1]
        self._start_child()
        threading.Thread(target=self._accept_loop, daemon=True, name="vdevice-accept").start()
        return self

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def stop(self):
        self._stopping = True
        self.cut()
        if self._listener:
            self._listener.close()
        self._stop_child()

    def power_cycle(self):
        """Pull the plug and plug it in again: a fresh interpreter boots main.py."""
        self.cut()
        self._stop_child()
        self._start_child()

    def cut(self):
        """Close the USB connection now (the host sees the port vanish)."""
        with self._lock:
            client, self.client = self.client, None
        if client:
            try:
                client.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            client.close()

    def cut_after(self, nbytes):
        """Close the connection once nbytes more bytes went to the host."""
        with self._lock:
            self._cut_after = nbytes

    def wait_output(self, text, timeout=10.0, start=0):
        """Wait until `text` (bytes) shows in the transcript after `start`;
        returns its end offset. For tests."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                i = self.transcript.find(text, start)
            if i >= 0:
                return i + len(text)
            time.sleep(0.01)
        raise TimeoutError("virtual device did not print %r; last output: %r"
                           % (text, bytes(self.transcript[-300:])))

    # -- the child -------------------------------------------------------
    def _spawn_plain(self, status_w):
        argv, path = child_command(self.flash_dir, self.lib, self.heap, self.raw_paste)
        env = dict(os.environ)
        env["MICROPYPATH"] = path

        def child_fds():
            os.dup2(status_w, STATUS_FD)
        return subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, env=env, preexec_fn=child_fds,
                                close_fds=False, bufsize=0)

    def _start_child(self):
        status_r, status_w = os.pipe()
        os.set_inheritable(status_w, True)
        self.armed = False
        self.proc = self.spawn(status_w)
        os.close(status_w)
        self.boots += 1
        proc = self.proc
        threading.Thread(target=self._status_loop, args=(proc, status_r), daemon=True).start()
        threading.Thread(target=self._output_loop, args=(proc,), daemon=True).start()

    def _stop_child(self):
        proc, self.proc = self.proc, None
        if proc and proc.poll() is None:
            proc.kill()
            proc.wait()

    def _status_loop(self, proc, fd):
        with os.fdopen(fd, "rb", buffering=0) as f:
            while True:
                data = f.read(64)
                if not data:
                    return
                if proc is self.proc:
                    self.armed = data[-1:] == b"I"

    def _output_loop(self, proc):
        out = proc.stdout
        while True:
            data = out.read(65536) if hasattr(out, "read") else b""
            if not data:
                break
            self._to_client(data)
        proc.wait()
        if proc is self.proc and not self._stopping:
            # The REPL itself died (a bug, or out of memory): reboot like a watchdog would.
            self._to_client(b"\r\n[virtual device: interpreter exited with status %d; rebooting]\r\n"
                            % proc.returncode)
            self._start_child()

    def _to_client(self, data):
        with self._lock:
            self.transcript += data
            if len(self.transcript) > 1 << 20:
                del self.transcript[:len(self.transcript) - (1 << 19)]
            client = self.client
            cut = False
            if self._cut_after is not None:
                if len(data) >= self._cut_after:
                    data = data[:self._cut_after]
                    cut = True
                else:
                    self._cut_after -= len(data)
        if client:
            try:
                client.sendall(data)
            except OSError:
                pass
            self._pace(len(data))
        if cut:
            with self._lock:
                self._cut_after = None
            self.cut()

    def _pace(self, nbytes):
        """Hold the output thread until the bus could have carried nbytes."""
        now = time.monotonic()
        self._bus_free_at = max(now, self._bus_free_at) + nbytes / USB_FS_BULK_BYTES_PER_S
        if self._bus_free_at > now:
            time.sleep(self._bus_free_at - now)

    def _to_child(self, data):
        proc = self.proc
        if not proc:
            return
        start = 0
        if not self.interrupt_as_byte:
            for i, byte in enumerate(data):
                if byte == CTRL_C and self.armed:
                    self._write_child(proc, data[start:i])
                    start = i + 1
                    _interrupt(proc)  # the byte itself is swallowed, as on the board
        self._write_child(proc, data[start:])

    @staticmethod
    def _write_child(proc, data):
        if data:
            try:
                proc.stdin.write(data)
            except (BrokenPipeError, ValueError, OSError):
                pass

    # -- the connection ----------------------------------------------------
    def _accept_loop(self):
        while not self._stopping:
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            with self._lock:
                busy = self.client is not None
                if not busy:
                    self.client = conn
            if busy:
                conn.close()  # the port is open elsewhere
                continue
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            threading.Thread(target=self._client_loop, args=(conn,), daemon=True).start()

    def _client_loop(self, conn):
        try:
            while True:
                data = conn.recv(65536)
                if not data:
                    break
                # ACK at once: hosts (pyserial) leave Nagle on, and a delayed ACK
                # would hold each of their small writes back ~40 ms
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)
                self._to_child(data)
        except OSError:
            pass
        with self._lock:
            if self.client is conn:
                self.client = None
        conn.close()


def _interrupt(proc, patience=2.0):
    """SIGINT to the child once it sleeps in a system call (a sleep, a read,
    a write): never while it runs, where it could be collecting garbage."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline and _process_state(proc.pid) == "R":
        time.sleep(0.0005)
    try:
        proc.send_signal(signal.SIGINT)
    except OSError:
        pass


def _process_state(pid):
    """The state letter of /proc/PID/stat (R running, S sleeping, ...), or ""."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[0].decode()
    except (OSError, IndexError):
        return ""


# -- the real firmware on the virtual board, behind the endpoint ---------------
def board_device(flash_dir, port=0, heap="192k", accel=True, deployed=True, **board_options):
    """(VirtualBoard, VirtualDevice): firmware/main.py on the virtual board
    (screen, keys, accelerometer driven through the VirtualBoard) with its
    USB REPL on socket://127.0.0.1:PORT. Start the device (it boots the
    board); drive the board's time with the VirtualBoard as usual. While the
    REPL waits for input the board still answers, so the screen and the
    clock go on during a pull."""
    import shutil
    from dicetray_host.vboard.board import VirtualBoard
    # As deployed: main.py on the flash (the Pico boots it), the package in
    # /lib (the repository's firmware folder, mounted there by the board).
    # deployed=False: a fresh Pico, nothing but what is copied to its flash
    # (`dicetray deploy` puts the package in the flash's own /lib).
    Path(flash_dir).mkdir(parents=True, exist_ok=True)
    if deployed:
        shutil.copyfile(FIRMWARE / "main.py", Path(flash_dir) / "main.py")
    vb = VirtualBoard(flash_dir, entry="vdevice_boot:run", heap=heap, accel=accel,
                      extra_path=[REPL_DIR], rom=("vdevice_repl", "vdevice_boot"),
                      lib_from_flash=not deployed, **board_options)

    def spawn(status_w):
        if vb.proc is not None:
            vb.power_cut()
        vb.start(usb_status_fd=status_w)
        return vb.proc
    device = VirtualDevice(flash_dir, port=port, spawn=spawn, interrupt_as_byte=True)
    return vb, device


# -- `--serve PORT` for the commands that run a device -----------------------
def serve_arguments(parser):
    """Options of the one command that serves a virtual tray on USB:
    `dicetray sim --serve PORT`."""
    parser.add_argument("--serve", metavar="PORT", type=int, default=None,
                        help="serve the board's USB REPL on socket://127.0.0.1:PORT (0: any free port)")
    parser.add_argument("--no-raw-paste", dest="raw_paste", action="store_false",
                        help="decline raw-paste mode (R\\x00), as some boards do")


def serve(device, stream=sys.stdout):
    """Run a started device until Ctrl-C; prints where to connect."""
    stream.write("virtual dice tray on %s (flash: %s)\n" % (device.url, device.flash_dir))
    stream.write("connect: mpremote connect port:%s   or   dicetray pull --port %s\n"
                 % (device.url, device.url))
    stream.flush()
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        return 0
    finally:
        device.stop()
