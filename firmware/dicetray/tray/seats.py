"""The seats screen of the menu: who plays, in which order (seat 1 first).

UP/DOWN move the cursor, OK gives the seat the next name nobody else sits on
(the roster, then P1..P8), PLAYER moves the player one seat down, MENU or
UNDO goes back to the menu. Loaded only while it is shown: bytecode is RAM.
"""
from dicetray.tray import keys, unload

NOTHING = 0   # as menu.NOTHING, menu.CHANGED
CHANGED = 1


def key(menu, code):
    n = menu.players
    i = menu.seat
    seats = menu.seats
    if code == keys.UP or code == keys.DOWN:
        menu.seat = (i + (1 if code == keys.DOWN else -1)) % n
    elif code == keys.OK:
        names = menu._candidates()
        at = names.index(seats[i]) if seats[i] in names else -1
        for step in range(1, len(names) + 1):
            name = names[(at + step) % len(names)]
            if name == seats[i] or name not in seats[:n]:
                break
        if name in seats:  # it was waiting in a seat not played: swap them
            seats[seats.index(name)] = seats[i]
        seats[i] = name
    elif code == keys.PLAYER:
        j = (i + 1) % n    # one seat down (the last one goes to the top)
        seats[i], seats[j] = seats[j], seats[i]
        menu.seat = j
    elif code == keys.MENU or code == keys.UNDO:
        menu.seat = -1
        unload("tray.seats")
    else:
        return NOTHING
    return CHANGED


def draw(fb, menu, ch):
    fb.text("Seats  MENU:back", 0, 0, 1)
    top = menu.seat - menu.seat % 5
    for row in range(5):
        i = top + row
        if i >= menu.players:
            break
        y = 10 + 9 * row
        if i == menu.seat:
            fb.text(">", 0, y, 1)
        fb.text("%d" % (i + 1), ch, y, 1)
        fb.text(menu.seats[i][:10], 3 * ch, y, 1)
    fb.text("OK:who PLAYER:dn", 0, 56, 1)
