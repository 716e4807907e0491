"""machine for the virtual board: the Pico's pins, I2C, PWM, timers and resets.

Shadows the unix port's builtin machine module (this directory comes first
on MICROPYPATH). Behaviour follows the rp2 port: pin modes and pulls, I2C
pin rules, OSError(EIO) for an absent address, soft IRQs, and the heap
allocation of its multi-buffer transfers (writevto, writeto_mem).
"""
import micropython as _micropython
import uctypes as _uctypes

import vboard_core as _core
from vboard_core import board as _board

_EIO = 5  # rp2: an address nobody acknowledges
_DEFAULT_I2C_PINS = ((8, 9), (6, 7))  # (sda, scl) of I2C0 and I2C1 on the rp2 port

PWRON_RESET = 1
WDT_RESET = 3
_reset_cause = PWRON_RESET
_freq = 125_000_000


def _gpio_number(pin_id):
    if isinstance(pin_id, Pin):
        return pin_id._g.n
    if isinstance(pin_id, str):
        if pin_id == "LED":
            return 25
        if pin_id.startswith("GP"):
            pin_id = int(pin_id[2:])
    if isinstance(pin_id, int) and 0 <= pin_id < _core.NPINS:
        return pin_id
    raise ValueError("invalid pin")


class _PinIRQ:
    def __init__(self, pin):
        self.pin = pin
        self._flags = 0

    def flags(self):
        return self._flags

    def trigger(self, t=None):
        return self.pin._g.trigger


_PINS = []


def _prepare():
    """Called by the board before the firmware's heap is set aside: the rp2
    port's Pin objects are static (Pin(n) returns the same one, no heap)."""
    for _ in range(_core.NPINS):
        p = object.__new__(Pin)
        p._g = None
        _PINS.append(p)


class Pin:
    IN = _core.IN
    OUT = _core.OUT
    OPEN_DRAIN = _core.OPEN_DRAIN
    ALT = _core.ALT
    PULL_UP = _core.PULL_UP
    PULL_DOWN = _core.PULL_DOWN
    IRQ_FALLING = _core.IRQ_FALLING
    IRQ_RISING = _core.IRQ_RISING

    def __new__(cls, id, *args, **kw):
        if cls is Pin and _PINS:
            return _PINS[_gpio_number(id)]
        return object.__new__(cls)

    def __init__(self, id, mode=-1, pull=-1, *, value=None, alt=-1):
        self._g = _board.pin(_gpio_number(id))
        self.init(mode, pull, value=value)

    def init(self, mode=-1, pull=-1, *, value=None, alt=-1):
        g = self._g
        _board.touch()
        if mode != -1:
            g.pio = False  # back to the CPU's GPIO function (SIO)
        if value is not None:
            g.out = 1 if value else 0
        if mode != -1:
            g.mode = mode
        if pull != -1:
            g.pull = pull or 0
        elif mode != -1:
            g.pull = 0  # as on rp2: a mode without pull clears the pull
        return None

    def value(self, x=None):
        g = self._g
        if x is None:
            if g.mode == _core.OUT:
                return g.out
            return g.level()
        _board.touch()
        g.out = 1 if x else 0
        return None

    __call__ = value  # pin() reads, pin(v) drives, as on the board

    def on(self):
        _board.touch()
        self._g.out = 1

    def off(self):
        _board.touch()
        self._g.out = 0

    high = on
    low = off

    def toggle(self):
        _board.touch()
        self._g.out ^= 1

    def mode(self, m=None):
        if m is None:
            return self._g.mode
        _board.touch()
        self._g.pio = False
        self._g.mode = m

    def pull(self, p=None):
        if p is None:
            return self._g.pull
        _board.touch()
        self._g.pull = p or 0

    def irq(self, handler=None, trigger=IRQ_FALLING | IRQ_RISING, hard=False):
        g = self._g
        if g.irq_obj is None:
            g.irq_obj = _PinIRQ(self)
        g.handler = handler
        g.trigger = trigger
        g.last = g.level()
        g.flags = 0
        return g.irq_obj

    def __repr__(self):
        return "Pin(GPIO%d)" % self._g.n


class Signal:
    def __init__(self, pin, *args, invert=False):
        self._pin = pin if isinstance(pin, Pin) else Pin(pin, *args)
        self._invert = invert

    def value(self, x=None):
        if x is None:
            return self._pin.value() ^ self._invert
        self._pin.value(bool(x) ^ self._invert)

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class I2C:
    """Hardware I2C; devices answer only on the pins they are wired to."""

    def __init__(self, id, *, scl=None, sda=None, freq=400_000, timeout=50_000):
        if id not in (0, 1):
            raise ValueError("I2C(%s) doesn't exist" % (id,))
        sda_n = _gpio_number(sda) if sda is not None else _DEFAULT_I2C_PINS[id][0]
        scl_n = _gpio_number(scl) if scl is not None else _DEFAULT_I2C_PINS[id][1]
        # rp2: SDA on even GPIOs, SCL on odd ones; the controller by (gpio >> 1) & 1.
        if sda_n & 1 or (sda_n >> 1) & 1 != id:
            raise ValueError("bad SDA pin")
        if not scl_n & 1 or (scl_n >> 1) & 1 != id:
            raise ValueError("bad SCL pin")
        if not 0 < freq <= 1_000_000:
            raise ValueError("freq must be 1..1000000")
        self.id = id
        self.freq = freq
        self._devices = _board_devices(id, sda_n, scl_n)
        self._pointer = {}

    def _device(self, addr):
        for d in self._devices:
            if d.addr == addr:
                return d
        self._bus_time(0)
        raise OSError(_EIO)

    @staticmethod
    def _wrote(d, n):
        # When the panel got its last byte, and how many: the key -> screen
        # figures of `make bench` (bench/keys.py).
        if d is _board.oled:
            d.wrote_us = _board.now_us
            d.wrote_bytes += n

    def _bus_time(self, nbytes):
        # start + address byte + data bytes, 9 clocks each, + stop
        _board.spend(((nbytes + 1) * 9 + 2) * 1_000_000 // self.freq)

    def scan(self):
        found = []
        for addr in range(0x08, 0x78):
            self._bus_time(0)
            for d in self._devices:
                if d.addr == addr:
                    found.append(addr)
        return found

    def writeto(self, addr, buf, stop=True):
        d = self._device(addr)
        buf = _as_bytes(buf)
        self._bus_time(len(buf))
        d.begin_write()
        d.write(buf)
        d.end_write()
        self._wrote(d, len(buf))
        return len(buf)

    def writevto(self, addr, vector, stop=True):
        d = self._device(addr)
        n = 0
        for i in range(len(vector)):
            n += len(_as_bytes(vector[i]))
        if len(vector) > 1:
            _combine_buffer(n)
        self._bus_time(n)
        d.begin_write()
        for i in range(len(vector)):
            d.write(_as_bytes(vector[i]))
        d.end_write()
        self._wrote(d, n)
        return n

    def readfrom_into(self, addr, buf, stop=True):
        d = self._device(addr)
        buf = _as_bytes(buf)
        self._bus_time(len(buf))
        d.read_into(buf)

    def readfrom(self, addr, nbytes, stop=True):
        buf = bytearray(nbytes)
        self.readfrom_into(addr, buf, stop)
        return bytes(buf)

    def readfrom_mem_into(self, addr, memaddr, buf, *, addrsize=8):
        d = self._device(addr)
        buf = _as_bytes(buf)
        self._bus_time(1)
        self._bus_time(len(buf))
        d.begin_write()
        d.write_byte(memaddr)
        d.end_write()
        d.read_into(buf)

    def readfrom_mem(self, addr, memaddr, nbytes, *, addrsize=8):
        buf = bytearray(nbytes)
        self.readfrom_mem_into(addr, memaddr, buf)
        return bytes(buf)

    def writeto_mem(self, addr, memaddr, buf, *, addrsize=8):
        d = self._device(addr)
        buf = _as_bytes(buf)
        _combine_buffer(1 + len(buf))  # address and data: two buffers
        self._bus_time(1 + len(buf))
        d.begin_write()
        d.write_byte(memaddr)
        d.write(buf)
        d.end_write()


SoftI2C = I2C


def _combine_buffer(n):
    """rp2's I2C has a one-buffer transfer: more buffers (writevto, and
    writeto_mem's address + data) are copied into one it allocates on the
    heap (extmod's transfer adaptor), so under heap_lock they raise
    MemoryError as on the board."""
    return bytearray(n)


def _board_devices(bus_id, sda, scl):
    wiring = _board.i2c_wiring.get(bus_id)
    if wiring is None or wiring[0] != sda or wiring[1] != scl:
        return ()
    return wiring[2]


_BYTE_TYPES = (bytearray, bytes)
# A cache of byte views in slots made at import, before the firmware's heap
# is set aside: the model's bookkeeping must not allocate on the firmware's
# heap (nor fragment it) during play, which rp2's C I2C never does.
_CACHE = 96      # more than the firmware's distinct bus buffers (LIS3DH bursts 33, OLED 17)
_cached = [None] * _CACHE       # the buffers
_views = [None] * _CACHE        # their byte views
_next_slot = [0]


def _as_bytes(buf):
    """A byte-wise view of any buffer (an array('h') is read as raw bytes, as the bus does).

    Views are cached per buffer object, so a driver's preallocated buffers
    cost nothing after their first transfer.
    """
    if isinstance(buf, _BYTE_TYPES):
        return buf
    for i in range(_CACHE):
        if _cached[i] is buf:
            return _views[i]
    # The model's own bookkeeping is no allocation of the firmware's: a
    # heap_lock() around a driver call must not trip on it.
    try:
        [0]
        locked = False
    except MemoryError:
        locked = True
        _micropython.heap_unlock()
    try:
        return _cache_view(buf)
    finally:
        if locked:
            _micropython.heap_lock()


def _cache_view(buf):
    nbytes = len(bytes(buf))
    view = buf if nbytes == len(buf) else _uctypes.bytearray_at(_uctypes.addressof(buf), nbytes)
    i = _next_slot[0]
    _next_slot[0] = (i + 1) % _CACHE
    _cached[i] = buf
    _views[i] = view
    return view


class PWM:
    def __init__(self, pin, *, freq=0, duty_u16=-1, duty_ns=-1, invert=False):
        self._g = pin._g if isinstance(pin, Pin) else _board.pin(_gpio_number(pin))
        self._g.pwm = self
        self.hz = 0
        self.duty = 0
        self.active = True
        if freq:
            self.freq(freq)
        if duty_u16 >= 0:
            self.duty_u16(duty_u16)

    def freq(self, hz=None):
        if hz is None:
            return self.hz
        if not 8 <= hz <= 62_500_000:
            raise ValueError("freq out of range")
        self.hz = hz
        self.active = True

    def duty_u16(self, duty=None):
        if duty is None:
            return self.duty
        if not 0 <= duty <= 65535:
            raise ValueError("duty_u16 must be 0..65535")
        self.duty = duty
        self.active = True

    def duty_ns(self, ns=None):
        period = 1_000_000_000 // self.hz if self.hz else 0
        if ns is None:
            return period * self.duty // 65535
        self.duty_u16(ns * 65535 // period if period else 0)

    def deinit(self):
        self.active = False
        self.duty = 0


class ADC:
    """ADC channels 0-4; channel 3 reads VSYS/3 (5 V USB), 4 the die sensor at 27 C."""

    def __init__(self, pin):
        if isinstance(pin, Pin):
            pin = pin._g.n - 26
        elif pin >= 26:
            pin -= 26
        if not 0 <= pin <= 4:
            raise ValueError("invalid ADC channel")
        self._ch = pin

    def read_u16(self):
        if self._ch == 3:
            return 5000 * 65535 // 3 // 3300
        if self._ch == 4:
            return 706 * 65535 // 3300
        return 0


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1

    def __init__(self, id=-1, **kw):
        self.due_us = 1 << 62
        self._period_us = 0
        self._mode = Timer.PERIODIC
        self._callback = None
        self._pending = 0
        if kw:
            self.init(**kw)

    def init(self, *, mode=PERIODIC, freq=-1, period=-1, callback=None, tick_hz=1000):
        if freq > 0:
            self._period_us = 1_000_000 // freq
        elif period >= 0:
            self._period_us = period * 1_000_000 // tick_hz
        else:
            raise ValueError("need freq or period")
        self._mode = mode
        self._callback = callback
        self.due_us = _board.now_us + max(1, self._period_us)
        if self not in _board.timers:
            _board.timers.append(self)

    def expire(self):
        self._pending += 1
        if self._mode == Timer.PERIODIC:
            self.due_us += max(1, self._period_us)
        else:
            self.due_us = 1 << 62

    def fired(self):
        """The firmware's callback when the timer expired since it last ran
        (the board then runs it), else None."""
        if self._pending and self._callback is not None:
            self._pending = 0
            return self._callback
        return None

    def deinit(self):
        if self in _board.timers:
            _board.timers.remove(self)
        self.due_us = 1 << 62


class WDT:
    def __init__(self, id=0, timeout=5000):
        if not 1 <= timeout <= 8388:
            raise ValueError("timeout out of range")
        _board.wdt_timeout = timeout * 1000
        self.feed()

    def feed(self):
        _board.wdt_deadline = _board.now_us + _board.wdt_timeout


def freq(hz=None):
    global _freq
    if hz is None:
        return _freq
    if not 48_000_000 <= hz <= 250_000_000:
        raise ValueError("cannot change frequency")
    _freq = hz


def idle():
    """Wait for the next interrupt: at the latest the next 1 ms system tick."""
    _board.wait_until((_board.now_us // 1000 + 1) * 1000, True)


def lightsleep(time_ms=None):
    t = (1 << 62) if time_ms is None else _board.now_us + time_ms * 1000
    _board.wait_until(t, True)


def deepsleep(time_ms=None):
    lightsleep(time_ms)
    reset()


def reset():
    _board.reset()


def soft_reset():
    _board.reset()


def bootloader():
    _board.notify("bootloader")
    raise SystemExit(0)


def reset_cause():
    return _reset_cause


def unique_id():
    return b"\xe6\x61\x41\x04\x03\x2b\x5c\x2a"


def disable_irq():
    return 0  # IRQs only run while the firmware waits, never in between


def enable_irq(state=0):
    return None


def time_pulse_us(pin, level, timeout_us=1_000_000):
    return -1
