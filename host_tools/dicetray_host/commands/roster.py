"""`dicetray roster`: write player names to the tray"""
import sys

from dicetray_host.usb.roster import RosterError, read_roster, roster_text, write_roster


def configure(parser):
    parser.add_argument("names", metavar="NAME", nargs="*", help="player names in seating order (1 to 8)")
    parser.add_argument("--port", default=None,
                        help="serial port or URL (socket://127.0.0.1:PORT for the virtual tray); default: the first USB board")
    parser.add_argument("--show", action="store_true", help="print the roster on the tray instead of writing one")


def run(args):
    from dicetray_host.usb.boardlink import Board, LinkError, TransportError
    if not args.show:
        try:
            text = roster_text(args.names)
        except RosterError as e:
            sys.stderr.write("dicetray roster: %s\n" % e)
            return 2
    try:
        with Board(args.port) as board:
            if args.show:
                sys.stdout.write(read_roster(board).decode("utf-8", "replace"))
                return 0
            write_roster(board, text)
    except (LinkError, RosterError, TransportError) as e:
        sys.stderr.write("dicetray roster: %s\n" % e)
        return 1
    print("roster on the tray: %s" % ", ".join(args.names))
    return 0
