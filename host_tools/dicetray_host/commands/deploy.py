"""`dicetray deploy`: mpy-cross the firmware and copy it to the tray"""
import sys

from dicetray_host.usb.deploy import deploy, deploy_files, package_json_text


def configure(parser):
    parser.add_argument("--port", default=None,
                        help="serial port or URL (socket://127.0.0.1:PORT for the virtual tray); default: the first USB board")
    parser.add_argument("--dry-run", action="store_true", help="list what would be copied, touch nothing")
    parser.add_argument("--package-json", action="store_true",
                        help="print package.json for `mpremote mip install` (every firmware/dicetray file) and exit")


def run(args):
    import subprocess
    from dicetray_host.usb.boardlink import Board, LinkError, TransportError
    if args.package_json:
        sys.stdout.write(package_json_text())
        return 0
    try:
        pairs = deploy_files()
    except subprocess.CalledProcessError as e:
        sys.stderr.write("dicetray deploy: mpy-cross failed:\n%s" % e.stderr.decode("utf-8", "replace"))
        return 1
    if args.dry_run:
        for remote, local in pairs:
            print("%s <- %s" % (remote, local))
        return 0
    try:
        with Board(args.port) as board:
            copied, unchanged = deploy(board, pairs)
    except (LinkError, TransportError, OSError) as e:
        sys.stderr.write("dicetray deploy: %s\n" % e)
        return 1
    print("deployed: %d file(s) copied, %d already up to date; the tray restarted" % (copied, unchanged))
    return 0
