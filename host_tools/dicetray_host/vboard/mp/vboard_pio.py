"""The RP2040's PIO state machines, run in the virtual board's time.

One PIO block: 32 instruction words, 8 IRQ flags, 4 state machines (the
rp2 module numbers them 0-3; 4-7, the second block, are modelled alike
with their own flags). Instructions and their encodings are those of the
RP2040 datasheet, section 3.4; a state machine runs one instruction per
clock of its divider (sysclk / (INT + FRAC/256), 125 MHz): a cycle k
after its start is at start + k * period. Side-set and delay, FIFO join,
autopush/autopull, stalls (a blocking PUSH on a full RX FIFO, a PULL on an
empty TX FIFO, WAIT) are as the datasheet describes them.

The board runs the state machines up to each of its events (a key
change, a timer, a bus transfer's end) with the pins' levels of that
moment, also inside a flash erase while the CPU is held up: nothing here
needs the firmware. A state machine that raised an IRQ flag with a
handler set stops there, so the board can deliver the IRQ at its time
(after the C call that holds the CPU, as rp2 does).

Speed: a state machine whose whole state is the same at two visits of
its wrap target, with nothing outside it changed meanwhile (board.gen:
keys, pins, FIFO reads by the CPU), is in a loop that repeats as long
as nothing changes; it is then carried forward by whole loops at once
(and a stalled one stays as it is), which gives the same result as
running every cycle. Only with one state machine running: two could
drive each other's pins or flags.
"""
from array import array

from vboard_core import board as _board

SYSCLK = 125_000_000
_M32 = 0xFFFFFFFF
_NSTATE = 14

# Instruction fields (datasheet 3.4).
JMP = 0
WAIT = 1
IN = 2
OUT = 3
PUSHPULL = 4
MOV = 5
IRQ = 6
SET = 7


def reverse32(v):
    r = 0
    for _ in range(32):
        r = (r << 1) | (v & 1)
        v >>= 1
    return r


class PioBlock:
    """What the state machines of one PIO share: instruction memory and IRQ flags."""

    def __init__(self, index):
        self.index = index
        self.mem = array("H", bytes(64))
        self.used = 0          # bitmask of instruction words holding a program
        self.flags = 0         # the 8 IRQ flags
        self.sms = [StateMachineModel(self, i) for i in range(4)]

    def reset(self):
        self.used = 0
        self.flags = 0
        for sm in self.sms:
            sm.handler = None
            sm.reset()

    def load(self, words):
        """Place a program in free instruction memory (from the top, as the
        SDK does); its offset, or -1 when it does not fit."""
        n = len(words)
        for offset in range(32 - n, -1, -1):
            mask = ((1 << n) - 1) << offset
            if not self.used & mask:
                for i in range(n):
                    self.mem[offset + i] = _relocate(words[i], offset)
                self.used |= mask
                return offset
        return -1


def _relocate(word, offset):
    # A JMP's address is absolute in instruction memory.
    if word >> 13 == JMP:
        return (word & 0xFFE0) | ((word + offset) & 0x1F)
    return word


class StateMachineModel:
    def __init__(self, block, index):
        self.block = block
        self.index = index
        self.rx = array("I", bytes(32))
        self.tx = array("I", bytes(32))
        self._state = array("q", bytes(8 * _NSTATE))   # at the last wrap-target visit
        self._now_state = array("q", bytes(8 * _NSTATE))
        self.handler = None    # set by rp2.StateMachine.irq(): flag `index` wakes the CPU
        self.api = None        # the rp2.StateMachine the handler is given
        self.reset()

    def reset(self):
        self.enabled = False
        self.pc = 0
        self.x = self.y = 0
        self.isr = self.osr = 0
        self.isr_n = 0
        self.osr_n = 32        # empty
        self.delay = 0
        self.rx_head = self.rx_n = 0
        self.tx_head = self.tx_n = 0
        self.rx_depth = self.tx_depth = 4
        self.pushes = 0
        self.rx_stalls = 0     # FDEBUG_RXSTALL events: a push met a full FIFO
        self.exec_next = -1
        self.period256 = 256   # sysclk periods * 256 per clock (the divider, 16.8)
        self.start_us = 0
        self.cycle = 0         # clocks run since start_us
        self.loop_cycle = -1   # cycle of the last wrap-target visit
        self.loop_len = 0      # clocks of the loop found (0: none)
        self.stalled = False
        self.stall_gen = -1
        self.raised = False    # a flag with a handler went up: the board delivers it
        self.wrap_bottom = 0
        self.wrap_top = 31
        self.side_count = 0
        self.side_opt = False
        self.side_pindir = False
        self.side_base = 0
        self.in_base = self.out_base = self.set_base = 0
        self.out_count = 0
        self.set_count = 0
        self.jmp_pin = 0
        self.in_right = self.out_right = False
        self.autopush = self.autopull = False
        self.push_thresh = self.pull_thresh = 32
        self.status_rx = False
        self.status_n = 0

    # -- configuration (rp2.StateMachine) -------------------------------------------
    def set_clock(self, freq):
        div = SYSCLK * 256 // freq        # INT.FRAC, as the SDK's float divider rounds down
        if not 256 <= div <= 65536 * 256:
            raise ValueError("freq out of range")
        self.period256 = div

    def cycle_us(self, k):
        """Board time of clock k."""
        return self.start_us + k * self.period256 // (SYSCLK // 1_000_000 * 256)

    def cycles_by(self, t):
        """The last clock at or before board time t."""
        if t < self.start_us:
            return -1
        return (t - self.start_us) * (SYSCLK // 1_000_000 * 256) // self.period256

    def start(self, now):
        self.start_us = now
        self.cycle = 0
        self.loop_len = 0
        self.loop_cycle = -1
        self.enabled = True

    # -- FIFOs (the CPU's side) -------------------------------------------------------
    def rx_get(self):
        v = self.rx[self.rx_head]
        self.rx_head = (self.rx_head + 1) % self.rx_depth
        self.rx_n -= 1
        return v

    def tx_put(self, v):
        self.tx[(self.tx_head + self.tx_n) % self.tx_depth] = v & _M32
        self.tx_n += 1

    # -- pins -----------------------------------------------------------------------
    def _pins_in(self, base, n):
        v = 0
        for i in range(n):
            g = _board.gpio[(base + i) % 32] if (base + i) % 32 < 30 else None
            if g is not None and g.level():
                v |= 1 << i
        return v

    def _write_pins(self, base, n, value, dirs):
        for i in range(n):
            p = (base + i) % 32
            if p >= 30:
                continue
            g = _board.pin(p)
            if dirs:
                g.pio_oe = (value >> i) & 1
            else:
                g.pio_out = (value >> i) & 1

    # -- running ----------------------------------------------------------------------
    def run_until(self, t, stop_on_irq=True, exact=False):
        """Run the clocks up to board time t; returns t, or the time of the
        clock that raised an IRQ flag with a handler (then it stops there).
        In a loop nothing disturbs, it goes on by whole loops only, unless
        exact: the rest, less than a loop, changes nothing anyone sees
        (the FIFOs and flags stay as they are) until something outside
        changes, and then the board asks for it exactly (board.touch)."""
        if not self.enabled:
            return t
        last = self.cycles_by(t)
        if self.cycle > last:
            return t
        gen = _board.gen
        single = _board.pio_running == 1
        if single and self.stalled and self.stall_gen == gen:
            self.cycle = last + 1   # nothing changed: it stays stalled
            return t
        if single and self.loop_len and self.stall_gen == gen:
            k = (last + 1 - self.cycle) // self.loop_len
            if k > 0:
                self.cycle += k * self.loop_len
                self.loop_cycle += k * self.loop_len
            if not exact:
                return t
        while self.cycle <= last:
            self.raised = False
            self._clock(gen)
            self.cycle += 1
            if self.raised and stop_on_irq:
                return self.cycle_us(self.cycle - 1)
        return t

    def _snapshot(self, into):
        into[0] = self.x
        into[1] = self.y
        into[2] = self.isr
        into[3] = self.isr_n
        into[4] = self.osr
        into[5] = self.osr_n
        into[6] = self.rx_n
        into[7] = self.tx_n
        into[8] = self.block.flags
        into[9] = self.pushes
        into[10] = self.delay
        into[11] = self._pin_word()
        into[12] = _board.gen
        into[13] = self.exec_next

    def _pin_word(self):
        # The levels and directions this state machine drives (no tuple: no allocation).
        v = self._pins_word(self.set_base, self.set_count, 0)
        v = self._pins_word(self.out_base, self.out_count, v)
        return self._pins_word(self.side_base, self.side_count, v)

    def _pins_word(self, base, n, v):
        g = _board.gpio
        for i in range(n):
            p = (base + i) % 32
            if p < 30 and g[p] is not None:
                v = (v << 2) | g[p].pio_oe << 1 | g[p].pio_out
        return v

    def _clock(self, gen):
        if self.delay:
            self.delay -= 1
            return
        if self.exec_next >= 0:
            word = self.exec_next
            self.exec_next = -1
            pc = -1
        else:
            pc = self.pc
            if pc == self.wrap_bottom and not self.stalled:
                now = self._now_state
                self._snapshot(now)
                old = self._state
                same = self.loop_cycle >= 0
                if same:
                    for i in range(_NSTATE):
                        if old[i] != now[i]:
                            same = False
                            break
                self.loop_len = self.cycle - self.loop_cycle if same else 0
                self.loop_cycle = self.cycle
                self.stall_gen = gen
                for i in range(_NSTATE):
                    old[i] = now[i]
            word = self.block.mem[pc]
        self._execute(word, pc, gen)

    def _side_set(self, word):
        n = self.side_count
        if not n:
            return 5
        field = (word >> 8) & 0x1F
        bits = n
        if self.side_opt:
            bits = n + 1
            if not field & 0x10:
                return 5 - bits
            field &= 0x0F
        value = field >> (5 - bits)
        if self.side_opt:
            value &= (1 << n) - 1
        self._write_pins(self.side_base, n, value, self.side_pindir)
        return 5 - bits

    def _execute(self, word, pc, gen):
        delay_bits = self._side_set(word)
        delay = (word >> 8) & ((1 << delay_bits) - 1) if delay_bits > 0 else 0
        op = word >> 13
        arg = (word >> 5) & 7
        low = word & 0x1F
        nxt = -2    # -2: the next instruction (with wrap)
        stall = False
        if op == JMP:
            x = self.x
            y = self.y
            if arg == 0:
                take = True
            elif arg == 1:
                take = x == 0
            elif arg == 2:
                take = x != 0
                self.x = (x - 1) & _M32
            elif arg == 3:
                take = y == 0
            elif arg == 4:
                take = y != 0
                self.y = (y - 1) & _M32
            elif arg == 5:
                take = x != y
            elif arg == 6:
                take = self._pins_in(self.jmp_pin, 1) == 1
            else:
                take = self.osr_n < self.pull_thresh
            if take:
                nxt = low
        elif op == WAIT:
            pol = (word >> 7) & 1
            src = (word >> 5) & 3
            if src == 0:
                level = self._pins_in(low, 1)
            elif src == 1:
                level = self._pins_in(self.in_base + low, 1)
            else:
                flag = self._flag_index(low)
                level = (self.block.flags >> flag) & 1
                if pol and level:
                    self.block.flags &= ~(1 << flag)
            stall = level != pol
        elif op == IN:
            n = low or 32
            if arg == 0:
                data = self._pins_in(self.in_base, n)
            elif arg == 1:
                data = self.x
            elif arg == 2:
                data = self.y
            elif arg == 6:
                data = self.isr
            elif arg == 7:
                data = self.osr
            else:
                data = 0
            if self.autopush and self.isr_n + n >= self.push_thresh and self.rx_n == self.rx_depth:
                stall = True
                self.rx_stalls += 1
            else:
                data &= (1 << n) - 1
                if n == 32:
                    self.isr = data
                elif self.in_right:
                    self.isr = (self.isr >> n) | (data << (32 - n))
                else:
                    self.isr = ((self.isr << n) | data) & _M32
                self.isr_n = min(32, self.isr_n + n)
                if self.autopush and self.isr_n >= self.push_thresh:
                    self._push()
        elif op == OUT:
            n = low or 32
            if self.autopull and self.osr_n >= self.pull_thresh:
                if self.tx_n:
                    self._pull()
                stall = True
            else:
                if self.out_right:
                    data = self.osr & ((1 << n) - 1)
                    self.osr = self.osr >> n if n < 32 else 0
                else:
                    data = self.osr >> (32 - n)
                    self.osr = (self.osr << n) & _M32 if n < 32 else 0
                self.osr_n = min(32, self.osr_n + n)
                if arg == 0:
                    self._write_pins(self.out_base, min(n, self.out_count), data, False)
                elif arg == 1:
                    self.x = data
                elif arg == 2:
                    self.y = data
                elif arg == 4:
                    self._write_pins(self.out_base, min(n, self.out_count), data, True)
                elif arg == 5:
                    nxt = data & 0x1F
                elif arg == 6:
                    self.isr = data
                    self.isr_n = n
                elif arg == 7:
                    self.exec_next = data & 0xFFFF
                    delay = 0
                if self.autopull and self.osr_n >= self.pull_thresh and self.tx_n:
                    self._pull()
        elif op == PUSHPULL:
            if_flag = (word >> 6) & 1
            block = (word >> 5) & 1
            if not (word >> 7) & 1:        # PUSH
                if not if_flag or self.isr_n >= self.push_thresh:
                    if self.rx_n == self.rx_depth:
                        self.rx_stalls += 1
                        if block:
                            stall = True
                        else:
                            self.isr = 0    # noblock: the word is lost, the ISR cleared
                            self.isr_n = 0
                    else:
                        self._push()
            else:                            # PULL
                if not if_flag or self.osr_n >= self.pull_thresh:
                    if self.tx_n:
                        self._pull()
                    elif block:
                        stall = True
                    else:
                        self.osr = self.x
                        self.osr_n = 0
        elif op == MOV:
            src = word & 7
            how = (word >> 3) & 3
            if src == 0:
                v = self._pins_in(self.in_base, 32)
            elif src == 1:
                v = self.x
            elif src == 2:
                v = self.y
            elif src == 5:
                level = self.rx_n if self.status_rx else self.tx_n
                v = _M32 if level < self.status_n else 0
            elif src == 6:
                v = self.isr
            elif src == 7:
                v = self.osr
            else:
                v = 0
            if how == 1:
                v = ~v & _M32
            elif how == 2:
                v = reverse32(v)
            if arg == 0:
                self._write_pins(self.out_base, self.out_count, v, False)
            elif arg == 1:
                self.x = v
            elif arg == 2:
                self.y = v
            elif arg == 4:
                self.exec_next = v & 0xFFFF
                delay = 0
            elif arg == 5:
                nxt = v & 0x1F
            elif arg == 6:
                self.isr = v
                self.isr_n = 0
            elif arg == 7:
                self.osr = v
                self.osr_n = 0
        elif op == IRQ:
            flag = self._flag_index(low)
            bit = 1 << flag
            if (word >> 6) & 1:              # clear
                self.block.flags &= ~bit
            elif self.stalled:               # irq wait: waiting for the flag to be cleared
                stall = bool(self.block.flags & bit)
            else:
                if not self.block.flags & bit:
                    self.block.flags |= bit
                    if flag < 4 and self.block.sms[flag].handler is not None:
                        self.raised = True
                        _board.pio_irq = True
                stall = bool((word >> 5) & 1)
        else:  # SET
            if arg == 0:
                self._write_pins(self.set_base, self.set_count, low, False)
            elif arg == 1:
                self.x = low
            elif arg == 2:
                self.y = low
            elif arg == 4:
                self._write_pins(self.set_base, self.set_count, low, True)
        if stall:
            if pc < 0:
                self.exec_next = word   # an exec'd instruction stalls in place
            if not self.stalled:
                self.stall_gen = gen
            self.stalled = True
            return
        self.stalled = False
        if pc >= 0:
            if nxt >= 0:
                self.pc = nxt
            elif pc == self.wrap_top:
                self.pc = self.wrap_bottom
            else:
                self.pc = (pc + 1) & 31
        elif nxt >= 0:
            self.pc = nxt
        self.delay = delay

    def _flag_index(self, low):
        if low & 0x10:   # rel: the state machine's number added modulo 4 to the 2 LSBs
            return (low & 4) | ((low + self.index) & 3)
        return low & 7

    def _push(self):
        self.rx[(self.rx_head + self.rx_n) % self.rx_depth] = self.isr
        self.rx_n += 1
        self.pushes += 1
        self.isr = 0
        self.isr_n = 0
        if _board.dma_dreq is not None:   # its DREQ (RX) is up: a paced DMA channel takes the word now
            _board.dma_dreq(self.block.index * 8 + 4 + self.index)

    def _pull(self):
        self.osr = self.tx[self.tx_head]
        self.tx_head = (self.tx_head + 1) % self.tx_depth
        self.tx_n -= 1
        self.osr_n = 0
        if _board.dma_dreq is not None:   # room in the TX FIFO: its DREQ is up
            _board.dma_dreq(self.block.index * 8 + self.index)


def run_all(sms, t, stop_on_irq=True, exact=False):
    """Run the state machines up to board time t (see run_until). More than
    one run clock by clock in time order: one may wait on another's flag."""
    if len(sms) == 1:
        return sms[0].run_until(t, stop_on_irq, exact)
    gen = _board.gen
    while True:
        best = None
        best_t = t + 1
        for sm in sms:
            at = sm.cycle_us(sm.cycle)
            if at < best_t:
                best = sm
                best_t = at
        if best is None:
            return t
        best.raised = False
        best._clock(gen)
        best.cycle += 1
        if best.raised and stop_on_irq:
            return best_t


def _run_all_counted(sms, t, stop_on_irq=True, exact=False):
    # The PIO is hardware on a Pico: what this model allocates when the
    # firmware reads a FIFO is the board's garbage, not the firmware's.
    if not _board.raw_peak or _board.in_wait:
        return run_all(sms, t, stop_on_irq, exact)
    before = _board.allocated()
    ended = run_all(sms, t, stop_on_irq, exact)
    _board.board_made(before)
    return ended


BLOCKS = (PioBlock(0), PioBlock(1))
_board.pio_blocks = BLOCKS
_board.pio_run = _run_all_counted
