"""The layout and the writer on the MicroPython unix port (run by
tests/firmware/test_firmware_units.py): which size each part of a Screen is set in, where it
goes, what wraps, pages and scrolls, and that 10-letter seat names fit."""

import framebuf
import ui
import writer
from ui import Screen

LONG_NAMES = ("Maximilian", "Wilhelmina", "Dominikxyz", "Bernadette", "Alexandros")


class Display:
    WHITE = 1
    BLACK = 0

    def __init__(self):
        self.fb = framebuf.FrameBuffer(bytearray(296 * 16), 296, 128, framebuf.MONO_VLSB)


def draw(scr):
    return ui.Painter(Display()).draw(scr)


def roles(scr, role):
    return [t for t in scr.texts if t[5] == role]


def test_writer_draws_only_ink_in_the_font_cells():
    d = Display()
    d.fb.fill(1)
    painter = ui.Painter(d)
    scr = Screen("x")
    painter._text(scr, "I", 0, 0, "large", "primary")
    painter._text(scr, "I", 100, 0, "medium", "fact", True)  # white on white: no change
    writer.close()
    inked = [(x, y) for x in range(296) for y in range(40) if d.fb.pixel(x, y) == 0]
    assert inked and max(x for x, y in inked) < writer.width("I", "large")
    top = min(y for x, y in inked)
    assert max(y for x, y in inked) - top + 1 == 24  # the large capitals
    assert writer.width("?", "medium") == writer.width("\u00e9", "medium")  # unknown: "?"
    assert scr.texts == [
        (0, 0, "I", "large", False, "primary"),
        (100, 0, "I", "medium", True, "fact"),
    ]


def test_the_big_fact_is_large_centred_and_declared_primary():
    scr = draw(Screen("pass", "Pass to P1", big="P1", keys=("Look", "", "")))
    (x, y, text, size, inverted, role) = roles(scr, "primary")[0]
    assert (text, size, inverted) == ("P1", "large", False)
    assert abs(x + writer.width("P1", "large") / 2 - 148) <= 1


def test_ten_letter_names_fit_one_line_of_large_type():
    for name in LONG_NAMES:
        assert ui.fits(name, "large"), name
        scr = draw(Screen("pass", "Pass to " + name, big=name, facts=["Only %s may look." % name]))
        assert [t[2:4] for t in roles(scr, "primary")] == [(name, "large")]
        assert [t[2] for t in roles(scr, "fact")] == ["Only %s may look." % name]
        assert scr.hidden == 0


def test_a_long_big_fact_wraps_to_two_large_lines_then_falls_back_to_medium():
    scr = draw(Screen("result", "Result", big="Maximilian & Wilhelmina win"))
    assert [t[3] for t in roles(scr, "primary")] == ["large", "large"]
    scr = draw(Screen("x", "x", big="WWWWWWWWWW"))  # no realistic name is this wide
    assert [t[3] for t in roles(scr, "primary")] == ["medium"]
    scr = draw(Screen("menu", "New game", big="Mea Culpa keeper", items=["a", "b", "c"]))
    assert [t[3] for t in roles(scr, "primary")] == ["medium"]  # one line over a list
    assert [t[3] for t in roles(scr, "choice")] == ["medium"] * 3


def test_facts_and_details_wrap_by_pixels_in_their_size():
    text = "The third Last Judgment: the round is played out, then the game ends."
    scr = draw(Screen("judgment", "Last Judgment", facts=[text], lines=[text]))
    facts = roles(scr, "fact")
    details = roles(scr, "detail")
    assert len(facts) > 1 and len(details) > 1
    assert " ".join([t[2] for t in facts]) == text == " ".join([t[2] for t in details])
    for t in facts:
        assert t[0] + writer.width(t[2], "medium") <= 294 and t[3] == "medium"
    for t in details:
        assert t[0] + 8 * len(t[2]) <= 294 and t[3] == "small"


def test_details_that_do_not_fit_go_on_pages():
    lines = ["line %d" % n for n in range(10)]  # 6 a page under the big fact
    scr = Screen("result", "Result", big="P2 wins", lines=lines, keys=("OK", "", ""))
    draw(scr)
    assert scr.pages == 2 and scr.hidden == 0
    first = [t[2] for t in roles(scr, "detail")]
    assert roles(scr, "corner")[0][2] == "1/2"
    scr.page = 1
    draw(scr)
    second = [t[2] for t in roles(scr, "detail")]
    assert first + second == lines
    assert roles(scr, "corner")[0][2] == "2/2"
    assert [t[2] for t in roles(scr, "primary")] == ["P2 wins"]  # the big fact stays


def test_choices_are_medium_with_the_cursor_inverted_and_scrolled_into_view():
    items = ["Back to the game", "Look at my hand", "Abandon the game", "Fourth", "Fifth"]
    scr = draw(Screen("pause", "Paused", big="Paused", items=items, cursor=4))
    shown = roles(scr, "choice")
    assert all(t[3] == "medium" for t in shown)
    assert [t[2] for t in shown if t[4]] == ["Fifth"]  # inverted: the cursor
    assert shown[-1][2] == "Fifth" and len(shown) == 3
    assert shown[-1][1] + writer.height("medium") <= 116  # above the soft keys


def test_a_crowded_list_keeps_medium_choices_and_puts_its_details_on_pages_after_it():
    lines = ["detail %d" % n for n in range(6)]
    items = ["choice %d" % n for n in range(7)]
    scr = draw(Screen("turn", "P1's turn", lines=lines, items=items, keys=("A", "B", "C")))
    assert all(t[3] == "medium" for t in roles(scr, "choice")) and not roles(scr, "detail")
    assert scr.pages == 3 and scr.stops() == 9 and scr.hidden == 0  # 4 medium rows a page
    assert roles(scr, "corner")[0][2] == "1/3"
    seen = []
    for cursor in (7, 8):  # DOWN past the last item: the details, in medium type
        scr.cursor = cursor
        draw(scr)
        assert not roles(scr, "choice") and scr.page == cursor - 6
        assert all(t[3] == "medium" for t in roles(scr, "detail"))
        seen += [t[2] for t in roles(scr, "detail")]
    assert seen == lines
    # details that fit above the list stay there, in small type
    scr = draw(Screen("turn", "x", lines=lines[:1], items=items[:3]))
    assert [t[3] for t in roles(scr, "detail")] == ["small"] and scr.stops() == 3
    # an item too wide for medium type: the whole list in small type, details kept
    wide = items + ["a choice far too wide for one line of the medium type"]
    scr = draw(Screen("turn", "x", lines=lines, items=wide))
    assert all(t[3] == "small" for t in roles(scr, "choice")) and scr.pages == 1
    assert [t[2] for t in roles(scr, "detail")] == lines and scr.hidden == 0


def test_facts_that_do_not_fit_flow_onto_pages_before_the_details():
    facts = ["fact %d" % n for n in range(5)]
    scr = Screen("market", "Market", big="2 bread", facts=facts, lines=["a detail"])
    draw(scr)
    assert [t[2] for t in roles(scr, "fact")] == facts[:3] and scr.pages == 2
    scr.page = 1
    draw(scr)
    assert [t[2] for t in roles(scr, "fact")] == facts[3:]
    assert [t[2] for t in roles(scr, "detail")] == ["a detail"] and scr.hidden == 0
    assert [t[2] for t in roles(scr, "primary")] == ["2 bread"]


def test_symbols_draw_inline_in_medium_and_large_type_and_read_as_names():
    heart = writer.symbol("lust")
    assert writer.plain(heart + " 2 Lust") == "[lust] 2 Lust"
    assert writer.width(heart, "medium") == 18 and writer.width(heart, "large") == 34
    assert writer.width("2" + heart, "large") == writer.width("2", "large") + 34
    scr = draw(Screen("x", "x", big="2" + heart, items=[heart + " 1 Lust"], lines=[heart]))
    assert [t[2] for t in roles(scr, "primary")] == ["2" + heart]
    assert [t[2] for t in roles(scr, "detail")] == ["[lust]"]  # small type: the name
    assert "# 2[lust]" in scr.text() and "> [lust] 1 Lust" in scr.text()


def test_soft_keys_and_title_are_small_and_recorded():
    scr = draw(Screen("x", "Title", keys=("OK", "", "Menu"), corner="#3"))
    assert [t[2] for t in roles(scr, "key")] == ["OK", "Menu"]
    assert [(t[2], t[4]) for t in roles(scr, "title")] == [("Title", True)]
    assert [t[2] for t in roles(scr, "corner")] == ["#3"]


def test_text_description_lists_the_facts_after_the_big_one():
    scr = Screen("seal", "Shuffle seal", big="AB12CD", facts=["7: The Sins, 4 players"])
    scr.lines = ["Note this seal."]
    assert (
        scr.text() == "[seal] Shuffle seal\n# AB12CD\n7: The Sins, 4 players\nNote this seal.\n\n"
    )
