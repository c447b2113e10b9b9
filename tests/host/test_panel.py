"""The terminal panel's drawing: the e-ink picture in braille, the LEDs."""

from host.panel import braille, led_line


def _image(width, height, black):
    row = (width + 7) // 8
    bits = bytearray(row * height)
    for x, y in black:
        bits[y * row + x // 8] |= 0x80 >> (x % 8)
    return bytes(bits)


def test_braille_maps_every_dot():
    # one cell (2x4): each pixel alone lights exactly its braille dot
    dots = {(0, 0): 1, (0, 1): 2, (0, 2): 4, (1, 0): 8, (1, 1): 16, (1, 2): 32, (0, 3): 64,
            (1, 3): 128}  # fmt: skip
    for (x, y), bit in dots.items():
        assert braille(2, 4, _image(2, 4, [(x, y)])) == [chr(0x2800 + bit)]
    full = [(x, y) for x in range(2) for y in range(4)]
    assert braille(2, 4, _image(2, 4, full)) == [chr(0x28FF)]


def test_braille_size_and_half_scale():
    lines = braille(296, 128, _image(296, 128, [(295, 127)]))
    assert len(lines) == 32 and all(len(line) == 148 for line in lines)
    assert lines[-1][-1] == chr(0x2800 + 128) and lines[0][0] == chr(0x2800)
    half = braille(296, 128, _image(296, 128, [(295, 127)]), scale=2)
    assert len(half) == 16 and len(half[0]) == 74
    assert half[-1][-1] != chr(0x2800)  # a lone pixel survives the halving


def test_leds_show_colour_and_off():
    text = led_line({"rgb": [[0, 0, 0], [255, 0, 0], [0, 8, 0]]})
    assert text.count("○") == 1 and text.count("●") == 2
    assert "38;2;255;0;0m" in text and "38;2;0;255;0m" in text  # dim LEDs brightened
    assert led_line({}) == "(no LEDs)"
