"""`dicetray sheet`: a game record as a filled-in printable score sheet"""
import os
import sys

from dicetray_host.printing.page import write
from dicetray_host.records import story as story_mod
from dicetray_host.printing.sheet import sheet_html


def configure(parser):
    parser.add_argument("record", metavar="RECORD", help="game record (JSON Lines)")
    parser.add_argument("--out", required=True, metavar="FILE.html", help="where to write the page")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4",
                        help="paper size, printed at 100%% scale (default a4)")
    parser.add_argument("--blank-from", type=int, default=None, metavar="N",
                        help="fill in turns (bank: rounds) before N only and leave the rest "
                             "blank, to finish the game on paper")


def run(args):
    try:
        story = story_mod.read(args.record)
    except OSError as e:
        sys.stderr.write("dicetray sheet: cannot read %s: %s\n" % (args.record, e.strerror or e))
        return 2
    except story_mod.RecordError as e:
        sys.stderr.write("dicetray sheet: %s: %s\n" % (args.record, e))
        return 2
    if story.dropped:
        sys.stderr.write("%s: line %d: torn last line dropped\n" % (args.record, story.dropped))
    try:
        page = sheet_html(story, args.paper, os.path.basename(args.record), args.blank_from)
    except ValueError as e:
        sys.stderr.write("dicetray sheet: %s\n" % e)
        return 2
    write(args.out, page)
    blank = "" if args.blank_from is None else ", blank from %d" % args.blank_from
    print("wrote %s (%s, %d players, %s%s)" % (args.out, story.module.TITLE, len(story.players),
                                               "game over" if story.over else "in progress", blank))
    return 0
