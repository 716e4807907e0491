"""Opens the tray's hardware from the pin map: one place that creates buses and pins."""
from machine import I2C, PWM, Pin

from micropython import const

from dicetray.tray import keys, pins

# SSD1306 commands of its power-on sequence (datasheet, application example).
_CLOCK_DIV = const(0xD5)
_MUX_RATIO = const(0xA8)
_DISPLAY_OFFSET = const(0xD3)
_START_LINE = const(0x40)
_CHARGE_PUMP = const(0x8D)
_MEM_MODE = const(0x20)
_SEG_REMAP = const(0xA1)       # column 127 -> SEG0: image not mirrored
_COM_SCAN_DEC = const(0xC8)    # COM scan remapped: image not upside down
_COM_PINS = const(0xDA)
_PRECHARGE = const(0xD9)
_VCOMH = const(0xDB)
_ENTIRE_ON_RESUME = const(0xA4)
_NORMAL = const(0xA6)
_SCROLL_OFF = const(0x2E)

# The key pad's DMA ring (drivers/keypad_pio.py reads it as 32 words).
_RING_BITS = const(7)     # 128 bytes: where the write address wraps, and its alignment
_TRANSFERS = const(0x3FFFFFFF)  # 500 M taps, and a small int: reading the count allocates nothing
_DREQ_PIO0_RX0 = const(4)       # RP2040 datasheet 2.5.3.1


def open_display():
    from dicetray.tray.drivers.ssd1306 import SSD1306
    i2c = I2C(pins.OLED_I2C, sda=Pin(pins.OLED_SDA), scl=Pin(pins.OLED_SCL), freq=pins.I2C_FREQ)
    oled = SSD1306(i2c, pins.OLED_ADDR)
    start_panel(oled)
    return oled


def start_panel(oled):
    """The panel's power-on sequence, then a blank screen and the panel on.
    Sent once at boot: this module is dropped after it."""
    from dicetray.tray.drivers.ssd1306 import DISPLAY_OFF, SET_CONTRAST
    external_vcc = oled.external_vcc
    c = oled.command
    c(DISPLAY_OFF)
    c(_CLOCK_DIV, 0x80)
    c(_MUX_RATIO, oled.height - 1)
    c(_DISPLAY_OFFSET, 0)
    c(_START_LINE | 0)
    c(_CHARGE_PUMP, 0x10 if external_vcc else 0x14)
    c(_MEM_MODE, 0x00)  # horizontal: a window fills row by row
    c(_SEG_REMAP)
    c(_COM_SCAN_DEC)
    c(_COM_PINS, 0x02 if oled.height == 32 else 0x12)
    c(SET_CONTRAST, 0x9F if external_vcc else 0xCF)
    c(_PRECHARGE, 0x22 if external_vcc else 0xF1)
    c(_VCOMH, 0x40)
    c(_ENTIRE_ON_RESUME)
    c(_NORMAL)
    c(_SCROLL_OFF)
    oled.fill(0)
    oled.show(True)
    oled.poweron()


def open_accel(range_g=4, odr_hz=400):
    """The LIS3DH, or None when it does not answer (the tray then runs in manual mode).
    400 Hz since round 53 (200 Hz before): the part keeps the floor's ring
    (80-200 Hz) that tells a die from a finger, and read so the held-out
    trays gave as many throws as at 200 Hz or more and fewer false throws
    (round 52). Its FIFO then holds 80 ms: the app reads it between every
    long step (docs/fifo-at-400hz.md); 100 Hz misses a few soft throws."""
    from dicetray.tray.drivers.lis3dh import LIS3DH, LIS3DHNotFound
    i2c = I2C(pins.ACCEL_I2C, sda=Pin(pins.ACCEL_SDA), scl=Pin(pins.ACCEL_SCL), freq=pins.I2C_FREQ)
    try:
        return LIS3DH(i2c, pins.ACCEL_ADDR, range_g, odr_hz)
    except LIS3DHNotFound:
        return None


def accel_int1():
    """INT1 as an input; pulled down so an absent sensor reads 0."""
    return Pin(pins.ACCEL_INT1, Pin.IN, Pin.PULL_DOWN)


def open_keypad(debounce_ms=None, long_ms=700, scan_ms=5, pio=True):
    """The pad, its events queued from IRQs from now on (scan_ms=0: the
    caller calls scan()). On rp2 a PIO state machine scans it, also while
    a flash erase holds the CPU (drivers/keypad_pio.py; 10 ms debounce in
    PIO); elsewhere (pio=False, no rp2 module, or a state machine that
    sends nothing within 50 ms of its start) a timer scans every
    scan_ms: a membrane key bounces for a few ms, and 15 ms of stable
    state takes a 30 ms tap even when a scan comes late."""
    cols = [Pin(n, Pin.IN, Pin.PULL_UP) for n in pins.KEY_COLS]
    if pio:
        try:
            import rp2  # noqa: F401  only the RP2040 has PIO
        except ImportError:
            pio = False
    if pio:
        from dicetray.tray.drivers.keypad_pio import PioKeypad
        dma, ring = _key_ring(PioKeypad)
        pad = PioKeypad(Pin(pins.KEY_ROWS[0]), cols[0], keys.MATRIX, debounce_ms or 10, long_ms,
                        run=not scan_ms, dma=dma, ring=ring)
        if not scan_ms:
            return pad
        pad.start(scan_ms)
        if pad.alive():
            return pad
        pad.stop()  # no state from the PIO: scan from a timer instead
        print("PIO key scan not running: timer scan")
    from dicetray.tray.drivers.keypad import Keypad
    # Open-drain rows: an idle row floats instead of fighting the active one
    # when two keys in a column are held.
    rows = [Pin(n, Pin.OPEN_DRAIN, value=1) for n in pins.KEY_ROWS]
    pad = Keypad(rows, cols, keys.MATRIX, debounce_ms or 15, long_ms)
    if scan_ms:
        pad.start(scan_ms)
    return pad


def _key_ring(pad_class):
    """A DMA channel started to move every state PIO0's state machine 0
    pushes (paced by its RX DREQ) into a ring of 32 words aligned to its
    128 bytes: (channel, ring); (None, None) without rp2.DMA (MicroPython
    before 1.21) or a free channel."""
    old = pad_class.channel
    if old is not None:  # a pad opened before (main.py stopped, opened again) would go on taking the words
        pad_class.channel = None
        old.active(0)
        old.close()
    try:
        from rp2 import DMA, StateMachine
        dma = DMA()
    except (ImportError, OSError):
        return None, None
    from uctypes import addressof
    # The heap aligns blocks to 16 bytes: 240 always hold 128 aligned to 128.
    raw = bytearray(2 * (1 << _RING_BITS) - 16)
    off = -addressof(raw) & ((1 << _RING_BITS) - 1)
    if off + (1 << _RING_BITS) > len(raw):
        dma.close()
        return None, None
    ring = memoryview(raw)[off:off + (1 << _RING_BITS)]
    # A channel a soft reset left running (rp2 frees the object, not the
    # transfer) would go on taking the FIFO's words: stop it first.
    dma.active(0)
    ctrl = dma.pack_ctrl(inc_read=False, treq_sel=_DREQ_PIO0_RX0, ring_size=_RING_BITS, ring_sel=True)
    dma.config(read=StateMachine(0), write=ring, count=_TRANSFERS, ctrl=ctrl, trigger=True)
    return dma, ring


def open_piezo():
    """A silent PWM on the piezo pin: beep with .freq(hz) and .duty_u16(32768)."""
    pwm = PWM(Pin(pins.PIEZO))
    pwm.duty_u16(0)
    return pwm
