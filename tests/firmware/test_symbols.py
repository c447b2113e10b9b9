"""The device's drawn symbols: firmware/display/writer.py finds symbol k at the font's record 95 + k,
by its place in SYMBOLS, and host/symbols.py appends the records in the order of ART; the two
lists must name the same symbols in the same order, or a screen draws wine for bread."""

import ast

from interpreters import ROOT

from host import symbols


def writer_symbols(source: str) -> list[str]:
    """The names in writer.py's SYMBOLS string, in order."""
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and [t.id for t in node.targets] == ["SYMBOLS"]:
            return ast.literal_eval(node.value).split()
    raise AssertionError("no SYMBOLS in writer.py")


def test_writer_and_the_fonts_agree_on_the_symbols():
    assert writer_symbols((ROOT / "firmware" / "display" / "writer.py").read_text()) == list(
        symbols.ART
    )


def test_a_swapped_pair_is_seen():
    source = (
        (ROOT / "firmware" / "display" / "writer.py")
        .read_text()
        .replace(" bread wine ", " wine bread ")
    )
    assert writer_symbols(source) != list(symbols.ART)
