"""rp2.DMA for the virtual board: the RP2040's DMA channels (datasheet 2.5), in board time.

Twelve channels, made at import (hardware on the chip, not heap). A
channel has READ_ADDR, WRITE_ADDR, TRANS_COUNT (the live counter; a write
sets the reload value, copied in at each trigger) and CTRL with the
datasheet's fields: EN, DATA_SIZE (1, 2, 4 bytes), INCR_READ, INCR_WRITE,
RING_SIZE / RING_SEL (only the low RING_SIZE bits of the chosen address
change: it wraps at that power-of-two boundary), CHAIN_TO, TREQ_SEL, BUSY,
and READ/WRITE_ERROR. A trigger (CTRL_TRIG written with EN, active(1), a
chain) makes the channel busy; each transfer moves DATA_SIZE bytes when
its transfer request is there, and the count goes down by one; at 0 it is
not busy any more and triggers CHAIN_TO (when that is not itself).

Transfer requests: TREQ_SEL 0x3F (PERMANENT) runs the whole count at once
(memory is fast next to anything the board times); the PIO DREQs (PIO0
TX0-3 = 0-3, RX0-3 = 4-7, PIO1 8-15) are asserted while a TX FIFO has room
or an RX FIFO holds a word: the state machine models call dreq() when they
push or pull, so a paced channel empties an RX FIFO the moment a word
arrives, also while a flash erase holds the CPU. Other DREQs (SPI, UART,
ADC, the pacing timers) never assert here: such a channel waits.

Addresses: a buffer object given to config() or the read/write attributes
(its address from uctypes.addressof) and the PIO FIFO registers (TXF at
0x50200010 + 4 * sm, RXF at 0x50200020 + 4 * sm; PIO1 at 0x50300000; a
StateMachine object stands for its RXF when read, its TXF when written,
as its buffer protocol does on rp2). Memory the model was not given is
memory it does not know: a transfer there stops the channel with
READ_ERROR or WRITE_ERROR (on the chip it would overwrite whatever is
there). Not modelled: DMA IRQs (irq() keeps the handler, it is never
called), the sniffer, byte swap, high priority, the pacing timers, the
`registers` view.

VBOARD_DMA=0 in the environment leaves rp2 without DMA (MicroPython before
1.21); VBOARD_DMA=dead gives channels that take their settings and never
move a word (an emulator without DMA).
"""
from uctypes import addressof, bytearray_at

from vboard_core import board as _board, setting as _setting

_DEAD = _setting("VBOARD_DMA") == "dead"
CHANNELS = 12
_PERMANENT = 0x3F
_EBUSY = 16
_M32 = 0xFFFFFFFF

# CTRL fields (RP2040 datasheet 2.5.7, CH0_CTRL_TRIG): name, shift, bits.
_FIELDS = (
    ("enable", 0, 1), ("high_pri", 1, 1), ("size", 2, 2), ("inc_read", 4, 1),
    ("inc_write", 5, 1), ("ring_size", 6, 4), ("ring_sel", 10, 1), ("chain_to", 11, 4),
    ("treq_sel", 15, 6), ("irq_quiet", 21, 1), ("bswap", 22, 1), ("sniff_en", 23, 1),
    ("busy", 24, 1), ("write_err", 29, 1), ("read_err", 30, 1), ("ahb_err", 31, 1),
)
_READ_ONLY = ("busy", "ahb_err")
_BUSY = 1 << 24
_WRITE_ERR = 1 << 29
_READ_ERR = 1 << 30

_PIO_BASE = (0x50200000, 0x50300000)
_TXF = 0x010
_RXF = 0x020


class _Region:
    """Memory the firmware handed to a channel, seen in place. Made at
    import (the chip keeps nothing of the kind on the heap): config() fills
    it in."""

    def __init__(self):
        self.at = 0
        self.n = 0
        self.mem = None

    def set(self, obj):
        mv = memoryview(obj)
        n = len(mv)
        self.at = addressof(mv)
        size = 1
        if n > 1:
            size = addressof(mv[1:]) - self.at  # the item size: bytes, 'H', 'I' ...
        self.n = n * size
        # Bytes are written through the object itself; wider items through a
        # byte view of the same memory (the one object the model keeps).
        self.mem = obj if size == 1 else bytearray_at(self.at, self.n)
        return self.at


class Channel:
    def __init__(self, n):
        self.n = n
        self.claimed = False
        self.read = 0
        self.write = 0
        self.count = 0        # the live transfer counter
        self.reload = 0
        self.ctrl = 0
        self.busy = False
        self.regions = (_Region(), _Region())   # what read / write were last given as objects
        self.handler = None
        self.transfers = 0    # moved since import (tests)

    # -- registers ----------------------------------------------------------------------
    def set_ctrl(self, value, trigger):
        self.ctrl = value & ~(_BUSY | (1 << 31)) & _M32
        if value & _WRITE_ERR:                # write 1 to clear
            self.ctrl &= ~_WRITE_ERR
        if value & _READ_ERR:
            self.ctrl &= ~_READ_ERR
        if trigger:
            self.trigger()

    def ctrl_value(self):
        v = self.ctrl
        if self.busy:
            v |= _BUSY
        if v & (_WRITE_ERR | _READ_ERR):
            v |= 1 << 31
        return v

    def trigger(self):
        if not self.ctrl & 1 or self.busy:  # EN clear: triggers are ignored
            return
        self.count = self.reload
        self.busy = self.count > 0
        self.serve()

    def abort(self):
        self.busy = False

    # -- transfers ------------------------------------------------------------------------
    def treq(self):
        return (self.ctrl >> 15) & 0x3F

    def serve(self):
        """Transfer while the channel is busy and its request is there."""
        if _DEAD:
            return
        treq = self.treq()
        while self.busy and self.ctrl & 1:
            if treq != _PERMANENT and not _dreq(treq):
                return
            self._transfer()

    def _transfer(self):
        ctrl = self.ctrl
        size = 1 << ((ctrl >> 2) & 3)
        value = self._load(self.read, size)
        if value is None:
            self.ctrl |= _READ_ERR
            self.busy = False
            return
        if not self._store(self.write, size, value):
            self.ctrl |= _WRITE_ERR
            self.busy = False
            return
        ring = (ctrl >> 6) & 15
        if ctrl & (1 << 4):
            self.read = _step(self.read, size, ring if not ctrl & (1 << 10) else 0)
        if ctrl & (1 << 5):
            self.write = _step(self.write, size, ring if ctrl & (1 << 10) else 0)
        self.transfers += 1
        self.count -= 1
        if self.count == 0:
            self.busy = False
            chain = (ctrl >> 11) & 15
            if chain != self.n:
                CHANNEL[chain].trigger()

    def _load(self, addr, size):
        fifo = _fifo(addr)
        if fifo is not None:
            m, tx = fifo
            if tx:
                return None          # TXF is write-only
            v = m.rx_get() if m.rx_n else 0   # an empty FIFO reads 0 (FDEBUG RXUNDER)
            return (v >> (8 * (addr & 3))) & ((1 << (8 * size)) - 1)
        mem, i = self._memory(addr, size)
        if mem is None:
            return None
        v = 0
        for k in range(size):
            v |= mem[i + k] << (8 * k)
        return v

    def _store(self, addr, size, value):
        fifo = _fifo(addr)
        if fifo is not None:
            m, tx = fifo
            if not tx:
                return False
            if m.tx_n < m.tx_depth:
                # A narrow write is replicated across the word's byte lanes.
                if size == 1:
                    value *= 0x01010101
                elif size == 2:
                    value *= 0x00010001
                m.tx_put(value)
            return True
        mem, i = self._memory(addr, size)
        if mem is None:
            return False
        for k in range(size):
            mem[i + k] = (value >> (8 * k)) & 0xFF
        return True

    def _memory(self, addr, size):
        for r in self.regions:
            if r.mem is not None and r.at <= addr and addr + size <= r.at + r.n:
                return r.mem, addr - r.at
        return None, 0


def _step(addr, size, ring):
    if ring:
        mask = (1 << ring) - 1
        return (addr & ~mask) | ((addr + size) & mask)
    return addr + size   # not wrapped at 32 bits: the host's buffers lie above 4 GB


def _fifo(addr):
    """(state machine model, is TX) for a PIO FIFO register address, else None."""
    for b in range(2):
        off = addr - _PIO_BASE[b]
        if _TXF <= off < _RXF + 16:
            blocks = _board.pio_blocks
            if not blocks:
                return None
            tx = off < _RXF
            sm = ((off - (_TXF if tx else _RXF)) >> 2) & 3
            return blocks[b].sms[sm], tx
    return None


def _dreq(treq):
    """Whether the DREQ numbered treq is asserted."""
    if treq >= 16 or not _board.pio_blocks:
        return False                 # not a PIO FIFO: nothing on the board asserts it
    m = _board.pio_blocks[treq >> 3].sms[treq & 3]
    if treq & 4:
        return m.rx_n > 0
    return m.tx_n < m.tx_depth


def dreq(treq):
    """A PIO FIFO changed (a push or a pull): the channels it paces move now."""
    for ch in CHANNEL:
        if ch.busy and (ch.ctrl >> 15) & 0x3F == treq:
            ch.serve()


def soft_reset():
    """rp2's soft reset frees every DMA object (its finaliser closes the
    channel: unclaimed) but does not stop a running channel."""
    for ch in CHANNEL:
        ch.claimed = False
        ch.handler = None


# -- rp2.DMA --------------------------------------------------------------------------------
def _address(obj, ch, which, tx):
    if isinstance(obj, int):
        return obj
    m = getattr(obj, "_m", None)   # an rp2.StateMachine: its FIFO register
    if m is not None and hasattr(m, "rx_depth"):
        return _PIO_BASE[m.block.index] + (_TXF if tx else _RXF) + 4 * m.index
    return ch.regions[which].set(obj)


class DMA:
    def __init__(self):
        for ch in CHANNEL:
            if not ch.claimed:
                ch.claimed = True
                self._ch = ch
                return
        raise OSError(_EBUSY)

    def _open(self):
        ch = self._ch
        if ch is None:
            raise ValueError("channel closed")
        return ch

    def config(self, read=None, write=None, count=None, ctrl=None, trigger=False):
        ch = self._open()
        _board.touch()
        if read is not None:
            ch.read = _address(read, ch, 0, False)
        if write is not None:
            ch.write = _address(write, ch, 1, True)
        if count is not None:
            ch.reload = count & _M32
        if ctrl is not None:
            ch.set_ctrl(ctrl, False)
        if trigger:
            ch.trigger()

    def active(self, value=None):
        ch = self._open()
        if value is not None:
            _board.touch()
            if value:
                ch.trigger()
            else:
                ch.abort()
        else:
            _catch_up()
        return ch.busy

    def irq(self, handler=None, hard=False):
        self._open().handler = handler

    def close(self):
        ch = self._ch
        if ch is not None:
            ch.claimed = False
            ch.handler = None
            self._ch = None

    def pack_ctrl(self, default=None, **kw):
        ch = self._open()
        if default is None:
            # rp2's default: enabled, word transfers, both addresses
            # incrementing, unpaced, quiet, chained to itself (no chain).
            value = 1 | 2 << 2 | 1 << 4 | 1 << 5 | _PERMANENT << 15 | 1 << 21 | ch.n << 11
        else:
            value = default
        for name, shift, bits in _FIELDS:
            if name in kw:
                v = int(kw.pop(name))
                if name in _READ_ONLY:
                    continue
                if v & ~((1 << bits) - 1):
                    raise ValueError("bad field value")
                value = (value & ~(((1 << bits) - 1) << shift)) | v << shift
        if kw:
            raise TypeError("unexpected keyword argument")
        return value & _M32

    @staticmethod
    def unpack_ctrl(value):
        return {name: (value >> shift) & ((1 << bits) - 1) for name, shift, bits in _FIELDS}

    @property
    def channel(self):
        return self._open().n

    @property
    def read(self):
        _catch_up()
        return self._open().read

    @read.setter
    def read(self, value):
        ch = self._open()
        _board.touch()
        ch.read = _address(value, ch, 0, False)

    @property
    def write(self):
        _catch_up()
        return self._open().write

    @write.setter
    def write(self, value):
        ch = self._open()
        _board.touch()
        ch.write = _address(value, ch, 1, True)

    @property
    def count(self):
        _catch_up()
        return self._open().count

    @count.setter
    def count(self, value):
        self._open().reload = value & _M32

    @property
    def ctrl(self):
        _catch_up()
        return self._open().ctrl_value()

    @ctrl.setter
    def ctrl(self, value):
        ch = self._open()
        _board.touch()
        ch.set_ctrl(value, False)

    def __repr__(self):
        return "DMA(%d)" % self._open().n


def _catch_up():
    # What the state machines pushed up to now has gone through the channels.
    if _board.pio_sms:
        _board.pio_run(_board.pio_sms, _board.now_us, False)


CHANNEL = tuple(Channel(n) for n in range(CHANNELS))
_board.dma_dreq = dreq
_board.dma_soft_reset = soft_reset
