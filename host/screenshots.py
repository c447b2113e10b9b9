"""Render docs/screens/*.png: every screen of the device, from the simulator.

    .venv/bin/python -m host.screenshots [OUT_DIR]
    .venv/bin/python -m host.screenshots --phones [OUT_DIR]    (host/phone_shots.py)

Visits About this device, plays a seeded 4-player game of 7: The Sins by button
presses (host/sim_play.py), visits the pause menu, abandons a second game and shows the error screen of a damaged
journal; the first frame of each kind of screen becomes a 1-bit 296x128 PNG. Then a
4-player Mea Culpa keeper session (the rulebook's bidding example, a Pope caught and
one not caught) gives the keeper-*.png screens, each taken where the script says, and two
7 Pecados games (Infernal 3 vs 3, Celestial 2 vs 2) the pecados-*.png screens.
Beside each PNG: its text description (.txt) and the same screen at true size next to
a millimetre scale (mm/<name>.png, see `true_size_png`). `render_all` gives the same
shots, with their descriptions as data, to the tests that measure the type.
"""

from __future__ import annotations

import json
import shutil
import struct
import sys
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path

from host.fonts import BinFont
from host.sim_client import SimClient, SimDevice, pbm_to_png, plain, read_pbm
from host.sim_play import (
    KEEPER_TITLE,
    NEW_RULE_TITLE,
    PECADOS_TITLE,
    new_rule_press,
    new_rule_rows,
    pecados_step,
    play_to_result,
    start_game,
    step,
)

ROOT = Path(__file__).resolve().parent.parent
SEED = "c0ffee" * 10 + "c0de"
# the Waveshare Pico-ePaper-2.9's active area: 66.89 x 29.05 mm for 296 x 128 pixels
MM_PER_PX_X = 66.89 / 296
MM_PER_PX_Y = 29.05 / 128


@dataclass
class Shot:
    pbm: bytes  # the panel as shown (1 = black)
    screen: dict  # its description (firmware/display/ui.py Screen.data())
    text: str  # its text description (Screen.text())

    @property
    def image(self) -> tuple[int, int, bytes]:
        return read_pbm(self.pbm)


def capture(work: Path) -> Path:
    dev = SimDevice.start(work, seed=SEED, keep_frames=True)
    c = dev.client
    try:
        while c.screen()["items"][c.screen()["cursor"]] != "About this device":
            c.press("DOWN")
        c.press("A")  # About this device: the signing key's fingerprint
        c.press("A")
        start_game(c, 4)
        while c.screen()["name"] != "turn":
            step(c)
        c.press("C")  # pause menu
        c.press("DOWN")
        c.press("A")  # abandon? (confirm screen)
        c.press("C")
        c.press("C")  # back to the game
        play_to_result(c)
        c.press("A")
        # a second game, abandoned
        start_game(c, 2)
        while c.screen()["name"] != "turn":
            step(c)
        c.press("C")
        c.press("DOWN")
        c.press("A")
        c.press("A")
        c.press("A")
        # a third, whose journal is damaged while the power is off
        start_game(c, 3)
        old = c.status()["boot"]
        dev.power_cut()
        logs = sorted((work / "games").glob("*.log"), key=lambda p: p.stat().st_mtime)
        logs[-1].write_bytes(b"damaged\n")
        dev.boot(old)
    finally:
        dev.stop()
    return work / "sim" / "frames"


def choose(c: SimClient, text: str) -> None:
    """On a list screen, the first item starting with `text`."""
    items = c.screen()["items"]
    target = next(i for i, item in enumerate(items) if plain(item).startswith(text))
    while c.screen()["cursor"] != target:
        c.press("DOWN")
    c.press("A")


def bid(c: SimClient, notches: int, taler: int, snap=None) -> None:
    """A seat's bid from its pass screen: notches, DOWN, taler, C, A."""
    if snap:
        snap("keeper-pass")
    c.press("A")
    for _ in range(notches - 1):
        c.press("B")
    c.press("DOWN")
    for _ in range(taler):
        c.press("B")
    if snap:
        snap("keeper-bid")
    c.press("C")
    if snap:
        snap("keeper-confirm")
    c.press("A")


def pope_visit(c: SimClient, die: str, guess: str, snap=None) -> None:
    choose(c, "Pope's urgent meeting")
    choose(c, "Keep: ")
    c.press("A")  # the Pope's pass screen
    while not plain(c.screen()["items"][c.screen()["cursor"]]).startswith(die):
        c.press("DOWN")
    if snap:
        snap("keeper-die")
    c.press("A")
    if snap:
        snap("keeper-guess")
    choose(c, guess)


def capture_keeper(work: Path) -> dict[str, Shot]:
    """The Mea Culpa keeper's screens, 4 players (P1 Dominik, P2 Johanna, P3 Paula,
    P4 Gregor in the rulebook's bidding example), each taken where the script says."""
    dev = SimDevice.start(work, seed=SEED)
    c = dev.client
    taken: dict[str, Shot] = {}

    def snap(name):
        taken[name] = Shot(c.screen_image_path().read_bytes(), c.screen(), c.screen_text())

    try:
        start_game(c, 4, title=KEEPER_TITLE)
        c.press("A")  # seal
        snap("keeper-bonus")
        for _ in range(4):  # starting bonuses
            c.press("A")
        snap("keeper-market")
        c.press("A")
        bid(c, 4, 7, snap)
        bid(c, 2, 7)
        bid(c, 3, 12)
        bid(c, 1, 8)
        snap("keeper-reveal")
        c.press("A")
        snap("keeper-hell")
        for seat in ("P4", "P2", "P3"):
            choose(c, seat + " is next")
        snap("keeper-order")
        c.press("A")
        snap("keeper-pick")
        for character in ("Pope", "Emperor", "Merchant", "Petty"):
            choose(c, character)
        pope_visit(c, "2 ", "2 ", snap)
        snap("keeper-caught")
        c.press("A")
        while not plain(c.screen()["items"][c.screen()["cursor"]]).startswith("Return wine"):
            c.press("DOWN")
        snap("keeper-table")
        c.press("A")
        choose(c, "Market empty")
        c.press("A")  # round 2's market
        for seat in range(1, 5):
            bid(c, seat, 0)
        c.press("A")  # the order
        for character in ("Merchant", "Pope", "Emperor", "Petty"):
            choose(c, character)
        pope_visit(c, "1 ", "4 ")
        snap("keeper-not-caught")
        c.press("A")
        choose(c, "Game over")
        snap("keeper-over")
        c.press("A")
        snap("keeper-result")
    finally:
        dev.stop()
    return taken


# 7 Pecados: an Infernal 3 vs 3 game (cancels, the team result) and a Celestial 2 vs 2
# one (draws from the centre, limbo deals); (folder, players, menu rows, seed).
PECADOS_GAMES = (
    ("infernal", 6, [(2, ["B"]), (4, ["B"])], SEED),
    ("celestial", 4, [(4, ["B"])], "7ea4" * 16),
)


def capture_pecados(work: Path) -> dict[str, Shot]:
    """The first of each 7 Pecados screen (pecados-<name>; the hand asking for the draw
    is pecados-draw), played by host/sim_play.py's 7 Pecados policy."""
    taken: dict[str, Shot] = {}
    for folder, players, rows, seed in PECADOS_GAMES:
        dev = SimDevice.start(work / folder, seed=seed)
        c = dev.client
        try:
            start_game(c, players, game_rows=rows, title=PECADOS_TITLE)
            while True:
                scr = c.screen()
                name = scr["name"]
                if name == "hand" and scr["lines"][:1] == ["Draw from?"]:
                    name = "draw"
                if name != "seal" and "pecados-" + name not in taken:
                    taken["pecados-" + name] = Shot(
                        c.screen_image_path().read_bytes(), scr, c.screen_text()
                    )
                if scr["name"] == "result":
                    break
                pecados_step(c)
        finally:
            dev.stop()
    return taken


NEW_RULE_SEED = "0012" * 16  # 2 players to 100: a refusal, a God card, a forgiven round
NEW_RULE_DAMNATION_SEED = "0016" * 16  # 3 players, round 2 ends in total damnation


def capture_newrule(work: Path) -> dict[str, Shot]:
    """New Rule (Sin)'s screens: the first of each kind in a 2-player game to 100 and
    in a 3-player game whose second round ends in total damnation, the refused
    face-down play and a list of sets (more than one) where they first come."""
    taken: dict[str, Shot] = {}
    for seed, players, rounds in ((NEW_RULE_SEED, 2, 99), (NEW_RULE_DAMNATION_SEED, 3, 2)):
        dev = SimDevice.start(work / seed[:4], seed=seed)
        c = dev.client
        try:
            start_game(c, players, new_rule_rows(100, rounds), title=NEW_RULE_TITLE)
            while True:
                scr = c.screen()
                name = scr["name"]
                if name == "nr-hand" and scr["facts"][0].startswith("No:"):
                    name = "nr-refused"
                if name == "nr-sets" and len(scr["items"]) < 3:
                    name = ""  # a list of sets to browse, not "No set" alone
                if name in ("seal", "over", "result") or name.startswith("secret"):
                    name = ""  # the shared screens: shown with 7: The Sins
                if name == "pass":
                    name = "nr-pass"
                if name and name not in taken:
                    taken[name] = Shot(c.screen_image_path().read_bytes(), scr, c.screen_text())
                if scr["name"] == "result":
                    break
                c.press(new_rule_press(scr))
        finally:
            dev.stop()
    return taken


def render_all(work: Path) -> dict[str, Shot]:
    """Every screen the screenshots show, by name (7: The Sins first, then the keeper)."""
    frames = capture(work / "sins")
    taken: dict[str, Shot] = {}
    for pbm in sorted(frames.glob("*.pbm")):
        name = pbm.stem.split("-", 1)[1]
        text = pbm.with_suffix(".txt").read_text()
        if name == "secret":
            name = "secret-opening"  # the only private screen left (the scores are public)
        if name == "judgment" and name in taken and "3/3" in text:
            name = "judgment-last"
        if name not in taken:
            screen = json.loads(pbm.with_suffix(".json").read_text())
            taken[name] = Shot(pbm.read_bytes(), screen, text)
    shots = {name: taken[name] for name in sorted(taken)}
    shots.update(capture_keeper(work / "keeper"))
    shots.update(capture_pecados(work / "pecados"))
    shots.update(capture_newrule(work / "newrule"))
    return shots


# ****** true size ******
def _png(width: int, height: int, rows: list[bytearray], px_per_m: tuple[int, int]) -> bytes:
    """A 1-bit greyscale PNG (rows of packed bits, 1 = white) with its physical pixel size."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    raw = b"".join(b"\0" + bytes(r) for r in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0))
        + chunk(b"pHYs", struct.pack(">IIB", px_per_m[0], px_per_m[1], 1))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def true_size_png(pbm: bytes, scale: int = 4) -> bytes:
    """The panel at true size beside millimetre scales (1 mm ticks, 5 and 10 mm longer,
    numbered every 10 mm). Each panel pixel is `scale` x `scale` image pixels and the PNG
    records the panel's pixel pitch (pHYs), so a viewer or printer that honours it shows
    the screen at 66.9 x 29.1 mm; elsewhere the scales in the picture still measure it.
    css_width() is the HTML width that shows it at true size (96 CSS pixels an inch)."""
    w, h, bits = read_pbm(pbm)
    left, top, bottom = 96, 28, 72
    sw, sh = w * scale, h * scale
    width, height = left + sw + 12, top + sh + bottom
    ink = [[0] * width for _ in range(height)]
    row_bytes = (w + 7) // 8
    for y in range(h):
        for x in range(w):
            if (bits[y * row_bytes + x // 8] >> (7 - x % 8)) & 1:
                for j in range(scale):
                    line = ink[top + y * scale + j]
                    for i in range(scale):
                        line[left + x * scale + i] = 1
    for x in range(left - 1, left + sw + 1):  # the panel's edge
        ink[top - 1][x] = ink[top + sh][x] = 1
    for y in range(top - 1, top + sh + 1):
        ink[y][left - 1] = ink[y][left + sw] = 1
    label = BinFont.named("medium")

    def write(text: str, x: int, y: int) -> None:  # the medium type at twice its size
        for ch in text:
            for j, glyph_row in enumerate(label.glyph(ch)):
                for i, bit in enumerate(glyph_row):
                    for k in range(4):
                        px, py = x + 2 * i + k % 2, y + 2 * j + k // 2
                        if bit and 0 <= px < width and 0 <= py < height:
                            ink[py][px] = 1
            x += 2 * label.advance(ch)

    x_px, y_px = scale / MM_PER_PX_X, scale / MM_PER_PX_Y  # image pixels a millimetre
    for mm in range(int(w * MM_PER_PX_X) + 1):  # along the bottom
        x = left + round(mm * x_px)
        length = 16 if mm % 10 == 0 else 10 if mm % 5 == 0 else 5
        for y in range(top + sh + 3, top + sh + 3 + length):
            ink[y][x] = 1
        if mm % 10 == 0:
            text = "%d mm" % mm if mm == 60 else str(mm)
            write(text, x - label.width(str(mm)), top + sh + 22)
    for mm in range(int(h * MM_PER_PX_Y) + 1):  # up the left side
        y = top + round(mm * y_px)
        length = 16 if mm % 10 == 0 else 10 if mm % 5 == 0 else 5
        for x in range(left - 3 - length, left - 3):
            ink[y][x] = 1
        if mm % 10 == 0:
            write(str(mm), left - 24 - 2 * label.width(str(mm)), y - 22)
    rows = []
    for line in ink:
        packed = bytearray((width + 7) // 8)
        for x, bit in enumerate(line):
            if not bit:
                packed[x >> 3] |= 0x80 >> (x & 7)
        rows.append(packed)
    px_per_m = (round(x_px * 1000), round(y_px * 1000))
    return _png(width, height, rows, px_per_m)


def css_width(scale: int = 4) -> int:
    """The width in CSS pixels (96 an inch) at which true_size_png's picture is true size."""
    left_right = 96 + 12
    mm = (296 * scale + left_right) / scale * MM_PER_PX_X
    return round(mm / 25.4 * 96)


BEGIN = "<!-- type sizes: generated by python -m host.screenshots, do not edit -->"
END = "<!-- end of type sizes -->"


def sizes_block(shots: dict[str, Shot]) -> str:
    from host import typesize

    return "\n".join([BEGIN, *typesize.table(shots), END])


def write_sizes(doc: Path, shots: dict[str, Shot]) -> None:
    """Replace the table between the markers in `doc` with the one measured now."""
    text = doc.read_text()
    start, end = text.index(BEGIN), text.index(END) + len(END)
    doc.write_text(text[:start] + sizes_block(shots) + text[end:])


def main(argv: list[str]) -> int:
    if argv[:1] == ["--phones"]:  # the phone pages and the table screen (host/phone_shots.py)
        from host.phone_shots import capture as capture_phones

        out = Path(argv[1]) if len(argv) > 1 else ROOT / "docs" / "phones"
        made = capture_phones(out)
        print(f"{len(made)} pages in {out}: {', '.join(made)}")
        return 0
    out = Path(argv[0]) if argv else ROOT / "docs" / "screens"
    out.mkdir(parents=True, exist_ok=True)
    (out / "mm").mkdir(exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="confessor-screens-"))
    try:
        shots = render_all(work)
        for name, shot in shots.items():
            (out / f"{name}.png").write_bytes(pbm_to_png(shot.pbm))
            (out / f"{name}.txt").write_text(shot.text)
            (out / "mm" / f"{name}.png").write_bytes(true_size_png(shot.pbm))
        print(f"{len(shots)} screens in {out}: {', '.join(shots)}")
        if not argv:  # the docs' table of type sizes, as measured
            write_sizes(ROOT / "docs" / "device.md", shots)
            print("docs/device.md: the table of type sizes rewritten")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
