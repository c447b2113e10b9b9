"""Cutting the serial link's byte stream into lines (shared_rules/wire.py frames them):
apart from the codec so the device can wait for a laptop with only this in RAM, and
load the codec when one speaks."""

MAX_REQUEST = 1024  # bytes of a request line (what the device buffers), no newline


class LineBuffer:
    """Cuts a byte stream into lines; a line longer than the limit is cut
    short (so it fails decode) and the rest of it, up to its newline, dropped."""

    def __init__(self, limit=MAX_REQUEST):
        self.limit = limit
        self.buf = bytearray()
        self.overflow = False

    def feed(self, data):
        """Lines completed by `data` (each without its newline)."""
        lines = []
        start = 0
        while True:
            end = data.find(b"\n", start)
            part = data[start:] if end < 0 else data[start:end]
            if not self.overflow:
                room = self.limit + 2 - len(self.buf)
                if len(part) > room:
                    part = part[:room]
                    self.overflow = True
                self.buf.extend(part)
            if end < 0:
                return lines
            lines.append(bytes(self.buf))
            self.buf = bytearray()
            self.overflow = False
            start = end + 1

    def pending(self):
        return len(self.buf)
