"""The key pad scanned by a PIO state machine, its states moved by DMA, all while the CPU cannot.

On rp2 a flash erase or program runs with interrupts off (the flash cannot
serve code meanwhile): for 45 ms (400 ms at worst) no timer scans. The
state machine below does not need the CPU: it drives one row low at a
time (open drain: the pin's direction, not its level, is switched), reads
the four columns (pulled up: a pressed key reads 0) into a 16-bit state,
and pushes that state into its RX FIFO only when it has changed and then
stayed the same for _STABLE scans: the debounce is done in PIO, so a
bouncing contact never fills the FIFO.

A DMA channel paced by the FIFO's DREQ (the datasheet's PIO0 RX0 = 4)
moves each state at once into a ring of _RING words in RAM (the write
address wraps at its 128-byte boundary, so the ring is aligned to 128),
with a transfer count no game reaches (board.py sets it up, code dropped
after boot, and hands it over); the DMA, like PIO, goes on during
an erase, so 16 taps fit in the ring however long the CPU is held. The
push also raises the state machine's IRQ, only to wake the CPU: its soft
handler (after the erase, if one runs) takes the states the channel has
written since it last looked (the channel's count says how many) into
keyqueue's events, in order. Without rp2.DMA (MicroPython before 1.21),
with no free channel, or when the first state stays in the FIFO (a DMA
that does not run), the handler drains the FIFO itself (joined: 8 deep,
4 taps while the CPU is held up; a full FIFO stalls the blocking push).

Register use: X the last state seen, OSR the scans it still has to stay
the same before it is sent (0: sent), Y and ISR scratch. The first state
(the idle pad) is sent once at the start: the CPU's sign that the state
machine, its FIFO and its IRQ work (alive()), and that the DMA runs;
where the state machine does not (an emulator without PIO, say) the board
falls back to the timer scan. A state word has the pressed keys at bit
16 + row * 4 + col; get(None, 16) shifts it in C and the ring is read by
its top two bytes, so the value the CPU sees is a small int (no allocation).
"""
from time import sleep_ms, ticks_ms

from micropython import const
from rp2 import PIO, StateMachine, asm_pio
from uctypes import addressof

from dicetray.tray.drivers.keyqueue import KeyQueue

_STABLE = const(10)       # scans a new state must stay the same before it is sent
_SCAN_CYCLES = const(17)  # PIO clocks of one scan while a new state is counted
_RING = const(32)         # states the DMA ring holds (board.py makes it): 16 taps while the CPU is held up


# The names in this body (set, in_, jmp, x, ...) are the PIO assembler's,
# which asm_pio puts in place while it runs it.
@asm_pio(set_init=(PIO.IN_LOW,) * 4, in_shiftdir=PIO.SHIFT_RIGHT, fifo_join=PIO.JOIN_RX)
def pad_scan():
    set(x, 0)                   # noqa: F821  nothing down,
    set(y, 1)                   # noqa: F821  sent after one scan: the CPU hears the scan runs
    mov(osr, y)                 # noqa: F821
    wrap_target()               # noqa: F821
    label("scan")               # noqa: F821
    mov(isr, invert(null))      # noqa: F821  the idle level of every column
    set(pindirs, 1)             # noqa: F821  row 0 low, the others float
    in_(pins, 4)                # noqa: F821
    set(pindirs, 2)             # noqa: F821
    in_(pins, 4)                # noqa: F821
    set(pindirs, 4)             # noqa: F821
    in_(pins, 4)                # noqa: F821
    set(pindirs, 8)             # noqa: F821
    in_(pins, 4)                # noqa: F821
    mov(y, invert(isr))         # noqa: F821  pressed = 1
    jmp(x_not_y, "changed")     # noqa: F821
    mov(y, osr)                 # noqa: F821
    jmp(not_y, "scan")          # noqa: F821  already sent
    jmp(y_dec, "count")         # noqa: F821
    label("count")              # noqa: F821
    mov(osr, y)                 # noqa: F821
    jmp(not_y, "send")          # noqa: F821
    jmp("scan")                 # noqa: F821
    label("send")               # noqa: F821
    mov(isr, x)                 # noqa: F821
    push(block)                 # noqa: F821  a full FIFO stalls the scan, loses nothing sent
    irq(rel(0))                 # noqa: F821  the CPU: drain me
    jmp("scan")                 # noqa: F821
    label("changed")            # noqa: F821
    mov(x, y)                   # noqa: F821
    set(y, _STABLE)             # noqa: F821
    mov(osr, y)                 # noqa: F821
    wrap()                      # noqa: F821


class PioKeypad(KeyQueue):
    """row0/col0: the first of 4 consecutive row / column GPIOs (Pins);
    the columns must already be inputs with pull-ups."""

    channel = None   # the DMA channel of the pad opened last: board.py stops it before the next

    def __init__(self, row0, col0, keymap, debounce_ms=10, long_ms=700, queue_size=32, sm_id=0, run=True,
                 dma=None, ring=None):
        """dma, ring: a DMA channel already started that moves what this state
        machine pushes into ring (a memoryview of _RING words), or None: the
        CPU drains the FIFO."""
        super().__init__(keymap, long_ms, queue_size)
        self.debounce_ms = debounce_ms
        # _STABLE scans of _SCAN_CYCLES clocks take debounce_ms.
        freq = _SCAN_CYCLES * _STABLE * 1000 // debounce_ms
        self._sm = StateMachine(sm_id, pad_scan, freq=freq, set_base=row0, in_base=col0)
        self._timer = None
        self.period_ms = 0
        self._drain_cb = self._drain   # bound once: the IRQ path makes no objects
        self._tick_cb = self._tick
        self.irqs = 0                  # IRQs taken: alive() waits for the first
        self._dma = dma
        self._ring = ring
        if dma is not None:
            PioKeypad.channel = dma
            self._ring_at = addressof(ring)
            self._first = dma.count    # nothing moved yet: the state machine has not run
            self._taken = 0            # states taken from the ring so far
        if run:  # else start() runs it, once its IRQ handler is in place
            self._sm.active(1)

    def scan(self, now_ms=None):
        """Take the states the PIO sent; returns how many events were queued."""
        now = ticks_ms() if now_ms is None else now_ms
        before = self._count
        if self._dma is not None:
            self._from_ring(now)
        if self._dma is None:
            sm = self._sm
            while sm.rx_fifo():
                self._accept(sm.get(None, 16), now)
        self._longs(now)
        return self._count - before

    # -- the DMA ring -------------------------------------------------------------------
    def _from_ring(self, now):
        dma = self._dma
        done = self._first - dma.count  # states the channel has written (read first: all in place)
        taken = self._taken
        at = dma.write - self._ring_at
        if not taken:
            # The first state tells whether the channel runs: it must be in
            # the ring, the write address one word on; not in the FIFO, nor
            # gone (its IRQ came after the push).
            if not done:
                if self.irqs or self._sm.rx_fifo():
                    self._no_dma()
                return
            if at != (done & (_RING - 1)) << 2:
                self._no_dma()
                return
        elif not 0 <= at < _RING << 2:   # a channel that does not wrap: stop it
            self._no_dma()
            return
        if done - taken > _RING:       # the CPU was held for more than 16 taps: the oldest are overwritten
            self.dropped += done - taken - _RING
            taken = done - _RING
        ring = self._ring
        while taken != done:
            i = (taken & (_RING - 1)) << 2
            self._accept(ring[i + 2] | ring[i + 3] << 8, now)   # the word's top half: the state
            taken += 1
        self._taken = taken

    def _no_dma(self):
        """From now on the FIFO is drained by the CPU."""
        dma = self._dma
        self._dma = None
        if PioKeypad.channel is dma:
            PioKeypad.channel = None
        dma.active(0)
        dma.close()
        self._ring = None

    # -- from IRQs -----------------------------------------------------------------------
    def start(self, period_ms=5):
        """From now on the PIO's IRQ wakes the drain (of the DMA ring, or of
        the FIFO without one), and a one-shot timer is set while a key is
        held, for its long press (period_ms: unused, kept for the timer
        scanner's signature)."""
        from machine import Timer
        self.period_ms = period_ms
        self._timer = Timer(-1)
        self._sm.irq(self._drain_cb)
        if self._sm.active():
            self._tick(None)    # what came before the handler was set
        else:
            self._sm.active(1)  # its first state comes through the IRQ

    def alive(self, wait_ms=50):
        """Whether the state machine's first state came through its IRQ
        (started with run=False, then start()): within a few scans on an
        RP2040; never where PIO does not run."""
        while not self.irqs and wait_ms > 0:
            sleep_ms(1)
            wait_ms -= 1
        return self.irqs > 0

    def stop(self):
        """The state machine and its timer off, its program out of the PIO."""
        self._sm.irq(None)
        self._sm.active(0)
        if self._dma is not None:
            self._no_dma()
        PIO(0).remove_program(pad_scan)
        if self._timer is not None:
            self._timer.deinit()

    def _drain(self, sm):
        self.irqs += 1
        self.scan()
        self._arm()

    def _tick(self, timer):
        self.scan()
        self._arm()

    def _arm(self):
        due = self._longs(ticks_ms())
        if due >= 0:
            self._timer.init(mode=self._timer.ONE_SHOT, period=due, callback=self._tick_cb)
