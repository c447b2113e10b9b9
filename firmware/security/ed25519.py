# ed25519.py  Ed25519 signing (RFC 8032) in plain Python, for the device's log signatures
# MIT licence. Runs unchanged on MicroPython (arbitrary-precision ints, 3-argument pow)
# and CPython, where the tests check it against the `cryptography` package.
#
# Only what the device needs: make a public key and sign. Speed comes from a
# precomputed fixed-base table (ed25519_base.bin, built by host/ed25519_table.py):
# for each of 64 radix-16 positions i, the points j * 16^i * B for j = 1..8 in affine
# "Niels" form (y+x, y-x, 2d*x*y), 96 bytes each. A scalar is recoded into 64 signed
# digits in -8..8, so [s]B is 64 mixed additions in extended coordinates (7
# multiplications each, no doubling) and one inversion. The table is read from flash
# one point at a time: 96 bytes of RAM, not 48 KB. Not constant-time (MicroPython's
# ints are not); see docs/security.md.
#
# SHA-512 is written out because MicroPython's hashlib has only SHA-256 (and SHA-1);
# where hashlib.sha512 exists (CPython) it is used.

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493  # the group order
D2 = 16295367250680780974490674513165176452449235426866156013048779062215315747161  # 2d
_M64 = 0xFFFFFFFFFFFFFFFF
TABLE_FILE = "ed25519_base.bin"
POINT_BYTES = 96
POSITIONS = 64
PER_POSITION = 8

# SHA-512 round constants and initial hash, as hex (a tuple of 80 big ints would be 80
# heap objects on a 32-bit board, for the whole session). The round constants are four
# strings of 20 words, not one of 1,280 hex digits: the module is loaded at the end of
# a game to sign its record, and a phone game's heap then had no 1,281-byte block free
_K_HEX = (
    "428a2f98d728ae227137449123ef65cdb5c0fbcfec4d3b2fe9b5dba58189dbbc"
    "3956c25bf348b53859f111f1b605d019923f82a4af194f9bab1c5ed5da6d8118"
    "d807aa98a303024212835b0145706fbe243185be4ee4b28c550c7dc3d5ffb4e2"
    "72be5d74f27b896f80deb1fe3b1696b19bdc06a725c71235c19bf174cf692694"
    "e49b69c19ef14ad2efbe4786384f25e30fc19dc68b8cd5b5240ca1cc77ac9c65",
    "2de92c6f592b02754a7484aa6ea6e4835cb0a9dcbd41fbd476f988da831153b5"
    "983e5152ee66dfaba831c66d2db43210b00327c898fb213fbf597fc7beef0ee4"
    "c6e00bf33da88fc2d5a79147930aa72506ca6351e003826f142929670a0e6e70"
    "27b70a8546d22ffc2e1b21385c26c9264d2c6dfc5ac42aed53380d139d95b3df"
    "650a73548baf63de766a0abb3c77b2a881c2c92e47edaee692722c851482353b",
    "a2bfe8a14cf10364a81a664bbc423001c24b8b70d0f89791c76c51a30654be30"
    "d192e819d6ef5218d69906245565a910f40e35855771202a106aa07032bbd1b8"
    "19a4c116b8d2d0c81e376c085141ab532748774cdf8eeb9934b0bcb5e19b48a8"
    "391c0cb3c5c95a634ed8aa4ae3418acb5b9cca4f7763e373682e6ff3d6b2b8a3"
    "748f82ee5defb2fc78a5636f43172f6084c87814a1f0ab728cc702081a6439ec",
    "90befffa23631e28a4506cebde82bde9bef9a3f7b2c67915c67178f2e372532b"
    "ca273eceea26619cd186b8c721c0c207eada7dd6cde0eb1ef57d4f7fee6ed178"
    "06f067aa72176fba0a637dc5a2c898a6113f9804bef90dae1b710b35131c471b"
    "28db77f523047d8432caab7b40c724933c9ebe0a15c9bebc431d67c49c100d4c"
    "4cc5d4becb3e42b6597f299cfc657e2a5fcb6fab3ad6faec6c44198c4a475817",
)
_H0_HEX = (
    "6a09e667f3bcc908bb67ae8584caa73b3c6ef372fe94f82ba54ff53a5f1d36f1"
    "510e527fade682d19b05688c2b3e6c1f1f83d9abfb41bd6b5be0cd19137e2179"
)


def _words(text):
    """The 64-bit words of a hex string, as a list made at its size (a comprehension
    grows it by doubling)."""
    import binascii

    raw = binascii.unhexlify(text)
    out = [0] * (len(raw) // 8)
    for i in range(len(out)):
        out[i] = int.from_bytes(raw[8 * i : 8 * i + 8], "big")
    return out


def _compress(h, block, K):
    # the message schedule kept as a rolling window of 16 words, the round constants as
    # four lists of 20 (a list of 80 is a 640-byte block, which a busy heap at the end
    # of a phone game did not have in one piece): small allocations only
    M = _M64
    w = [int.from_bytes(block[i : i + 8], "big") for i in range(0, 128, 8)]
    a, b, c, d, e, f, g, hh = h
    for t in range(80):
        if t < 16:
            wt = w[t]
        else:
            x = w[(t - 15) & 15]
            y = w[(t - 2) & 15]
            s0 = ((x >> 1) | (x << 63)) ^ ((x >> 8) | (x << 56)) ^ (x >> 7)
            s1 = ((y >> 19) | (y << 45)) ^ ((y >> 61) | (y << 3)) ^ (y >> 6)
            wt = (w[t & 15] + (s0 & M) + w[(t - 7) & 15] + (s1 & M)) & M
            w[t & 15] = wt
        s1 = (((e >> 14) | (e << 50)) ^ ((e >> 18) | (e << 46)) ^ ((e >> 41) | (e << 23))) & M
        t1 = hh + s1 + ((e & f) ^ (~e & g)) + K[t // 20][t % 20] + wt
        s0 = (((a >> 28) | (a << 36)) ^ ((a >> 34) | (a << 30)) ^ ((a >> 39) | (a << 25))) & M
        t2 = s0 + ((a & b) ^ (a & c) ^ (b & c))
        hh = g
        g = f
        f = e
        e = (d + t1) & M
        d = c
        c = b
        b = a
        a = (t1 + t2) & M
    return [(h[0] + a) & M, (h[1] + b) & M, (h[2] + c) & M, (h[3] + d) & M,
            (h[4] + e) & M, (h[5] + f) & M, (h[6] + g) & M, (h[7] + hh) & M]  # fmt: skip


def sha512_plain(data):
    """SHA-512 (FIPS 180-4) in plain Python."""
    n = len(data)
    data = bytes(data) + b"\x80" + bytes((111 - n) % 128) + (n * 8).to_bytes(16, "big")
    h = _words(_H0_HEX)
    K = [_words(piece) for piece in _K_HEX]
    for i in range(0, len(data), 128):
        h = _compress(h, data[i : i + 128], K)
    return b"".join([x.to_bytes(8, "big") for x in h])


def sha512(data):
    try:
        import hashlib

        return hashlib.sha512(data).digest()  # pyright: ignore[reportAttributeAccessIssue]
    except AttributeError:  # MicroPython: no SHA-512 in hashlib
        return sha512_plain(data)


def _inv(x):
    return pow(x, P - 2, P)


class Table:
    """The fixed-base table: a file read one point at a time, or bytes (frozen in flash, or
    in RAM for the tests)."""

    def __init__(self, path=None, data=None):
        self.path = path
        self.data = data


def default_table():
    """The table in flash: frozen into the firmware image, or the file beside the modules."""
    import blobs

    data = blobs.data(TABLE_FILE)
    return Table(data=data) if data is not None else Table(blobs.path(TABLE_FILE))


def _digits(s):
    """64 signed radix-16 digits e[i] in -8..8 with s = sum(e[i] * 16^i) (s < 2^255),
    each kept as e[i] + 8: one block of 64 bytes (a list of 64 ints grown by appends
    needed a block of 512 bytes on the unix port, and a game's end failed on it)."""
    e = bytearray(64)
    carry = 0
    for i in range(64):
        v = ((s >> (4 * i)) & 15) + carry
        carry = (v + 8) >> 4
        e[i] = v - (carry << 4) + 8
    return e


def base_mult(s, table):
    """[s]B in extended coordinates (X, Y, Z, T), s reduced below L."""
    X, Y, Z, T = 0, 1, 1, 0
    digits = _digits(s)
    buf = bytearray(POINT_BYTES)
    data = table.data if table.data is not None else b""
    f = None
    if table.data is None:
        f = open(table.path, "rb")  # pyright: ignore[reportArgumentType]
    try:
        for i in range(64):
            e = digits[i] - 8
            if e == 0:
                continue
            index = i * PER_POSITION + (e if e > 0 else -e) - 1
            if f is not None:
                f.seek(index * POINT_BYTES)
                f.readinto(buf)
                raw = buf
            else:
                raw = data[index * POINT_BYTES : (index + 1) * POINT_BYTES]
            yp = int.from_bytes(raw[0:32], "little")
            ym = int.from_bytes(raw[32:64], "little")
            t2d = int.from_bytes(raw[64:96], "little")
            if e < 0:  # -(x, y) = (-x, y): swap y+x and y-x, negate 2dxy
                yp, ym, t2d = ym, yp, P - t2d
            # mixed addition, a = -1 twisted Edwards (Hisil et al. 2008, "madd")
            a = (Y - X) * ym % P
            b = (Y + X) * yp % P
            c = T * t2d % P
            d = Z + Z
            E = b - a
            F = d - c
            G = d + c
            H = b + a
            X = E * F % P
            Y = G * H % P
            T = E * H % P
            Z = F * G % P
    finally:
        if f is not None:
            f.close()
    return X, Y, Z, T


def encode_point(X, Y, Z):
    zi = _inv(Z)
    x = X * zi % P
    y = Y * zi % P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


class SigningKey:
    """A key from its 32-byte secret seed: `public` (32 bytes) and `sign(message)`.

    `public`: the key's public key as the caller stored it, so it is not derived again
    (a scalar multiplication: about a third of a signature's work). It must be this
    seed's: a wrong one makes signatures that do not verify (the device checks its
    stored key against what it wrote when it made it, devkey.py)."""

    def __init__(self, seed, table=None, public=None):
        if len(seed) != 32:
            raise ValueError("an Ed25519 secret key has 32 bytes")
        self.table = table if table is not None else default_table()
        h = sha512(bytes(seed))
        a = int.from_bytes(h[:32], "little")
        a &= (1 << 254) - 8
        a |= 1 << 254
        self._a = a
        self._prefix = h[32:]
        if public is not None and len(public) == 32:
            self.public = bytes(public)
        else:
            X, Y, Z, _ = base_mult(a % L, self.table)
            self.public = encode_point(X, Y, Z)

    def sign(self, message):
        """The 64-byte signature of `message` (bytes)."""
        message = bytes(message)
        r = int.from_bytes(sha512(self._prefix + message), "little") % L
        X, Y, Z, _ = base_mult(r, self.table)
        R = encode_point(X, Y, Z)
        k = int.from_bytes(sha512(R + self.public + message), "little") % L
        s = (r + k * self._a) % L
        return R + s.to_bytes(32, "little")
