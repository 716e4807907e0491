"""Property tests of the rules engine (CPython only): long random games with
undo and void, one state machine per game, checked against invariants that
follow from rules.md and against an independent six-dice scorer."""
import copy
import io
from itertools import permutations

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from dicetray.engine import record
from dicetray.engine.actions import BANK, CONTINUE, KEEP, ORDER, ROLL, UNDO, VOID, Illegal
from dicetray.engine.game import Game
from dicetray.engine.replay import replay
from dicetray.engine.summary import summary
from dicetray.engine.rules import NOTE_BONUS, NOTE_OVER, NOTE_WIPEOUT

SETTINGS = settings(max_examples=20, stateful_step_count=250, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def fingerprint(game):
    """Everything the game holds, to compare states exactly."""
    rules = copy.deepcopy(vars(game.rules))
    rules.pop("_kept", None)  # scratch space for checking a reservation, not state
    rules["last_roll"] = bytes(rules["last_roll"][:rules["last_n"]])
    actions = []
    game.history.replay(lambda kind, values: actions.append((kind, values)))
    assert len(actions) == game.history.count
    return rules, actions, game._checkpoints


def oracle_value(faces):
    """Best split of a reservation by brute force over the table of
    rules.md; 0 when some die fits no combination."""
    faces = sorted(faces)
    if not faces:
        return 0
    best = -1
    if len(faces) == 6:
        counts = [faces.count(f) for f in set(faces)]
        if faces == [1, 2, 3, 4, 5, 6]:
            best = 250
        if all(c % 2 == 0 for c in counts) and max(counts) < 6:
            best = max(best, 150)
    first = faces[0]
    combos = []
    if first == 1:
        combos.append(([1], 10))
    if first == 5:
        combos.append(([5], 5))
    for size, worth in ((3, 10 * first), (4, 100), (5, 250)):
        if faces.count(first) >= size:
            combos.append(([first] * size, worth))
    for used, worth in combos:
        rest = list(faces)
        for f in used:
            rest.remove(f)
        if not rest:
            best = max(best, worth)
        else:
            tail = oracle_value(rest)
            if tail > 0:
                best = max(best, worth + tail)
    return max(best, 0)


class GameMachine(RuleBasedStateMachine):
    GAME = None
    OPTIONS = st.just({})

    @initialize(players=st.integers(2, 8), data=st.data())
    def start(self, players, data):
        self.opts = data.draw(self.OPTIONS)
        self.names = ["P%d" % i for i in range(players)]
        self.game = Game(self.GAME, self.names, self.opts)
        self.lines = [record.encode_header(self.GAME, self.names, self.opts)]
        self.history = []  # fingerprints before each action still in effect

    # -- drawing actions ----------------------------------------------------
    def faces(self):
        return st.integers(1, 6)

    def draw_action(self, data, kind):
        rules = self.game.rules
        if kind == ROLL:
            return kind, data.draw(st.lists(self.faces(), min_size=rules.dice_to_throw(),
                                            max_size=rules.dice_to_throw())), None
        if kind == KEEP:
            faces, _ = data.draw(st.sampled_from(rules.reservations()))
            return kind, list(faces), None
        if kind == BANK and self.GAME == "bank":
            return kind, None, data.draw(st.sampled_from([p for p in range(rules.n) if rules.is_in(p)]))
        if kind == ORDER:
            return kind, None, data.draw(st.permutations(list(range(rules.n))))
        return kind, None, None

    def apply(self, kind, dice, p):
        before = fingerprint(self.game)
        old = summary(self.game)
        try:
            self.game.act(kind, dice, p)
        except Illegal as e:
            assert len(str(e)) <= 16
            assert fingerprint(self.game) == before, "an illegal action changed the state"
            assert summary(self.game) == old
            return False
        if kind == BANK and self.GAME != "bank":
            p = None  # a "p" on bank is an unknown key outside the bank game
        self.lines.append(record.encode_action(kind, dice, p))
        if kind == UNDO:
            self.history.pop()
        else:
            self.history.append(before)
        return True

    @precondition(lambda self: not self.game.over)
    @rule(data=st.data())
    def legal_action(self, data):
        allowed = self.game.allowed() & ~(1 << UNDO)
        kinds = [k for k in (ROLL, BANK, KEEP, CONTINUE, ORDER, VOID) if allowed & (1 << k)]
        kind = data.draw(st.sampled_from(kinds))
        kind, dice, p = self.draw_action(data, kind)
        before_scores = list(self.game.scores)
        before_points = self.game.rules.points
        before_turn = self.game.rules.turn
        accepted = self.apply(kind, dice, p)
        if kind != ORDER:  # an order may be refused (non-tied swap)
            assert accepted, "an allowed action was refused"
        if accepted:
            self.check_step(kind, dice, p, before_scores, before_points, before_turn)

    @rule(data=st.data())
    def any_action(self, data):
        """Anything at all: refused actions must leave the game as it was."""
        kind = data.draw(st.sampled_from((ROLL, BANK, KEEP, CONTINUE, ORDER, VOID)))
        dice = data.draw(st.one_of(st.none(), st.lists(st.integers(-1, 8), max_size=7)))
        p = data.draw(st.one_of(st.none(), st.integers(-1, 9), st.lists(st.integers(0, 8), max_size=9)))
        self.apply(kind, dice, p)

    @precondition(lambda self: self.history)
    @rule()
    def undo(self):
        expected = self.history[-1]
        assert self.apply(UNDO, None, None)
        assert fingerprint(self.game) == expected, "undo did not restore the previous state"

    @precondition(lambda self: not self.history)
    @rule()
    def undo_nothing(self):
        assert not self.apply(UNDO, None, None)

    def check_step(self, kind, dice, p, scores, points, turn):
        """Per-game invariants of one accepted action."""

    @invariant()
    def record_replays_to_live_state(self):
        if len(self.lines) % 25:
            return  # replaying costs: check every 25 lines and at teardown
        self.check_replay()

    def check_replay(self):
        text = "\n".join(self.lines) + "\n"
        game, dropped = replay(io.BytesIO(text.encode()))
        assert dropped == 0
        assert summary(game) == summary(self.game)
        assert fingerprint(game) == fingerprint(self.game)

    def teardown(self):
        if hasattr(self, "game"):
            self.check_replay()


class PigMachine(GameMachine):
    GAME = "pig"
    OPTIONS = st.sampled_from([{}, {"circuits": 3}])

    def check_step(self, kind, dice, p, scores, points, turn):
        rules = self.game.rules
        assert rules.rolls <= 5, "a turn went past six valid rolls"
        if kind == BANK or (kind == ROLL and dice[0] != 1 and rules.turn != turn):
            gained = points + (dice[0] if kind == ROLL else 0)
            assert self.game.scores[turn] == scores[turn] + gained  # score = sum of banked turns
        elif kind == ROLL and dice[0] == 1:
            assert self.game.scores == scores


class BankMachine(GameMachine):
    GAME = "bank"
    OPTIONS = st.sampled_from([{}, {"rounds": 15}, {"rounds": 20}])

    def check_step(self, kind, dice, p, scores, points, turn):
        new = self.game.scores
        assert all(a >= b for a, b in zip(new, scores)), "a bank total decreased"
        if kind == BANK:
            assert new[p] == scores[p] + points


class SkullsMachine(GameMachine):
    GAME = "skulls"
    OPTIONS = st.sampled_from([{}, {"faces": "1-5"}, {"rounds": 2}])

    def faces(self):
        low = self.game.rules.low
        return st.sampled_from([0] + list(range(low, low + 5)))

    def check_step(self, kind, dice, p, scores, points, turn):
        new = self.game.scores
        if kind == ROLL and dice == [0, 0]:
            assert self.game.rules.note in (NOTE_WIPEOUT, NOTE_OVER)
            assert new[turn] == 0, "two skulls left the roller's total"
            assert [s for i, s in enumerate(new) if i != turn] == [s for i, s in enumerate(scores) if i != turn]
        elif kind == ROLL and 0 in dice:
            assert new == scores  # one skull: only the round score goes
        elif kind == BANK:
            assert new[turn] == scores[turn] + points


class SixDiceMachine(GameMachine):
    GAME = "sixdice"
    OPTIONS = st.sampled_from([{"target": 300}, {"target": 200, "end": "short"}, {"target": 500}])

    def check_step(self, kind, dice, p, scores, points, turn):
        rules = self.game.rules
        if kind == KEEP:
            bonus = 100 if rules.note == NOTE_BONUS else 0
            assert rules.points == points + oracle_value(dice) + bonus, "reservation scored off the table"
        if kind == BANK:
            assert self.game.scores[turn] == scores[turn] + points
        assert all(a >= b for a, b in zip(self.game.scores, scores))
        turn_ended = kind != VOID and (self.game.over or rules.turn != turn or rules.phase == 0)
        if rules.final and not rules.short and turn_ended and rules.winner < 0:
            # After a final-phase turn, a player still in is not below the best.
            best = max(s for q, s in enumerate(self.game.scores) if not rules.is_out(q))
            assert rules.is_out(turn) or self.game.scores[turn] == best
            if not self.game.over:
                assert not rules.is_out(rules.turn)


TestPig = PigMachine.TestCase
TestBank = BankMachine.TestCase
TestSkulls = SkullsMachine.TestCase
TestSixDice = SixDiceMachine.TestCase
for _case in (TestPig, TestBank, TestSkulls, TestSixDice):
    _case.settings = SETTINGS
del _case


def test_every_reservation_scores_what_the_table_says():
    """All 6**6 six-dice throws: each listed reservation against the oracle,
    and every sub-multiset not listed scores nothing."""
    from dicetray.games import sixdice as scoring
    seen = {}
    for code in range(6 ** 6):
        faces = tuple(sorted((code // 6 ** i) % 6 + 1 for i in range(6)))
        if faces in seen:
            continue
        listed = {tuple(f): pts for f, pts in scoring.reservations(list(faces))}
        seen[faces] = True
        subsets = set()
        for mask in range(1, 64):
            subsets.add(tuple(faces[i] for i in range(6) if mask >> i & 1))
        for subset in subsets:
            assert listed.get(subset, 0) == oracle_value(list(subset)), (faces, subset)
