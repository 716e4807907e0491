"""`dicetray stats [--player NAME] [--game G] [--plot OUT.png] [--db PATH] [--json]`:
per player and per game, over the finished games in the history:

- games: finished games the player took part in;
- wins: those the player won; a tie counts as a win for each tied player,
  and `shared` says how many of the wins were ties;
- avg banked: mean points of the player's turns whose points were credited
  (a bank, or pig's automatic bank after the sixth roll);
- bust rate: turns that lost their points (pig: a 1; skulls: a skull or two;
  bank: still in when a 7 ended the round; six dice: no scoring die) out of
  all the player's turns that ended;
- longest turn: the most throws in effect in one turn (voided and undone
  throws not counted; bank: the round's throws while the player was in).

A game in progress is kept in the history but counted only once it is over.
--plot draws the score progress (everyone's score after each turn) of the
most recent matching finished games, one panel per game."""
import json

from dicetray_host.terminal import shown

PLOT_GAMES = 6


def _where(args):
    clauses, params = ["g.over = 1"], []
    if args.player is not None:
        clauses.append("p.name = ?")
        params.append(args.player)
    if args.game:
        clauses.append("g.game = ?")
        params.append(args.game)
    return " AND ".join(clauses), params


def compute(conn, args):
    """The stats rows: dicts sorted by player name, then game."""
    where, params = _where(args)
    rows = {}
    for name, game, games, wins, shared in conn.execute(
            "SELECT p.name, g.game, COUNT(*), SUM(p.winner), SUM(p.winner AND w.winners > 1)"
            " FROM players p JOIN games g ON g.id = p.game_id"
            " JOIN (SELECT game_id, SUM(winner) AS winners FROM players GROUP BY game_id) w"
            "   ON w.game_id = g.id"
            " WHERE %s GROUP BY p.name, g.game" % where, params):
        rows[(name, game)] = {"player": name, "game": game, "games": games, "wins": wins,
                              "shared": shared, "turns": 0, "banked_turns": 0, "avg_banked": None,
                              "lost_turns": 0, "bust_rate": None, "longest_turn": 0}
    for name, game, ended, banked_turns, banked_points, lost, longest in conn.execute(
            "SELECT p.name, g.game, SUM(t.outcome != 'open'),"
            " SUM(t.outcome IN ('bank', 'autobank')),"
            " SUM(CASE WHEN t.outcome IN ('bank', 'autobank') THEN t.points ELSE 0 END),"
            " SUM(t.outcome IN ('bust', 'wipeout', 'seven')), MAX(t.rolls)"
            " FROM turns t JOIN games g ON g.id = t.game_id"
            " JOIN players p ON p.game_id = t.game_id AND p.seat = t.seat"
            " WHERE %s GROUP BY p.name, g.game" % where, params):
        row = rows[(name, game)]
        row.update(turns=ended, banked_turns=banked_turns, lost_turns=lost, longest_turn=longest or 0)
        if banked_turns:
            row["avg_banked"] = banked_points / banked_turns
        if ended:
            row["bust_rate"] = lost / ended
    return [rows[key] for key in sorted(rows)]


def table_text(rows):
    if not rows:
        return "No finished games match.\n"
    headers = ("Player", "Game", "Games", "Wins", "Shared", "Avg banked", "Bust rate", "Longest turn")
    body = []
    for r in rows:
        body.append((shown(r["player"]), r["game"], str(r["games"]), str(r["wins"]), str(r["shared"]),
                     "-" if r["avg_banked"] is None else "%.1f" % r["avg_banked"],
                     "-" if r["bust_rate"] is None else "%.1f%%" % (100 * r["bust_rate"]),
                     "%d throws" % r["longest_turn"]))
    widths = [max(len(h), *(len(row[i]) for row in body)) for i, h in enumerate(headers)]
    lines = []
    for row in [headers] + body:
        cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
        cells += [c.rjust(w) for c, w in zip(row[2:], widths[2:])]
        lines.append("  ".join(cells))
    return "\n".join(lines) + "\n"


def progress(conn, args):
    """[(game id, game, names, [[scores after turn 1], ...]), ...] newest first."""
    where, params = _where(args)
    ids = [row[0] for row in conn.execute(
        "SELECT DISTINCT g.id FROM games g JOIN players p ON p.game_id = g.id WHERE %s"
        " ORDER BY g.id DESC LIMIT ?" % where, params + [max(1, args.plot_games)])]
    found = []
    for game_id in ids:
        game = conn.execute("SELECT game FROM games WHERE id = ?", (game_id,)).fetchone()[0]
        names = [r[0] for r in conn.execute(
            "SELECT name FROM players WHERE game_id = ? ORDER BY seat", (game_id,))]
        series = [json.loads(r[0]) for r in conn.execute(
            "SELECT scores FROM turns WHERE game_id = ? ORDER BY seq", (game_id,))]
        found.append((game_id, game, names, series))
    return found


def plot(games, out):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator
    fig = _figure(plt, MaxNLocator, games)
    fig.savefig(out, dpi=110)
    plt.close(fig)


def _figure(plt, MaxNLocator, games):
    count = max(1, len(games))
    cols = 1 if count == 1 else 2
    rows = (count + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(6.0 * cols, 3.4 * rows), squeeze=False)
    for ax in axes.flat[len(games):]:
        ax.set_visible(False)
    for ax, (game_id, game, names, series) in zip(axes.flat, games):
        turns = list(range(0, len(series) + 1))
        lines, labels = [], []
        for seat, name in enumerate(names):
            line, = ax.plot(turns, [0] + [scores[seat] for scores in series], linewidth=1.4,
                            drawstyle="steps-post")
            lines.append(line)
            labels.append(shown(name))
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_title("Game %d (%s)" % (game_id, game), fontsize=10)
        ax.set_xlabel("turns ended")
        ax.set_ylabel("score")
        ax.grid(True, alpha=0.3)
        # Names are text, never markup: no mathtext ("$...$"), and every
        # label is handed to the legend (it drops labels starting with "_").
        legend = ax.legend(lines, labels, fontsize=7, ncol=2, loc="upper left")
        for text in legend.get_texts():
            text.set_parse_math(False)
    if not games:
        axes.flat[0].set_visible(True)
        axes.flat[0].text(0.5, 0.5, "No finished games match", ha="center", va="center")
        axes.flat[0].set_axis_off()
    fig.suptitle("Score progress", fontsize=12)
    fig.tight_layout()
    return fig
