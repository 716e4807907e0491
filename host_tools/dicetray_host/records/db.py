"""The game history: a SQLite file with tables games, players, turns, actions.

A game's identity is its content: `content_hash` is the SHA-256 of the
header line and the action lines kept (each followed by "\\n"; a torn last
line is left out). Importing a record:
- same content_hash as a stored game: nothing changes ("unchanged");
- same header as a stored game whose lines are the first lines of this
  record (a game in progress that has grown since): that game is replaced in
  place, keeping its id ("updated");
- same header, and this record is the first lines of a stored game (an older
  copy of a game already stored further on): nothing changes ("older copy");
- anything else: a new game ("imported").
Each record is imported in one transaction: a record that does not replay
(RecordError) changes nothing.

Turns and outcomes come from story.py, i.e. from the rules engine.
"""
import hashlib
import json
import os
import sqlite3
import time

from dicetray_host.records import story as story_mod

SCHEMA_VERSION = 1
HEAD_LINES = 8
# Another import (or a stats run) may hold the database: wait for it this
# long, in seconds, rather than fail. One record is one transaction, so a
# wait is one record's import.
BUSY_SECONDS = 600  # a quick first check that two records of one header are the same game

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    header_hash TEXT NOT NULL,          -- SHA-256 of the header line
    content_hash TEXT NOT NULL UNIQUE,  -- SHA-256 of the header and the action lines kept
    lines INTEGER NOT NULL,             -- action lines stored
    head_hash TEXT NOT NULL,            -- SHA-256 of the header and the first HEAD_LINES action lines
    game TEXT NOT NULL,                 -- pig, bank, skulls, sixdice
    opts TEXT NOT NULL,                 -- JSON
    header TEXT NOT NULL,               -- the header line as written
    over INTEGER NOT NULL,              -- 1 when the game has ended
    rounds INTEGER NOT NULL,            -- highest circuit/round with a turn
    source TEXT,                        -- file imported last
    imported_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS games_header ON games(header_hash);
CREATE TABLE IF NOT EXISTS players (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    winner INTEGER NOT NULL,            -- 1 for each winner (several on a tie)
    eliminated INTEGER NOT NULL,        -- six dice final phase
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS players_name ON players(name);
CREATE TABLE IF NOT EXISTS turns (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,               -- 1, 2, ... in the order turns ended
    round INTEGER NOT NULL,             -- circuit (pig) or round
    seat INTEGER NOT NULL,
    outcome TEXT NOT NULL,              -- bank autobank bust wipeout seven sixkind open
    points INTEGER NOT NULL,            -- change of the player's score over the turn
    rolls INTEGER NOT NULL,             -- throws in effect (bank: of the round while in)
    first_line INTEGER NOT NULL,
    last_line INTEGER NOT NULL,
    scores TEXT NOT NULL,               -- JSON: everyone's scores when the turn ended
    PRIMARY KEY (game_id, seq)
);
CREATE INDEX IF NOT EXISTS turns_seat ON turns(game_id, seat);
CREATE TABLE IF NOT EXISTS actions (
    game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    line INTEGER NOT NULL,              -- line number in the record (header = 1)
    kind TEXT NOT NULL,                 -- roll bank keep continue order void undo
    dice TEXT,                          -- JSON list or NULL
    p TEXT,                             -- JSON (bank: a seat, skulls order: a list) or NULL
    t INTEGER,                          -- ms since the game started, if written
    seat INTEGER,                       -- who acted (NULL for order and undo)
    retracted_by INTEGER,               -- line of the undo that took it back
    text TEXT NOT NULL,                 -- the line as written
    PRIMARY KEY (game_id, line)
);
"""

UNCHANGED = "unchanged"
UPDATED = "updated"
OLDER = "older copy"
IMPORTED = "imported"


def default_path():
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("dicetray"), "games.sqlite")


def connect(path=None):
    """Open (and create when new) the history database."""
    path = path or default_path()
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    # transactions are explicit; timeout: the busy handler's wait for a lock
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_SECONDS)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA synchronous = NORMAL")  # WAL: durable at checkpoints, never corrupt
    conn.execute("BEGIN IMMEDIATE")  # two first runs at once: one creates, the other waits
    try:
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                conn.execute(statement)
        found = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
        if found is None:
            conn.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    if found is not None and int(found[0]) != SCHEMA_VERSION:
        raise SystemExit("dicetray: %s has schema %s, this version reads %d" % (path, found[0], SCHEMA_VERSION))
    return conn


def _digest(header_line, lines):
    h = hashlib.sha256(header_line + b"\n")
    for raw in lines:
        h.update(raw)
        h.update(b"\n")
    return h.hexdigest()


class _Prefixes:
    """Digests of the header plus the first k action lines, for any k,
    computed once on the way through the record."""

    def __init__(self, header_line, lines):
        self._all = []
        h = hashlib.sha256(header_line + b"\n")
        self._all.append(h.hexdigest())
        for raw in lines:
            h.update(raw)
            h.update(b"\n")
            self._all.append(h.hexdigest())

    def __getitem__(self, k):
        return self._all[k]

    def head(self):
        return self._all[min(HEAD_LINES, len(self._all) - 1)]


def import_record(conn, data, source=None):
    """Import record bytes. Returns (status, game id, story); raises
    story.RecordError for a record that does not replay (nothing stored).
    A record whose bytes are exactly a stored game's is known without a
    replay: then story is None."""
    lines = story_mod.split_lines(data)
    if lines:
        found = conn.execute("SELECT id FROM games WHERE content_hash = ?",
                             (_digest(lines[0], lines[1:]),)).fetchone()
        if found:
            return UNCHANGED, found[0], None
    story = story_mod.load(data)
    header_hash = hashlib.sha256(story.header_line).hexdigest()
    prefixes = _Prefixes(story.header_line, story.lines)
    conn.execute("BEGIN IMMEDIATE")
    try:
        status, game_id = _place(conn, story, header_hash, prefixes, source)
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise
    return status, game_id, story


def _place(conn, story, header_hash, prefixes, source):
    n = len(story.lines)
    content_hash = prefixes[n]
    found = conn.execute("SELECT id FROM games WHERE content_hash = ?", (content_hash,)).fetchone()
    if found:
        return UNCHANGED, found[0]
    head = prefixes.head()
    for game_id, lines, stored_hash, stored_head in conn.execute(
            "SELECT id, lines, content_hash, head_hash FROM games WHERE header_hash = ?",
            (header_hash,)).fetchall():
        if lines < n and prefixes[lines] == stored_hash:
            _delete_rows(conn, game_id)
            _insert(conn, story, header_hash, prefixes, source, game_id)
            return UPDATED, game_id
        if lines > n and (n < HEAD_LINES or stored_head == head):
            stored = [row[0].encode() for row in conn.execute(
                "SELECT text FROM actions WHERE game_id = ? AND line <= ? ORDER BY line",
                (game_id, n + 1))]
            if _digest(story.header_line, stored) == content_hash:
                return OLDER, game_id
    return IMPORTED, _insert(conn, story, header_hash, prefixes, source, None)


def _delete_rows(conn, game_id):
    for table in ("actions", "turns", "players"):
        conn.execute("DELETE FROM %s WHERE game_id = ?" % table, (game_id,))


def _insert(conn, story, header_hash, prefixes, source, game_id):
    now = time.time()
    row = (header_hash, prefixes[len(story.lines)], len(story.lines), prefixes.head(), story.name,
           json.dumps(story.opts, sort_keys=True), story.header_line.decode("utf-8"),
           int(story.over), max([t.round for t in story.turns] or [0]), source)
    if game_id is None:
        game_id = conn.execute(
            "INSERT INTO games (header_hash, content_hash, lines, head_hash, game, opts, header, over,"
            " rounds, source, imported_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)",
            row + (now, now)).lastrowid
    else:
        conn.execute(
            "UPDATE games SET header_hash=?, content_hash=?, lines=?, head_hash=?, game=?, opts=?, header=?,"
            " over=?, rounds=?, source=?, updated_at=? WHERE id=?", row + (now, game_id))
    winners = set(story.winners)
    rules = story.game.rules
    out = getattr(rules, "is_out", lambda p: False)
    conn.executemany("INSERT INTO players VALUES (?,?,?,?,?,?)", [
        (game_id, seat, name, story.scores[seat], int(seat in winners), int(out(seat)))
        for seat, name in enumerate(story.players)])
    conn.executemany("INSERT INTO turns VALUES (?,?,?,?,?,?,?,?,?,?)", [
        (game_id, t.seq, t.round, t.seat, t.outcome, t.points, t.rolls, t.first_line, t.last_line,
         json.dumps(t.scores)) for t in story.turns])
    texts = story.lines
    conn.executemany("INSERT INTO actions VALUES (?,?,?,?,?,?,?,?,?)", [
        (game_id, s.line, s.kind, None if s.dice is None else json.dumps(s.dice),
         None if s.p is None else json.dumps(s.p), s.t if type(s.t) is int else None,
         s.actor, s.retracted_by, texts[s.line - 2].decode("utf-8")) for s in story.steps])
    return game_id


def counts(conn):
    """Rows per table, for reports and tests."""
    return {table: conn.execute("SELECT COUNT(*) FROM %s" % table).fetchone()[0]
            for table in ("games", "players", "turns", "actions")}
