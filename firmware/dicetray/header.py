# A record's header: which game, who plays, which options (record-format.md),
# checked, and the rules object it starts. Needed only when a game starts.
GAMES = ("pig", "bank", "skulls", "sixdice")


class BadHeader(ValueError):
    pass


def _int(value):
    return type(value) is int


def rules_for(game, n, opts):
    """The rules object for a header's game and options, or BadHeader.
    Only the game being played is imported: bytecode costs RAM."""
    known = {"pig": ("circuits",), "bank": ("rounds",), "skulls": ("rounds", "faces"),
             "sixdice": ("target", "end")}[game]
    for key in opts:
        if key not in known:
            raise BadHeader("option %s not in %s" % (key, game))
    if game == "pig":
        circuits = opts.get("circuits", 5)
        if not _int(circuits) or circuits not in (3, 5):
            raise BadHeader("circuits must be 3 or 5")
        from dicetray.pig import Pig
        return Pig(n, circuits)
    if game == "bank":
        rounds = opts.get("rounds", 10)
        if not _int(rounds) or rounds not in (10, 15, 20):
            raise BadHeader("rounds must be 10, 15 or 20")
        from dicetray.bank import Bank
        return Bank(n, rounds)
    if game == "skulls":
        rounds = opts.get("rounds", 6)
        faces = opts.get("faces", "2-6")
        if not _int(rounds) or rounds < 1:
            raise BadHeader("rounds must be a positive integer")
        if faces not in ("2-6", "1-5"):
            raise BadHeader('faces must be "2-6" or "1-5"')
        from dicetray.skulls import Skulls
        return Skulls(n, rounds, 2 if faces == "2-6" else 1)
    target = opts.get("target", 1000)
    end = opts.get("end", "eliminate")
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
