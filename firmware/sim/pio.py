# sim/pio.py  rp2.asm_pio and rp2.StateMachine for the simulated rp2 (sim/rp2.py)
# MIT licence. Never flashed; loaded only when firmware uses PIO (the "pio" LED driver).
#
# asm_pio takes MicroPython's notation (ports/rp2/modules/rp2.py: the same names, the
# function run twice with its globals swapped, labels found in the first pass, .side(),
# [delay], wrap_target()/wrap()) and emits the instruction words of the RP2040 datasheet,
# 3.4 (RP2350: 11.4): bits 15-13 the opcode, 12-8 side-set (the top `sideset_count` bits,
# the top one the enable bit when side-set is optional) and delay, 7-0 the operands. The
# program is the list MicroPython's asm_pio returns: [words, -1, -1, -1, EXECCTRL,
# SHIFTCTRL, out_init, set_init, sideset_init], the registers as datasheet 3.7 lays them out.
#
# StateMachine runs those words as datasheet 3.4-3.5 describes: side-set applied on an
# instruction's first cycle, even while it stalls; its delay after it completes; autopull
# refilling the OSR from the TX FIFO when an OUT finds its shift count at the threshold, the
# OUT stalling on an empty FIFO; wrap. Time is counted in the state machine's cycles, from the
# clock divider MicroPython computes (ports/rp2/rp2_pio.c: clk_sys * 256 // freq, an 8-bit
# fraction), and mapped to the wall clock so that the FIFO drains as it would on the chip:
# tx_fifo() counts the words not yet pulled, and put() waits for room. What a pin does goes
# to the part on its pad (`pad.sink`: Ws2812Chain, below) as (level, cycle) edges.
# WAIT, IN, PUSH, IRQ and OUT/MOV to EXEC are not modelled: a program using them is refused.

import time
from array import array

from sim.hw import WS2812B_NS, WS2812B_TOLERANCE

SYS_HZ = {"rp2040": 125_000_000, "rp2350": 150_000_000}  # MicroPython's default clocks
MACHINES = {"rp2040": 8, "rp2350": 12}  # state machines: four per PIO block
FIFO = 4  # words, each way; 8 with the other way's joined


class PIOASMError(Exception):
    pass


class PIO:
    """rp2.PIO's constants (ports/rp2/rp2_pio.c)."""

    IN_LOW = 0
    IN_HIGH = 1
    OUT_LOW = 2
    OUT_HIGH = 3
    SHIFT_LEFT = 0
    SHIFT_RIGHT = 1
    JOIN_NONE = 0
    JOIN_TX = 1
    JOIN_RX = 2


class Blocks:
    """The PIO blocks of a simulated board (rp2.World.pio): the state machines another
    driver holds (the radio's), the instruction memory used in each block."""

    def __init__(self):
        self.claimed = set()
        self.words = {}


def blocks(world):
    if world.pio is None:
        world.pio = Blocks()
    return world.pio


# ****** the assembler ******
class _Emit:
    def __init__(
        self,
        out_init=None,
        set_init=None,
        sideset_init=None,
        side_pindir=False,
        in_shiftdir=0,
        out_shiftdir=0,
        autopush=False,
        autopull=False,
        push_thresh=32,
        pull_thresh=32,
        fifo_join=0,
    ):
        shiftctrl = (
            fifo_join << 30
            | (pull_thresh & 31) << 25
            | (push_thresh & 31) << 20
            | out_shiftdir << 19
            | in_shiftdir << 18
            | autopull << 17
            | autopush << 16
        )
        self.prog = [array("H"), -1, -1, -1, side_pindir << 29, shiftctrl]
        self.prog += [out_init, set_init, sideset_init]
        self.side_bits = _count(sideset_init)
        self.labels = {}
        self.wrapped = False

    def start(self, second):
        if second:
            if not self.wrapped and self.count:
                self.wrap()
            self.optional = self.side_bits and self.sided != self.count
            if self.optional:
                self.prog[4] |= 1 << 30  # EXECCTRL.SIDE_EN
            self.field = self.side_bits + (1 if self.optional else 0)
        self.second = second
        self.count = 0
        self.sided = 0

    # directives
    def wrap_target(self):
        self.prog[4] |= self.count << 7  # WRAP_BOTTOM

    def wrap(self):
        if not self.count:
            raise PIOASMError("wrap before any instruction")
        self.prog[4] |= (self.count - 1) << 12  # WRAP_TOP
        self.wrapped = True

    def label(self, name):
        if not self.second:
            if name in self.labels:
                raise PIOASMError("duplicate label %s" % name)
            self.labels[name] = self.count

    # modifiers of the last instruction
    def side(self, value):
        self.sided += 1
        if self.second:
            if not self.side_bits:
                raise PIOASMError("side-set without sideset_init")
            if value >> self.side_bits:
                raise PIOASMError("side-set value too large")
            top = 1 << (self.field - 1) if self.optional else 0
            self.prog[0][-1] |= (top | value << (5 - self.field)) << 8
        return self

    def __getitem__(self, delay):
        if self.second:
            if delay >> (5 - self.field):
                raise PIOASMError("delay too large")
            self.prog[0][-1] |= delay << 8
        return self

    # instructions (datasheet 3.4)
    def word(self, instr, label=None):
        self.count += 1
        if self.second:
            if label is not None:
                if label not in self.labels:
                    raise PIOASMError("unknown label %s" % label)
                instr |= self.labels[label]
            self.prog[0].append(instr)
        return self

    def nop(self):
        return self.word(0xA042)  # mov y, y

    def jmp(self, cond, label=None):
        if label is None:
            cond, label = 0, cond
        return self.word(cond << 5, label)

    def wait(self, polarity, src, index):
        src = 1 if src == 6 else (2 if src else 0)  # gpio, pin, irq
        return self.word(0x2000 | polarity << 7 | src << 5 | index)

    def in_(self, src, count):
        return self.word(0x4000 | src << 5 | _bits(count))

    def out(self, dest, count):
        return self.word(0x6000 | (7 if dest == 8 else dest) << 5 | _bits(count))

    def push(self, value=0, value2=0):
        value |= value2
        return self.word(0x8000 | (value if value & 1 else value | 0x20) & 0x60)

    def pull(self, value=0, value2=0):
        value |= value2
        return self.word(0x8080 | (value if value & 1 else value | 0x20) & 0x60)

    def mov(self, dest, src):
        return self.word(0xA000 | (4 if dest == 8 else dest) << 5 | src)

    def irq(self, mod, index=None):
        if index is None:
            mod, index = 0, mod
        return self.word(0xC000 | mod & 0x60 | index)

    def set(self, dest, data):
        return self.word(0xE000 | dest << 5 | data)


def _count(init):
    """Pins a program's out_init, set_init or sideset_init sets up: one, or a tuple."""
    return 0 if init is None else (1 if isinstance(init, int) else len(init))


def _bits(count):
    if not 0 < count <= 32:
        raise PIOASMError("bit count %d" % count)
    return count & 31


# MicroPython's names for operands and conditions
NAMES = {
    "gpio": 0,
    "pins": 0,
    "x": 1,
    "y": 2,
    "null": 3,
    "pindirs": 4,
    "pc": 5,
    "status": 5,
    "isr": 6,
    "osr": 7,
    "exec": 8,
    "invert": lambda v: v | 0x08,
    "reverse": lambda v: v | 0x10,
    "not_x": 1,
    "x_dec": 2,
    "not_y": 3,
    "y_dec": 4,
    "x_not_y": 5,
    "pin": 6,
    "not_osre": 7,
    "noblock": 0x01,
    "block": 0x21,
    "iffull": 0x40,
    "ifempty": 0x40,
    "clear": 0x40,
    "rel": lambda v: v | 0x10,
}
_DSL = ("wrap_target", "wrap", "label", "word", "nop", "jmp", "wait", "in_", "out", "push")
_DSL += ("pull", "mov", "irq", "set")


def asm_pio(**kw):
    emit = _Emit(**kw)

    def assemble(f):
        names = f.__globals__
        saved = names.copy()
        names.clear()
        try:
            names.update(NAMES)
            for name in _DSL:
                names[name] = getattr(emit, name)
            for second in (False, True):
                emit.start(second)
                f()
        finally:
            names.clear()
            names.update(saved)
        return emit.prog

    return assemble


# ****** the state machine ******
class _Stall(Exception):
    pass


class StateMachine:
    def __init__(self, id, prog=None, freq=-1, **kw):
        from sim.rp2 import world as board_world

        world = board_world()
        if not 0 <= id < MACHINES[world.mcu]:
            raise ValueError("invalid StateMachine")
        if id in blocks(world).claimed:
            raise ValueError("StateMachine claimed by external resource")
        self.id = id
        self.world = world
        self.block = id >> 2
        self.enabled = False
        if prog is not None:
            self.init(prog, freq, **kw)

    def init(
        self,
        prog,
        freq=-1,
        *,
        sideset_base=None,
        set_base=None,
        out_base=None,
        jmp_pin=None,
        in_base=None,
        out_shiftdir=None,
        pull_thresh=None,
    ):
        from sim.rp2 import _gpio

        world = self.world
        sys_hz = SYS_HZ[world.mcu]
        div = 256 if freq < 0 else sys_hz * 256 // freq
        if not 256 <= div <= 65536 * 256:
            raise ValueError("freq out of range")
        self.sys_hz = sys_hz
        self.div = div  # clk_sys cycles per state machine cycle, times 256
        self.words = prog[0]
        execctrl, shift = prog[4], prog[5]
        if out_shiftdir is not None:
            shift = shift & ~(1 << 19) | out_shiftdir << 19
        if pull_thresh is not None:
            shift = shift & ~(31 << 25) | (pull_thresh & 31) << 25
        if prog[1 + self.block] < 0:  # not yet in this block's 32-word instruction memory
            used = blocks(world).words
            loaded = used.get(self.block, 0)
            if loaded + len(self.words) > 32:
                raise OSError(12, "no room in PIO%d's instruction memory" % self.block)
            used[self.block] = loaded + len(self.words)
            prog[1 + self.block] = loaded
        self.wrap_bottom = execctrl >> 7 & 31
        self.wrap_top = execctrl >> 12 & 31
        self.optional = bool(execctrl >> 30 & 1)
        self.autopull = bool(shift >> 17 & 1)
        self.left = not shift >> 19 & 1
        self.thresh = shift >> 25 & 31 or 32
        self.depth = FIFO * 2 if shift >> 30 == 1 else FIFO
        side, set_init, out_init = prog[8], prog[7], prog[6]
        self.side_bits = _count(side)
        self.field = self.side_bits + (1 if self.optional else 0)
        self.side_base = _gpio(sideset_base, None)
        self.set_base = _gpio(set_base, None)
        self.out_base = _gpio(out_base, None)
        self.jmp_pin = _gpio(jmp_pin, None)
        self.set_count = _count(set_init)
        self.out_count = _count(out_init)
        self.levels = {}  # GPIO -> the level this state machine drives
        for base, init in (
            (self.side_base, side),
            (self.set_base, set_init),
            (self.out_base, out_init),
        ):
            if base is None or init is None:
                continue
            inits = (init,) if isinstance(init, int) else init
            for i in range(len(inits)):
                pad = world.pad(base + i)
                pad.func = "pio%d" % self.block  # ports/rp2/rp2_pio.c asm_pio_init_gpio
                pad.output = bool(inits[i] >> 1)
                self._drive(base + i, inits[i] & 1, 0)
        self.x = self.y = 0
        self.osr = 0
        self.count = 32  # the OSR's shift count: empty
        self.pc = 0
        self.fifo = []
        self.cycle = 0  # every cycle up to here has run
        self.pulls = []  # the cycle each queued word is pulled at (tx_fifo())
        self._t = time.ticks_us()  # the wall clock at cycle self._c
        self._c = 0
        self.enabled = False

    def active(self, value=None):
        if value is None:
            return self.enabled
        if value and not self.enabled:
            self._t = time.ticks_us()
            self._c = self.cycle
        self.enabled = bool(value)
        return None

    # ****** the FIFO, against the wall clock ******
    def _now(self):
        """The cycle the chip's state machine would be at now."""
        elapsed = time.ticks_diff(time.ticks_us(), self._t)
        if elapsed < 0:
            elapsed = 1 << 24  # the tick counter wrapped: long idle
        return self._c + elapsed * self.sys_hz * 256 // (self.div * 1_000_000)

    def tx_fifo(self):
        now = self._now()
        return len(self.fifo) + len([p for p in self.pulls if p > now])

    def put(self, value, shift=0):
        """The words into the TX FIFO. The CPU fills it faster than the state machine
        empties it: the words go in together and the machine runs when it is full (until
        it takes one) and after the last, until it waits for more."""
        if isinstance(value, int):
            value = (value,)
        now = self._now()
        self.pulls = [p for p in self.pulls if p > now]
        if self.enabled and now > self.cycle:
            self.cycle = now  # stalled meanwhile, the pins as they were
        for v in value:
            if len(self.fifo) >= self.depth:
                if not self.enabled:
                    raise RuntimeError(
                        "sim/pio: put() to a stopped machine's full FIFO waits for ever"
                    )
                self._run(True)
            self.fifo.append(v << shift & 0xFFFFFFFF)
        self._run(False)
        # The words went in now, as put() returns (the simulation itself takes longer
        # than the chip would): what was run from cycle `now` goes out from this moment.
        self._c, self._t = now, time.ticks_us()

    def rx_fifo(self):
        return 0

    # ****** running ******
    def _run(self, one):
        """Until the machine waits for data (or, `one`, until it has taken a word)."""
        if not self.enabled:
            return
        pulls = len(self.pulls)
        try:
            while not (one and len(self.pulls) > pulls):
                self._step()
        except _Stall:
            sink = self._sink()
            if sink is not None:
                sink.idle(self.cycle, self)

    def _sink(self):
        base = self.side_base if self.side_base is not None else self.set_base
        if base is None:
            return None
        pad = self.world.pad(base)
        return pad.sink if pad.func == "pio%d" % self.block else None

    def _drive(self, gpio, level, cycle):
        if self.levels.get(gpio) == level:
            return
        self.levels[gpio] = level
        pad = self.world.pad(gpio)
        if pad.func == "pio%d" % self.block and pad.sink is not None:
            pad.sink.edge(level, cycle, self)

    def _pins(self, base, count, value, cycle):
        for i in range(count):
            self._drive(base + i, value >> i & 1, cycle)

    def _step(self):
        instr = self.words[self.pc]
        field = instr >> 8 & 31
        delay = field & (31 >> self.field)
        if self.side_bits:
            side = field >> (5 - self.field)
            if not self.optional or side >> self.side_bits:
                side &= (1 << self.side_bits) - 1
                self._pins(self.side_base, self.side_bits, side, self.cycle)
        op = instr >> 13
        arg = instr & 0xFF
        jump = None
        if op == 0:  # JMP
            cond = arg >> 5
            taken = (
                cond == 0
                or (cond == 1 and self.x == 0)
                or (cond == 2 and self.x != 0)
                or (cond == 3 and self.y == 0)
                or (cond == 4 and self.y != 0)
                or (cond == 5 and self.x != self.y)
                or (cond == 7 and self.count < self.thresh)
            )
            if cond == 6:
                raise NotImplementedError("sim/pio: JMP PIN is not modelled")
            if cond == 2:
                self.x = self.x - 1 & 0xFFFFFFFF
            elif cond == 4:
                self.y = self.y - 1 & 0xFFFFFFFF
            if taken:
                jump = arg & 31
        elif op == 3:  # OUT
            if self.autopull and self.count >= self.thresh:
                self._refill(True)
            n = arg & 31 or 32
            if self.left:
                data = self.osr >> (32 - n)
                self.osr = self.osr << n & 0xFFFFFFFF
            else:
                data = self.osr & (1 << n) - 1
                self.osr >>= n
            self.count = min(32, self.count + n)
            dest = arg >> 5
            if dest == 0:
                self._pins(self.out_base, self.out_count, data, self.cycle)
            elif dest == 1:
                self.x = data
            elif dest == 2:
                self.y = data
            elif dest == 5:
                jump = data & 31
            elif dest != 3:
                raise NotImplementedError("sim/pio: OUT to %d is not modelled" % dest)
        elif op == 4 and arg & 0x80:  # PULL
            if not (arg & 0x40 and self.count < self.thresh):
                self._refill(arg & 0x20)
        elif op == 5:  # MOV (NOP is mov y, y)
            src = arg & 7
            if src == 1:
                value = self.x
            elif src == 2:
                value = self.y
            elif src == 3:
                value = 0
            elif src == 7:
                value = self.osr
            else:
                raise NotImplementedError("sim/pio: MOV from %d is not modelled" % src)
            if arg >> 3 & 3 == 1:
                value ^= 0xFFFFFFFF
            elif arg >> 3 & 3 == 2:
                value = int("{:032b}".format(value)[::-1], 2)
            dest = arg >> 5
            if dest == 1:
                self.x = value
            elif dest == 2:
                self.y = value
            elif dest == 5:
                jump = value & 31
            elif dest == 7:
                self.osr, self.count = value, 0
            elif dest == 0:
                self._pins(self.out_base, self.out_count, value, self.cycle)
            elif dest != 6:
                raise NotImplementedError("sim/pio: MOV to %d is not modelled" % dest)
        elif op == 7:  # SET
            dest, data = arg >> 5, arg & 31
            if dest == 0:
                self._pins(self.set_base, self.set_count, data, self.cycle)
            elif dest == 1:
                self.x = data
            elif dest == 2:
                self.y = data
            elif dest != 4:
                raise NotImplementedError("sim/pio: SET to %d is not modelled" % dest)
        else:
            names = {1: "WAIT", 2: "IN", 4: "PUSH", 6: "IRQ"}
            raise NotImplementedError("sim/pio: %s is not modelled" % names[op])
        self.cycle += 1 + delay
        if jump is not None:
            self.pc = jump
        elif self.pc == self.wrap_top:
            self.pc = self.wrap_bottom
        else:
            self.pc += 1

    def _refill(self, block):
        if not self.fifo:
            if block:
                raise _Stall  # the instruction waits; its side-set has taken place
            self.osr, self.count = self.x, 0  # a non-blocking PULL copies X
            return
        self.osr = self.fifo.pop(0)
        self.count = 0
        self.pulls.append(self.cycle)


# ****** the LEDs on a pad the state machine drives ******

WS2812B_RES_NS = 50_000  # the WS2812B latches its data after the line is low this long


class Ws2812Chain:
    """WS2812B LEDs on a pad a PIO state machine drives (sim/pio.py), decoded from the line
    itself: each bit's high and low times, in the state machine's cycles, checked against
    the WS2812B datasheet's windows (WS2812B_NS, +-150 ns) at both ends of what the clock
    divider makes of them (a fractional divider gives a run of n cycles floor or ceil of
    n * div clk_sys cycles: RP2040 datasheet 3.5.5); a high in neither T0H's nor T1H's
    window is no bit. 24 bits a LED (green, red, blue, most significant first), each LED
    keeping the first 24 and passing the rest on; the frame latched when the line stays low
    (RES, above 50 us). A frame with a bit out of its windows, or not whole LEDs, shows
    nothing new and is in `errors`; so is a frame begun before the last one could latch.
    `shown`, `writes`, `on_write` and `n` as SimNeoPixel's."""

    def __init__(self, n, on_write=None):
        self.n = n
        self.shown = [(0, 0, 0)] * n
        self.errors = []
        self.writes = 0
        self.on_write = on_write
        self._level = 0
        self._since = 0  # the cycle of the last edge
        self._bits = []
        self._faults = []  # this frame's
        self._latched = False  # the line low since the last frame was latched

    def _ns(self, cycles, sm):
        """(shortest, longest) ns of `cycles` state machine cycles."""
        clocks = cycles * sm.div  # clk_sys cycles, times 256
        fewest = clocks // 256
        most = -(-clocks // 256)
        return fewest * 10**9 // sm.sys_hz, -(-most * 10**9 // sm.sys_hz)

    def _window(self, i, span, sm):
        lo, hi = self._ns(span, sm)
        want = WS2812B_NS[i]
        return want - WS2812B_TOLERANCE <= lo and hi <= want + WS2812B_TOLERANCE, lo, hi

    def edge(self, level, cycle, sm):
        span = cycle - self._since
        self._since = cycle
        was, self._level = self._level, level
        if level:  # a rising edge: the low before it ends
            if self._latched:
                self._latched = False
                gap = self._ns(span, sm)[0]
                if gap < WS2812B_RES_NS:
                    self._error(
                        "a frame began %d ns after the last one: under RES (50 us), the"
                        " LEDs take it as more bits" % gap
                    )
            elif self._bits:
                bit = self._bits[-1]
                ok, lo, hi = self._window(1 if bit == 0 else 3, span, sm)
                if not ok:
                    self._faults.append(
                        "%s low %d-%d ns, outside %s" % (bit, lo, hi, ("T0L", "T1L")[bit])
                    )
        elif was:  # a falling edge: the bit is its high's length
            one, lo, hi = self._window(2, span, sm)
            zero = self._window(0, span, sm)[0]
            if one or zero:
                self._bits.append(1 if one else 0)
            else:
                self._bits.append(0)
                self._faults.append("a high of %d-%d ns is neither T0H nor T1H" % (lo, hi))

    def idle(self, cycle, sm):
        """The state machine has nothing more to send: a low line latches the frame."""
        if self._level or not self._bits:
            return
        bits, self._bits = self._bits, []
        faults, self._faults = self._faults, []
        self._latched = True
        self.writes += 1
        if not faults and len(bits) % 24:
            faults.append("%d bits: not whole LEDs (24 each)" % len(bits))
        if faults:
            self._error("WS2812B timing: " + "; ".join(faults[:3]))
            return
        shown = self.shown
        for i in range(min(self.n, len(bits) // 24)):
            v = 0
            for b in bits[24 * i : 24 * i + 24]:
                v = v << 1 | b
            shown[i] = (v >> 8 & 255, v >> 16, v & 255)  # sent green, red, blue
        if self.on_write is not None:
            self.on_write(self)

    def _error(self, text):
        if len(self.errors) < 8:
            self.errors.append(text)
