"""Real headless Chromium (Debian's /usr/bin/chromium) driven through its
DevTools protocol, over the --remote-debugging-pipe (fd 3 commands in,
fd 4 answers out, NUL-separated JSON): no websocket library, no browser
download. The page's tests and `make bench` (section web) use it.

    with Browser() as b:
        page = b.open("http://127.0.0.1:8000/")
        page.wait("window.tray && window.tray.ready")
        page.click("#throw")

Waits are on page state, with generous timeouts (a slow machine is no failure).
"""
import base64
import json
import os
import shutil
import subprocess
import tempfile
import threading
import time

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic",
         "--disable-extensions", "--hide-scrollbars", "--mute-audio", "--disable-default-apps",
         "--force-color-profile=srgb", "--remote-debugging-pipe"]
TIMEOUT_S = 180


def missing_tools():
    """What the page's tests and benchmark need and this machine lacks."""
    return [tool for tool in (CHROMIUM, "node", "npm")
            if not (os.path.exists(tool) if tool.startswith("/") else shutil.which(tool))]


class BrowserError(RuntimeError):
    pass


class Browser:
    def __init__(self, downloads=None):
        self.profile = tempfile.mkdtemp(prefix="chromium-profile-")
        self.downloads = downloads
        to_r, self._to_w = os.pipe()
        self._from_r, from_w = os.pipe()
        command = " ".join([CHROMIUM, *FLAGS, "--user-data-dir=" + self.profile, "about:blank"])
        self.proc = subprocess.Popen(["bash", "-c", "exec %s 3<&%d 4>&%d" % (command, to_r, from_w)],
                                     pass_fds=(to_r, from_w), stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self._next = 0
        self._answers = {}
        self.events = []
        self._cond = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        if downloads:
            self.send("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads),
                                                      "eventsEnabled": True})

    def _read(self):
        buf = b""
        while True:
            try:
                data = os.read(self._from_r, 1 << 16)
            except OSError:
                data = b""
            if not data:
                with self._cond:
                    self._closed = True
                    self._cond.notify_all()
                return
            buf += data
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                message = json.loads(raw)
                with self._cond:
                    if "id" in message:
                        self._answers[message["id"]] = message
                    else:
                        self.events.append(message)
                    self._cond.notify_all()

    _closed = False

    def send(self, method, params=None, session=None, timeout=TIMEOUT_S):
        with self._cond:
            self._next += 1
            ident = self._next
        message = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        with self._cond:
            while ident not in self._answers:
                if self._closed:
                    raise BrowserError("Chromium went away during %s" % method)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise BrowserError("no answer to %s in %d s" % (method, timeout))
                self._cond.wait(left)
            answer = self._answers.pop(ident)
        if "error" in answer:
            raise BrowserError("%s: %s" % (method, answer["error"]))
        return answer.get("result", {})

    def open(self, url, width=1280, height=1000):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        for domain in ("Page", "Runtime", "Network"):
            page.send(domain + ".enable")
        page.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        page.navigate(url)
        return page

    def requested_urls(self):
        with self._cond:
            return [e["params"]["request"]["url"] for e in self.events
                    if e.get("method") == "Network.requestWillBeSent"]

    def close(self):
        try:
            self.send("Browser.close", timeout=10)
        except (BrowserError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        for fd in (self._to_w, self._from_r):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


class Page:
    def __init__(self, browser, session):
        self.browser = browser
        self.session = session

    def send(self, method, params=None, timeout=TIMEOUT_S):
        return self.browser.send(method, params, self.session, timeout)

    def navigate(self, url):
        self.send("Page.navigate", {"url": url})

    def reload(self):
        self.send("Page.reload", {"ignoreCache": True})

    def eval(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True,
                                                "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError("%s: %s" % (expression, result["exceptionDetails"].get("exception", {})
                                           .get("description", result["exceptionDetails"])))
        return result["result"].get("value")

    def wait(self, expression, timeout=TIMEOUT_S, what=None):
        """Until the expression is truthy in the page; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.eval(expression)
            except BrowserError:
                value = None  # the page is between two documents (a reload)
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError("waited %d s for %s" % (timeout, what or expression))
            time.sleep(0.05)

    def center(self, selector):
        box = self.eval("(() => { const r = document.querySelector(%s).getBoundingClientRect();"
                        " return [r.x + r.width / 2, r.y + r.height / 2]; })()" % json.dumps(selector))
        return box

    def mouse(self, kind, x, y):
        self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left",
                                               "buttons": 1 if kind == "mousePressed" else 0,
                                               "clickCount": 1})

    def click(self, selector):
        x, y = self.center(selector)
        self.mouse("mouseMoved", x, y)
        self.mouse("mousePressed", x, y)
        self.mouse("mouseReleased", x, y)

    def screenshot(self, selector):
        """PNG bytes of the element's box, at one device pixel per CSS pixel."""
        x, y, w, h = self.eval("(() => { const r = document.querySelector(%s).getBoundingClientRect();"
                               " return [r.x + scrollX, r.y + scrollY, r.width, r.height]; })()"
                               % json.dumps(selector))
        shot = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True,
                                                    "clip": {"x": x, "y": y, "width": w, "height": h,
                                                             "scale": 1}})
        return base64.b64decode(shot["data"])
