"""hardware/wiring.svg names every Pico pin as the Raspberry Pi Pico
datasheet does, and its wires land on the GPIOs of firmware/dicetray/pins.py."""
import re

from dicetray_host.paths import ROOT

# Raspberry Pi Pico datasheet, pinout: physical pin -> name.
PICO = {1: "GP0", 2: "GP1", 3: "GND", 4: "GP2", 5: "GP3", 6: "GP4", 7: "GP5", 8: "GND", 9: "GP6",
        10: "GP7", 11: "GP8", 12: "GP9", 13: "GND", 14: "GP10", 15: "GP11", 16: "GP12", 17: "GP13",
        18: "GND", 19: "GP14", 20: "GP15", 21: "GP16", 22: "GP17", 23: "GND", 24: "GP18", 25: "GP19",
        26: "GP20", 27: "GP21", 28: "GND", 29: "GP22", 30: "RUN", 31: "GP26", 32: "GP27", 33: "AGND",
        34: "GP28", 35: "ADC_VREF", 36: "3V3(OUT)", 37: "3V3_EN", 38: "GND", 39: "VSYS", 40: "VBUS"}


def labels():
    svg = (ROOT / "hardware" / "wiring.svg").read_text()
    found = {}
    for text in re.findall(r">([^<]+)</text>", svg):
        left = re.fullmatch(r"(\d+) (\S+)", text)
        right = re.fullmatch(r"(\S+) (\d+)", text)
        if left and int(left.group(1)) in PICO:
            found[int(left.group(1))] = left.group(2)
        elif right and int(right.group(2)) in PICO:
            found[int(right.group(2))] = right.group(1)
    return found


def test_every_pico_pin_named_as_in_the_datasheet():
    assert labels() == PICO


def test_pinout_table_uses_the_datasheet_pin_numbers():
    table = (ROOT / "hardware" / "pinout.md").read_text()
    rows = re.findall(r"\|\s*`\w+`\s*\|\s*(GP\d+)\s*\|\s*(\d+)\s*\|", table)
    assert len(rows) >= 10
    for gpio, pin in rows:
        assert PICO[int(pin)] == gpio, (gpio, pin)
