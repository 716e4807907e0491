"""`dicetray kit`: the printable tabletop kit of a game"""
from dicetray_host.printing.page import write
from dicetray_host.printing.kit import GAMES, check_rounds, kit_html, title


def configure(parser):
    parser.add_argument("--game", required=True, choices=GAMES, help="which game's kit")
    parser.add_argument("--out", required=True, metavar="FILE.html", help="where to write the page")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4",
                        help="paper size, printed at 100%% scale (default a4)")
    parser.add_argument("--rounds", type=int, default=None,
                        help="columns or rows on the score sheet: pig circuits 5 or 3, bank rounds "
                             "10, 15 or 20, skulls rounds (default 6), six dice circuits (default 12)")


def run(args):
    try:
        rounds = check_rounds(args.game, args.rounds)
    except ValueError as e:
        import sys
        sys.stderr.write("dicetray kit: %s\n" % e)
        return 2
    write(args.out, kit_html(args.game, args.paper, rounds))
    print("wrote %s (%s kit, %s, 3 pages)" % (args.out, title(args.game), args.paper.upper()
                                               if args.paper == "a4" else "Letter"))
    return 0
