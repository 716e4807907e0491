# Display bytes per screen change: draw, show(), print what show() sent.
from dicetray.tray import board
d = board.open_display()
def shot(name, draw):
    draw()
    n = d.show()
    print("%s|%d" % (name, n))
d.text("P1 Alice", 0, 0, 1); d.text("Total 0", 0, 16, 1); d.text("ROLL or BANK", 0, 56, 1); d.show()
shot("score digit changes (one text line)", lambda: (d.fill_rect(48, 16, 80, 8, 0), d.text("Total 12", 0, 16, 1)))
shot("message on the status line", lambda: (d.fill_rect(0, 56, 128, 8, 0), d.text("Roll first", 0, 56, 1)))
shot("large 24 px total redrawn", lambda: (d.fill_rect(0, 24, 128, 24, 0), d.fill_rect(10, 25, 14, 22, 1), d.fill_rect(30, 25, 14, 22, 1)))
shot("next player (name, total, keys)", lambda: (d.fill(0), d.text("P2 Bob", 0, 0, 1), d.text("Total 30", 0, 16, 1), d.text("ROLL or BANK", 0, 56, 1)))
shot("nothing changed", lambda: None)
shot("new screen (menu)", lambda: (d.fill(0), [d.text("Game %d" % i, 8, 8 * i, 1) for i in range(8)]))
