"""rp2 for the virtual board: the PIO assembler and state machines, run for real.

asm_pio() assembles the decorated function's instructions into the
16-bit words of the RP2040 datasheet (section 3.4) with this board's own
assembler (the names the body uses are put into its globals while it
runs, twice: the first pass finds the labels). StateMachine loads them
into a PIO block's instruction memory and vboard_pio runs them in the
board's time against the pins' levels, also while the CPU is held up by
a flash erase. The API follows the rp2 port's documentation:
StateMachine(id, program, freq, in_base=, out_base=, set_base=, jmp_pin=,
sideset_base=, ...), active(), restart(), exec(), get(), put(), rx_fifo(),
tx_fifo(), irq(handler); its IRQ handler runs as a soft IRQ for the flag
with the state machine's own number, acknowledged first, as on rp2.

rp2.DMA is vboard_dma's model of the DMA channels (VBOARD_DMA=0: none).

VBOARD_PIO=0 in the environment makes `import rp2` fail, as on a port
without it (the firmware then falls back to what it does there);
VBOARD_PIO=dead gives state machines that never run (an emulated chip
without PIO).
"""
from array import array

import machine as _machine
import vboard_pio as _pio
from vboard_core import board as _board, setting as _setting

_SETTING = _setting("VBOARD_PIO")
if _SETTING == "0":
    raise ImportError("no module named 'rp2'")
_DEAD = _SETTING == "dead"

_ENOMEM = 12


class PIOASMError(Exception):
    pass


# -- operands of the assembler ---------------------------------------------------
_LOC = 0x100
_COND = 0x200
_GPIO = 0x300
_FLAG = 0x400
_INVERT = 0x1000
_REVERSE = 0x2000

_PINS, _X, _Y, _NULL, _PINDIRS, _PC, _STATUS, _ISR, _OSR, _EXEC = range(_LOC, _LOC + 10)
_IN_SRC = {_PINS: 0, _X: 1, _Y: 2, _NULL: 3, _ISR: 6, _OSR: 7}
_OUT_DEST = {_PINS: 0, _X: 1, _Y: 2, _NULL: 3, _PINDIRS: 4, _PC: 5, _ISR: 6, _EXEC: 7}
_MOV_DEST = {_PINS: 0, _X: 1, _Y: 2, _EXEC: 4, _PC: 5, _ISR: 6, _OSR: 7}
_MOV_SRC = {_PINS: 0, _X: 1, _Y: 2, _NULL: 3, _STATUS: 5, _ISR: 6, _OSR: 7}
_SET_DEST = {_PINS: 0, _X: 1, _Y: 2, _PINDIRS: 4}
_PIN_COND = _COND | 6
_BLOCK = _FLAG | 1
_NOBLOCK = _FLAG | 0
_IF = _FLAG | 2        # iffull / ifempty
_CLEAR = _FLAG | 4


class _Emitter:
    def __init__(self, sideset_count=0):
        self.side_count = sideset_count
        self.words = []
        self.labels = {}
        self.pass_n = 0
        self.n = 0
        self.wrap_target_at = 0
        self.wrap_at = -1
        self.delay_max = (1 << (5 - sideset_count)) - 1

    def start_pass(self, n):
        self.pass_n = n
        self.n = 0
        self.words = []
        self.wrap_at = -1
        self.wrap_target_at = 0

    # -- directives --------------------------------------------------------------
    def wrap_target(self):
        self.wrap_target_at = self.n

    def wrap(self):
        if not self.n:
            raise PIOASMError("wrap before any instruction")
        self.wrap_at = self.n - 1

    def label(self, name):
        if self.pass_n == 0:
            if name in self.labels:
                raise PIOASMError("duplicate label %s" % name)
            self.labels[name] = self.n

    # -- delay and side-set on the last instruction ---------------------------------
    def __getitem__(self, delay):
        if not 0 <= delay <= self.delay_max:
            raise PIOASMError("delay %d out of range 0..%d" % (delay, self.delay_max))
        if self.pass_n:
            self.words[-1] |= delay << 8
        return self

    def side(self, value):
        n = self.side_count
        if not n:
            raise PIOASMError("side-set with no sideset_init")
        if not 0 <= value < 1 << n:
            raise PIOASMError("side-set value out of range")
        if self.pass_n:
            self.words[-1] |= value << (13 - n)
        return self

    def _emit(self, word):
        if self.n == 32:
            raise PIOASMError("program longer than 32 instructions")
        if self.pass_n:
            self.words.append(word)
        self.n += 1
        return self

    def _address(self, target):
        if isinstance(target, int):
            return target & 0x1F
        if self.pass_n == 0:
            return 0
        if target not in self.labels:
            raise PIOASMError("unknown label %s" % target)
        return self.labels[target]

    # -- instructions ----------------------------------------------------------------
    def word(self, w):
        return self._emit(w & 0xFFFF)

    def nop(self):
        return self._emit(0xA042)   # mov y, y

    def jmp(self, cond, target=None):
        if target is None:
            target = cond
            cond = _COND
        if not isinstance(cond, int) or cond & ~7 != _COND:
            raise PIOASMError("bad jmp condition")
        return self._emit(0x0000 | (cond & 7) << 5 | self._address(target))

    def wait(self, polarity, src, index):
        if src == _GPIO:
            s = 0
        elif src == _PIN_COND:
            s = 1
        elif src is self._irq_name:   # the `irq` the program's body sees
            s = 2
        else:
            raise PIOASMError("bad wait source")
        if polarity not in (0, 1) or not 0 <= index <= 0x1F:
            raise PIOASMError("bad wait polarity or index")
        return self._emit(0x2000 | polarity << 7 | s << 5 | index)

    def in_(self, src, count):
        return self._emit(0x4000 | _lookup(_IN_SRC, src, "in") << 5 | _count(count))

    def out(self, dest, count):
        return self._emit(0x6000 | _lookup(_OUT_DEST, dest, "out") << 5 | _count(count))

    def push(self, *flags):
        return self._emit(0x8000 | _push_pull_bits(flags))

    def pull(self, *flags):
        return self._emit(0x8080 | _push_pull_bits(flags))

    def mov(self, dest, src):
        op = 0
        if isinstance(src, int) and src & _INVERT:
            op = 1
        elif isinstance(src, int) and src & _REVERSE:
            op = 2
        src_code = _lookup(_MOV_SRC, src & ~(_INVERT | _REVERSE) if isinstance(src, int) else src, "mov")
        return self._emit(0xA000 | _lookup(_MOV_DEST, dest, "mov") << 5 | op << 3 | src_code)

    def irq(self, mod, index=None):
        if index is None:
            index = mod
            mod = 0
        bits = 0
        if mod == _CLEAR:
            bits = 0x40
        elif mod == _BLOCK:
            bits = 0x20
        elif mod not in (0, _NOBLOCK):
            raise PIOASMError("bad irq mode")
        if not 0 <= index <= 0x17 or index & 0x08:
            raise PIOASMError("bad irq index")
        return self._emit(0xC000 | bits | index)

    def set(self, dest, data):
        if not 0 <= data <= 31:
            raise PIOASMError("set data out of range 0..31")
        return self._emit(0xE000 | _lookup(_SET_DEST, dest, "set") << 5 | data)

    _irq_name = None

    def names(self):
        self._irq_name = self.irq   # one bound method, so `wait(1, irq, n)` can be told apart
        return {
            "wrap_target": self.wrap_target, "wrap": self.wrap, "label": self.label,
            "word": self.word, "nop": self.nop, "jmp": self.jmp, "wait": self.wait,
            "in_": self.in_, "out": self.out, "push": self.push, "pull": self.pull,
            "mov": self.mov, "irq": self._irq_name, "set": self.set,
            "pins": _PINS, "x": _X, "y": _Y, "null": _NULL, "pindirs": _PINDIRS,
            "pc": _PC, "status": _STATUS, "isr": _ISR, "osr": _OSR, "exec": _EXEC,
            "gpio": _GPIO, "pin": _PIN_COND,
            "not_x": _COND | 1, "x_dec": _COND | 2, "not_y": _COND | 3, "y_dec": _COND | 4,
            "x_not_y": _COND | 5, "not_osre": _COND | 7,
            "block": _BLOCK, "noblock": _NOBLOCK, "iffull": _IF, "ifempty": _IF, "clear": _CLEAR,
            "rel": lambda index: index | 0x10,
            "invert": lambda src: src | _INVERT,
            "reverse": lambda src: src | _REVERSE,
        }


def _lookup(table, operand, what):
    if operand not in table:
        raise PIOASMError("bad operand for %s" % what)
    return table[operand]


def _count(n):
    if not 1 <= n <= 32:
        raise PIOASMError("bit count %d out of range 1..32" % n)
    return n & 0x1F


def _push_pull_bits(flags):
    bits = 0x20   # block by default
    for f in flags:
        if f == _IF:
            bits |= 0x40
        elif f == _NOBLOCK:
            bits &= ~0x20
        elif f != _BLOCK:
            raise PIOASMError("bad push/pull option")
    return bits


# -- the program object ---------------------------------------------------------------
# As the rp2 port's: [words, offset in PIO0, offset in PIO1, EXECCTRL, SHIFTCTRL,
# out_init, set_init, sideset_init].
_PROG_DATA, _PROG_OFFSET, _PROG_EXECCTRL, _PROG_SHIFTCTRL = 0, 1, 3, 4
_PROG_OUT, _PROG_SET, _PROG_SIDE = 5, 6, 7


def _pin_count(init):
    if init is None:
        return 0
    if isinstance(init, int):
        return 1
    return len(init)


def asm_pio(*, out_init=None, set_init=None, sideset_init=None, in_shiftdir=0,
            out_shiftdir=0, autopush=False, autopull=False, push_thresh=32,
            pull_thresh=32, fifo_join=0):
    if _pin_count(set_init) > 5 or _pin_count(sideset_init) > 5:
        raise PIOASMError("at most 5 set and 5 side-set pins")
    emit = _Emitter(_pin_count(sideset_init))

    def assemble(f):
        names = emit.names()
        gl = f.__globals__
        saved = dict(gl)
        gl.clear()
        gl.update(names)
        try:
            emit.start_pass(0)
            f()
            emit.start_pass(1)
            f()
        finally:
            gl.clear()
            gl.update(saved)
        wrap = emit.wrap_at if emit.wrap_at >= 0 else emit.n - 1
        execctrl = wrap << 12 | emit.wrap_target_at << 7
        shiftctrl = ((fifo_join & 3) << 30 | (pull_thresh & 31) << 25 | (push_thresh & 31) << 20
                     | (out_shiftdir & 1) << 19 | (in_shiftdir & 1) << 18
                     | bool(autopull) << 17 | bool(autopush) << 16)
        return [array("H", emit.words), -1, -1, execctrl, shiftctrl, out_init, set_init, sideset_init]

    return assemble


def asm_pio_encode(instr, sideset_count, sideset_opt=False):
    """One instruction from its text, e.g. "set(x, 3)" (labels are addresses)."""
    emit = _Emitter(sideset_count)
    emit.start_pass(1)
    eval(instr, emit.names())
    if emit.n != 1:
        raise PIOASMError("expected one instruction")
    return emit.words[0]


# -- PIO blocks and state machines ---------------------------------------------------
class PIO:
    IN_LOW = 0
    IN_HIGH = 1
    OUT_LOW = 2
    OUT_HIGH = 3
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1
    JOIN_NONE = 0
    JOIN_TX = 1
    JOIN_RX = 2
    IRQ_SM0 = 0x100
    IRQ_SM1 = 0x200
    IRQ_SM2 = 0x400
    IRQ_SM3 = 0x800

    def __new__(cls, id):
        if not 0 <= id < 2:
            raise ValueError("invalid PIO")
        return _PIOS[id]

    def __init__(self, id):
        pass

    def _make(self, id):
        self._block = _pio.BLOCKS[id]

    def state_machine(self, id, program=None, *args, **kw):
        if not 0 <= id < 4:
            raise ValueError("invalid StateMachine")
        sm = StateMachine(self._block.index * 4 + id)
        if program is not None:
            sm.init(program, *args, **kw)
        return sm

    def add_program(self, program):
        _load(self._block, program)

    def remove_program(self, program=None):
        blk = self._block
        if program is None:
            blk.used = 0
            return
        offset = program[_PROG_OFFSET + blk.index]
        n = len(program[_PROG_DATA])
        blk.used &= ~(((1 << n) - 1) << offset)
        program[_PROG_OFFSET + blk.index] = -1

    def __repr__(self):
        return "PIO(%d)" % self._block.index


def _load(blk, program):
    offset = program[_PROG_OFFSET + blk.index]
    if offset < 0:
        offset = blk.load(program[_PROG_DATA])
        if offset < 0:
            raise OSError(_ENOMEM)
        program[_PROG_OFFSET + blk.index] = offset
    return offset


def _restart(m):
    """SM_RESTART: shift counters, ISR, delay and stalls cleared; X, Y, the
    OSR and the program counter keep what they held."""
    m.isr = 0
    m.isr_n = 0
    m.osr_n = 0
    m.delay = 0
    m.stalled = False
    m.exec_next = -1
    m.loop_len = 0


class _SmIrq:
    def __init__(self, sm):
        self._sm = sm

    def flags(self):
        m = self._sm._m
        return (m.block.flags >> m.index) & 1

    def trigger(self):
        return 1


class StateMachine:
    def __new__(cls, id, *args, **kw):
        if not 0 <= id < 8:
            raise ValueError("invalid StateMachine")
        return _SMS[id]

    def __init__(self, id, program=None, *args, **kw):
        if program is not None:
            self.init(program, *args, **kw)

    def _make(self, id):
        self._m = _pio.BLOCKS[id // 4].sms[id % 4]
        self._m.api = self
        self._irq = _SmIrq(self)

    def init(self, program, freq=-1, *, in_base=None, out_base=None, set_base=None,
             jmp_pin=None, sideset_base=None, in_shiftdir=None, out_shiftdir=None,
             push_thresh=None, pull_thresh=None):
        m = self._m
        self.active(0)
        offset = _load(m.block, program)
        m.set_clock(_pio.SYSCLK if freq == -1 else freq)
        execctrl = program[_PROG_EXECCTRL]
        shiftctrl = program[_PROG_SHIFTCTRL]
        m.wrap_top = (offset + (execctrl >> 12 & 31)) & 31
        m.wrap_bottom = (offset + (execctrl >> 7 & 31)) & 31
        m.in_right = bool(shiftctrl >> 18 & 1 if in_shiftdir is None else in_shiftdir)
        m.out_right = bool(shiftctrl >> 19 & 1 if out_shiftdir is None else out_shiftdir)
        m.autopush = bool(shiftctrl >> 16 & 1)
        m.autopull = bool(shiftctrl >> 17 & 1)
        m.push_thresh = (shiftctrl >> 20 & 31 if push_thresh is None else push_thresh & 31) or 32
        m.pull_thresh = (shiftctrl >> 25 & 31 if pull_thresh is None else pull_thresh & 31) or 32
        join = shiftctrl >> 30 & 3
        m.rx_depth = 8 if join == PIO.JOIN_RX else 0 if join == PIO.JOIN_TX else 4
        m.tx_depth = 8 if join == PIO.JOIN_TX else 0 if join == PIO.JOIN_RX else 4
        m.side_count = _pin_count(program[_PROG_SIDE])
        m.side_opt = False
        m.set_count = _pin_count(program[_PROG_SET])
        m.out_count = _pin_count(program[_PROG_OUT])
        m.in_base = _gpio(in_base)
        m.jmp_pin = _gpio(jmp_pin)
        m.set_base = _gpio(set_base)
        m.out_base = _gpio(out_base)
        m.side_base = _gpio(sideset_base)
        # The initial pins: their levels and directions, and the PIO function (as the port does).
        _init_pins(m.set_base, program[_PROG_SET], set_base)
        _init_pins(m.out_base, program[_PROG_OUT], out_base)
        _init_pins(m.side_base, program[_PROG_SIDE], sideset_base)
        # pio_sm_init: FIFOs cleared, SM_RESTART (shift counters, ISR, delay,
        # stalls), then a jump to the program's start. X, Y and the OSR keep
        # what they held.
        m.rx_head = m.rx_n = m.tx_head = m.tx_n = 0
        _restart(m)
        m.pc = offset

    def active(self, value=None):
        m = self._m
        if value is None:
            return m.enabled
        _board.touch()
        if value and not m.enabled:
            if _DEAD:
                m.enabled = True  # enabled, and never clocked
                return True
            m.start(_board.now_us)
            _board.pio_sms.append(m)
        elif not value and m.enabled:
            m.enabled = False
            if m in _board.pio_sms:
                _board.pio_sms.remove(m)
        _board.pio_running = len(_board.pio_sms)
        return m.enabled

    def restart(self):
        _board.touch()
        _restart(self._m)

    def exec(self, instr):
        m = self._m
        _board.touch()
        word = asm_pio_encode(instr, m.side_count) if isinstance(instr, str) else instr
        m.exec_next = word & 0xFFFF
        if not m.enabled:  # a stopped state machine runs it at once
            m._clock(_board.gen)

    def rx_fifo(self):
        _catch_up()
        return self._m.rx_n

    def tx_fifo(self):
        _catch_up()
        return self._m.tx_n

    def get(self, buf=None, shift=0):
        if buf is not None:
            for i in range(len(buf)):
                buf[i] = self.get(None, shift)
            return buf
        m = self._m
        _board.touch()
        while not m.rx_n:   # blocks until the state machine pushes
            _board.wait_until(_board.now_us + 10)
            _board.touch()
        return m.rx_get() >> shift

    def put(self, value, shift=0):
        m = self._m
        if not isinstance(value, int):
            for v in value:
                self.put(v, shift)
            return
        _board.touch()
        while m.tx_n == m.tx_depth:
            _board.wait_until(_board.now_us + 10)
            _board.touch()
        m.tx_put(value << shift)

    def irq(self, handler=None, trigger=0 | 1, hard=False):
        m = self._m
        m.handler = handler
        return self._irq

    def __repr__(self):
        m = self._m
        return "StateMachine(%d)" % (m.block.index * 4 + m.index)


def _catch_up():
    # Reading a FIFO's level changes nothing: the state machines only run up to now.
    if _board.pio_sms:
        _board.pio_run(_board.pio_sms, _board.now_us, False)


def _gpio(pin):
    return 0 if pin is None else _machine._gpio_number(pin)


def _init_pins(base, init, given):
    if init is None or given is None:
        return
    values = (init,) if isinstance(init, int) else init
    for i in range(len(values)):
        g = _board.pin((base + i) % 32)
        g.pio = True
        g.pio_oe = values[i] >> 1
        g.pio_out = values[i] & 1


def _static(cls, n):
    objs = []
    for i in range(n):
        o = object.__new__(cls)
        o._make(i)
        objs.append(o)
    return tuple(objs)


# Made at import, before the firmware's heap is set aside: on rp2 they are C statics.
_PIOS = _static(PIO, 2)
_SMS = _static(StateMachine, 8)

# DMA (vboard_dma), as on MicroPython 1.21 and later; VBOARD_DMA=0: a port before that.
if _setting("VBOARD_DMA") != "0":
    from vboard_dma import DMA  # noqa: F401
