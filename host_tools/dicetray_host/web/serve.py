"""A static file server for the built page (build/web), on 127.0.0.1 only."""
import functools
import http.server

# Module scripts and WebAssembly need their exact types; nothing is cached,
# so a page built again is what the next reload gets.
TYPES = {".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript",
         ".css": "text/css", ".json": "application/json", ".wasm": "application/wasm",
         ".py": "text/x-python", ".svg": "image/svg+xml"}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        if self.server.log:
            super().log_message(format, *args)


def make_server(folder, port=8000, log=False):
    """A ThreadingHTTPServer serving `folder` at http://127.0.0.1:port/ (0: any free port)."""
    handler = functools.partial(_Handler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    server.log = log
    return server
