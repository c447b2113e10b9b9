# qr.py  QR codes (ISO/IEC 18004 model 2) for the phone join screens (join_screen.py draws them)
# MIT licence. Written for Confessor from the standard's structure: byte mode only,
# versions 1-10 (up to 271 bytes at level L), the four error correction levels, all eight
# masks scored by the standard's four penalty rules. Integers only and no imports, so the
# same file runs on the board, on the unix port and under CPython, where the tests compare
# its matrices with a reference library's (tests/phones/test_phones_qr.py).
#
# Level M by default: an e-ink panel is crisp and glare-free, so the 15% of damage M
# survives is plenty, and the lower the level the smaller the version: a seat's join URL
# fits version 3 or 4, which the 128-pixel panel shows at 3 pixels a module with the full
# 4-module quiet zone (see module_px()).

LEVELS = "LMQH"
MAX_VERSION = 10
QUIET = 4  # modules of light margin the standard asks for on every side

_LEVEL_BITS = (1, 0, 3, 2)  # the format information's two bits for L, M, Q, H
# Per version 1..10, per level L M Q H (the standard's table 9): error correction
# codewords per block, and the number of blocks.
_EC_PER_BLOCK = (
    (7, 10, 13, 17),
    (10, 16, 22, 28),
    (15, 26, 18, 22),
    (20, 18, 26, 16),
    (26, 24, 18, 22),
    (18, 16, 24, 28),
    (20, 18, 18, 26),
    (24, 22, 22, 26),
    (30, 22, 20, 24),
    (18, 26, 24, 28),
)
_BLOCKS = (
    (1, 1, 1, 1),
    (1, 1, 1, 1),
    (1, 1, 2, 2),
    (1, 2, 2, 4),
    (1, 2, 4, 4),
    (2, 4, 4, 4),
    (2, 4, 6, 5),
    (2, 4, 6, 6),
    (2, 5, 8, 8),
    (4, 5, 8, 8),
)

# GF(256) with the standard's polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D).
_EXP = bytearray(512)
_LOG = bytearray(256)


def _tables():
    x = 1
    for i in range(255):
        _EXP[i] = x
        _LOG[x] = i
        x <<= 1
        if x & 0x100:
            x ^= 0x11D
    for i in range(255, 512):
        _EXP[i] = _EXP[i - 255]


_tables()


class QrError(ValueError):
    """The data does not fit, or a level or version that does not exist."""


class Code:
    """One QR symbol: `size` x `size` modules, `modules[row * size + col]` 1 = dark."""

    def __init__(self, version, level, mask, size, modules):
        self.version = version
        self.level = level
        self.mask = mask
        self.size = size
        self.modules = modules

    def dark(self, row, col):
        return self.modules[row * self.size + col]

    def rows(self):
        """The matrix as text, one line a row ('#' dark, '.' light): for tests and docs."""
        n = self.size
        out = []
        for r in range(n):
            out.append("".join(["#" if self.modules[r * n + c] else "." for c in range(n)]))
        return out


def _raw_codewords(version):
    # Modules left for data and error correction once the function patterns are drawn.
    n = (16 * version + 128) * version + 64
    if version >= 2:
        align = version // 7 + 2
        n -= (25 * align - 10) * align - 55
        if version >= 7:
            n -= 36
    return n // 8


def _data_codewords(version, li):
    return _raw_codewords(version) - _EC_PER_BLOCK[version - 1][li] * _BLOCKS[version - 1][li]


def _bits_needed(version, length):
    # mode indicator, character count (8 bits below version 10, 16 from it), the bytes
    return 4 + (8 if version < 10 else 16) + 8 * length


def capacity(version, level="M"):
    """How many bytes a version holds at a level (byte mode)."""
    li = _level_index(level)
    count_bits = 8 if version < 10 else 16
    return (_data_codewords(version, li) * 8 - 4 - count_bits) // 8


def _level_index(level):
    if not isinstance(level, str) or len(level) != 1 or level.upper() not in LEVELS:
        raise QrError("no error correction level %r (L, M, Q or H)" % (level,))
    return LEVELS.index(level.upper())


def encode(data, level="M", version=None, mask=None, boost=True):
    """The QR code of `data` (bytes, or str sent as UTF-8) in byte mode.

    version: the smallest that holds the data unless given; boost: raise the level as
    far as the chosen version still holds the data (free robustness); mask: the lowest
    penalty unless given."""
    if isinstance(data, str):
        data = data.encode()
    li = _level_index(level)
    if version is None:
        version = 1
        while version <= MAX_VERSION and _bits_needed(version, len(data)) > 8 * _data_codewords(
            version, li
        ):
            version += 1
        if version > MAX_VERSION:
            raise QrError(
                "%d bytes do not fit a version %d code at level %s (at most %d)"
                % (len(data), MAX_VERSION, LEVELS[li], capacity(MAX_VERSION, LEVELS[li]))
            )
    elif not isinstance(version, int) or version < 1 or version > MAX_VERSION:
        raise QrError("no version %r here (1 to %d)" % (version, MAX_VERSION))
    elif _bits_needed(version, len(data)) > 8 * _data_codewords(version, li):
        raise QrError("%d bytes do not fit version %d at level %s" % (len(data), version, level))
    if boost:
        while li < 3 and _bits_needed(version, len(data)) <= 8 * _data_codewords(version, li + 1):
            li += 1
    if mask is not None and (not isinstance(mask, int) or mask < 0 or mask > 7):
        raise QrError("no mask %r (0 to 7)" % (mask,))
    words = _interleave(version, li, _data_bytes(data, version, li))
    size = 17 + 4 * version
    modules = bytearray(size * size)
    function = bytearray(size * size)
    _function_patterns(modules, function, size, version)
    _place(modules, function, size, words)
    if mask is None:
        best = None
        work = bytearray(size * size)
        for m in range(8):
            work[:] = modules
            _apply_mask(work, function, size, m)
            score = penalty(work, size)
            if best is None or score < best:
                best = score
                mask = m
    _apply_mask(modules, function, size, mask)
    _format_bits(modules, size, li, mask)
    if version >= 7:
        _version_bits(modules, size, version)
    return Code(version, LEVELS[li], mask, size, modules)


# ****** the bit stream ******
def _data_bytes(data, version, li):
    total = _data_codewords(version, li)
    out = bytearray(total)
    state = [0, 0]  # bits written, unused

    def put(value, count):
        pos = state[0]
        for i in range(count - 1, -1, -1):
            if (value >> i) & 1:
                out[pos >> 3] |= 0x80 >> (pos & 7)
            pos += 1
        state[0] = pos

    put(4, 4)  # byte mode
    put(len(data), 8 if version < 10 else 16)
    for b in data:
        put(b, 8)
    put(0, min(4, total * 8 - state[0]))  # terminator
    used = (state[0] + 7) >> 3
    pad = 0xEC
    for i in range(used, total):
        out[i] = pad
        pad ^= 0xEC ^ 0x11
    return out


def _rs_divisor(degree):
    # The generator polynomial (x - 2^0)(x - 2^1)...(x - 2^(degree-1)), leading 1 dropped.
    result = bytearray(degree)
    result[degree - 1] = 1
    root = 1
    for _ in range(degree):
        for j in range(degree):
            result[j] = _mul(result[j], root)
            if j + 1 < degree:
                result[j] ^= result[j + 1]
        root = _mul(root, 2)
    return result


def _mul(a, b):
    if a == 0 or b == 0:
        return 0
    return _EXP[_LOG[a] + _LOG[b]]


def _rs_remainder(data, divisor):
    degree = len(divisor)
    result = bytearray(degree)
    for b in data:
        factor = b ^ result[0]
        for i in range(degree - 1):
            result[i] = result[i + 1]
        result[degree - 1] = 0
        if factor:
            lf = _LOG[factor]
            for i in range(degree):
                d = divisor[i]
                if d:
                    result[i] ^= _EXP[_LOG[d] + lf]
    return result


def _interleave(version, li, data):
    blocks = _BLOCKS[version - 1][li]
    ec = _EC_PER_BLOCK[version - 1][li]
    raw = _raw_codewords(version)
    short = blocks - raw % blocks  # blocks with one data codeword fewer come first
    short_len = raw // blocks - ec
    divisor = _rs_divisor(ec)
    parts = []
    start = 0
    for b in range(blocks):
        length = short_len + (0 if b < short else 1)
        chunk = data[start : start + length]
        start += length
        parts.append((chunk, _rs_remainder(chunk, divisor)))
    out = bytearray()
    for i in range(short_len + 1):
        for chunk, _ in parts:
            if i < len(chunk):
                out.append(chunk[i])
    for i in range(ec):
        for _, check in parts:
            out.append(check[i])
    return out


# ****** the matrix ******
def _set(modules, function, size, row, col, dark):
    k = row * size + col
    modules[k] = 1 if dark else 0
    function[k] = 1


def _alignment_positions(version):
    if version == 1:
        return ()
    count = version // 7 + 2
    size = 17 + 4 * version
    step = (version * 8 + count * 3 + 5) // (count * 4 - 4) * 2
    out = [6]
    for i in range(count - 2, -1, -1):
        out.append(size - 7 - i * step)
    return out


def _function_patterns(modules, function, size, version):
    for i in range(size):  # timing patterns (finders overwrite their ends)
        _set(modules, function, size, 6, i, i % 2 == 0)
        _set(modules, function, size, i, 6, i % 2 == 0)
    for cr, cc in ((3, 3), (3, size - 4), (size - 4, 3)):  # finders with separators
        for dr in range(-4, 5):
            for dc in range(-4, 5):
                r = cr + dr
                c = cc + dc
                if 0 <= r < size and 0 <= c < size:
                    dist = max(abs(dr), abs(dc))
                    _set(modules, function, size, r, c, dist != 2 and dist != 4)
    pos = _alignment_positions(version)
    last = len(pos) - 1
    for i in range(len(pos)):
        for j in range(len(pos)):
            if (i == 0 and j == 0) or (i == 0 and j == last) or (i == last and j == 0):
                continue  # where the finders are
            for dr in range(-2, 3):
                for dc in range(-2, 3):
                    _set(
                        modules,
                        function,
                        size,
                        pos[i] + dr,
                        pos[j] + dc,
                        max(abs(dr), abs(dc)) != 1,
                    )
    # Format and version areas and the dark module stay light while the masks are
    # scored (the standard scores the masked data, before format information).
    for i in range(9):
        if i != 6:  # the timing patterns cross there
            _set(modules, function, size, 8, i, False)
            _set(modules, function, size, i, 8, False)
    for i in range(8):
        _set(modules, function, size, 8, size - 1 - i, False)
        _set(modules, function, size, size - 1 - i, 8, False)
    if version >= 7:
        for i in range(6):
            for k in range(3):
                _set(modules, function, size, i, size - 11 + k, False)
                _set(modules, function, size, size - 11 + k, i, False)


def _place(modules, function, size, words):
    # Two-module columns from the right, alternately upwards and downwards, skipping the
    # vertical timing pattern; the remainder bits past the last codeword stay light.
    total = len(words) * 8
    i = 0
    right = size - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for vert in range(size):
            row = size - 1 - vert if upward else vert
            for z in range(2):
                col = right - z
                k = row * size + col
                if function[k]:
                    continue
                if i < total:
                    modules[k] = (words[i >> 3] >> (7 - (i & 7))) & 1
                i += 1
        right -= 2


# The eight data masks (the standard's table 10): True flips the module at (row, col).
_MASKS = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: (r * c) % 2 + (r * c) % 3 == 0,
    lambda r, c: ((r * c) % 2 + (r * c) % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + (r * c) % 3) % 2 == 0,
)


def _apply_mask(modules, function, size, m):
    flips = _MASKS[m]
    k = 0
    for r in range(size):
        for c in range(size):
            if not function[k] and flips(r, c):
                modules[k] ^= 1
            k += 1


def _format_bits(modules, size, li, mask):
    data = (_LEVEL_BITS[li] << 3) | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    bits = ((data << 10) | rem) ^ 0x5412

    def put(row, col, i):
        modules[row * size + col] = (bits >> i) & 1

    for i in range(6):
        put(i, 8, i)
    put(7, 8, 6)
    put(8, 8, 7)
    put(8, 7, 8)
    for i in range(9, 15):
        put(8, 14 - i, i)
    for i in range(8):
        put(8, size - 1 - i, i)
    for i in range(8, 15):
        put(size - 15 + i, 8, i)
    modules[(size - 8) * size + 8] = 1  # the dark module


def _version_bits(modules, size, version):
    rem = version
    for _ in range(12):
        rem = (rem << 1) ^ ((rem >> 11) * 0x1F25)
    bits = (version << 12) | rem
    for i in range(18):
        bit = (bits >> i) & 1
        a = size - 11 + i % 3
        b = i // 3
        modules[b * size + a] = bit
        modules[a * size + b] = bit


# ****** choosing the mask ******
def penalty(modules, size):
    """The standard's penalty of a masked matrix: runs (N1), 2x2 blocks (N2),
    finder-like patterns (N3) and the balance of dark and light (N4)."""
    across = bytearray(size * size)  # the columns as rows, so both read the same way
    k = 0
    for r in range(size):
        for c in range(size):
            across[c * size + r] = modules[k]
            k += 1
    score = 0
    for grid in (modules, across):
        for r in range(size):
            line = grid[r * size : (r + 1) * size]
            score += _runs(line, size)
            # 1:1:3:1:1 with four light modules after or before it, whole windows
            # inside the symbol each counted (python-qrcode's reading of the rule,
            # which the tests take as the reference)
            score += 40 * (line.count(_FINDER_AFTER) + line.count(_FINDER_BEFORE))
    for r in range(size - 1):
        k = r * size
        for c in range(size - 1):
            v = modules[k + c]
            if (
                v == modules[k + c + 1]
                and v == modules[k + size + c]
                and v == modules[k + size + c + 1]
            ):
                score += 3
    total = size * size
    dark = sum(modules)
    return score + 10 * (abs(100 * dark - 50 * total) // (5 * total))


_FINDER_AFTER = bytes((1, 0, 1, 1, 1, 0, 1, 0, 0, 0, 0))
_FINDER_BEFORE = bytes((0, 0, 0, 0, 1, 0, 1, 1, 1, 0, 1))
_FIVE = (bytes(5), bytes((1, 1, 1, 1, 1)))


def _runs(line, size):
    # Runs of five or more alike: 3 points, one more for each module past five.
    score = 0
    for v in (0, 1):
        i = line.find(_FIVE[v])
        while i != -1:
            j = i + 5
            while j < size and line[j] == v:
                j += 1
            score += j - i - 2
            i = line.find(_FIVE[v], j)
    return score
