"""The USB link to a tray: mpremote's SerialTransport, used as a library.

Why a library and not `mpremote` subprocesses: one connection for the whole
pull (each mpremote run interrupts the game, soft-resets and reconnects,
about 0.5 s apiece), output read in large blocks rather than mpremote's
byte-at-a-time `follow`, and a clean hand-back at the end (a soft reset in
the friendly REPL, so main.py runs again and the game resumes).
"""
import contextlib
import io
import select
import sys
import time

from mpremote.transport import TransportError, TransportExecError  # noqa: F401 (re-exported)
from mpremote.transport_serial import SerialTransport

from dicetray_host.terminal import shown

CTRL_B = b"\x02"
CTRL_C = b"\x03"
CTRL_D = b"\x04"
OUTPUT_LIMIT = 1 << 20  # bytes one command may print unless the caller allows more


class LinkError(Exception):
    """The board could not be reached or stopped answering."""


class DeviceError(LinkError):
    """The board ran a command and reported an error (its traceback)."""


class TimeUp(LinkError):
    """The session ran out of the time it was given."""


def _last_line(text):
    lines = [line for line in text.replace("\r", "\n").split("\n") if line.strip()]
    return shown(lines[-1].strip()[:200]) if lines else "(nothing)"


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
            out = board.exec("print(1)")    # bytes printed; DeviceError on an exception
        # leaving, whatever happened: friendly REPL + soft reset, so main.py
        # (the game) runs again

    Nothing the board sends is trusted: each command's output is bounded
    (OUTPUT_LIMIT bytes unless the caller allows more), each read waits at
    most `timeout` seconds, the whole session at most `seconds` (TimeUp).
    """

    def __init__(self, port=None, resume=True, timeout=10.0, seconds=None):
        self.port = find_port(port)
        self.resume = resume
        self.timeout = timeout
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.seconds = seconds
        self.transport = None
        self._said = io.StringIO()  # what mpremote prints on its own (a failed handshake)

    def __enter__(self):
        try:
            self.transport = SerialTransport(self.port, baudrate=115200)
        except TransportError as e:
            raise LinkError("cannot open %s: %s" % (self.port, e)) from None
        try:
            self.transport.serial.timeout = self._wait()
            self.transport.serial = _Pushback(self.transport.serial)
            with contextlib.redirect_stdout(self._said):
                self.transport.enter_raw_repl(soft_reset=True, timeout_overall=self._wait())
        except Exception as e:
            said = self._said.getvalue()
            self.__exit__(None, None, None)
            if isinstance(e, LinkError):
                raise
            raise LinkError("%s does not answer as a MicroPython REPL: %s%s" % (
                self.port, shown(e), "; it sent: %s" % _last_line(said) if said.strip() else "")) from None
        return self

    def __exit__(self, exc_type, exc, tb):
        try:
            if self.resume:
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

    def _wait(self):
        """Seconds a read may wait now: the read timeout, or what is left."""
        if self.deadline is None:
            return self.timeout
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeUp("no answer within the %g s allowed" % self.seconds)
        return min(self.timeout, left)

    def hand_back(self):
        """Whatever state the board is in: stop what runs, friendly REPL,
        then a soft reset there: the board boots main.py again (in the raw
        REPL it would not), so the game goes on. Best effort: a link that
        is gone stays gone."""
        if self.transport is None:
            return
        serial = self.transport.serial
        self.deadline = None  # the hand-back has its own limits
        # A board that answers ends each wait at once; only a board that
        # is gone costs the whole wait. Generous, so that a board busy with
        # a garbage collection or a flash write (or a virtual board on a
        # loaded computer) is still handed back.
        self.timeout = 5.0
        try:
            serial.write(b"\r" + CTRL_C + CTRL_C)  # a command still running stops
            self._drain(0.2, 3.0)
            serial.write(b"\r" + CTRL_B)
            self.transport.in_raw_repl = False
            self._read_until(b">>> ", 15)
            serial.write(CTRL_D)
            self._read_until(b"soft reboot\r\n", 15)
        except Exception:
            pass  # the link is gone; the board resumes at its next power-up

    def _drain(self, quiet, limit):
        """Read and drop output until `quiet` seconds pass without any,
        or `limit` seconds in all."""
        end = time.monotonic() + limit
        timeout, self.timeout = self.timeout, quiet
        try:
            while time.monotonic() < end and self._read_some():
                pass
        finally:
            self.timeout = timeout

    def _read_until(self, ending, timeout):
        data = b""
        deadline = time.monotonic() + timeout
        while ending not in data:
            if time.monotonic() > deadline or len(data) > OUTPUT_LIMIT:
                raise LinkError("timed out waiting for %r" % ending)
            chunk = self._read_some()
            if not chunk:
                raise LinkError("no answer from the board")
            data += chunk
        end = data.index(ending) + len(ending)
        self.transport.serial.pending = data[end:] + self.transport.serial.pending
        return data[:end]

    def exec(self, code, consumer=None, limit=OUTPUT_LIMIT):
        """Run code in the raw REPL; returns its output (or passes each block
        of it to consumer). Reads in blocks: fast on long outputs. More than
        `limit` bytes of output, or an error output: LinkError/DeviceError."""
        t = self.transport
        try:
            with contextlib.redirect_stdout(self._said):
                t.exec_raw_no_follow(code)
        except TransportError as e:
            raise LinkError("the board did not take the command: %s" % shown(e)) from None
        except Exception as e:  # serial errors, a closed socket
            raise LinkError("connection to the board lost: %s" % shown(e or type(e).__name__)) from None
        out, err = self._follow(consumer, limit)
        if err:
            raise DeviceError("the board reported an error: %s" % _last_line(err.decode("utf-8", "replace")))
        return out

    def _read_some(self):
        """Whatever has arrived (at least one byte), b"" after a quiet
        read timeout. pyserial's socket:// reports at most 1 byte waiting,
        so read its socket directly."""
        serial = self.transport.serial
        if serial.pending:
            data, serial.pending = serial.pending, b""
            return data
        wait = self._wait()
        try:
            sock = getattr(serial.serial, "_socket", None)
            if sock is None:
                serial.serial.timeout = wait
                data = serial.read(max(1, min(serial.in_waiting, 65536)))
                if not data:
                    self._wait()
                return data
            ready, _, _ = select.select([sock], [], [], wait)
            if not ready:
                self._wait()  # TimeUp when the session's time is what ran out
                return b""
            try:
                data = sock.recv(65536)
            except BlockingIOError:
                return self._read_some()
        except LinkError:
            raise
        except Exception as e:  # serial errors, a closed socket
            raise LinkError("connection to the board lost: %s" % shown(e or type(e).__name__)) from None
        if not data:
            raise LinkError("the board closed the connection")
        return data

    def _follow(self, consumer, limit):
        """(output, error output) of the command just sent: the two parts
        end with Ctrl-D each."""
        parts = []
        buf = b""
        taken = 0  # output bytes passed on so far
        while True:
            chunk = self._read_some()
            if not chunk:
                raise LinkError("the board stopped answering")
            buf += chunk
            end = buf.find(CTRL_D)
            head = buf if end < 0 else buf[:end]
            if taken + len(head) > limit:
                raise LinkError("the board sent more than %d bytes for one command" % limit)
            if end >= 0:
                buf = buf[end + 1:]
                if consumer:
                    consumer(head)
                else:
                    parts.append(head)
                break
            if not consumer or len(buf) > 4096:
                taken += len(buf)
                (consumer or parts.append)(buf)
                buf = b""
        while CTRL_D not in buf:
            if len(buf) > OUTPUT_LIMIT:
                raise LinkError("the board sent more than %d bytes of error output" % OUTPUT_LIMIT)
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
