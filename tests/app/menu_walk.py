"""Starting a game from the tray's menu by reading its screen, shared by the
virtual-board tests (tests/app) and the browser page's tests; the walk
itself is in dicetray_host.vboard.table (the soak in `make bench` uses it too)."""
from dicetray_host.vboard.table import new_game  # noqa: F401
