"""`dicetray kit`: the printable tabletop kit of a game"""
import sys

from dicetray_host.printing.page import write
from dicetray_host.printing.kit import (GAMES, check_players, check_rounds, kit_html, kit_pages,
                                        round_option, title)


def configure(parser):
    parser.add_argument("--game", required=True, choices=GAMES, help="which game's kit")
    parser.add_argument("--out", required=True, metavar="FILE.html", help="where to write the page")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4",
                        help="paper size, printed at 100%% scale (default a4)")
    parser.add_argument("--players", type=int, default=None,
                        help="rows or columns for players on the score sheet, 2 to 8 (default 4)")
    count = parser.add_mutually_exclusive_group()
    count.add_argument("--circuits", type=int, default=None,
                       help="pig: 5 or 3 (default 5); six dice: circuits on the sheet (default 12)")
    count.add_argument("--rounds", type=int, default=None,
                       help="bank: 10, 15 or 20 (default 10); skulls: 1 to 20 (default 6)")


def run(args):
    given = "circuits" if args.circuits is not None else "rounds"
    try:
        players = check_players(args.players)
        rounds = check_rounds(args.game, args.circuits if given == "circuits" else args.rounds,
                              given)
    except ValueError as e:
        sys.stderr.write("dicetray kit: %s\n" % e)
        return 2
    write(args.out, kit_html(args.game, args.paper, players, rounds))
    pages = len(kit_pages(args.game, args.paper, players, rounds))
    word = round_option(args.game)
    print("wrote %s (%s kit, %s, %d players, %d %s, %d %s)" % (
        args.out, title(args.game), "A4" if args.paper == "a4" else "Letter", players, rounds,
        word if rounds != 1 else word[:-1], pages, "page" if pages == 1 else "pages"))
    return 0
