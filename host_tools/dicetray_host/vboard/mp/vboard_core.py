"""Virtual board core: the virtual clock, GPIO nets, and the host link.

Runs inside the MicroPython unix port, imported by machine.py and time.py.
Time advances only when the firmware waits (and by I2C bus time); while it
waits at the host's horizon, the board serves the host's commands on fd 3
and answers on fd 4.
"""
import sys

from gc import collect as _collect, mem_alloc as _mem_alloc

TICKS_PERIOD = 1 << 30
TICKS_MASK = TICKS_PERIOD - 1
NPINS = 30
_KEY_EVENTS = 128       # key changes the host may schedule ahead
_RECALIBRATE_US = 250_000  # host time between two calibrations (VBOARD_PY_TIME=chip)

# Pin modes and pulls, numbered as on the rp2 port.
IN = 0
OUT = 1
OPEN_DRAIN = 2
ALT = 3
PULL_UP = 1
PULL_DOWN = 2
IRQ_FALLING = 4
IRQ_RISING = 8


class Gpio:
    """One GPIO: what the chip drives, its pull, and what is wired to it."""

    def __init__(self, n):
        self.n = n
        self.mode = IN
        self.pull = 0
        self.out = 0
        self.ext = -1          # level driven by a device on the board, -1 none
        self.net = [self] * NPINS   # pins joined by pressed keys: the first net_n
        self.net_n = 1
        self.handler = None
        self.trigger = 0
        self.irq_obj = None
        self.last = 0
        self.flags = 0         # edges seen since the handler last ran
        self.pwm = None
        self.pio = False       # GPIO function PIO: a state machine drives it
        self.pio_oe = 0        # ... its output enable
        self.pio_out = 0       # ... and level

    def level(self):
        low = high = up = down = False
        net = self.net
        for i in range(self.net_n):
            g = net[i]
            if g.ext >= 0:
                if g.ext:
                    high = True
                else:
                    low = True
            m = g.mode
            if g.pio:
                if g.pio_oe:
                    if g.pio_out:
                        high = True
                    else:
                        low = True
            elif m == OUT:
                if g.out:
                    high = True
                else:
                    low = True
            elif m == OPEN_DRAIN and not g.out:
                low = True
            if g.pull == PULL_UP:
                up = True
            elif g.pull == PULL_DOWN:
                down = True
        if low:
            return 0
        if high or up:
            return 1
        return 0  # pulled down or floating


class Board:
    def __init__(self):
        self.now_us = 0
        self.ticks_start_ms = 0
        self.target_us = -1     # host horizon; -1: no host, run freely
        self.gpio = [None] * NPINS  # made on first use: RAM is scarce
        self._gid = bytearray(NPINS)  # which joined group each pin is in
        self.used_gpio = []
        self.keys = 0           # pressed keys, bit row*8+col
        self.key_rows = ()
        self.key_cols = ()
        self.lis = None
        self.oled = None
        self.flash = None       # vboard_flash.FlashCost once the flash is mounted
        self.timers = []
        # Keys the host scheduled, in time order: board us, and down << 6 |
        # row << 3 | col; made here, not on the firmware's heap.
        from array import array
        self._key_t = array("q", bytes(8 * _KEY_EVENTS))
        self._key_c = bytearray(_KEY_EVENTS)
        self._keys_due = 0
        self.wdt_deadline = -1
        self.wdt_timeout = 0
        self.state = "boot"
        self.base = 0          # heap the board itself holds (incl. the ballast)
        self.peak = 0          # highest heap use seen at a wait or a bus transfer
        self._rd = None
        self._wr = None
        self._reply = False
        self._irq_pending = False
        self.quitting = False
        self.gc_peak = False
        self.raw_peak = False  # peak = the firmware's heap at a wait, its garbage included
        self._junk = self._came_at = self._left_at = 0
        self.in_wait = False
        self.serve_in_calls = False  # the host is served at the firmware's waits only
        self.peak_modules = None   # a list to fill: the firmware's modules at the peak
        self.usb = None        # the USB REPL (vdevice_repl.Device), when the board has one
        self.usb_wanted = False
        self._host_or_usb = None
        # PIO (vboard_pio): its blocks, the state machines running, and a
        # generation that moves whenever something outside them changes
        # (a key, a pin, a FIFO read), which ends a loop they were in.
        self.pio_blocks = ()
        self.pio_sms = [None] * 8
        del self.pio_sms[:]
        self.pio_running = 0
        self.pio_irq = False
        self.pio_run = None     # vboard_pio.run_all
        self.dma_dreq = None    # vboard_dma.dreq: a PIO FIFO's DREQ changed
        self.dma_soft_reset = None
        self.gen = 0

    def prepare_pins(self):
        """The GPIO models made before the firmware's heap is set aside: on
        the RP2040 the pins are hardware, not heap."""
        self._spare = [Gpio(n) for n in range(NPINS)]
        self.used_gpio = [None] * NPINS   # room for every pin, so append never grows it
        del self.used_gpio[:]

    _spare = None

    def pin(self, n):
        g = self.gpio[n]
        if g is None:
            g = self.gpio[n] = self._spare[n] if self._spare else Gpio(n)
            self.used_gpio.append(g)
            self._rebuild_nets()
        return g

    def _note_heap(self):
        if self.raw_peak:
            self._note_raw()
            return
        # Live heap at each wait: the firmware between actions. Live bytes
        # never exceed allocated ones, so a collection (the slow part, at
        # every 5 ms wait) is only needed when the allocated bytes pass the
        # peak; the peak found is the same as collecting at every wait.
        if not self.gc_peak or _mem_alloc() <= self.peak:
            return
        _collect()
        used = _mem_alloc()
        if used > self.peak:
            self.peak = used
            if self.peak_modules is not None:  # a diagnosis: allocates, after the measure
                import sys
                self.peak_modules = [name for name in sys.modules if name.startswith("dicetray")]

    def _note_raw(self):
        # What a lowest gc.mem_free() on the chip reads: the firmware's live
        # heap and its garbage not yet collected. The board's own garbage
        # (made in its waits: on a Pico that work is C and hardware) is
        # counted apart and left out until a collection frees it.
        used = _mem_alloc()
        if used < self._left_at:
            self._junk = 0  # the firmware collected since the last wait
        if used - self._junk > self.peak:
            self.peak = used - self._junk
        self._came_at = used
        self.in_wait = True

    def _left_wait(self):
        self.in_wait = False
        self.board_made(self._came_at)
        self._left_at = _mem_alloc()

    def allocated(self):
        return _mem_alloc()

    def board_made(self, before):
        """The board's own work since `before` (allocated()) made garbage."""
        used = _mem_alloc()
        if used >= before:
            self._junk += used - before
        else:
            self._junk = 0  # collected meanwhile: the firmware's garbage went too

    # --- the firmware's own Python on the clock (vboard_cpu) -------------
    py_scale = 0     # chip us per 1000 host us; 0: Python takes no board time
    running_us = ticks_diff = None  # the host's clock (vboard_cpu): the time this thread ran
    _depth = 0       # board calls under way: only the outermost charges
    _fw_from = 0     # the thread's run time when the firmware last got control back
    _owed = 0        # chip time charged, in thousandths of a us not yet whole
    py_us = 0        # board time charged to the firmware's Python so far
    py_host = 0      # host time counted for it, in thousandths of a us
    py_free = 0      # host time a board call itself costs a stretch (thousandths of a us; a C call on the chip)
    _left_used = 0   # heap in use when the firmware last got control back
    recalibrate = None   # vboard_cpu.calibrate (VBOARD_PY_TIME=chip): the host's speed, measured again
    _calibrated_at = 0   # the thread's run time at the last calibration

    def enter(self):
        """The firmware calls the board: the Python it ran since it last
        got control back is charged on the clock first."""
        self._depth += 1
        if self._depth == 1:
            # what this thread ran (no wait for a CPU, no VM's steal:
            # vboard_cpu.running_us); the heap is looked at after it (a
            # _mem_alloc() walks the whole heap: 35 us in a stretch)
            host = self.ticks_diff(self.running_us(), self._fw_from) * 1000 - self.py_free
            if _mem_alloc() < self._left_used - 1024:  # the heap was collected meanwhile
                host -= self._collection_share()
            if host < 0:
                host = 0
            self.py_host += host
            owed = self._owed + host * self.py_scale // 1000
            self._owed = owed % 1000
            if owed >= 1000:
                self.py_us += owed // 1000
                self._advance(self.now_us + owed // 1000)

    def leave(self):
        self._depth -= 1
        if self._depth == 0:
            self._left_used = _mem_alloc()   # before the clock: not in the stretch
            now = self.running_us()
            if self.recalibrate is not None and self.ticks_diff(now, self._calibrated_at) > _RECALIBRATE_US:
                # The host's speed drifts (another program on the core's
                # sibling, the clock's frequency): measured again, on the
                # board's time.
                self.py_scale = self.recalibrate(3)
                now = self._calibrated_at = self.running_us()
            self._fw_from = now

    def _collection_share(self):
        """Host time (thousandths of a us) of a heap collection here that is
        not the firmware's: this heap holds the board's models too, which
        are hardware on the chip; the firmware's collection scans its own
        objects only. Timed on a collection the board makes now."""
        t0 = self.running_us()
        _collect()
        took = self.ticks_diff(self.running_us(), t0)
        used = _mem_alloc()
        own = used - self.base if used > self.base else 0
        return took * 1000 * (used - own) // used if used else 0

    def _firmware(self, handler, arg):
        """Run a firmware handler from inside the board: its Python is the
        firmware's time (when it takes any: VBOARD_PY_TIME)."""
        if not self.py_scale:
            handler(arg)
            return
        depth = self._depth
        self._depth = 1
        self.leave()
        try:
            handler(arg)
        finally:
            self._depth = 0
            self.enter()
            self._depth = depth

    # --- time -----------------------------------------------------------
    def ticks_ms(self):
        self.now_us += 1  # reading the clock is not free; keeps busy waits finite
        return (self.ticks_start_ms + self.now_us // 1000) & TICKS_MASK

    def ticks_us(self):
        self.now_us += 1
        return (self.ticks_start_ms * 1000 + self.now_us) & TICKS_MASK

    def spend(self, us):
        """Time the firmware spends in a C call (an I2C transfer, a flash
        erase or program): devices go on, no host. As on rp2, timer and pin
        IRQs that come due meanwhile are soft: each runs once, coalesced,
        when the call returns (the VM runs them at its next bytecode)."""
        self._advance(self.now_us + us)
        if self.serve_in_calls and 0 <= self.target_us <= self.now_us:
            self.serve()  # the host sees the board as it is, mid-boot too (a replay's progress)
        if self._irq_pending and not self._in_handlers:
            self._irq_pending = False
            self._run_handlers()

    _in_handlers = False

    def _next_event(self, t):
        lis = self.lis
        if lis is not None and lis.next_us <= t:
            t = lis.next_us
        for tm in self.timers:
            if tm.due_us <= t:
                t = tm.due_us
        if self._keys_due and self._key_t[0] <= t:
            t = self._key_t[0]
        # The state machines run up to there, or to an IRQ they raise first.
        if self.pio_sms:
            t = self.pio_run(self.pio_sms, t)
        return t

    def touch(self):
        """Something outside the state machines is about to change (a key,
        a pin, a FIFO): they first run up to now with things as they were."""
        if self.pio_sms:
            self.pio_run(self.pio_sms, self.now_us, False, True)
        if self.pio_irq:
            self.pio_irq = False
            self._irq_pending = True
        self.gen += 1

    def _advance(self, t, stop_on_irq=False):
        """Move the clock to t through every device event on the way."""
        while self.now_us < t:
            step = self._next_event(t)
            if step < self.now_us:
                step = self.now_us
            self.now_us = step
            if self.lis is not None:
                self.lis.run_until(step)
            for tm in self.timers:
                if tm.due_us <= step:
                    tm.expire()
                    self._irq_pending = True
            if self.pio_irq:  # a state machine raised a flag the CPU listens to
                self.pio_irq = False
                self._irq_pending = True
            # A finger does not wait for the firmware: scheduled keys change
            # at their time, also during a bus transfer or a flash write.
            while self._keys_due and self._key_t[0] <= step:
                c = self._key_c[0]
                n = self._keys_due - 1
                for i in range(n):
                    self._key_t[i] = self._key_t[i + 1]
                    self._key_c[i] = self._key_c[i + 1]
                self._keys_due = n
                self.set_key((c >> 3) & 7, c & 7, c >> 6)
            self._check_edges()
            if 0 <= self.wdt_deadline <= step:
                self.reset()
            if stop_on_irq and self._irq_pending:
                return
            if step == self.now_us and step < t and self._next_event(t) <= step:
                self.now_us = step + 1  # never stall on a past event

    def wait_until(self, t, wake_on_irq=False):
        """The firmware waits until virtual time t (us); True if an IRQ ended it early."""
        self._note_heap()
        if self.raw_peak:
            ended = self._wait_until(t, wake_on_irq)
            self._left_wait()
            return ended
        return self._wait_until(t, wake_on_irq)

    def _wait_until(self, t, wake_on_irq):
        usb = self.usb
        if usb is not None:
            usb.interrupt_point()  # a Ctrl-C from USB stops the firmware here
        while True:
            if self.target_us >= 0 and self.now_us >= self.target_us:
                self.serve()
                self._check_edges()
            if self._irq_pending:
                self._irq_pending = False
                self._run_handlers()
                if wake_on_irq:
                    return True
            if self.now_us >= t:
                return False
            step = t
            if 0 <= self.target_us < step:
                step = self.target_us
            self._advance(step, True)

    # --- pins -----------------------------------------------------------
    def _check_edges(self):
        for g in self.used_gpio:
            if g.handler is not None:
                v = g.level()
                if v != g.last:
                    edge = IRQ_RISING if v else IRQ_FALLING
                    g.last = v
                    if g.trigger & edge:
                        g.flags |= edge
                        self._irq_pending = True

    def _run_handlers(self):
        # A soft IRQ does not interrupt another one (rp2's scheduler runs
        # them one after the other).
        self._in_handlers = True
        try:
            for g in self.used_gpio:
                if g.flags and g.handler is not None:
                    g.irq_obj._flags = g.flags
                    g.flags = 0
                    self._firmware(g.handler, g.irq_obj.pin)
            for blk in self.pio_blocks:
                for sm in blk.sms:
                    bit = 1 << sm.index
                    if blk.flags & bit and sm.handler is not None:
                        self.touch()
                        blk.flags &= ~bit   # rp2's IRQ handler acknowledges the flag
                        self._firmware(sm.handler, sm.api)
            timers = self.timers
            i = 0
            while i < len(timers):  # a callback may deinit its timer
                tm = timers[i]
                callback = tm.fired()
                if callback is not None:
                    self._firmware(callback, tm)
                if i < len(timers) and timers[i] is tm:
                    i += 1
        finally:
            self._in_handlers = False

    def key_at(self, t, row, col, down):
        """A key changes at board time t (us), whatever the firmware is doing
        then; False when the schedule is full."""
        n = self._keys_due
        if n == _KEY_EVENTS:
            return False
        t = max(t, self.now_us)
        i = n
        while i and self._key_t[i - 1] > t:
            self._key_t[i] = self._key_t[i - 1]
            self._key_c[i] = self._key_c[i - 1]
            i -= 1
        self._key_t[i] = t
        self._key_c[i] = bool(down) << 6 | (row & 7) << 3 | (col & 7)
        self._keys_due = n + 1
        return True

    def wire_keypad(self, rows, cols):
        self.key_rows = tuple(rows)
        self.key_cols = tuple(cols)

    def set_key(self, row, col, down):
        self.touch()
        bit = 1 << (row * 8 + col)
        self.keys = (self.keys | bit) if down else (self.keys & ~bit)
        self._rebuild_nets()
        self._check_edges()

    def _rebuild_nets(self):
        # Join the pins of pressed keys (a key joins its row and column);
        # no allocation: the group ids and every pin's net list were made
        # before the firmware's heap was set aside.
        gp = self.used_gpio
        gid = self._gid
        for g in gp:
            gid[g.n] = g.n
        gpio = self.gpio
        for r in range(len(self.key_rows)):
            for c in range(len(self.key_cols)):
                if self.keys & (1 << (r * 8 + c)):
                    a = self.key_rows[r]
                    b = self.key_cols[c]
                    if gpio[a] is None or gpio[b] is None:
                        continue  # a pin the firmware never set up floats
                    ga = gid[a]
                    gb = gid[b]
                    if ga != gb:
                        for g in gp:
                            if gid[g.n] == gb:
                                gid[g.n] = ga
        for g in gp:
            n = 0
            net = g.net
            for h in gp:
                if gid[h.n] == gid[g.n]:
                    net[n] = h
                    n += 1
            g.net_n = n

    def soft_reset(self):
        """What rp2's soft reset does to the hardware: soft timers deinit,
        PIO state machines stopped and reset, their programs and IRQ
        handlers removed (rp2_pio_deinit)."""
        self.touch()
        for tm in self.timers:
            tm.due_us = 1 << 62
        del self.timers[:]
        for blk in self.pio_blocks:
            blk.reset()
        del self.pio_sms[:]
        self.pio_running = 0
        if self.dma_soft_reset is not None:
            self.dma_soft_reset()

    def quit(self):
        self.quitting = True
        sys.exit(0)

    def reset(self):
        self.notify("reset %d" % self.now_us)
        sys.exit(77)

    # --- host link ------------------------------------------------------
    def open_link(self, rd_fd=3, wr_fd=4):
        self._rd = open(rd_fd, "rb")
        # Commands are read into a buffer made here, before the firmware's
        # heap is set aside, so serving the host never needs a large block
        # from the firmware's heap (a stream readline() grows its own).
        self._inbuf = bytearray(2048)
        self._inview = memoryview(self._inbuf)
        self._one = bytearray(1)
        self._inlen = 0
        self._rd_fd = rd_fd
        from array import array
        self._args = array("l", bytes(8 * 64))
        self._wr = open(wr_fd, "wb")
        self.target_us = 0
        self._host_or_usb = None
        if self.usb_wanted:
            import select  # made before the firmware's heap is set aside
            self._host_or_usb = select.poll()
            self._host_or_usb.register(rd_fd, select.POLLIN)
            self._host_or_usb.register(0, select.POLLIN)

    def notify(self, text):
        if self._wr is not None:
            self._wr.write(text)
            self._wr.write("\n")

    def _readline(self):
        """Reads the next command line into _inbuf and returns its length
        (-1 when the host went away). One byte per read: a blocking
        stream's readinto() waits to fill the whole buffer."""
        buf = self._inbuf
        one = self._one
        rd = self._rd
        n = self._inlen  # a line cut short by a KeyboardInterrupt goes on
        while True:
            if not rd.readinto(one):
                return -1
            c = one[0]
            if c == 10:
                self._inlen = 0
                return n
            if n == len(buf):
                raise ValueError("vboard: command line too long")
            buf[n] = c
            n += 1
            self._inlen = n

    def _numbers(self, n):
        """The integers after the command word of the line in _inbuf, into
        the preallocated _args (no list or bytes object per number)."""
        buf = self._inbuf
        args = self._args
        count = 0
        i = buf.find(b" ", 0, n)
        while 0 <= i < n:
            while i < n and buf[i] == 32:
                i += 1
            if i >= n:
                break
            sign = 1
            if buf[i] == 45:  # '-'
                sign = -1
                i += 1
            v = 0
            while i < n and 48 <= buf[i] <= 57:
                v = v * 10 + buf[i] - 48
                i += 1
            if i < n and buf[i] != 32 or count == len(args):
                raise ValueError("vboard: bad command")
            args[count] = sign * v
            count += 1
        return count

    def serve(self):
        """Answer host commands until the host lets time run on."""
        if self._reply:
            self._reply = False
            q = self.lis.queued() if self.lis is not None else 0
            self.notify("ok %d %s %d" % (self.now_us, self.state, q))
        while True:
            if self._inlen == 0 and self.usb is not None and self.usb.armed:
                self._await_host()
            n = self._readline()
            if n < 0:
                self.quit()  # the host went away
            if self._command(n):
                return

    def _await_host(self):
        """Block until the host's next command, taking a Ctrl-C from USB
        meanwhile: the firmware waits here, a safe place to stop it."""
        poller = self._host_or_usb
        if poller is None:
            import select
            poller = self._host_or_usb = select.poll()
            poller.register(self._rd_fd, select.POLLIN)
            poller.register(0, select.POLLIN)
        while True:
            for entry in poller.poll():
                if entry[0] == self._rd_fd:
                    return
            self.usb.interrupt_point()

    def pump_until_readable(self, fd):
        """While the firmware does not run (a REPL waits for input on fd):
        answer the host's commands, a `run` at once (nothing runs to take
        the time), until fd has input. Without a host link, just returns."""
        if self._rd is None:
            return
        import select
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        poller.register(self._rd_fd, select.POLLIN)
        while True:
            if self._reply:  # a `run` the host waits for: its time passes at once
                self._advance(self.target_us)
                self._reply = False
                q = self.lis.queued() if self.lis is not None else 0
                self.notify("ok %d %s %d" % (self.now_us, self.state, q))
            for entry in poller.poll():
                if entry[0] == fd:
                    return
            n = self._readline()
            if n < 0:
                self.quit()
            self._command(n)

    def _command(self, n):
        """Carry out the command line in _inbuf; True for `run` (time may go on)."""
        end = self._inbuf.find(b" ", 0, n)
        cmd = bytes(self._inview[:n if end < 0 else end])
        if not cmd:
            return False
        args = self._args
        if cmd in (b"run", b"key", b"acc", b"accu", b"keyat"):
            count = self._numbers(n)
        if cmd == b"run":
            self.target_us = self.now_us + args[0] * 1000
            self._reply = True
            return True
        elif cmd == b"key":
            self.set_key(args[0], args[1], args[2] == 1)
            self.notify("ok")
        elif cmd == b"keyat":  # keyat US ROW COL DOWN: a key changes at board time US
            if not self.key_at(args[0], args[1], args[2], args[3] == 1):
                self.notify("err too many keys scheduled")
                return False
            self.notify("ok")
        elif cmd == b"acc" or cmd == b"accu":  # points at board time MS, or US (on the part's sample clock)
            if self.lis is None:
                self.notify("err no accelerometer")
                return False
            per = 1000 if cmd == b"acc" else 1
            ok = True
            for i in range(0, count - 3, 4):
                ok = self.lis.add_point_us(args[i] * per, args[i + 1], args[i + 2], args[i + 3]) and ok
            self.notify("ok" if ok else "err full")
        elif cmd == b"acc?":
            lis = self.lis
            if lis is None:
                self.notify("acc - 0 0 0 0")
            else:
                self.notify("acc %d %d %d %d %d" % (lis.odr_hz(), lis.count, lis.dropped, lis.longest_gap_us,
                                                    lis.next_us if lis.odr_hz() else -1))
                lis.longest_gap_us = 0
        elif cmd == b"lcd":
            o = self.oled
            if o is None:
                self.notify("lcd 0")
                return False
            self.notify("lcd %d %s" % (len(o.ram), o.describe()))
            self._wr.write(o.ram)
        elif cmd == b"mem":
            import gc
            gc.collect()
            used = gc.mem_alloc()
            if used > self.peak:
                self.peak = used
            self.notify("mem peak=%d current=%d free=%d base=%d py_us=%d" % (
                self.peak - self.base, used - self.base, gc.mem_free(), self.base, self.py_us))
        elif cmd == b"mods":
            import micropython
            micropython.qstr_info()  # to the board's output: the interned strings, never freed
            self.notify("mods " + " ".join(self.peak_modules or ()))
        elif cmd == b"pwm":
            for g in self.used_gpio:
                if g.pwm is not None and g.pwm.active:
                    self.notify("pwm %d %d %d" % (g.n, g.pwm.hz, g.pwm.duty))
                    break
            else:
                self.notify("pwm -")
        elif cmd == b"oled?":
            o = self.oled
            self.notify("oled %d %d" % ((o.wrote_us, o.wrote_bytes) if o is not None else (0, 0)))
        elif cmd == b"flash":
            f = self.flash
            if f is None:
                self.notify("flash 0 0 0")
            else:
                self.notify("flash %d %d %d" % (f.erases, f.programs, f.busy_us))
        elif cmd == b"erasing":  # when the flash was busy erasing (the last 64 writes that erased)
            f = self.flash
            self.notify(" ".join("%d-%d" % w for w in f.erase_windows()) if f is not None else "")
        elif cmd == b"now":
            self.notify("ok %d %s" % (self.now_us, self.state))
        elif cmd == b"quit":
            self.quit()
        else:
            self.notify("err unknown command")
        return False


board = Board()


def setting(name):
    """The board's setting `name` from the environment, None when unset; the
    browser page's port has no environment (nor os.getenv): never set there."""
    import os
    return os.getenv(name) if hasattr(os, "getenv") else None
