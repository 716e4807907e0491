"""The virtual board's rp2 module: its assembler against the RP2040 datasheet's
encodings (section 3.4), and its state machines running programs in virtual time.

Expected words are built here from the datasheet's field layout, not from
the assembler's tables: opcode in bits 15:13, delay/side-set in 12:8, then
the instruction's own fields.
"""
import pytest

from bare_board import output_lines

JMP, WAIT, IN, OUT, PUSHPULL, MOV, IRQ, SET = range(8)


def word(op, delay_side, fields):
    return op << 13 | delay_side << 8 | fields


def jmp(cond, addr, ds=0):
    return word(JMP, ds, cond << 5 | addr)


def wait(pol, src, index, ds=0):
    return word(WAIT, ds, pol << 7 | src << 5 | index)


def in_(src, count, ds=0):
    return word(IN, ds, src << 5 | count % 32)


def out(dest, count, ds=0):
    return word(OUT, ds, dest << 5 | count % 32)


def push(iffull=0, block=1, ds=0):
    return word(PUSHPULL, ds, 0 << 7 | iffull << 6 | block << 5)


def pull(ifempty=0, block=1, ds=0):
    return word(PUSHPULL, ds, 1 << 7 | ifempty << 6 | block << 5)


def mov(dest, op, src, ds=0):
    return word(MOV, ds, dest << 5 | op << 3 | src)


def irq(clear, wait_, index, ds=0):
    return word(IRQ, ds, clear << 6 | wait_ << 5 | index)


def set_(dest, data, ds=0):
    return word(SET, ds, dest << 5 | data)


def run_mp(tmp_path, body):
    return output_lines(tmp_path, "from rp2 import PIO, StateMachine, asm_pio\n"
                                  "from vboard_core import board\nimport time\n" + body)


def test_every_instruction_form_assembles_to_the_datasheet_encoding(tmp_path):
    lines = run_mp(tmp_path, """
@asm_pio(sideset_init=PIO.OUT_LOW)      # one side-set bit: 4 delay bits left
def a():
    label("top")
    jmp("top")
    jmp(not_x, "top") [3]
    jmp(x_dec, "end").side(1)
    jmp(not_y, "top")
    jmp(y_dec, "top")
    jmp(x_not_y, "top")
    jmp(pin, "top")
    jmp(not_osre, "top").side(1) [15]
    wait(1, gpio, 7)
    wait(0, pin, 2)
    wait(1, irq, rel(3))
    in_(pins, 32)
    in_(x, 1)
    in_(y, 2)
    in_(null, 3)
    in_(isr, 4)
    in_(osr, 5)
    label("end")
    nop()

@asm_pio()
def b():
    out(pins, 1)
    out(x, 2)
    out(y, 3)
    out(null, 4)
    out(pindirs, 5)
    out(pc, 6)
    out(isr, 7)
    out(exec, 16)
    push()
    push(iffull)
    push(noblock)
    push(iffull, noblock)
    pull()
    pull(ifempty)
    pull(noblock)
    mov(pins, x)
    mov(x, invert(y))
    mov(y, reverse(isr))
    mov(exec, osr)
    mov(pc, null)
    mov(isr, status)
    mov(osr, pins) [31]
    irq(2)
    irq(block, 3)
    irq(clear, rel(1))
    set(pins, 31)
    set(x, 1)
    set(y, 2)
    set(pindirs, 3)

print(list(a[0]))
print(list(b[0]))
""")
    side = 1 << 4   # the side-set bit is the top bit of the 5-bit field
    want_a = [
        jmp(0, 0), jmp(1, 0, 3), jmp(2, 17, side), jmp(3, 0), jmp(4, 0), jmp(5, 0), jmp(6, 0),
        jmp(7, 0, side | 15),
        wait(1, 0, 7), wait(0, 1, 2), wait(1, 2, 0x10 | 3),
        in_(0, 32), in_(1, 1), in_(2, 2), in_(3, 3), in_(6, 4), in_(7, 5),
        mov(2, 0, 2),   # nop = mov y, y
    ]
    want_b = [
        out(0, 1), out(1, 2), out(2, 3), out(3, 4), out(4, 5), out(5, 6), out(6, 7), out(7, 16),
        push(0, 1), push(1, 1), push(0, 0), push(1, 0), pull(0, 1), pull(1, 1), pull(0, 0),
        mov(0, 0, 1), mov(1, 1, 2), mov(2, 2, 6), mov(4, 0, 7), mov(5, 0, 3), mov(6, 0, 5),
        mov(7, 0, 0, 31),
        irq(0, 0, 2), irq(0, 1, 3), irq(1, 0, 0x10 | 1),
        set_(0, 31), set_(1, 1), set_(2, 2), set_(4, 3),
    ]
    assert lines == [str(want_a), str(want_b)]
    # Spot checks against the datasheet's own examples of whole words.
    assert mov(2, 0, 2) == 0xA042      # nop
    assert push(0, 1) == 0x8020        # push block
    assert pull(0, 1) == 0x80A0        # pull block


def test_bad_programs_are_refused_with_a_reason(tmp_path):
    out = run_mp(tmp_path, """
import rp2
def attempt(src):
    try:
        exec(src)
        print("assembled")
    except rp2.PIOASMError as e:
        print("refused:", e)
attempt("@asm_pio()\\ndef p():\\n    set(x, 32)\\n")
attempt("@asm_pio()\\ndef p():\\n    jmp('nowhere')\\n")
attempt("@asm_pio()\\ndef p():\\n    nop() [32]\\n")
attempt("@asm_pio()\\ndef p():\\n    in_(pins, 33)\\n")
attempt("@asm_pio()\\ndef p():\\n    mov(pindirs, x)\\n")
attempt("@asm_pio()\\ndef p():\\n    for i in range(33):\\n        nop()\\n")
""")
    assert out == [
        "refused: set data out of range 0..31",
        "refused: unknown label nowhere",
        "refused: delay 32 out of range 0..31",
        "refused: bit count 33 out of range 1..32",
        "refused: bad operand for mov",
        "refused: program longer than 32 instructions",
    ]


def test_set_in_mov_push_and_the_shift_directions(tmp_path):
    out = run_mp(tmp_path, """
@asm_pio(in_shiftdir=PIO.SHIFT_LEFT)
def left():
    set(x, 21)
    in_(x, 5)
    in_(null, 3)
    push()
    mov(isr, invert(null))
    in_(x, 4)
    push()
    mov(y, reverse(x))
    mov(isr, y)
    push()
    label("end")
    jmp("end")

@asm_pio(in_shiftdir=PIO.SHIFT_RIGHT)
def right():
    set(x, 21)
    in_(x, 5)
    in_(null, 3)
    push()
    label("end")
    jmp("end")

for prog in (left, right):
    sm = StateMachine(0, prog, freq=10_000)
    sm.active(1)
    time.sleep_ms(5)
    print([sm.get() for _ in range(sm.rx_fifo())])
    sm.active(0)
""")
    assert out[0] == str([21 << 3, (0xFFFFFFFF << 4 | 5) & 0xFFFFFFFF, 0xA8000000])
    assert out[1] == str([21 << 24])


@pytest.mark.parametrize("x, y, want", [
    # not_x, x_dec, not_y, y_dec, x_not_y, pin (pulled up), not_osre (OSR full after init)
    (0, 5, [1, 0, 0, 1, 1, 1, 1]),
    (3, 3, [0, 1, 0, 1, 0, 1, 1]),
    (7, 0, [0, 1, 1, 0, 1, 1, 1]),
])
def test_jmp_conditions_and_the_decrements(tmp_path, x, y, want):
    out = run_mp(tmp_path, """
from machine import Pin
Pin(9, Pin.IN, Pin.PULL_UP)
TEMPLATE = '''
@asm_pio()
def p():
    jmp(%%s, "yes")
    mov(isr, null)
    jmp("out")
    label("yes")
    mov(isr, invert(null))
    label("out")
    push()
    mov(isr, x)
    push()
    mov(isr, y)
    push()
    label("end")
    jmp("end")
'''
for cond in ("not_x", "x_dec", "not_y", "y_dec", "x_not_y", "pin", "not_osre"):
    exec(TEMPLATE %% cond)
    sm = StateMachine(0, p, freq=10_000, jmp_pin=Pin(9))
    sm.exec("set(x, %d)")
    sm.exec("set(y, %d)")
    sm.active(1)
    time.sleep_ms(3)
    taken, x, y = sm.get(), sm.get(), sm.get()
    print(cond, 1 if taken else 0, x, y)
    sm.active(0)
    PIO(0).remove_program(p)   # 32 words of instruction memory: make room for the next
""" % (x, y))
    M = 0xFFFFFFFF
    conds = ["not_x", "x_dec", "not_y", "y_dec", "x_not_y", "pin", "not_osre"]
    for line, cond, taken in zip(out, conds, want):
        xx = (x - 1) & M if cond == "x_dec" else x
        yy = (y - 1) & M if cond == "y_dec" else y
        assert line == "%s %d %d %d" % (cond, taken, xx, yy)


def test_delays_run_at_the_clock_dividers_rate(tmp_path):
    # 2 kHz: 500 us a clock. set (1) + 5 x jmp with [1] (2 each) + mov (1): the push is clock 12.
    out = run_mp(tmp_path, """
@asm_pio()
def p():
    set(x, 4)
    label("loop")
    jmp(x_dec, "loop") [1]
    mov(isr, x)
    push()
    label("end")
    jmp("end")
sm = StateMachine(0, p, freq=2000)
t0 = board.now_us
sm.active(1)
board.wait_until(t0 + 5999)
print(sm.rx_fifo())
board.wait_until(t0 + 6000)
print(sm.rx_fifo(), hex(sm.get()))
""")
    assert out == ["0", "1 0xffffffff"]


def test_a_full_rx_fifo_stalls_a_blocking_push_and_loses_nothing(tmp_path):
    out = run_mp(tmp_path, """
@asm_pio(fifo_join=PIO.JOIN_RX)
def joined():
    set(x, 20)
    label("loop")
    mov(isr, x)
    push(block)
    jmp(x_dec, "loop")
    label("end")
    jmp("end")

@asm_pio()
def shallow():
    set(x, 20)
    label("loop")
    mov(isr, x)
    push(noblock)
    jmp(x_dec, "loop")
    label("end")
    jmp("end")

for prog in (joined, shallow):
    sm = StateMachine(0, prog, freq=10_000)
    sm.active(1)
    time.sleep_ms(50)
    n = sm.rx_fifo()
    first = [sm.get() for _ in range(n)]
    time.sleep_ms(50)
    print(n, first, [sm.get() for _ in range(sm.rx_fifo())])
    sm.active(0)
""")
    # Joined: 8 deep; the 9th word waited in the stalled push and comes next.
    assert out[0] == "8 [20, 19, 18, 17, 16, 15, 14, 13] [12, 11, 10, 9, 8, 7, 6, 5]"
    # 4 deep, noblock: the words pushed while it was full are gone.
    assert out[1] == "4 [20, 19, 18, 17] []"


def test_pull_out_and_the_output_shift_directions(tmp_path):
    out = run_mp(tmp_path, """
@asm_pio(out_shiftdir=PIO.SHIFT_RIGHT)
def right():
    pull()
    out(x, 4)
    out(y, 4)
    mov(isr, x)
    push()
    mov(isr, y)
    push()
    pull(noblock)          # TX empty: OSR = X
    out(y, 32)
    mov(isr, y)
    push()
    label("end")
    jmp("end")

@asm_pio(out_shiftdir=PIO.SHIFT_LEFT)
def left():
    pull()
    out(x, 4)
    mov(isr, x)
    push()
    label("end")
    jmp("end")

sm = StateMachine(0, right, freq=10_000)
sm.put(0xA5)
sm.active(1)
time.sleep_ms(5)
print([sm.get() for _ in range(sm.rx_fifo())])
sm.active(0)
sm = StateMachine(0, left, freq=10_000)
sm.put(0xC0000000)
sm.active(1)
time.sleep_ms(5)
print([sm.get() for _ in range(sm.rx_fifo())])
""")
    assert out == ["[5, 10, 5]", "[12]"]


def test_set_drives_pins_and_directions_and_side_set_and_wait_follow_pins(tmp_path):
    out = run_mp(tmp_path, """
from machine import Pin
@asm_pio(set_init=(PIO.OUT_LOW, PIO.OUT_LOW), sideset_init=PIO.OUT_LOW)
def p():
    set(pins, 3)            .side(1)
    wait(1, gpio, 16)       .side(0)
    set(pins, 1)
    wait(0, pin, 0)
    set(pindirs, 2)
    label("end")
    jmp("end")
trigger = Pin(16, Pin.IN, Pin.PULL_DOWN)
inp = Pin(17, Pin.IN, Pin.PULL_UP)
sm = StateMachine(0, p, freq=10_000, set_base=Pin(10), sideset_base=Pin(12), in_base=Pin(17))
a, b, s = Pin(10), Pin(11), Pin(12)
sm.active(1)
time.sleep_ms(1)
print(a.value(), b.value(), s.value())      # waiting for GPIO16 high, side-set 0 since the wait began
trigger.init(pull=Pin.PULL_UP)
time.sleep_ms(1)
print(a.value(), b.value())                  # set pins 1, waiting for GPIO17 low
inp.init(pull=Pin.PULL_DOWN)
time.sleep_ms(1)
print(a.value(), b.value())                  # GPIO10 no longer driven (no pull: reads 0), GPIO11 driven low
""")
    assert out == ["1 1 0", "1 0", "0 0"]


def test_irq_flags_wait_and_the_cpu_handler(tmp_path):
    out = run_mp(tmp_path, """
@asm_pio()
def waiter():
    wait(1, irq, 5)
    mov(isr, invert(null))
    push()
    label("end")
    jmp("end")

@asm_pio()
def raiser():
    nop() [31]
    irq(5)
    nop() [31]
    irq(rel(0))             # flag 1 for state machine 1: its CPU IRQ
    label("end")
    jmp("end")

seen = []
w = StateMachine(0, waiter, freq=10_000)
r = StateMachine(1, raiser, freq=10_000)
r.irq(lambda sm: seen.append((sm, board.now_us - t0)))
t0 = board.now_us
w.active(1)
r.active(1)
time.sleep_ms(2)
print(w.rx_fifo(), seen)
time.sleep_ms(10)
print(w.rx_fifo(), hex(w.get()), r.irq().flags(), len(seen), seen[0][0] is r)
print(seen[0][1] // 100)
""")
    assert out[0] == "0 []"
    # The waiter went on once flag 5 rose (and cleared it); the handler ran once, the flag acknowledged.
    assert out[1] == "1 0xffffffff 0 1 True"
    assert out[2] == "65"   # clock 65 at 10 kHz: nop [31], irq, nop [31], then this irq


def test_a_state_machine_runs_on_while_the_cpu_is_held_up(tmp_path):
    out = run_mp(tmp_path, """
@asm_pio(fifo_join=PIO.JOIN_RX)
def p():
    set(x, 7)
    label("loop")
    mov(isr, x)
    push() [31]
    jmp(x_dec, "loop") [31]
    label("end")
    jmp("end")
sm = StateMachine(0, p, freq=2000)      # a push every 32 ms
handled = []
sm.irq(lambda s: handled.append(1))
sm.active(1)
board.spend(200_000)                    # a C call holds the CPU 200 ms, as a flash erase does
print(sm.rx_fifo(), [sm.get() for _ in range(sm.rx_fifo())])
""")
    assert out == ["7 [7, 6, 5, 4, 3, 2, 1]"]


def test_irqs_that_come_due_during_a_flash_erase_run_once_when_it_ends(tmp_path, monkeypatch):
    # On rp2 a flash erase runs with interrupts off: a timer due meanwhile,
    # and a PIO IRQ raised meanwhile, are handled when it ends, once each.
    monkeypatch.setenv("VBOARD_FLASH_TIMES", "typ")
    out = run_mp(tmp_path, """
from machine import Timer
@asm_pio()
def p():
    nop() [31]
    nop() [31]
    irq(rel(0))
    label("end")
    jmp("end")
ran = []
t0 = board.now_us
tm = Timer(-1)
tm.init(mode=Timer.PERIODIC, period=5, callback=lambda t: ran.append(("timer", board.now_us - t0)))
sm = StateMachine(0, p, freq=10_000)     # raises its IRQ at clock 64: 6.4 ms
sm.irq(lambda s: ran.append(("pio", board.now_us - t0)))
sm.active(1)
board.flash.spend(1, 0)                  # one 4 KB sector erase: 45 ms
tm.deinit()
print(ran)
""")
    assert out == ["[('pio', 45000), ('timer', 45000)]"]
