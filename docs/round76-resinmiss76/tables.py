"""Round 76 (resinmiss76): the tables of the write-up from classify.py's
output: lost throws by class and build, recall by build, and every lost
throw (lost-throws.md).

  python docs/round76-resinmiss76/tables.py OUT.jsonl [--each]
"""
import collections
import json
import sys

SHORT = {"L1087": "refused: finger on the pad (`_finger_run`: `_press_release`)",
         "L1053": "refused: waited, nothing came (knock-like, lone slap or click)",
         "L1138": "refused: only keys and their rings (`_keyed_start` < 0)",
         "L1085": "refused: the table rings on (`_table_rings`)",
         "L1110": "refused: a first blow that only rang (edge rules)",
         "L1114": "refused: knocks (`_knocks`)",
         "L1100": "refused: one blow, no spike (`_spiked`)"}


def short(c):
    for k, v in SHORT.items():
        if k in c:
            return v
    return c


COLS = [("dice 1/2/3+", lambda r: "1" if r["dice"] == 1 else "2" if r["dice"] == 2 else "3+", ("1", "2", "3+")),
        ("soft/hard", lambda r: "hard" if r["hard"] else "soft", ("soft", "hard")),
        ("insert/bare", lambda r: "ins" if r["insert"] else "bare", ("ins", "bare")),
        ("mode n/h/l", lambda r: r["mode"], ("normal", "high", "low")),
        ("turn 0/90/180/270", lambda r: r["turn"], (0, 90, 180, 270)),
        ("chip up/down", lambda r: "down" if r["flip"] else "up", ("up", "down")),
        ("surface bare/cloth/mat", lambda r: r["surface"], ("bare", "cloth", "playmat")),
        ("table wood/chipboard/glass", lambda r: r["table"], ("wood", "board", "glass"))]


def main():
    rows = [json.loads(line) for line in open(sys.argv[1])]
    lost = [r for r in rows if not r["found"]]
    for r in lost:
        r["c"] = short(r["cls"])
    print("%d throws, %d lost\n" % (len(rows), len(lost)))
    print("| class | lost | " + " | ".join(c for c, _, _ in COLS) + " | loud mg (median, range) |")
    print("| --- " * (len(COLS) + 3) + "|")
    for cls, n in collections.Counter(r["c"] for r in lost).most_common():
        g = [r for r in lost if r["c"] == cls]
        cells = []
        for _, f, vals in COLS:
            cc = collections.Counter(f(r) for r in g)
            cells.append(" / ".join(str(cc[v]) for v in vals))
        ls = sorted(r["loud"] for r in g)
        print("| %s | %d | %s | %d (%d-%d) |" % (cls, n, " | ".join(cells), ls[len(ls) // 2], ls[0], ls[-1]))
    print("\n| build | throws | lost | recall |\n| --- | --- | --- | --- |")
    extra = [("rate", lambda r: r["rate"], (100, 200, 400)), ("cup", lambda r: "cup" if r["cup"] else "hand", ("hand", "cup")),
             ("die mm", lambda r: r["die_mm"], (12, 16, 19)),
             ("loud at the sensor", lambda r: "a <50" if r["loud"] < 50 else "b 50-99" if r["loud"] < 100 else
              "c 100-199" if r["loud"] < 200 else "d 200-499" if r["loud"] < 500 else "e 500+",
              ("a <50", "b 50-99", "c 100-199", "d 200-499", "e 500+"))]
    for name, f, vals in COLS + extra:
        for v in vals:
            a = [r for r in rows if f(r) == v]
            b = [r for r in a if not r["found"]]
            if a:
                print("| %s %s | %d | %d | %.1f %% |" % (name.split(" ")[0] if name != "loud at the sensor" else name, v,
                                                       len(a), len(b), 100.0 * (len(a) - len(b)) / len(a)))
    if "--each" in sys.argv:
        print("\n| trace | landing ms | dice | soft/hard | floor | mode | turn | chip | surface | table | loud mg | class |")
        print("| --- " * 12 + "|")
        for r in lost:
            print("| %s | %d | %s | %s | %s | %s | %d | %s | %s | %s | %d | %s |" % (
                r["name"], r["ts"], r["dice"], "hard" if r["hard"] else "soft", "insert" if r["insert"] else "bare",
                r["mode"], r["turn"], "down" if r["flip"] else "up", r["surface"], r["table"], r["loud"], r["cls"]))


if __name__ == "__main__":
    main()
