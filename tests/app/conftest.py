"""The tray firmware on the MicroPython unix port through the virtual board."""
import pytest

# The table-level helper lives in the host package (the soak in `make bench` uses it too).
from dicetray_host.vboard.table import READY, Tray  # noqa: F401 (tests import them from here)


@pytest.fixture
def flash(tmp_path):
    path = tmp_path / "flash"
    path.mkdir()
    return path


@pytest.fixture
def tray(flash):
    """A tray with its accelerometer, booted to the menu."""
    with Tray(flash, accel=True) as board:
        yield board


@pytest.fixture
def manual_tray(flash):
    """A tray without the accelerometer (manual mode), booted to the menu."""
    with Tray(flash, accel=False) as board:
        yield board
