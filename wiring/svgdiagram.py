"""The reference build's wiring diagram as SVG, drawn from a pin map profile.

The Pico sits in the middle with its 40 header pins down both edges (pin 1 top left, USB at the
top). Every part is drawn level with the pin it connects to, on that pin's side, so each signal
is a short straight wire labelled with its GP number. Power comes from one VSYS rail along the
top; grounds are drawn as local ground symbols (any Pico GND pin).
"""

import pinrules

WIDTH, HEIGHT = 1640, 960
BOARD_X, BOARD_W = 500, 210
BOARD_Y, PITCH = 150, 30
RAIL_Y = 96
INK, RED, BLUE, GREY, GREEN = "#1b1b1b", "#c62828", "#1565c0", "#757575", "#2e7d32"
FONT = "font-family='DejaVu Sans, Arial, Helvetica, sans-serif'"


class Svg:
    """A tiny SVG writer: shapes append text elements to a list."""

    def __init__(self):
        self.parts = []

    def line(self, x1, y1, x2, y2, color=INK, width=2, dash=False):
        extra = " stroke-dasharray='5 4'" if dash else ""
        self.parts.append(
            "<line x1='%d' y1='%d' x2='%d' y2='%d' stroke='%s' stroke-width='%s'%s/>"
            % (x1, y1, x2, y2, color, width, extra)
        )

    def rect(self, x, y, w, h, fill="white", stroke=INK, rx=4):
        if w < 0:
            x, w = x + w, -w
        self.parts.append(
            "<rect x='%d' y='%d' width='%d' height='%d' rx='%d' fill='%s' stroke='%s' stroke-width='2'/>"
            % (x, y, w, h, rx, fill, stroke)
        )

    def dot(self, x, y, color=INK):
        self.parts.append("<circle cx='%d' cy='%d' r='4' fill='%s'/>" % (x, y, color))

    def text(self, x, y, words, size=13, anchor="start", color=INK, bold=False):
        weight = " font-weight='bold'" if bold else ""
        safe = words.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        self.parts.append(
            "<text x='%d' y='%d' %s font-size='%d' text-anchor='%s' fill='%s'%s>%s</text>"
            % (x, y, FONT, size, anchor, color, weight, safe)
        )

    def ground(self, x, y):
        """A ground symbol hanging below (x, y)."""
        self.line(x, y, x, y + 8)
        for i, half in enumerate((10, 6, 2)):
            self.line(x - half, y + 8 + 4 * i, x + half, y + 8 + 4 * i)

    def resistor(self, x1, y1, x2, y2, label, color=INK):
        """A resistor between two points on a horizontal or vertical line, body in the middle."""
        mx, my = (x1 + x2) // 2, (y1 + y2) // 2
        if y1 == y2:
            self.line(x1, y1, mx - 18, y1, color)
            self.line(mx + 18, y1, x2, y1, color)
            self.rect(mx - 18, my - 7, 36, 14, rx=1)
            self.text(mx, my - 11, label, size=12, anchor="middle")
        else:
            self.line(x1, y1, x1, my - 18, color)
            self.line(x1, my + 18, x1, y2, color)
            self.rect(mx - 7, my - 18, 14, 36, rx=1)
            self.text(mx + 12, my + 4, label, size=12)

    def capacitor(self, x, y1, y2, label):
        """A capacitor on a vertical line from y1 down to y2."""
        my = (y1 + y2) // 2
        self.line(x, y1, x, my - 4)
        self.line(x, my + 4, x, y2)
        self.line(x - 10, my - 4, x + 10, my - 4, width=3)
        self.line(x - 10, my + 4, x + 10, my + 4, width=3)
        self.text(x + 14, my + 4, label, size=12)

    def switch(self, x, y, d):
        """A push button starting at x and going 50 px in direction d, drawn on the line y."""
        a, b = x, x + 50 * d
        self.dot(a + 6 * d, y)
        self.dot(b - 6 * d, y)
        self.line(a + 6 * d, y - 4, b - 2 * d, y - 14)
        self.line((a + b) // 2, y - 9, (a + b) // 2, y - 20)
        self.line((a + b) // 2 - 8, y - 20, (a + b) // 2 + 8, y - 20)

    def svg(self):
        head = (
            "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' viewBox='0 0 %d %d'>"
            % (WIDTH, HEIGHT, WIDTH, HEIGHT)
        )
        return (
            "\n".join(
                [head, "<rect width='100%' height='100%' fill='white'/>"] + self.parts + ["</svg>"]
            )
            + "\n"
        )


def pad(gpio_or_pin, physical=False):
    """(x, y, d) of a header pin: the pad's outer edge and the outward direction (-1 left, +1 right)."""
    pin = gpio_or_pin if physical else pinrules.header_pin(gpio_or_pin)
    if pin <= 20:
        return BOARD_X, BOARD_Y + 24 + PITCH * (pin - 1), -1
    return BOARD_X + BOARD_W, BOARD_Y + 24 + PITCH * (40 - pin), 1


def wire(s, gpio, x_end, color=BLUE):
    """A labelled wire from a GPIO's pad out to x_end."""
    x, y, d = pad(gpio)
    s.line(x, y, x_end, y, color)
    s.text(x + d * 34, y - 5, "GP%d" % gpio, size=12, anchor="middle", color=color, bold=True)


def draw_board(s, used):
    """The Pico 2 W outline with every header pin numbered and named."""
    s.rect(BOARD_X, BOARD_Y, BOARD_W, PITCH * 20 + 18, fill="#e8f5e9", stroke=GREEN, rx=10)
    s.rect(BOARD_X + BOARD_W // 2 - 28, BOARD_Y - 14, 56, 24, fill="#cfd8dc", stroke=GREY, rx=3)
    s.text(BOARD_X + BOARD_W // 2, BOARD_Y - 20, "USB", size=12, anchor="middle", color=GREY)
    below = BOARD_Y + PITCH * 20 + 44
    s.text(
        BOARD_X + BOARD_W // 2, below, "Raspberry Pi Pico 2 W", size=15, anchor="middle", bold=True
    )
    s.text(
        BOARD_X + BOARD_W // 2,
        below + 18,
        "top view, USB up; pin 1 top left",
        size=11,
        anchor="middle",
        color=GREY,
    )
    for pin, name in sorted(pinrules.PICO_HEADER.items()):
        x, y, d = pad(pin, physical=True)
        color = BLUE if name in used else (INK if name.startswith("GP") else GREY)
        s.rect(x - 6, y - 6, 12, 12, fill="#ffd54f", stroke="#8d6e00", rx=2)
        inner = x - d * 14
        s.text(inner, y + 4, str(pin), size=10, anchor="end" if d > 0 else "start", color=GREY)
        s.text(
            inner - d * 20,
            y + 5,
            name,
            size=12,
            anchor="end" if d > 0 else "start",
            color=color,
            bold=name in used,
        )


def draw_display(s, display):
    """The e-paper module as one block per board side, a terminal level with each pin."""
    signals = [
        ("CLK (SCK)", display["sck"]),
        ("DIN (MOSI)", display["mosi"]),
        ("CS", display["cs"]),
    ]
    signals += [("DC", display["dc"]), ("RST", display["rst"]), ("BUSY", display["busy"])]
    for side in (-1, 1):
        mine = [(label, g) for label, g in signals if pad(g)[2] == side]
        if not mine:
            continue
        ys = [pad(g)[1] for _, g in mine]
        x0 = pad(mine[0][1])[0] + side * 120
        top, bottom = min(ys) - 64, max(ys) + 22
        s.rect(x0, top, side * 360, bottom - top, fill="#f5f5f5")
        far = x0 + side * 350
        inward = "start" if side < 0 else "end"
        anchor = "end" if side < 0 else "start"
        s.text(far, top + 22, display.get("module", "e-paper"), size=14, anchor=inward, bold=True)
        s.text(
            far,
            top + 40,
            "%s, %dx%d, SPI%d"
            % (display["driver"].upper(), display["height"], display["width"], display["spi"]),
            size=12,
            anchor=inward,
        )
        for label, g in mine:
            _, y, _ = pad(g)
            wire(s, g, x0)
            s.dot(x0, y)
            s.text(x0 + side * 10, y + 5, label, size=12, anchor=anchor)
        for i, note in enumerate(
            (
                "MISO is not connected. Power (VSYS, GND)",
                "also comes through the header: the module's",
                "socket makes these connections.",
            )
        ):
            s.text(far, top + 66 + 16 * i, note, size=11, anchor=inward, color=GREY)


def draw_buttons(s, buttons):
    """Each button from its pin to ground (pull-ups are inside the RP2350)."""
    for name in pinrules.BUTTON_NAMES:
        g = buttons[name]
        x, y, d = pad(g)
        start = x + d * 120
        wire(s, g, start)
        s.switch(start, y, d)
        s.text(start - d * 4, y - 6, name, size=13, anchor="end" if d > 0 else "start", bold=True)
        s.line(start + 50 * d, y, start + 80 * d, y)
        s.ground(start + 80 * d, y)


def draw_rail(s, vsys_x):
    """The VSYS rail: from header pin 39 up and along the top of the drawing."""
    x, y, d = pad(39, physical=True)
    s.line(x, y, vsys_x, y, RED, 3)
    s.line(vsys_x, y, vsys_x, RAIL_Y, RED, 3)
    s.line(vsys_x, RAIL_Y, WIDTH - 40, RAIL_Y, RED, 3)
    s.text(
        vsys_x + 10,
        RAIL_Y - 10,
        "VSYS rail (pin 39): ~4.7 V on USB, ~4.8 V from a 5 V boost on battery. Feeds the LEDs, the 74AHCT125 and the divider.",
        size=12,
        color=RED,
        bold=True,
    )
    gx, gy, gd = pad(38, physical=True)
    s.line(gx, gy, gx + gd * 40, gy)
    s.ground(gx + gd * 40, gy)


def draw_battery(s, battery):
    """VSYS/2 divider into the ADC pin, with a filter capacitor."""
    g = battery["adc_pin"]
    x, y, d = pad(g)
    node = x + d * 90
    wire(s, g, node, GREEN)
    s.dot(node, y, GREEN)
    s.resistor(node, RAIL_Y, node, y, "100k", RED)
    s.dot(node, RAIL_Y, RED)
    s.resistor(node, y, node, y + 36, "100k")
    s.ground(node, y + 36)
    cap_x = node + d * 70
    s.line(node, y, cap_x, y, GREEN)
    s.capacitor(cap_x, y, y + 36, "100n")
    s.ground(cap_x, y + 36)
    s.text(
        cap_x + d * 50,
        y + 5,
        "battery sense: VSYS/%d" % battery["divider"],
        size=12,
        anchor="start" if d > 0 else "end",
        color=GREEN,
        bold=True,
    )


def draw_leds(s, leds):
    """GP -> 74AHCT125 -> 330 ohm -> WS2812B chain (seats, then status), 1000 uF across the rail."""
    g = leds["pin"]
    x, y, d = pad(g)
    chip = x + d * 290
    wire(s, g, chip)
    top, width = y - 34, 110
    s.rect(chip, top, d * width, 92, fill="#fff8e1")
    mid = chip + d * width // 2
    s.text(mid, top + 20, "74AHCT125", size=13, anchor="middle", bold=True)
    s.text(mid, top + 58, "level shifter", size=11, anchor="middle", color=GREY)
    s.text(chip + d * 6, y + 4, "1A", size=11, anchor="start" if d > 0 else "end")
    s.text(chip + d * (width - 6), y + 4, "1Y", size=11, anchor="end" if d > 0 else "start")
    vcc = chip + d * (width - 22)
    s.line(vcc, top, vcc, RAIL_Y, RED)
    s.dot(vcc, RAIL_Y, RED)
    s.text(vcc - d * 4, top - 4, "VCC (14)", size=10, color=RED, anchor="end" if d > 0 else "start")
    for dx, label in ((22, "GND (7)"), (width - 22, "1OE (1)")):
        px = chip + d * dx
        s.line(px, top + 92, px, top + 104)
        s.ground(px, top + 104)
        s.text(px, top + 86, label, size=10, anchor="middle")
    out = chip + d * width
    first = out + d * 120
    s.resistor(out, y, first, y, "330")
    cap_x = out + d * 100
    s.capacitor(cap_x, RAIL_Y, y - 44, "1000u")
    s.dot(cap_x, RAIL_Y, RED)
    s.ground(cap_x, y - 44)
    names = ["Seat %d" % (i + 1) for i in range(leds["seats"])] + ["Status"]
    for i, name in enumerate(names):
        bx = first + d * 64 * i
        s.rect(bx, y - 24, d * 52, 48, fill="#fce4ec")
        cx = bx + d * 26
        s.text(cx, y + 5, name, size=10, anchor="middle", bold=True)
        s.line(cx, y - 24, cx, RAIL_Y, RED)
        s.dot(cx, RAIL_Y, RED)
        s.line(cx, y + 24, cx, y + 34)
        s.ground(cx, y + 34)
        if i + 1 < len(names):
            s.line(bx + d * 52, y, bx + d * 64, y)
    notes = (
        ("WS2812B chain, %d LEDs: DOUT of each to DIN of the next." % leds["count"], INK),
        ("Firmware caps brightness at %d/255 per channel." % leds["max_brightness"], INK),
        ("74AHCT125: unused 2A/3A/4A to GND, 2OE/3OE/4OE to VCC,", GREY),
        ("100 nF from its VCC to GND. 330 ohm sits next to LED 1.", GREY),
    )
    for i, (words, color) in enumerate(notes):
        s.text(
            chip, y + 96 + 17 * i, words, size=12, anchor="start" if d > 0 else "end", color=color
        )


def draw_notes(s, profile):
    lines = [
        "Confessor reference build - %s. Generated from wiring/pinmap.json; do not edit."
        % profile["title"],
        "Buttons switch to GND (internal pull-ups, active low: RP2350-E9). Grounds: any Pico GND pin (3, 8, 13, 18, 23, 28, 38; AGND 33 for the divider).",
        "Never wire GP23, GP24, GP25 or GP29: the radio uses them. Full pin table: wiring/pinmap.md. Parts: wiring/parts.md.",
    ]
    for i, words in enumerate(lines):
        s.text(40, HEIGHT - 64 + 20 * i, words, size=13 if i else 15, bold=not i)


def render(profile, pinmap):
    """SVG text of the wiring diagram for a Pico 2 W profile."""
    s = Svg()
    used = {"GP%d" % g for g, _ in pinrules.assigned_pins(profile) if not _.startswith("UART")}
    used |= {"VSYS", "GND"}
    draw_rail(s, BOARD_X + BOARD_W + 30)
    draw_board(s, used)
    draw_display(s, profile["display"])
    draw_buttons(s, profile["buttons"])
    if profile["battery"] is not None:
        draw_battery(s, profile["battery"])
    draw_leds(s, profile["leds"])
    draw_notes(s, profile)
    return s.svg()
