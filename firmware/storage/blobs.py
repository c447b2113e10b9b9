# blobs.py  The files the firmware reads at run time: frozen in flash, or on the filesystem
# MIT licence. firmware/manifest.py's DATA names them (fonts, the panel's table, the signer's
# table, the phone page). A firmware image freezes each one as a module holding it as bytes
# (host/build.py: "fonts/large.bin" -> module _blob_fonts_large_bin, DATA = b"..."); frozen
# bytes stay in flash, so reading them costs the heap only what is read, as a file does.
# On stock MicroPython (`confessor flash`'s files path) and the virtual board they are files
# beside the modules. open() gives either with the same few methods a file has.

import sys

_frozen = {}  # name -> its frozen bytes, or None when it is a file


def module_name(name):
    """The frozen module that holds `name` (host/build.py writes it by this same rule)."""
    return "_blob_" + name.replace("/", "_").replace(".", "_").replace("-", "_")


def data(name):
    """The frozen bytes of `name` (a read-only object in flash), or None on the files path."""
    if name not in _frozen:
        found = None
        path = sys.path
        sys.path = [".frozen"]  # the image's own copy only, never a file shadowing it
        try:
            found = __import__(module_name(name)).DATA
        except ImportError:
            pass
        finally:
            sys.path = path
        _frozen[name] = found
    return _frozen[name]


def path(name):
    """The file of `name` beside the modules (on the files path); the first folder of
    sys.path that holds it, so the board's root and the virtual board's firmware/ both work."""
    for folder in sys.path:
        prefix = folder + "/" if folder and folder[-1] != "/" else folder
        try:
            open(prefix + name, "rb").close()
        except OSError:
            continue
        return prefix + name
    raise OSError("%s not found beside the firmware" % name)


def open_blob(name):
    """`name` to read: a Blob over its frozen bytes, or its file."""
    frozen = data(name)
    if frozen is not None:
        return Blob(frozen)
    return open(path(name), "rb")


def size(name):
    frozen = data(name)
    if frozen is not None:
        return len(frozen)
    import os

    return os.stat(path(name))[6]


class Blob:
    """Frozen bytes read like a file: read, readinto, seek, tell, close."""

    def __init__(self, data):
        self._mv = memoryview(data)
        self._pos = 0

    def read(self, n=-1):
        end = len(self._mv) if n < 0 else min(self._pos + n, len(self._mv))
        out = bytes(self._mv[self._pos : end])
        self._pos = end
        return out

    def readinto(self, buf):
        buf = memoryview(buf)
        n = min(len(buf), len(self._mv) - self._pos)
        buf[:n] = self._mv[self._pos : self._pos + n]
        self._pos += n
        return n

    def seek(self, pos, whence=0):
        if whence == 1:
            pos += self._pos
        elif whence == 2:
            pos += len(self._mv)
        self._pos = max(0, min(pos, len(self._mv)))
        return self._pos

    def tell(self):
        return self._pos

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        pass
