"""`dicetray web`: serve the tray's page (make web) on 127.0.0.1"""
import sys

from dicetray_host.web.build import OUT, BuildError, build
from dicetray_host.web.serve import make_server


def configure(parser):
    parser.add_argument("--port", type=int, default=8000, help="port on 127.0.0.1 (default 8000; 0: any free one)")
    parser.add_argument("--dir", default=str(OUT), help="the built page (default build/web, built when missing)")
    parser.add_argument("--log", action="store_true", help="print every request")


def run(args):
    from pathlib import Path
    folder = Path(args.dir)
    if not (folder / "index.html").exists():
        if folder.resolve() != OUT.resolve():
            sys.stderr.write("dicetray web: %s has no index.html (build it with `make web`)\n" % folder)
            return 2
        print("dicetray web: building %s first (make web)" % folder, flush=True)
        try:
            build()
        except BuildError as e:
            sys.stderr.write("dicetray web: %s\n" % e)
            return 1
    try:
        server = make_server(folder, args.port, args.log)
    except OSError as e:
        sys.stderr.write("dicetray web: cannot listen on 127.0.0.1:%d: %s\n" % (args.port, e.strerror or e))
        return 1
    print("dicetray web: the tray on http://127.0.0.1:%d/ (Ctrl-C stops)" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        return 0
    finally:
        server.server_close()
    return 0
