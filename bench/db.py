"""Benchmark: `dicetray import` and `dicetray stats` on 10,000 generated games.

The games are random legal games of all four games from generate.py
(2-8 players, undos and voids mixed in), written as record files the way the
tray writes them. Import goes through the same code as the command (one
transaction per record) into a fresh SQLite file; then a second import of the
same files (nothing to change), then stats over everything and with filters,
then the plot. Figures only: nothing here fails on timing."""
import os
import tempfile
import time

GAMES = int(os.environ.get("DICETRAY_BENCH_GAMES", "10000"))


class _Args:
    def __init__(self, **kw):
        self.player = self.game = self.plot = None
        self.plot_games = 6
        self.__dict__.update(kw)


def run(games=GAMES):
    from dicetray_host.records import db
    from dicetray_host.records import generate
    from dicetray_host.records import stats as stats_cmd
    with tempfile.TemporaryDirectory(prefix="dicetray-bench-db-") as folder:
        started = time.perf_counter()
        paths = []
        total_bytes = 0
        for seed in range(games):
            header, actions, _ = generate.random_game(seed, finish=seed % 10 != 0)
            text = generate.record_text(header, actions).encode()
            path = os.path.join(folder, "%05d.jsonl" % seed)
            with open(path, "wb") as out:
                out.write(text)
            total_bytes += len(text)
            paths.append(path)
        made = time.perf_counter() - started

        from dicetray.engine.replay import replay
        import io
        started = time.perf_counter()
        for path in paths:
            with open(path, "rb") as stream:
                replay(io.BytesIO(stream.read()))
        took = time.perf_counter() - started
        rows = [("replay only (engine, no database)", took, "%.0f games/s" % (games / took))]

        base = os.path.join(folder, "games.sqlite")
        conn = db.connect(base)
        for label in ("import (new)", "import again (unchanged)"):
            started = time.perf_counter()
            for path in paths:
                with open(path, "rb") as stream:
                    db.import_record(conn, stream.read(), source=path)
            took = time.perf_counter() - started
            rows.append((label, took, "%.0f games/s, %.1f MB/s" % (games / took, total_bytes / took / 1e6)))
        table_counts = db.counts(conn)

        for label, args in (("stats, all players and games", _Args()),
                            ("stats --player Ann", _Args(player="Ann")),
                            ("stats --game pig", _Args(game="pig"))):
            started = time.perf_counter()
            result = stats_cmd.compute(conn, args)
            took = time.perf_counter() - started
            rows.append((label, took, "%d rows" % len(result)))
        started = time.perf_counter()
        stats_cmd.plot(stats_cmd.progress(conn, _Args(plot="x")), os.path.join(folder, "plot.png"))
        rows.append(("stats --plot (6 games)", time.perf_counter() - started, ""))
        conn.close()
        size = os.path.getsize(base) + sum(os.path.getsize(base + s) for s in ("-wal",)
                                           if os.path.exists(base + s))

    print("%d generated records, %.1f MB (made in %.1f s); database %.1f MB: %s" % (
        games, total_bytes / 1e6, made, size / 1e6,
        ", ".join("%s %d" % kv for kv in table_counts.items())))
    print("%-32s %10s  %s" % ("step", "seconds", ""))
    for label, took, note in rows:
        print("%-32s %10.3f  %s" % (label, took, note))


if __name__ == "__main__":
    run()
