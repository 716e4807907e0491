# A game: the rules of one of the four games, built from a record header,
# advanced one action at a time, with undo back to any earlier point.
from dicetray.actions import Illegal, ROLL, BANK, KEEP, ORDER, UNDO, VOID

GAMES = ("pig", "bank", "skulls", "sixdice")
_NO_PLAYER = 255


class BadHeader(ValueError):
    pass


def _int(value):
    return type(value) is int


def _rules_for(game, n, opts):
    """The rules object for a header's game and options, or BadHeader.
    Only the game being played is imported: bytecode costs RAM."""
    def option(key, default):
        return opts.get(key, default)

    known = {"pig": ("circuits",), "bank": ("rounds",), "skulls": ("rounds", "faces"),
             "sixdice": ("target", "end")}[game]
    for key in opts:
        if key not in known:
            raise BadHeader("option %s not in %s" % (key, game))
    if game == "pig":
        circuits = option("circuits", 5)
        if not _int(circuits) or circuits not in (3, 5):
            raise BadHeader("circuits must be 3 or 5")
        from dicetray.pig import Pig
        return Pig(n, circuits)
    if game == "bank":
        rounds = option("rounds", 10)
        if not _int(rounds) or rounds not in (10, 15, 20):
            raise BadHeader("rounds must be 10, 15 or 20")
        from dicetray.bank import Bank
        return Bank(n, rounds)
    if game == "skulls":
        rounds = option("rounds", 6)
        faces = option("faces", "2-6")
        if not _int(rounds) or rounds < 1:
            raise BadHeader("rounds must be a positive integer")
        if faces not in ("2-6", "1-5"):
            raise BadHeader('faces must be "2-6" or "1-5"')
        from dicetray.skulls import Skulls
        return Skulls(n, rounds, 2 if faces == "2-6" else 1)
    target = option("target", 1000)
    end = option("end", "eliminate")
    if not _int(target) or target < 1:
        raise BadHeader("target must be a positive integer")
    if end not in ("eliminate", "short"):
        raise BadHeader('end must be "eliminate" or "short"')
    from dicetray.sixdice import SixDice
    return SixDice(n, target, end == "short")


def check_header(header):
    """(game, players, opts) of a decoded header line, or BadHeader."""
    if type(header) is not dict:
        raise BadHeader("header is not a JSON object")
    version = header.get("v")
    if not (_int(version) or type(version) is float) or version != 1:
        raise BadHeader("v must be 1")
    game = header.get("game")
    if game not in GAMES:
        raise BadHeader("game must be pig, bank, skulls or sixdice")
    players = header.get("players")
    if type(players) is not list or not 2 <= len(players) <= 8:
        raise BadHeader("players must list 2 to 8 names")
    for name in players:
        if type(name) is not str:
            raise BadHeader("player names must be strings")
    opts = header.get("opts", {})
    if type(opts) is not dict:
        raise BadHeader("opts must be an object")
    return game, players, opts


class Game:
    """The live state of one game. act() applies one action or raises
    Illegal with a short reason and leaves everything as it was.

    The game keeps the actions still in effect in a compact byte log (about
    two bytes a throw); undo drops the last one and replays the rest, so an
    undo restores exactly the state before the action it retracts, across
    any boundary (bust, round end, elimination, game over)."""

    def __init__(self, game, players, opts=None):
        self.game = game
        self.players = players
        self.opts = opts or {}
        self.rules = _rules_for(game, len(players), self.opts)
        self._log = bytearray(64)
        self._used = 0

    @classmethod
    def from_header(cls, header):
        game, players, opts = check_header(header)
        return cls(game, players, opts)

    # -- acting --------------------------------------------------------------
    def act(self, kind, dice=None, p=None):
        if kind == UNDO:
            self.undo()
            return
        if dice is not None and type(dice) is not list:
            raise Illegal("Dice as a list")
        if kind == VOID:  # legal wherever a throw is, and changes no total
            if not self.rules.allowed() & (1 << VOID):
                raise Illegal("Game is over" if self.rules.over else "Keep dice first")
            self.rules.voided()
            self._push(kind, None, None)
            return
        if kind == BANK and self.game != "bank":
            p = None  # only the bank game names who banks
        self.rules.apply(kind, dice, p)
        self._push(kind, dice, p)

    def can_undo(self):
        return self._used > 0

    def undo(self):
        if not self._used:
            raise Illegal("Nothing to undo")
        log = self._log
        start = 0
        last = 0
        while start < self._used:  # find where the last action begins
            last = start
            start += 1 + (log[start] & 15)
        self._used = last
        self._rebuild()

    def allowed(self):
        """Bitmask of action kinds legal now (1 << kind), undo included."""
        mask = self.rules.allowed()
        if self._used:
            mask |= 1 << UNDO
        return mask

    # -- the compact log: a head byte (kind << 4 | payload length), payload --
    def _push(self, kind, dice, p):
        if kind == ROLL or kind == KEEP:
            payload = dice
        elif kind == ORDER:
            payload = p
        elif kind == BANK and p is not None:
            payload = (p,)
        else:
            payload = ()
        size = len(payload)
        need = self._used + 1 + size
        if need > len(self._log):  # grow by doubling: rare, amortised
            bigger = bytearray(2 * len(self._log))
            bigger[:self._used] = self._log[:self._used]
            self._log = bigger
        log = self._log
        at = self._used
        log[at] = kind << 4 | size
        for i in range(size):
            log[at + 1 + i] = payload[i]
        self._used = need

    def _rebuild(self):
        rules = self.rules
        rules.reset()
        log = self._log
        at = 0
        while at < self._used:
            kind = log[at] >> 4
            size = log[at] & 15
            payload = list(log[at + 1:at + 1 + size])
            dice = p = None
            if kind == ROLL or kind == KEEP:
                dice = payload
            elif kind == ORDER:
                p = payload
            elif kind == BANK and size:
                p = payload[0]
            if kind == VOID:
                rules.voided()
            else:
                rules.apply(kind, dice, p)
            at += 1 + size

    # -- what a screen or a report needs --------------------------------------
    @property
    def over(self):
        return self.rules.over

    @property
    def scores(self):
        return self.rules.scores

    def winners(self):
        return self.rules.winners()
