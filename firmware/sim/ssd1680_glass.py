# sim/ssd1680_glass.py  The SSD1680 model's less travelled paths, imported when needed
# MIT licence. Never flashed. Kept apart so the code a normal session never runs does not
# sit in the heap the simulator measures: the RAM-to-glass mapping for a mirrored gate scan
# or an inverted RAM, whether a host waveform flashes, and the ghosts of partial updates.
# The model hands itself in: its RAM's size and its bands' length (model.ROW) are read there,
# so this module imports nothing of sim/ssd1680_model.py.


def flashes(lut):
    """True if a host waveform drives every transition both ways (VSH1/VSH2 and VSL), as a
    full-screen waveform does; a partial one drives only towards the target."""
    for n in range(4):  # LUT0-LUT3: the four transitions
        seen = 0
        for b in lut[12 * n : 12 * n + 12]:
            for shift in (6, 4, 2, 0):
                seen |= 1 << ((b >> shift) & 3)
        if not (seen & 0b1010 and seen & 0b0100):  # VSH1 (01) or VSH2 (11), and VSL (10)
            return False
    return True


def map_slow(model, kind):
    # TB=1 (gates scanned G295 first) mirrors x; 0x21 RAM option inverts or blanks.
    flip = model.gate_scan & 1
    opt = model.ram_option
    src = model.bw
    row = model.ROW  # gates: bytes per band
    out = bytearray(len(src))
    ref = bytearray(len(src))
    for band in range(len(src) // row):
        base = band * row
        for g in range(row):
            x = row - 1 - g if flip else g
            v = src[base + g]
            r = model.red[base + g]
            if opt == 0x08:
                v ^= 0xFF
                r ^= 0xFF
            elif opt == 0x04:
                v = r = 0
            out[base + x] = v
            ref[base + x] = r
    if kind == "partial" and ref != model.glass:
        model.stale_partials += 1
    model.glass[:] = out


def ghosts(model, old):
    """A flashing update clears every ghost; any other leaves one where a pixel moved."""
    size = len(model.ghost)
    if model.flashing():
        model.ghost[:] = bytes(size)
    else:
        moved = int.from_bytes(old, "little") ^ int.from_bytes(model.glass, "little")
        now = int.from_bytes(model.ghost, "little") | moved
        model.ghost[:] = now.to_bytes(size, "little")
