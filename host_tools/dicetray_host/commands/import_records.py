"""`dicetray import RECORD... [--db PATH]`: add game records to the history.

Default database: games.sqlite in the user's data folder (platformdirs).
Importing the same record twice changes nothing; a game in progress that has
grown since is updated in place; a record that does not replay is refused
whole. Exit status: 0 when every record was stored or already there, 1 when
any record was refused or could not be read. See docs/after-the-game.md."""
import sys

from dicetray_host.terminal import shown

EXIT_OK = 0
EXIT_REFUSED = 1


def configure(parser):
    parser.add_argument("records", metavar="RECORD", nargs="+", help="game records (JSON Lines)")
    parser.add_argument("--db", metavar="PATH", default=None,
                        help="SQLite file (default: games.sqlite in the user's data folder)")


def run(args):
    from dicetray_host.records import db
    from dicetray_host.records.story import RecordError
    path = args.db or db.default_path()
    conn = db.connect(path)
    refused = 0
    tally = {}
    try:
        for name in args.records:
            shown_name = shown(name)
            try:
                with open(name, "rb") as stream:
                    data = stream.read()
                status, game_id, story = db.import_record(conn, data, source=shown_name)
            except OSError as e:
                sys.stderr.write("%s: not imported: cannot read: %s\n" % (shown_name, shown(e.strerror or e)))
                refused += 1
                continue
            except RecordError as e:
                sys.stderr.write("%s: not imported: %s\n" % (shown_name, shown(e)))
                refused += 1
                continue
            tally[status] = tally.get(status, 0) + 1
            if story is not None and story.dropped:
                sys.stderr.write("%s: warning: line %d: torn last line dropped\n" % (shown_name, story.dropped))
            print("%s: %s" % (shown_name, said(status, game_id, story)))
    finally:
        conn.close()
    if len(args.records) > 1:
        parts = ["%d %s" % (tally[s], s) for s in (db.IMPORTED, db.UPDATED, db.UNCHANGED, db.OLDER) if s in tally]
        if refused:
            parts.append("%d not imported" % refused)
        print("%d records: %s (database %s)" % (len(args.records), ", ".join(parts), shown(path)))
    return EXIT_REFUSED if refused else EXIT_OK


def said(status, game_id, story):
    from dicetray_host.records import db
    if status == db.UNCHANGED:
        return "already imported as game %d, nothing changed" % game_id
    what = "%s, %d players, %d action lines, %s" % (
        story.name, len(story.players), len(story.lines), "over" if story.over else "in progress")
    if status == db.IMPORTED:
        return "imported as game %d (%s)" % (game_id, what)
    if status == db.UPDATED:
        return "updated game %d, which has grown (%s)" % (game_id, what)
    return "older copy of game %d, nothing changed" % game_id
