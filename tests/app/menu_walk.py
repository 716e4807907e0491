"""Starting a game from the tray's menu by reading its screen, shared by the
virtual-board tests (tests/app) and the browser page's tests."""


def new_game(key, screen_text, game, players=2, option=0):
    """From the menu (cursor on Game): choose and start. The menu may offer
    another game, count or option first (the last game's, the roster's): the
    screen is read until it shows the ones wanted. key(*names) presses keys,
    screen_text() gives the screen's lines."""
    from dicetray import games
    module = games.module(game)
    _press_until(key, screen_text, "Game", module.TITLE)
    key("DOWN")
    _press_until(key, screen_text, "Players", "Players %d" % players)
    key("DOWN")
    _press_until(key, screen_text, None, module.MENU_OPTION[2][option])
    key("DOWN", "ROLL")


def _press_until(key, screen_text, line_start, wanted, tries=8):
    for _ in range(tries):
        lines = [line.lstrip(">").strip() for line in screen_text()]
        if any(line.endswith(wanted) and (line_start is None or line.startswith(line_start))
               for line in lines):
            return
        key("ROLL")
    raise AssertionError("the menu never showed %r:\n%s" % (wanted, "\n".join(screen_text())))
