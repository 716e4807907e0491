"""Opens the tray's hardware from the pin map: one place that creates buses and pins."""
from machine import I2C, PWM, Pin

from dicetray.tray import keys, pins


def open_display():
    from dicetray.tray.drivers.ssd1306 import SSD1306
    i2c = I2C(pins.OLED_I2C, sda=Pin(pins.OLED_SDA), scl=Pin(pins.OLED_SCL), freq=pins.I2C_FREQ)
    return SSD1306(i2c, pins.OLED_ADDR)


def open_accel(range_g=4, odr_hz=200):
    """The LIS3DH, or None when it does not answer (the tray then runs in manual mode).
    200 Hz: the detector finds every throw of the benchmark at 200 and 400 Hz,
    and misses a few soft ones at 100 Hz (docs/throw-detection.md)."""
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
        pad = PioKeypad(Pin(pins.KEY_ROWS[0]), cols[0], keys.MATRIX, debounce_ms or 10, long_ms,
                        run=not scan_ms)
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


def open_piezo():
    """A silent PWM on the piezo pin: beep with .freq(hz) and .duty_u16(32768)."""
    pwm = PWM(Pin(pins.PIEZO))
    pwm.duty_u16(0)
    return pwm
