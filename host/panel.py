"""The virtual Confessor in a terminal: the e-ink screen (the firmware's own
framebuffer, from the simulator side channel), the seat LEDs and the five
buttons on keys. Plain ANSI: no curses, so it works in any terminal.

Keys: a b c press A B C (capitals: a long press), up/down arrows or k/j press
UP/DOWN, x presses A and C together, p cuts the power (hard reset), m cuts it and
powers on with A and C held (maintenance mode: the REPL, for mpremote or a flash),
q quits. The board keeps running in its flash folder between sessions.
"""

from __future__ import annotations

import os
import select
import sys
import termios
import time
import tty

BRAILLE = 0x2800
# braille dot bit for (dx, dy) in a 2x4 cell
_DOTS = {(0, 0): 0x01, (0, 1): 0x02, (0, 2): 0x04, (1, 0): 0x08,
         (1, 1): 0x10, (1, 2): 0x20, (0, 3): 0x40, (1, 3): 0x80}  # fmt: skip
KEYS = {
    "a": ("press", "A"),
    "b": ("press", "B"),
    "c": ("press", "C"),
    "A": ("long", "A"),
    "B": ("long", "B"),
    "C": ("long", "C"),
    "k": ("press", "UP"),
    "j": ("press", "DOWN"),
    "\x1b[A": ("press", "UP"),
    "\x1b[B": ("press", "DOWN"),
    "K": ("long", "UP"),
    "J": ("long", "DOWN"),
    "x": ("chord", "A", "C"),
}
HELP = (
    "a/b/c: A B C  (A/B/C: long)  up/down or k/j: UP DOWN  x: A+C  p: power cut"
    "  m: power on holding A+C  q: quit"
)


def braille(width: int, height: int, bits: bytes, scale: int = 1) -> list[str]:
    """A 1-bit picture (PBM rows, 1 = black) as lines of braille characters.
    `scale` 2 halves each side (a dot is black if any of its pixels is)."""
    row_bytes = (width + 7) // 8

    def px(x: int, y: int) -> bool:
        for yy in range(y * scale, min(height, (y + 1) * scale)):
            for xx in range(x * scale, min(width, (x + 1) * scale)):
                if (bits[yy * row_bytes + xx // 8] >> (7 - xx % 8)) & 1:
                    return True
        return False

    w = (width + scale - 1) // scale
    h = (height + scale - 1) // scale
    lines = []
    for cy in range(0, h, 4):
        chars = []
        for cx in range(0, w, 2):
            code = 0
            for (dx, dy), bit in _DOTS.items():
                if cx + dx < w and cy + dy < h and px(cx + dx, cy + dy):
                    code |= bit
            chars.append(chr(BRAILLE + code))
        lines.append("".join(chars))
    return lines


def led_line(leds: dict) -> str:
    """The LED chain as coloured dots (24-bit ANSI colour)."""
    out = []
    for r, g, b in leds.get("rgb") or []:
        if r == g == b == 0:
            out.append("\033[90m○\033[0m")
        else:
            # e-ink of a terminal: brighten dim LEDs so they stay visible
            top = max(r, g, b)
            k = 255 / top if top else 1
            out.append("\033[38;2;%d;%d;%dm●\033[0m" % (int(r * k), int(g * k), int(b * k)))
    return " ".join(out) if out else "(no LEDs)"


def frame(client, width: int) -> list[str]:
    """Everything to draw, as lines."""
    from host.sim_client import read_pbm  # pyright: ignore[reportMissingImports]

    lines = []
    try:
        w, h, bits = read_pbm(client.screen_image_path().read_bytes())
        scale = 1 if width >= w // 2 + 4 else 2
        pic = braille(w, h, bits, scale)
        edge = "─" * len(pic[0])
        lines.append("┌" + edge + "┐")
        lines += ["│" + line + "│" for line in pic]
        lines.append("└" + edge + "┘")
    except (OSError, ValueError):
        lines.append("(no picture yet)")
    try:
        lines.append("LEDs: " + led_line(client.leds()))
    except (OSError, ValueError):
        pass
    try:
        lines += [""] + client.screen_text().rstrip("\n").splitlines()
    except OSError:
        pass
    return lines


class Panel:
    def __init__(self, board, client, out=sys.stdout):
        self.board = board
        self.client = client
        self.out = out
        self.message = ""
        self._last = None

    def draw(self, force: bool = False) -> None:
        width = os.get_terminal_size(self.out.fileno()).columns
        body = frame(self.client, width)
        head = "Confessor (virtual) on %s — flash %s" % (self.board.url, self.board.flash_dir)
        text = "\n".join([head, ""] + body + ["", HELP, self.message])
        if text == self._last and not force:
            return
        self._last = text
        self.out.write("\033[H\033[2J" + text.replace("\n", "\r\n") + "\r\n")
        self.out.flush()

    def key(self, k: str) -> bool:
        """Handle one key; False to quit."""
        from host.sim_client import SimError  # pyright: ignore[reportMissingImports]

        if k in ("q", "\x03", "\x04"):
            return False
        if k in ("p", "m"):
            hold = "A,C" if k == "m" else ""  # held through this power-on only
            self.message = "power cut: restarting"
            old = self.client.status().get("boot")
            self.board.hard_reset(hold=hold)
            try:
                self.client.attach(old, timeout=30)
                self.message = (
                    "maintenance mode: the REPL is open (p to power on normally)"
                    if hold
                    else "restarted after a power cut"
                )
            except SimError as err:
                self.message = "did not restart: %s" % err
            return True
        action = KEYS.get(k)
        if action is None:
            self.message = "no key %r (%s)" % (k, HELP)
            return True
        try:
            self.client.send(action[0], *action[1:])
            self.message = ""
        except (OSError, ValueError) as err:
            self.message = "could not press: %s" % err
        return True

    def run(self) -> None:
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd)
            self.out.write("\033[?25l")
            self.draw(force=True)
            while True:
                ready, _, _ = select.select([fd], [], [], 0.1)
                if ready:
                    data = os.read(fd, 16).decode("utf-8", "replace")
                    keys = [data] if data.startswith("\x1b") else list(data)
                    if not all(self.key(k) for k in keys):
                        break
                if not self.board.alive and not self.message:
                    self.message = "the device is not running (p to power it on)"
                self.draw()
                time.sleep(0.02)
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            self.out.write("\033[?25h\r\n")
            self.out.flush()
