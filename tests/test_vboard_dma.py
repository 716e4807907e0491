"""The virtual board's rp2.DMA against the RP2040 datasheet (section 2.5):
CTRL fields where the datasheet puts them, transfer sizes and counts, the
write ring, DREQ pacing from a PIO RX FIFO, chaining, errors, and the
channel running while a flash erase holds the CPU."""
import pytest

from bare_board import output_lines


def run_mp(tmp_path, body, env=None, monkeypatch=None):
    for k, v in (env or {}).items():
        monkeypatch.setenv(k, v)
    return output_lines(tmp_path, "import rp2\nfrom uctypes import addressof\n"
                                  "from vboard_core import board\nimport time\n" + body)


def test_pack_ctrl_puts_the_fields_where_the_datasheet_does(tmp_path):
    out = run_mp(tmp_path, """
d = rp2.DMA()
print(d.channel, hex(d.pack_ctrl()))
print(hex(d.pack_ctrl(size=1, inc_read=False, treq_sel=4, ring_size=7, ring_sel=True)))
f = rp2.DMA.unpack_ctrl(d.pack_ctrl(chain_to=5, high_pri=True))
print(f["chain_to"], f["high_pri"], f["busy"], f["treq_sel"], f["irq_quiet"])
try:
    d.pack_ctrl(size=4)
except ValueError as e:
    print("ValueError", e)
""")
    # EN 0, DATA_SIZE 3:2, INCR_READ 4, INCR_WRITE 5, RING_SIZE 9:6, RING_SEL 10,
    # CHAIN_TO 14:11 (itself: no chain), TREQ_SEL 20:15 (0x3F permanent), IRQ_QUIET 21.
    default = 1 | 2 << 2 | 1 << 4 | 1 << 5 | 0 << 11 | 0x3F << 15 | 1 << 21
    assert out[0] == "0 %s" % hex(default)
    paced = 1 | 1 << 2 | 1 << 5 | 7 << 6 | 1 << 10 | 4 << 15 | 1 << 21
    assert out[1] == hex(paced)
    assert out[2:] == ["5 1 0 63 1", "ValueError bad field value"]


def test_a_memory_copy_moves_count_transfers_of_the_size_given(tmp_path):
    out = run_mp(tmp_path, """
a = bytearray(range(1, 33))
b = bytearray(32)
d = rp2.DMA()
d.config(read=a, write=b, count=5, ctrl=d.pack_ctrl(size=1), trigger=True)
print(d.active(), d.count, list(b[:12]), d.read - addressof(a), d.write - addressof(b))
d.config(read=a, write=b, count=3, ctrl=d.pack_ctrl(size=0, inc_write=False), trigger=True)
print(list(b[:4]))
""")
    assert out[0] == "False 0 [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 0] 10 10"
    assert out[1] == "[3, 2, 3, 4]"   # the write address stayed: the last byte read is there


def test_the_write_address_wraps_at_its_ring_boundary(tmp_path):
    out = run_mp(tmp_path, """
src = bytearray(range(40))
raw = bytearray(64)
off = -addressof(raw) & 15
ring = memoryview(raw)[off:off + 16]
d = rp2.DMA()
d.config(read=src, write=ring, count=10, ctrl=d.pack_ctrl(ring_size=4, ring_sel=True), trigger=True)
print(list(ring), d.write - addressof(ring), sum(raw) == sum(ring))
""")
    # 10 words into a 16-byte ring: words 8, 9, 6, 7 remain; the next write is at byte 8.
    assert out == ["[32, 33, 34, 35, 36, 37, 38, 39, 24, 25, 26, 27, 28, 29, 30, 31] 8 True"]


def test_a_channel_not_enabled_ignores_its_trigger_and_a_chain_starts_the_next(tmp_path):
    out = run_mp(tmp_path, """
a = bytearray(b"abcdefgh")
b = bytearray(8)
c = bytearray(8)
d1 = rp2.DMA()
d2 = rp2.DMA()
d1.config(read=a, write=b, count=2, ctrl=d1.pack_ctrl(enable=False), trigger=True)
print(d1.active(), bytes(b))
d2.config(read=a, write=c, count=1, ctrl=d2.pack_ctrl())
d1.config(read=a, write=b, count=2, ctrl=d1.pack_ctrl(chain_to=d2.channel), trigger=True)
print(bytes(b), bytes(c))
""")
    assert out == ["False " + repr(bytes(8)), "b'abcdefgh' b'abcd\\x00\\x00\\x00\\x00'"]


def test_memory_the_model_was_not_given_stops_the_channel_with_an_error(tmp_path):
    out = run_mp(tmp_path, """
a = bytearray(8)
b = bytearray(4)
d = rp2.DMA()
d.config(read=a, write=b, count=2, ctrl=d.pack_ctrl(), trigger=True)
f = rp2.DMA.unpack_ctrl(d.ctrl)
print(d.active(), d.count, f["write_err"], f["ahb_err"])
""")
    assert out == ["False 1 1 1"]   # the second word would pass the buffer's end


def test_channels_are_claimed_until_closed(tmp_path):
    out = run_mp(tmp_path, """
ds = [rp2.DMA() for i in range(12)]
try:
    rp2.DMA()
except OSError as e:
    print("OSError", e.args[0])
ds[3].close()
print(rp2.DMA().channel)
try:
    ds[3].count
except ValueError as e:
    print(e)
""")
    assert out == ["OSError 16", "3", "channel closed"]


PIO_PROGRAM = """
from rp2 import PIO, StateMachine, asm_pio

@asm_pio()
def counter():
    set(x, 0)                  # noqa
    label("loop")              # noqa
    mov(isr, invert(x))        # noqa
    push(block)                # noqa  every 1059 clocks (1.059 ms at 1 MHz)
    jmp(x_dec, "next")         # noqa
    label("next")              # noqa
    set(y, 31)         [31]    # noqa
    label("wait")              # noqa
    jmp(y_dec, "wait") [30]    # noqa
    jmp("loop")        [31]    # noqa

sm = StateMachine(1, counter, freq=1_000_000)
ring = bytearray(64)
d = rp2.DMA()
d.config(read=sm, write=ring, count=1000,
         ctrl=d.pack_ctrl(inc_read=False, treq_sel=5), trigger=True)
"""


def test_a_channel_paced_by_the_rx_dreq_takes_each_word_as_it_is_pushed(tmp_path):
    out = run_mp(tmp_path, PIO_PROGRAM + """
print(d.read == 0x50200000 + 0x20 + 4 * 1)    # RXF1 of PIO0
sm.active(1)
time.sleep_ms(10)
print(sm.rx_fifo(), 1000 - d.count, d.active())
""")
    assert out[0] == "True"
    n, busy = int(out[1].split()[1]), out[1].split()[2]
    assert out[1].split()[0] == "0" and n == 10 and busy == "True"   # one word a loop, none left in the FIFO


def test_the_channel_runs_while_a_flash_erase_holds_the_cpu(tmp_path, monkeypatch):
    # 400 ms with the CPU held: the FIFO (4 deep) would fill after 4 ms;
    # the channel has moved every word, so the state machine never stalled.
    monkeypatch.setenv("VBOARD_FLASH_TIMES", "max")
    out = run_mp(tmp_path, PIO_PROGRAM.replace("ring = bytearray(64)", "ring = bytearray(4000)") + """
from array import array
sm.active(1)
board.flash.spend(1, 0)
n = 1000 - d.count
print(n, sm._m.rx_stalls, sm.rx_fifo())
w = array("I", ring)
print(all(w[i] == (i - 1) & 0xFFFFFFFF for i in range(n)))   # ~0, then 0, 1, 2, ...
""")
    n, stalls, fifo = (int(v) for v in out[0].split())
    assert n == 400_000 // 1059 + 1 and stalls == 0 and fifo == 0   # one a loop, the first at once
    assert out[1] == "True"   # every word in order, none lost


def test_without_dma_rp2_has_no_dma_class(tmp_path, monkeypatch):
    out = run_mp(tmp_path, "print(hasattr(rp2, 'DMA'))", {"VBOARD_DMA": "0"}, monkeypatch)
    assert out == ["False"]


@pytest.mark.parametrize("setting,moved", [("1", "4"), ("dead", "0")])
def test_a_dead_dma_takes_its_settings_and_moves_nothing(tmp_path, monkeypatch, setting, moved):
    out = run_mp(tmp_path, """
a = bytearray(16)
b = bytearray(16)
d = rp2.DMA()
d.config(read=a, write=b, count=4, ctrl=d.pack_ctrl(), trigger=True)
print(4 - d.count)
""", {"VBOARD_DMA": setting}, monkeypatch)
    assert out == [moved]
