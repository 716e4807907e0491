"""`dicetray sheet RECORD --out FILE.html [--paper a4|letter] [--blank-from N]`:
the kit's score grid and turn log (printing/grids.py: the same columns,
widths and rows as the blank kit) filled in from a game record.

Page 1: the facts of the record, the key and the score grid (per circuit or
round, totals, winners and ties). Then the log: a row per turn (bank: per
round) with every throw, void and undo in record order, the actions an undo
retracted struck through, and blank rows for the turns still to play. With
blank_from N, turns from N on (bank: rounds) are left blank, so that a game
can be finished on paper. Everything shown comes from replaying the record
through the rules engine (see story.py); the words state what happened."""
from dicetray_host.printing import kit
from dicetray_host.printing.page import document, esc, plural, table
from dicetray_host.records import story as story_mod

SKULL = "\u2620"
ARROW = "\u2192"


def sheet_html(story, paper="a4", source="", blank_from=None):
    """The filled sheet; blank_from: the first turn (bank: round) left blank."""
    shown = _shown(story, blank_from)
    words = kit.game_words(story.name)
    first = _heading(story, source, shown, blank_from) + _legend(words) + _score_sheet(
        story, words, shown).html()
    log = _log(story, words, shown)
    if log is None:
        second = "<h1>Turn by turn</h1>" + _turn_log(story, shown)
    else:
        second = log.html()
    return document("%s score sheet" % story.module.TITLE, [first, second], paper)


def _sheet_words(story):
    """The game's words on paper (its kit text, printing/kits/GAME.py)."""
    return kit.kit_text(story.name).SHEET


class Shown:
    """What a sheet fills in: the turns (bank: rounds) before blank_from."""

    def __init__(self, turns, rounds, complete):
        self.turns = turns
        self.rounds = rounds        # round numbers filled in
        self.complete = complete    # the whole game, to its end


def _shown(story, blank_from):
    if blank_from is not None and blank_from < 1:
        raise ValueError("--blank-from must be 1 or more")
    if story.anyone_banks:
        key = (lambda t: t.round)
    else:
        key = (lambda t: t.seq)
    turns = [t for t in story.turns if blank_from is None or key(t) < blank_from]
    rounds = sorted(set(t.round for t in turns))
    complete = story.over and len(turns) == len(story.turns)
    return Shown(turns, rounds, complete)


# -- page 1 -------------------------------------------------------------------
def _heading(story, source, shown, blank_from):
    names = story.players
    facts = ["Players in seating order: %s" % esc(", ".join(names))]
    opts = ", ".join("%s %s" % (esc(k), esc(v)) for k, v in sorted(story.opts.items()))
    facts.append("Options: %s" % (opts or "defaults"))
    extra = {k: v for k, v in story.header.items() if k not in ("v", "game", "players", "opts", "c")}
    for key in sorted(extra):
        facts.append("%s: %s" % (esc(key), esc(extra[key])))
    facts.append("Record: %s, %s%s" % (
        esc(source or "(unnamed)"), plural(len(story.steps), "action line", "action lines"),
        "; torn last line %d dropped" % story.dropped if story.dropped else ""))
    if blank_from is not None and not shown.complete:
        unit = story.module.ROUND_WORD if story.anyone_banks else "turn"
        scores = _scores_before(story, shown)
        facts.append("Filled in up to %s %d; blank from %s %d on, to finish on paper. "
                     "Scores then: %s." % (unit, blank_from - 1, unit, blank_from, esc(", ".join(
                         "%s %d" % (names[s], scores[s]) for s in range(len(names))))))
    else:
        facts.append(_status(story))
    return "<h1>%s \u2014 score sheet</h1><ul class=\"sub\">%s</ul>" % (
        esc(story.module.TITLE), "".join("<li>%s</li>" % f for f in facts))


def _scores_before(story, shown):
    """Everyone's scores when the last turn shown ended."""
    closed = [t for t in shown.turns if t.outcome != story_mod.OPEN]
    if not closed:
        return list(story.start.scores)
    return list(max(closed, key=lambda t: t.last_line).scores)


def _status(story):
    names = story.players
    scores = story.scores
    if story.over:
        winners = story.winners
        who = ", ".join("%s (%d)" % (esc(names[w]), scores[w]) for w in winners)
        if len(winners) == 1:
            return '<span class="win">Game over. Winner: %s</span>' % who
        return '<span class="win">Game over. Tied winners: %s</span>' % who
    last = story.effective[-1] if story.effective else story.start
    word = story.module.ROUND_WORD
    if story.anyone_banks:
        return "In progress: %s %d, bank total %d, %s to throw. Scores so far: %s." % (
            word, last.round, last.points, esc(names[last.on_turn]), _so_far(story))
    return "In progress: %s %d, %s to play with %s this turn. Scores so far: %s." % (
        word, last.round, esc(names[last.on_turn]), plural(last.points, "point", "points"),
        _so_far(story))


def _so_far(story):
    return esc(", ".join("%s %d" % (n, s) for n, s in zip(story.players, story.scores)))




def _legend(words):
    """The key: the kit's marks for this game, and what only a filled sheet has."""
    marks = [kit.VOID] + list(words["marks"])
    text = " \u00b7 ".join("<b>%s</b>: %s" % (esc(m), esc(meaning)) for m, meaning in marks)
    return ('<p class="key"><b>Key.</b> %s \u00b7 <del>struck through</del>: an action taken back '
            'by an undo (the line of the undo is given).</p>' % text)


def _total_cell(story, shown, seat):
    if not shown.complete:
        return ("", "num")  # written when the game ends
    text = "%d" % story.scores[seat]
    if seat in story.winners:
        tag = "winner" if len(story.winners) == 1 else "tied winner"
        return ('<span class="win">%s</span> <span class="tag">%s</span>' % (text, tag), "num")
    return (text, "num")


def _score_sheet(story, words, shown):
    """The kit's score grid for this game, filled with the turns shown."""
    names = story.players
    totals = {s: _total_cell(story, shown, s) for s in range(len(names))}
    by_cell = {}
    for turn in shown.turns:
        by_cell.setdefault((turn.round, turn.seat), []).append(turn)
    running = words["running"]
    cells = {k: _cell_text(story, v, running) for k, v in by_cell.items()}
    played = max([t.round for t in story.turns] or [1])
    if words["sheet"] == "rounds":
        planned = story.game.rules.rounds
        extra = max(getattr(kit.kit_text(story.name), "EXTRA_ROUNDS", 0), played - planned)
        grid = kit.score_grid(words, names, planned, cells, totals, extra=extra)
    elif words["sheet"] == "shared":
        ends = _bank_round_ends(story)
        totals_at = {r: str(ends[r][0]) for r in shown.rounds if r in ends}
        how = {r: ("a 7" if ends[r][1] == "7" else ends[r][1]) for r in shown.rounds if r in ends}
        lead = [(esc(words["total"].capitalize()), "19mm", totals_at), ("Ended by", "19mm", how)]
        grid = kit.score_grid(words, names, max(story.game.rules.rounds, played), cells, totals, lead)
    else:
        count = played if story.over else max(played, kit.kit_text(story.name).ROUNDS[0])
        grid = kit.score_grid(words, names, count, cells, totals)
    orders = [(r, s) for r, s in sorted(story.orders.items())
              if any(t.round >= r for t in shown.turns)]
    if orders:
        grid.caption += ('</p><p class="small">Order set at the table (tied players): %s' % "; ".join(
            "round %d: %s" % (r, esc(", ".join(story.players[p] for p in s.p))) for r, s in orders))
    return grid


def _result_words(story, turn):
    """Short facts about how a turn ended, for the score sheet cells."""
    words = {story_mod.BANKED: "", story_mod.AUTOBANK: "6 rolls", story_mod.OPEN: "playing",
             story_mod.SIXKIND: "six of a kind", story_mod.WIPEOUT: "two skulls", story_mod.SEVEN: "7"}
    if turn.outcome in words:
        return words[turn.outcome]
    return _sheet_words(story)["bust"]


def _cell_text(story, turns, running):
    parts = []
    for turn in turns:
        words = _result_words(story, turn)
        if turn.outcome == story_mod.OPEN:
            text = '<span class="tag">playing</span>'
        elif running:
            text = "%+d %s %d" % (turn.points, ARROW, turn.scores[turn.seat])
            if turn.outcome == story_mod.WIPEOUT:
                text = "%s 0" % ARROW
        else:
            text = "%d" % turn.banked
        if words and turn.outcome != story_mod.OPEN:
            text += ' <span class="tag">%s</span>' % words
        if turn.continued:
            text += ' <span class="tag">continued</span>'
        if turn.eliminated:
            text += ' <span class="tag">out</span>'
        parts.append(text)
    return "<br>".join(parts)


def _bank_round_ends(story):
    """round -> (bank total when it ended, how it ended)."""
    ends = {}
    for step in story.effective:
        before = step.before
        if step.turn_key != before.turn_key or step.over:
            how = "7" if step.kind == "roll" else "all banked"
            ends[before.round] = (before.points, how)
    return ends


# -- the log: the kit's turn log (bank: round log), filled ----------------------------
def _log(story, words, shown):
    names = story.players
    planned = story.game.rules.rounds
    fixed = getattr(kit.kit_text(story.name), "FIXED_ORDER", False)
    if words["sheet"] == "shared":
        return kit.turn_log(words, len(names), planned, _bank_rows(story, shown))
    rows = []
    for turn in shown.turns:
        steps = " \u00b7 ".join(_step_html(story, s) for s in turn.steps)
        rows.append([(str(turn.seq), "num"), (str(turn.round), "num"), esc(names[turn.seat]),
                     steps, _turn_result(story, turn), ("%d" % turn.scores[turn.seat], "num")])
    return kit.turn_log(words, len(names), planned, rows, fixed, names)


# -- turn by turn ---------------------------------------------------------------
def _faces(story, dice):
    joint = _sheet_words(story)["faces"]
    return joint.join(SKULL if face == 0 else str(face) for face in dice)


def _ends(step):
    return step.over or step.turn_key != step.before.turn_key


def _step_html(story, step):
    names = story.players
    kind = step.kind
    if kind == "undo":
        return '<span class="tag">undo of line %d</span>' % step.undoes
    if kind == "void":
        text = '<span class="tag">void</span>'
    elif kind == "roll":
        faces = _faces(story, step.dice)
        if not _sheet_words(story)["roll_adds"]:
            text = "rolled %s" % faces
        elif _ends(step):
            text = faces
        else:
            text = "%s %s %d" % (faces, ARROW, step.points)
        if story.anyone_banks:
            text = "%s %s" % (esc(names[step.actor]), text)
    elif kind == "keep":
        text = "kept %s %s %d" % (" ".join(map(str, step.dice)), ARROW, step.points)
    elif kind == "continue":
        text = "continued: %s, %s" % (plural(step.points, "point", "points"),
                                      plural(step.free, "die", "dice"))
    elif kind == story_mod.BANK_ACTION:
        if story.anyone_banks:
            text = "%s banks %d" % (esc(names[step.p]), step.before.points)
        else:
            text = _sheet_words(story)["bank"]
    else:
        text = esc(kind)
    if step.retracted:
        return '<del title="undone on line %d">%s</del>' % (step.retracted_by, text)
    return text


def _turn_result(story, turn):
    seat = turn.seat
    outcome = turn.outcome
    if outcome == story_mod.OPEN:
        return "playing"
    if outcome == story_mod.BANKED:
        verb = _sheet_words(story)["banked"]
        text = "%s %d" % (verb, turn.points)
    elif outcome == story_mod.AUTOBANK:
        text = "sixth roll: banked %d" % turn.points
    elif outcome == story_mod.SIXKIND:
        text = "six of a kind: game won"
    elif outcome == story_mod.WIPEOUT:
        text = "two skulls: total 0"
    else:
        text = _sheet_words(story)["bust_result"]
    if turn.bonus:
        text += " (all-ones bonus 100)"
    if turn.eliminated:
        text += "; out"
    return text


def _turn_log(story, shown):
    headers = ["#", story.module.ROUND_WORD.capitalize(), "Player", "Throws and choices", "Result", "Score"]
    rows = []
    for turn in shown.turns:
        steps = " \u00b7 ".join(_step_html(story, s) for s in turn.steps)
        score = turn.scores[turn.seat]
        rows.append([(str(turn.seq), "num"), (str(turn.round), "num"), esc(story.players[turn.seat]),
                     steps, _turn_result(story, turn), ("%d" % score, "num")])
    if not rows:
        return "<p>No action yet.</p>"
    return table(headers, rows, "", ["9mm", "17mm", "24mm", "", "34mm", "15mm"])


def _bank_rows(story, shown):
    """The round log's filled rows: each round's throws and banks, its end."""
    grouped = story_mod.rounds(story)
    ends = _bank_round_ends(story)
    names = story.players
    caught = {}
    for turn in story.turns:
        if turn.outcome == story_mod.SEVEN:
            caught.setdefault(turn.round, []).append(names[turn.seat])
    rows = []
    for r in shown.rounds:
        steps = " \u00b7 ".join(_step_html(story, s) for s in grouped.get(r, []))
        total, how = ends.get(r, (None, None))
        if how is None:
            end = "playing"
        elif how == "7":
            end = "7 at bank total %d; still in, 0: %s" % (total, esc(", ".join(caught.get(r, [])) or "none"))
        else:
            end = "everyone banked"
        rows.append([(str(r), "num"), steps, end])
    return rows
