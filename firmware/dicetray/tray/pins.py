"""The tray's pin map: GPIO numbers of a Raspberry Pi Pico (RP2040).

Everything that touches hardware imports its pins from here, and
hardware/pinout.md is checked against this file by a test.
"""
from micropython import const

# OLED on I2C controller 0 alone, so a full frame (~23 ms) never holds up
# the accelerometer on controller 1.
OLED_I2C = const(0)
OLED_SDA = const(4)     # Pico pin 6
OLED_SCL = const(5)     # Pico pin 7
OLED_ADDR = const(0x3C)

ACCEL_I2C = const(1)
ACCEL_SDA = const(2)    # Pico pin 4
ACCEL_SCL = const(3)    # Pico pin 5
ACCEL_ADDR = const(0x18)  # SDO/SA0 low (Adafruit 2809 default)
ACCEL_INT1 = const(6)   # Pico pin 9, LIS3DH INT1 (active high)

I2C_FREQ = const(400_000)

# 4x4 membrane pad: rows driven low one at a time, columns pulled up.
# Each group on consecutive GPIOs: the PIO scanner addresses them as one
# `set` group (rows) and one `in` group (columns).
KEY_ROW0 = const(10)    # Pico pin 14
KEY_ROW1 = const(11)    # Pico pin 15
KEY_ROW2 = const(12)    # Pico pin 16
KEY_ROW3 = const(13)    # Pico pin 17
KEY_COL0 = const(18)    # Pico pin 24
KEY_COL1 = const(19)    # Pico pin 25
KEY_COL2 = const(20)    # Pico pin 26
KEY_COL3 = const(21)    # Pico pin 27
KEY_ROWS = (KEY_ROW0, KEY_ROW1, KEY_ROW2, KEY_ROW3)
KEY_COLS = (KEY_COL0, KEY_COL1, KEY_COL2, KEY_COL3)

PIEZO = const(15)       # Pico pin 20, PWM slice 7 B (optional)
