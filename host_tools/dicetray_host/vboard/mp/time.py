"""time for the virtual board: ticks from the virtual clock, wrapping at 2**30 as on the RP2040.

Everything else comes from the builtin time module (loaded with sys.path
emptied, so this file does not import itself).
"""
import sys

_path = sys.path
sys.path = []
try:
    from time import gmtime as _gmtime, mktime
    # The host's own time module, for vboard_cpu (the firmware's Python
    # time); the webassembly port's lacks clock, and only vboard_cpu needs it
    import time as _host_time
finally:
    sys.path = _path
del _path

from vboard_core import board as _board, TICKS_MASK as _MASK, TICKS_PERIOD as _PERIOD

_HALF = _PERIOD // 2
_RTC_START = 1609459200  # the rp2 RTC starts at 2021-01-01 00:00:00 after power-on


def ticks_ms():
    return _board.ticks_ms()


def ticks_us():
    return _board.ticks_us()


ticks_cpu = ticks_us


def ticks_add(ticks, delta):
    if not -_HALF <= delta < _HALF:
        raise OverflowError("ticks interval overflow")
    return (ticks + delta) & _MASK


def ticks_diff(end, start):
    return ((end - start + _HALF) & _MASK) - _HALF


def sleep_us(us):
    if us > 0:
        _board.wait_until(_board.now_us + us)


def sleep_ms(ms):
    if ms > 0:
        _board.wait_until(_board.now_us + ms * 1000)


def sleep(seconds):
    sleep_us(int(seconds * 1_000_000))


def time():
    return _RTC_START + _board.now_us // 1_000_000


def time_ns():
    return (_RTC_START * 1_000_000 + _board.now_us) * 1000


def localtime(secs=None):
    return _gmtime(time() if secs is None else secs)  # the board has no time zone


def gmtime(secs=None):
    return _gmtime(time() if secs is None else secs)
