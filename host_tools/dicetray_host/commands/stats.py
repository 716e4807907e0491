"""`dicetray stats`: per player and game statistics"""
from dicetray import games
import json
import sys

from dicetray_host.terminal import shown
from dicetray_host.records.stats import PLOT_GAMES, compute, plot, progress, table_text


def configure(parser):
    parser.add_argument("--player", metavar="NAME", help="only this player (exact name)")
    parser.add_argument("--game", choices=games.NAMES, help="only this game")
    parser.add_argument("--plot", metavar="OUT.png", help="draw the score progress of recent games")
    parser.add_argument("--plot-games", type=int, default=PLOT_GAMES, metavar="N",
                        help="how many recent games the plot shows (default %d)" % PLOT_GAMES)
    parser.add_argument("--db", metavar="PATH", default=None,
                        help="SQLite file (default: games.sqlite in the user's data folder)")
    parser.add_argument("--json", action="store_true", help="print the rows as a JSON array")


def run(args):
    from dicetray_host.records import db
    conn = db.connect(args.db or db.default_path())
    try:
        rows = compute(conn, args)
        games = progress(conn, args) if args.plot else None
    finally:
        conn.close()
    if args.json:
        sys.stdout.write(json.dumps(rows) + "\n")
    else:
        sys.stdout.write(table_text(rows))
    if args.plot:
        plot(games, args.plot)
        if not args.json:
            print("plot: %s (%d games)" % (shown(args.plot), len(games)))
    return 0
