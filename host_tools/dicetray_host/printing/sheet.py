"""`dicetray sheet RECORD --out FILE.html [--paper a4|letter]`: the kit's
score sheet filled in from a game record.

Page 1: the score sheet (per circuit or round, totals, winners and ties).
Then the game turn by turn (bank: round by round): every throw, void and
undo in record order, with the actions an undo retracted struck through.
Everything shown comes from replaying the record through the rules engine
(see story.py); the words state what happened, nothing else."""

from dicetray_host.printing.kit import kit_text
from dicetray_host.printing.page import document, esc, table
from dicetray_host.records import story as story_mod

SKULL = "\u2620"
ARROW = "\u2192"


def sheet_html(story, paper="a4", source=""):
    first = _heading(story, source) + _score_sheet(story) + _legend()
    if story.anyone_banks:
        second = "<h1>Round by round</h1>" + _bank_rounds(story)
    else:
        second = "<h1>Turn by turn</h1>" + _turn_log(story)
    return document("%s score sheet" % story.module.TITLE, [first, second], paper)


def _words(story):
    """The game's sheet words and layout (its kit text, printing/kits/GAME.py)."""
    return kit_text(story.name).SHEET


# -- page 1 -------------------------------------------------------------------
def _heading(story, source):
    names = story.players
    facts = ["Players in seating order: %s" % esc(", ".join(names))]
    opts = ", ".join("%s %s" % (esc(k), esc(v)) for k, v in sorted(story.opts.items()))
    facts.append("Options: %s" % (opts or "defaults"))
    extra = {k: v for k, v in story.header.items() if k not in ("v", "game", "players", "opts", "c")}
    for key in sorted(extra):
        facts.append("%s: %s" % (esc(key), esc(extra[key])))
    facts.append("Record: %s, %d action lines%s" % (
        esc(source or "(unnamed)"), len(story.steps),
        "; torn last line %d dropped" % story.dropped if story.dropped else ""))
    facts.append(_status(story))
    return "<h1>%s \u2014 score sheet</h1><ul class=\"sub\">%s</ul>" % (
        esc(story.module.TITLE), "".join("<li>%s</li>" % f for f in facts))


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
        return "In progress: %s %d, bank total %d, %s to throw." % (
            word, last.round, last.points, esc(names[last.on_turn]))
    return "In progress: %s %d, %s to play with %d points this turn." % (
        word, last.round, esc(names[last.on_turn]), last.points)


def _legend():
    return ('<p class="small">Struck through: an action taken back by an undo (the line of the '
            'undo is given). <span class="tag">void</span>: a throw off the tray or leaning, '
            'thrown again with no total changed. %s: a skull face.</p>' % SKULL)


def _total_cell(story, seat):
    text = "%d" % story.scores[seat]
    if story.over and seat in story.winners:
        tag = "winner" if len(story.winners) == 1 else "tied winner"
        return ('<span class="win">%s</span> <span class="tag">%s</span>' % (text, tag), "num")
    return (text, "num")


def _score_sheet(story):
    layout = _words(story)["sheet"]
    if layout == "rounds":
        return _players_by_rounds(story)
    if layout == "shared":
        return _bank_sheet(story)
    return _running_sheet(story)


def _result_words(story, turn):
    """Short facts about how a turn ended, for the score sheet cells."""
    words = {story_mod.BANKED: "", story_mod.AUTOBANK: "6 rolls", story_mod.OPEN: "playing",
             story_mod.SIXKIND: "six of a kind", story_mod.WIPEOUT: "two skulls", story_mod.SEVEN: "7"}
    if turn.outcome in words:
        return words[turn.outcome]
    return _words(story)["bust"]


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


def _by_round_and_seat(story):
    cells = {}
    for turn in story.turns:
        cells.setdefault((turn.round, turn.seat), []).append(turn)
    return cells


def _players_by_rounds(story):
    """Pig and skulls: a row per player, a column per circuit or round."""
    planned = story.game.rules.rounds
    played = max([t.round for t in story.turns] or [1])
    count = max(planned, played)
    cells = _by_round_and_seat(story)
    paper = _words(story)
    running = paper["running"]
    headers = ["Player"] + [str(r) for r in range(1, count + 1)] + ["Total"]
    rows = []
    for seat, name in enumerate(story.players):
        row = [esc(name)]
        for r in range(1, count + 1):
            row.append((_cell_text(story, cells.get((r, seat), []), running), "num"))
        row.append(_total_cell(story, seat))
        rows.append(row)
    caption = paper["caption"]
    orders = ""
    if story.orders:
        orders = '<p class="small">Order set at the table (tied players): %s</p>' % "; ".join(
            "round %d: %s" % (r, esc(", ".join(story.players[p] for p in s.p)))
            for r, s in sorted(story.orders.items()))
    return ("<h2>Score sheet</h2><p class=\"caption\">%s</p>" % caption
            + table(headers, rows, "", ["22%"] + [""] * (count + 1)) + orders)


def _bank_sheet(story):
    """Bank: a row per round, the bank total when it ended, each player's points."""
    turns = _by_round_and_seat(story)
    ends = _bank_round_ends(story)
    headers = ["Round", "Bank total", "Ended by"] + [esc(n) for n in story.players]
    rows = []
    rounds = sorted(set(r for r, _ in turns))
    for r in rounds:
        total, how = ends.get(r, (None, "playing"))
        row = [(str(r), "num"), ("" if total is None else str(total), "num"),
               "a 7" if how == "7" else how]
        for seat in range(len(story.players)):
            row.append((_cell_text(story, turns.get((r, seat), []), False), "num"))
        rows.append(row)
    rows.append([("Total", "num"), "", ""] + [_total_cell(story, s) for s in range(len(story.players))])
    n = len(story.players)
    return ("<h2>Round sheet</h2><p class=\"caption\">Each player's points banked per round (0 "
            "when a 7 ended the round with them still in); the bank total when the round ended.</p>"
            + table(headers, rows, "", ["17mm", "17mm", "21mm"] + [""] * n))


def _bank_round_ends(story):
    """round -> (bank total when it ended, how it ended)."""
    ends = {}
    for step in story.effective:
        before = step.before
        if step.turn_key != before.turn_key or step.over:
            how = "7" if step.kind == "roll" else "all banked"
            ends[before.round] = (before.points, how)
    return ends


def _running_sheet(story):
    """A row per circuit of turns, a column per player, running totals."""
    cells = _by_round_and_seat(story)
    rounds = sorted(set(r for r, _ in cells)) or [1]
    headers = [story.module.ROUND_WORD.capitalize()] + [esc(n) for n in story.players]
    rows = []
    for r in rounds:
        rows.append([(str(r), "num")] + [(_cell_text(story, cells.get((r, s), []), True), "num")
                                         for s in range(len(story.players))])
    rows.append([("Total", "num")] + [_total_cell(story, s) for s in range(len(story.players))])
    return ("<h2>Running-total sheet</h2><p class=\"caption\">%s</p>" % _words(story)["caption"]
            + table(headers, rows, "", ["16mm"] + [""] * len(story.players)))


# -- turn by turn ---------------------------------------------------------------
def _faces(story, dice):
    joint = _words(story)["faces"]
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
        if not _words(story)["roll_adds"]:
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
        text = "continued: %d points, %d dice" % (step.points, step.free)
    elif kind == story_mod.BANK_ACTION:
        if story.anyone_banks:
            text = "%s banks %d" % (esc(names[step.p]), step.before.points)
        else:
            text = _words(story)["bank"]
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
        verb = _words(story)["banked"]
        text = "%s %d" % (verb, turn.points)
    elif outcome == story_mod.AUTOBANK:
        text = "sixth roll: banked %d" % turn.points
    elif outcome == story_mod.SIXKIND:
        text = "six of a kind: game won"
    elif outcome == story_mod.WIPEOUT:
        text = "two skulls: total 0"
    else:
        text = _words(story)["bust_result"]
    if turn.bonus:
        text += " (all-ones bonus 100)"
    if turn.eliminated:
        text += "; out"
    return text


def _turn_log(story):
    headers = ["#", story.module.ROUND_WORD.capitalize(), "Player", "Throws and choices", "Result", "Score"]
    rows = []
    for turn in story.turns:
        steps = " \u00b7 ".join(_step_html(story, s) for s in turn.steps)
        score = turn.scores[turn.seat]
        rows.append([(str(turn.seq), "num"), (str(turn.round), "num"), esc(story.players[turn.seat]),
                     steps, _turn_result(story, turn), ("%d" % score, "num")])
    if not rows:
        return "<p>No action yet.</p>"
    return table(headers, rows, "", ["9mm", "17mm", "24mm", "", "34mm", "15mm"])


def _bank_rounds(story):
    grouped = story_mod.rounds(story)
    ends = _bank_round_ends(story)
    names = story.players
    caught = {}
    for turn in story.turns:
        if turn.outcome == story_mod.SEVEN:
            caught.setdefault(turn.round, []).append(names[turn.seat])
    headers = ["Round", "Throws (sum " + ARROW + " bank total) and banks", "How it ended"]
    rows = []
    for r in sorted(grouped):
        steps = " \u00b7 ".join(_step_html(story, s) for s in grouped[r])
        total, how = ends.get(r, (None, None))
        if how is None:
            end = "playing"
        elif how == "7":
            end = "7 at bank total %d; still in, 0: %s" % (total, esc(", ".join(caught.get(r, [])) or "none"))
        else:
            end = "everyone banked"
        rows.append([(str(r), "num"), steps, end])
    return table(headers, rows, "", ["17mm", "", "48mm"])
