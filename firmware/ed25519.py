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

_K = (
    0x428A2F98D728AE22, 0x7137449123EF65CD, 0xB5C0FBCFEC4D3B2F, 0xE9B5DBA58189DBBC,
    0x3956C25BF348B538, 0x59F111F1B605D019, 0x923F82A4AF194F9B, 0xAB1C5ED5DA6D8118,
    0xD807AA98A3030242, 0x12835B0145706FBE, 0x243185BE4EE4B28C, 0x550C7DC3D5FFB4E2,
    0x72BE5D74F27B896F, 0x80DEB1FE3B1696B1, 0x9BDC06A725C71235, 0xC19BF174CF692694,
    0xE49B69C19EF14AD2, 0xEFBE4786384F25E3, 0x0FC19DC68B8CD5B5, 0x240CA1CC77AC9C65,
    0x2DE92C6F592B0275, 0x4A7484AA6EA6E483, 0x5CB0A9DCBD41FBD4, 0x76F988DA831153B5,
    0x983E5152EE66DFAB, 0xA831C66D2DB43210, 0xB00327C898FB213F, 0xBF597FC7BEEF0EE4,
    0xC6E00BF33DA88FC2, 0xD5A79147930AA725, 0x06CA6351E003826F, 0x142929670A0E6E70,
    0x27B70A8546D22FFC, 0x2E1B21385C26C926, 0x4D2C6DFC5AC42AED, 0x53380D139D95B3DF,
    0x650A73548BAF63DE, 0x766A0ABB3C77B2A8, 0x81C2C92E47EDAEE6, 0x92722C851482353B,
    0xA2BFE8A14CF10364, 0xA81A664BBC423001, 0xC24B8B70D0F89791, 0xC76C51A30654BE30,
    0xD192E819D6EF5218, 0xD69906245565A910, 0xF40E35855771202A, 0x106AA07032BBD1B8,
    0x19A4C116B8D2D0C8, 0x1E376C085141AB53, 0x2748774CDF8EEB99, 0x34B0BCB5E19B48A8,
    0x391C0CB3C5C95A63, 0x4ED8AA4AE3418ACB, 0x5B9CCA4F7763E373, 0x682E6FF3D6B2B8A3,
    0x748F82EE5DEFB2FC, 0x78A5636F43172F60, 0x84C87814A1F0AB72, 0x8CC702081A6439EC,
    0x90BEFFFA23631E28, 0xA4506CEBDE82BDE9, 0xBEF9A3F7B2C67915, 0xC67178F2E372532B,
    0xCA273ECEEA26619C, 0xD186B8C721C0C207, 0xEADA7DD6CDE0EB1E, 0xF57D4F7FEE6ED178,
    0x06F067AA72176FBA, 0x0A637DC5A2C898A6, 0x113F9804BEF90DAE, 0x1B710B35131C471B,
    0x28DB77F523047D84, 0x32CAAB7B40C72493, 0x3C9EBE0A15C9BEBC, 0x431D67C49C100D4C,
    0x4CC5D4BECB3E42B6, 0x597F299CFC657E2A, 0x5FCB6FAB3AD6FAEC, 0x6C44198C4A475817,
)  # fmt: skip
_H0 = (
    0x6A09E667F3BCC908, 0xBB67AE8584CAA73B, 0x3C6EF372FE94F82B, 0xA54FF53A5F1D36F1,
    0x510E527FADE682D1, 0x9B05688C2B3E6C1F, 0x1F83D9ABFB41BD6B, 0x5BE0CD19137E2179,
)  # fmt: skip


def _compress(h, block):
    # the message schedule kept as a rolling window of 16 words: small allocations only
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
        t1 = hh + s1 + ((e & f) ^ (~e & g)) + _K[t] + wt
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
    h = list(_H0)
    for i in range(0, len(data), 128):
        h = _compress(h, data[i : i + 128])
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
    """The fixed-base table: a file read one point at a time, or bytes in RAM (tests)."""

    def __init__(self, path=None, data=None):
        self.path = path
        self.data = data


def default_table():
    """The table beside this module (its folder may not be the current one), or in
    the current folder (the board's root)."""
    import os

    try:
        here = __file__  # a module from the filesystem knows where it lives
        slash = here.rfind("/")
        if slash >= 0:
            path = here[: slash + 1] + TABLE_FILE
            os.stat(path)
            return Table(path)
    except (NameError, OSError):
        pass
    return Table(TABLE_FILE)


def _digits(s):
    """64 signed radix-16 digits e[i] in -8..8 with s = sum(e[i] * 16^i) (s < 2^255)."""
    e = []
    carry = 0
    for i in range(64):
        v = ((s >> (4 * i)) & 15) + carry
        carry = (v + 8) >> 4
        e.append(v - (carry << 4))
    return e


def base_mult(s, table):
    """[s]B in extended coordinates (X, Y, Z, T), s reduced below L."""
    X, Y, Z, T = 0, 1, 1, 0
    digits = _digits(s)
    buf = None
    f = None
    if table.data is None:
        f = open(table.path, "rb")  # pyright: ignore[reportArgumentType]
        buf = bytearray(POINT_BYTES)
    try:
        for i in range(64):
            e = digits[i]
            if e == 0:
                continue
            index = i * PER_POSITION + (e if e > 0 else -e) - 1
            if f is not None:
                f.seek(index * POINT_BYTES)
                f.readinto(buf)
                raw = buf
            else:
                raw = table.data[index * POINT_BYTES : (index + 1) * POINT_BYTES]
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
    """A key from its 32-byte secret seed: `public` (32 bytes) and `sign(message)`."""

    def __init__(self, seed, table=None):
        if len(seed) != 32:
            raise ValueError("an Ed25519 secret key has 32 bytes")
        self.table = table if table is not None else default_table()
        h = sha512(bytes(seed))
        a = int.from_bytes(h[:32], "little")
        a &= (1 << 254) - 8
        a |= 1 << 254
        self._a = a
        self._prefix = h[32:]
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
