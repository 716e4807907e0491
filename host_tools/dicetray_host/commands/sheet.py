"""`dicetray sheet`: a game record as a filled-in printable score sheet"""
import os
import sys

from dicetray_host.printing.page import write
from dicetray_host.records import story as story_mod
from dicetray_host.printing.sheet import sheet_html
from dicetray_host.terminal import shown


def configure(parser):
    parser.add_argument("record", metavar="RECORD", help="game record (JSON Lines)")
    parser.add_argument("--out", required=True, metavar="FILE.html", help="where to write the page")
    parser.add_argument("--paper", choices=("a4", "letter"), default="a4",
                        help="paper size, printed at 100%% scale (default a4)")
    parser.add_argument("--blank-from", type=int, default=None, metavar="N",
                        help="fill in turns (bank: rounds) before N only and leave the rest "
                             "blank, to finish the game on paper")


def run(args):
    name = shown(args.record)
    try:
        story = story_mod.read(args.record)
    except OSError as e:
        sys.stderr.write("dicetray sheet: cannot read %s: %s\n" % (name, shown(e.strerror or e)))
        return 2
    except story_mod.RecordError as e:
        sys.stderr.write("dicetray sheet: %s: %s\n" % (name, shown(e)))
        return 2
    if story.dropped:
        sys.stderr.write("%s: line %d: torn last line dropped\n" % (name, story.dropped))
    try:
        page = sheet_html(story, args.paper, os.path.basename(args.record), args.blank_from)
    except ValueError as e:
        sys.stderr.write("dicetray sheet: %s\n" % shown(e))
        return 2
    try:
        write(args.out, page)
    except OSError as e:
        sys.stderr.write("dicetray sheet: cannot write %s: %s\n" % (shown(args.out), shown(e.strerror or e)))
        return 2
    blank = "" if args.blank_from is None else ", blank from %d" % args.blank_from
    print("wrote %s (%s, %d players, %s%s)" % (shown(args.out), story.module.TITLE, len(story.players),
                                               "game over" if story.over else "in progress", blank))
    return 0
