# The USB REPL of a Pico, for the MicroPython unix port (virtual device).
#
# Boots like the rp2 port (boot.py, then main.py in friendly mode only), then
# serves the friendly REPL and the raw REPL (with raw paste) on stdin/stdout,
# byte for byte as shared/runtime/pyexec.c does. Ctrl-C cannot reach running
# code through stdin, so the host server turns it into SIGINT while the
# interrupt character is armed; this module reports arming on a status fd
# ("I" armed, "i" disarmed). Soft reset drops every module imported since
# boot and starts over with fresh globals, without leaving the process.
import gc
import io
import os
import sys

_CTRL_A = 1
_CTRL_B = 2
_CTRL_C = 3
_CTRL_D = 4
_CTRL_E = 5
_BANNER = b"MicroPython v1.29.0-preview (virtual dicetray); Raspberry Pi Pico with RP2040\r\n" \
          b'Type "help()" for more information.\r\n'
_RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"


_HERE = '"%s"' % __file__


class SoftReset(Exception):
    pass


class Device:
    def __init__(self, status_fd=-1, raw_paste=True, window=128, idle=None):
        self.stdin = sys.stdin.buffer
        self.out = sys.stdout.buffer
        self.status = open(status_fd, "wb") if status_fd >= 0 else None
        self.raw_paste = raw_paste
        self.window = window
        self.raw_mode = False
        self.keep = set(sys.modules)  # modules of the "ROM": kept over soft resets
        self.keep_path = list(sys.path)
        self.g = None
        # idle(fd): returns when fd has input; the virtual board answers its
        # host meanwhile, so the tray's clock and screen go on while we wait.
        self.idle = idle
        self.armed = False      # the interrupt character stops running code
        self.pending = bytearray()  # bytes read at an interrupt point, for the REPL
        self._next = 0          # index of the next pending byte
        import select
        self._poller = select.poll()
        self._poller.register(self.stdin, select.POLLIN)

    # -- the wire --------------------------------------------------------
    def write(self, data):
        self.out.write(data)

    def read_char(self):
        """One byte from the host; a SIGINT that lands while waiting counts
        as the Ctrl-C byte it was made from. EOF: the server went away."""
        pending = self.pending
        if self._next < len(pending):
            c = pending[self._next]
            self._next += 1
            if self._next == len(pending):
                self.pending = bytearray()
                self._next = 0
            return c
        try:
            if self.idle is not None:
                self.idle(0)
            b = self.stdin.read(1)
        except KeyboardInterrupt:
            return _CTRL_C
        if not b:
            sys.exit(0)
        return b[0]

    def show_exception(self, e):
        """The traceback as the board prints it: our own frames left out,
        lines ended with \r\n."""
        buf = io.StringIO()
        sys.print_exception(e, buf)
        for line in buf.getvalue().split("\n"):
            if line and _HERE not in line:
                self.write(line.encode() + b"\r\n")

    def arm(self, armed):
        self.armed = armed
        if self.status:
            self.status.write(b"I" if armed else b"i")

    def usb_waiting(self):
        """Whether the host has sent bytes not read yet."""
        return bool(self._poller.poll(0))

    def interrupt_point(self):
        """Called by the virtual board where the running program may safely
        stop (it waits, or serves its host): what the host sent meanwhile is
        read, and a Ctrl-C drops what came before it and raises
        KeyboardInterrupt, as the rp2 USB stack does. The host sends Ctrl-C
        as a byte, never as SIGINT: the unix port raises on SIGINT at once,
        even inside a garbage collection, which leaves the heap locked."""
        if not self.armed:
            return
        interrupted = False
        while self.usb_waiting():
            b = self.stdin.read(1)
            if not b:
                sys.exit(0)  # the server went away
            if b[0] == _CTRL_C:
                self.pending = bytearray()
                self._next = 0
                interrupted = True
            else:
                self.pending.append(b[0])
        if interrupted:
            raise KeyboardInterrupt

    # -- running code ----------------------------------------------------
    def execute(self, code, mode, raw):
        """Compile and run code (str or callable source) as pyexec's
        parse_compile_execute: in raw mode output, \x04, error, \x04.
        Returns True when the code asked for a soft reset (SystemExit)."""
        forced = False
        error = None
        try:
            self.arm(True)
            try:
                fn = compile(code, "<stdin>", mode) if type(code) is str else code
                exec(fn, self.g)
            finally:
                self.arm(False)
        except SystemExit:
            forced = True
        except BaseException as e:  # KeyboardInterrupt too: shown, like on the board
            error = e
        if raw:
            self.write(b"\x04")
        if error is not None:
            self.show_exception(error)
        if raw:
            self.write(b"\x04")
        return forced

    def run_file(self, name):
        """pyexec_file_if_exists: True when it ran without an exception,
        None on a soft reset request."""
        try:
            os.stat(name)
        except OSError:
            return True
        try:
            with open(name) as f:
                source = f.read()
        except OSError as e:
            self.show_exception(e)
            return False
        self.g["__file__"] = name
        try:
            self.arm(True)
            try:
                exec(compile(source, name, "exec"), self.g)
            finally:
                self.arm(False)
        except SystemExit:
            return None
        except BaseException as e:
            self.show_exception(e)
            return False
        return True

    # -- raw REPL --------------------------------------------------------
    def raw_repl(self):
        """Returns "friendly" on Ctrl-B; raises SoftReset on Ctrl-D alone."""
        self.write(_RAW_BANNER)
        line = bytearray()
        while True:
            line[:] = b""
            self.write(b">")
            while True:
                c = self.read_char()
                if c == _CTRL_A:
                    if len(line) == 2 and line[0] == _CTRL_E:
                        accepted = self.raw_paste_command(line[1])
                        if accepted is None:
                            raise SoftReset()
                        line[:] = b""
                        if accepted:
                            # pyexec also sends ">" after declining, which
                            # hosts (mpremote, pyboard.py) would read as the
                            # start of "OK": decline quietly instead
                            self.write(b">")
                        continue
                    self.write(_RAW_BANNER)
                    line[:] = b""
                    self.write(b">")
                elif c == _CTRL_B:
                    self.write(b"\r\n")
                    self.raw_mode = False
                    return
                elif c == _CTRL_C:
                    line[:] = b""
                elif c == _CTRL_D:
                    break
                else:
                    line.append(c)
            self.write(b"OK")
            if not line:
                self.write(b"\r\n")
                raise SoftReset()
            if self.execute(bytes(line).decode(), "exec", True):
                raise SoftReset()

    def raw_paste_command(self, command):
        """Raw paste (Ctrl-E A Ctrl-A): True when run, False when declined
        with R\\x00 (the host goes on in plain raw mode), None when the code
        asked for a soft reset."""
        if command != ord("A") or not self.raw_paste:
            self.write(b"R\x00")
            return False
        w = self.window
        self.write(b"R\x01" + bytes((w & 0xFF, w >> 8, 1)))
        code = bytearray()
        remain = w
        interrupted = False
        while True:
            c = self.read_char()
            if c == _CTRL_C or c == _CTRL_D:
                self.write(b"\x04")  # end acknowledged
                interrupted = c == _CTRL_C
                break
            code.append(c)
            remain -= 1
            if remain == 0:
                self.write(b"\x01")  # another window is free
                remain = w
        if interrupted:
            self.write(b"\x04")
            self.show_exception(KeyboardInterrupt())
            self.write(b"\x04")
            return True
        return None if self.execute(bytes(code).decode(), "exec", True) else True

    # -- friendly REPL ---------------------------------------------------
    def read_line(self, prompt):
        """readline() with echo: the text, or a control code (int)."""
        self.write(prompt)
        line = bytearray()
        last = 0
        while True:
            c = self.read_char()
            if c == 13 or (c == 10 and last != 13):
                self.write(b"\r\n")
                return bytes(line).decode()
            last = c
            if c == 10:
                continue
            if c == _CTRL_C or c == _CTRL_E or (_CTRL_A <= c <= _CTRL_D and not line):
                return c  # Ctrl-A/B/D count on an empty line only
            if c == 8 or c == 127:
                if line:
                    line.pop()
                    self.write(b"\x08 \x08")
            elif c >= 32 or c == 9:
                line.append(c)
                self.write(bytes((c,)))

    def friendly_repl(self):
        self.write(_BANNER)
        while True:
            got = self.read_line(b">>> ")
            if got == _CTRL_A:
                self.write(b"\r\n")
                self.raw_mode = True
                return
            if got == _CTRL_B:
                self.write(b"\r\n" + _BANNER)
                continue
            if got == _CTRL_C:
                self.write(b"\r\n")
                continue
            if got == _CTRL_D:
                self.write(b"\r\n")
                raise SoftReset()
            if got == _CTRL_E:
                source = self.paste_mode()
                if source is None:
                    continue
                mode = "exec"
            elif not got.strip():
                continue
            else:
                source = got
                mode = "single"
                if got.rstrip().endswith(":"):
                    source = self.more_lines(got)
                    if source is None:
                        continue
            if self.execute(source, mode, False):
                raise SoftReset()

    def more_lines(self, first):
        lines = [first]
        while True:
            got = self.read_line(b"... ")
            if got == _CTRL_C:
                self.write(b"\r\n")
                return None
            if got == _CTRL_D or got == "" or type(got) is int:
                return "\n".join(lines) + "\n"
            lines.append(got)

    def paste_mode(self):
        self.write(b"\r\npaste mode; Ctrl-C to cancel, Ctrl-D to finish\r\n=== ")
        text = bytearray()
        while True:
            c = self.read_char()
            if c == _CTRL_C:
                self.write(b"\r\n")
                return None
            if c == _CTRL_D:
                self.write(b"\r\n")
                return bytes(text).decode()
            text.append(c)
            self.write(b"\r\n=== " if c == 13 else bytes((c,)))

    # -- boot and soft reset ---------------------------------------------
    def fresh_state(self):
        core = sys.modules.get("vboard_core")
        if core is not None:
            core.board.soft_reset()  # timers and PIO, as rp2's soft reset
        for name in list(sys.modules):
            if name not in self.keep:
                del sys.modules[name]
        sys.path[:] = self.keep_path
        self.g = {"__name__": "__main__"}
        gc.collect()

    def session(self):
        """One boot: scripts, then the REPL until a soft reset."""
        self.fresh_state()
        ok = self.run_file("boot.py")
        if ok is None:
            return
        if not self.raw_mode and ok:
            if self.run_file("main.py") is None:
                return
        try:
            while True:
                if self.raw_mode:
                    self.raw_repl()
                else:
                    self.friendly_repl()
        except SoftReset:
            pass

    def run(self):
        while True:
            try:
                self.session()
            except KeyboardInterrupt:
                pass  # a late Ctrl-C between two steps: nothing to stop
            self.write(b"MPY: soft reboot\r\n")


def boot(root, lib=None, status_fd=-1, raw_paste=True):
    """Mount the virtual flash as / (and a host folder read-only at /lib,
    so nothing written on the board lands in it), then run forever."""
    import vfs
    vfs.mount(vfs.VfsPosix(root), "/")
    if lib:
        vfs.mount(vfs.VfsPosix(lib), "/lib", readonly=True)
    os.chdir("/")
    sys.path[:] = ["", ".frozen", "/lib"]
    Device(status_fd, raw_paste).run()
