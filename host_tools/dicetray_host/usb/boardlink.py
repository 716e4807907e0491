"""The USB link to a tray: mpremote's SerialTransport, used as a library.

Why a library and not `mpremote` subprocesses: one connection for the whole
pull (each mpremote run interrupts the game, soft-resets and reconnects,
about 0.5 s apiece), output read in large blocks rather than mpremote's
byte-at-a-time `follow`, and a clean hand-back at the end (a soft reset in
the friendly REPL, so main.py runs again and the game resumes).
"""
import select
import sys
import time

from mpremote.transport import TransportError, TransportExecError  # noqa: F401 (re-exported)
from mpremote.transport_serial import SerialTransport

CTRL_B = b"\x02"
CTRL_D = b"\x04"


class LinkError(Exception):
    """The board could not be reached or stopped answering."""


def find_port(port=None):
    """The device to open: an explicit port (a serial device or a pyserial
    URL such as socket://127.0.0.1:PORT; mpremote's "port:" prefix allowed),
    else the first USB serial port with a vendor id, as `mpremote` does."""
    if port and port != "auto":
        return port[len("port:"):] if port.startswith("port:") else port
    import serial.tools.list_ports
    for info in sorted(serial.tools.list_ports.comports()):
        if info.vid is not None and info.pid is not None:
            return info.device
    raise LinkError("no board found on USB; plug in the tray or give --port")


class _Pushback:
    """The serial port with room to give back bytes read past the end of an
    answer (mpremote expects to read the next ">" prompt itself)."""

    def __init__(self, serial):
        self.serial = serial
        self.pending = b""

    def __getattr__(self, name):
        return getattr(self.serial, name)

    def inWaiting(self):
        return len(self.pending) or self.serial.inWaiting()

    @property
    def in_waiting(self):
        return self.inWaiting()

    def read(self, size=1):
        if not self.pending:
            return self.serial.read(size)
        out, self.pending = self.pending[:size], self.pending[size:]
        if len(out) < size:
            out += self.serial.read(size - len(out))
        return out

    def write(self, data):
        return self.serial.write(data)


class Board:
    """A raw-REPL session with the board.

        with Board(port) as board:          # interrupts main.py, soft reset, raw REPL
            out = board.exec("print(1)")    # bytes printed; TransportExecError on an exception
        # leaving: friendly REPL + soft reset, so main.py (the game) runs again
    """

    def __init__(self, port=None, resume=True, timeout=10.0):
        self.port = find_port(port)
        self.resume = resume
        self.timeout = timeout
        self.transport = None

    def __enter__(self):
        try:
            self.transport = SerialTransport(self.port, baudrate=115200)
        except TransportError as e:
            raise LinkError("cannot open %s: %s" % (self.port, e)) from None
        try:
            self.transport.serial.timeout = self.timeout
            self.transport.serial = _Pushback(self.transport.serial)
            self.transport.enter_raw_repl(soft_reset=True)
        except Exception as e:
            self._close()
            raise LinkError("%s does not answer as a MicroPython REPL: %s" % (self.port, e)) from None
        return self

    def __exit__(self, exc_type, exc, tb):
        try:
            if self.resume and not isinstance(exc, LinkError):
                self.hand_back()
        finally:
            self._close()

    def _close(self):
        if self.transport:
            try:
                self.transport.serial.close()
            except Exception:
                pass
            self.transport = None

    def hand_back(self):
        """Friendly REPL, then a soft reset there: the board boots main.py again
        (in the raw REPL it would not), so the game goes on."""
        serial = self.transport.serial
        try:
            serial.write(b"\r" + CTRL_B)
            self.transport.in_raw_repl = False
            self._read_until(b">>> ", 5)
            serial.write(CTRL_D)
            self._read_until(b"soft reboot\r\n", 5)
        except (LinkError, OSError):
            pass  # the link is gone; the board resumes at its next power-up

    def _read_until(self, ending, timeout):
        serial = self.transport.serial
        data = b""
        deadline = time.monotonic() + timeout
        while not data.endswith(ending):
            if time.monotonic() > deadline:
                raise LinkError("timed out waiting for %r" % ending)
            chunk = serial.read(max(1, min(serial.in_waiting, 4096)))
            if not chunk:
                raise LinkError("no answer from the board")
            data += chunk
            if ending in data:
                break
        return data

    def exec(self, code, consumer=None):
        """Run code in the raw REPL; returns its output (or passes each block
        of it to consumer). Reads in blocks: fast on long outputs."""
        t = self.transport
        try:
            t.exec_raw_no_follow(code)
            out, err = self._follow(consumer)
        except LinkError:
            raise
        except Exception as e:  # serial errors, a closed socket, mpremote's own
            raise LinkError("connection to the board lost: %s" % (e or type(e).__name__)) from None
        if err:
            raise TransportExecError(out, err.decode("utf-8", "replace"))
        return out

    def _read_some(self):
        """Whatever has arrived (at least one byte). pyserial's socket://
        reports at most 1 byte waiting, so read its socket directly."""
        serial = self.transport.serial
        if serial.pending:
            data, serial.pending = serial.pending, b""
            return data
        sock = getattr(serial.serial, "_socket", None)
        if sock is None:
            return serial.read(max(1, min(serial.in_waiting, 65536)))
        ready, _, _ = select.select([sock], [], [], self.timeout)
        if not ready:
            return b""
        try:
            data = sock.recv(65536)
        except BlockingIOError:
            return self._read_some()
        if not data:
            raise LinkError("the board closed the connection")
        return data

    def _follow(self, consumer):
        parts = []
        buf = b""
        while True:
            chunk = self._read_some()
            if not chunk:
                raise LinkError("the board stopped answering")
            buf += chunk
            end = buf.find(CTRL_D)
            if end >= 0:
                head, buf = buf[:end], buf[end + 1:]
                if consumer:
                    consumer(head)
                else:
                    parts.append(head)
                break
            if consumer and len(buf) > 4096:
                consumer(buf)
                buf = b""
            elif not consumer:
                parts.append(buf)
                buf = b""
        while CTRL_D not in buf:
            chunk = self._read_some()
            if not chunk:
                raise LinkError("the board stopped answering")
            buf += chunk
        end = buf.index(CTRL_D)
        err = buf[:end]
        self.transport.serial.pending = buf[end + 1:] + self.transport.serial.pending
        return b"".join(parts), err


def stderr_is_terminal():
    return sys.stderr.isatty()
