"""A hostile device at the USB boundary: a TCP endpoint that speaks a
MicroPython raw REPL (Ctrl-A/B/C/D, raw paste declined with R\\x00, as
some boards do) and answers each command with whatever a test scripts:
wrong names, junk, endless output, error output, no end marker.

    with FakeDevice(answer) as dev:     # answer(code) -> (output chunks, error output)
        dicetray("pull", "--port", dev.url, ...)
    dev.handed_back                     # soft resets asked for in the friendly REPL

Output chunks may be an endless iterator; sending stops at a Ctrl-C, as a
board's running command would, or when the client goes away.
"""
import socket
import threading

BANNER = b"raw REPL; CTRL-B to exit\r\n>"
FRIENDLY = b"\r\nMicroPython v1.29.0 (fake hostile device)\r\n>>> "


class FakeDevice:
    def __init__(self, answer):
        self.answer = answer
        self.commands = []       # code received, in order
        self.handed_back = 0     # Ctrl-D in the friendly REPL: main.py would run again
        self._server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._server.bind(("127.0.0.1", 0))
        self._server.listen(1)
        self.url = "socket://127.0.0.1:%d" % self._server.getsockname()[1]
        self._stop = threading.Event()

    def __enter__(self):
        threading.Thread(target=self._accept, daemon=True).start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._server.close()

    def _accept(self):
        while not self._stop.is_set():
            try:
                conn, _ = self._server.accept()
            except OSError:
                return
            self._session(conn)

    def _session(self, conn):
        raw = False
        line = bytearray()
        paste = b""
        interrupted = threading.Event()
        sender = None
        try:
            while True:
                data = conn.recv(65536)
                if not data:
                    break
                for byte in data:
                    c = bytes((byte,))
                    if paste or (raw and c == b"\x05"):
                        paste += c
                        if paste == b"\x05A\x01":
                            conn.sendall(b"R\x00")  # raw paste declined: plain raw REPL
                            paste = b""
                        elif not b"\x05A\x01".startswith(paste):
                            paste = b""
                        continue
                    if c == b"\x03":
                        interrupted.set()
                        line = bytearray()
                        if not raw:
                            conn.sendall(b"\r\n>>> ")
                    elif c == b"\x01":
                        raw = True
                        line = bytearray()
                        conn.sendall(b"\r\n" + BANNER)
                    elif c == b"\x02":
                        raw = False
                        conn.sendall(FRIENDLY)
                    elif c == b"\x04":
                        if not raw:
                            self.handed_back += 1
                            conn.sendall(b"MPY: soft reboot\r\n" + FRIENDLY)
                        elif not line:
                            conn.sendall(b"OK\r\nMPY: soft reboot\r\n" + BANNER)
                        else:
                            code = bytes(line).decode("utf-8", "replace")
                            line = bytearray()
                            self.commands.append(code)
                            if sender is not None:
                                sender.join()
                            interrupted.clear()
                            sender = threading.Thread(target=self._send, args=(conn, code, interrupted),
                                                      daemon=True)
                            sender.start()
                    elif raw:
                        line += c
        except OSError:
            pass
        finally:
            interrupted.set()
            conn.close()

    def _send(self, conn, code, interrupted):
        chunks, err = self.answer(code)
        try:
            conn.sendall(b"OK")
            for chunk in chunks:
                if interrupted.is_set():
                    conn.sendall(b"\x04Traceback (most recent call last):\r\nKeyboardInterrupt: \r\n\x04>")
                    return
                conn.sendall(chunk)
            conn.sendall(b"\x04" + err + b"\x04>")
        except OSError:
            pass


def listing(*lines):
    """An answer to the listing command, as text lines."""
    return "".join(line + "\n" for line in lines).encode()
