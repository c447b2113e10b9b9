"""Our display drivers' bytes against the sequences the parts' makers publish
(tests/fixtures/reference_traces.json: Waveshare for the Pico-ePaper-2.9's SSD1680,
Pimoroni for the Badger 2040 W's UC8151). Every place we send something else is listed
there with its reason; anything else differing fails. The makers' own sequences, replayed
into the controller models, must show the picture upright too: the models follow the
makers, not our drivers."""

import json

import rig
from rig import H, W, draw_card, landscape_bands, pimoroni_1bit_y, run

with open("tests/fixtures/reference_traces.json") as f:
    TRACES = json.load(f)

FRAMES = {"landscape-bands": landscape_bands, "pimoroni-1bit-y": pimoroni_1bit_y}


def expected(part, name, buf):
    """The reference's steps with our listed differences applied, as (name, data)."""
    ref = TRACES[part][name]
    steps = list(ref["steps"])
    for change in ref["ours"]:
        if "replace" in change:
            steps[steps.index(change["replace"])] = change["with"]
        elif "drop" in change:
            steps.remove(change["drop"])
        elif "insert_after" in change:
            steps.insert(steps.index(change["insert_after"]) + 1, change["step"])
        else:
            raise ValueError("unknown change %r" % (change,))
    frame = FRAMES[TRACES[part]["frame"].split(":")[0]]
    out = []
    for step in steps:
        parts = step.split(" ")
        if parts[0] == "rst":
            out.append(("rst", int(parts[1])))
        elif len(parts) == 1:
            out.append((parts[0], b""))
        elif parts[1] == "frame":
            out.append((parts[0], frame(buf)))
        else:
            out.append((parts[0], bytes.fromhex(parts[1])))
    return out


def compare(got, want):
    """The first difference, readably, or None."""
    for i in range(max(len(got), len(want))):
        g = got[i] if i < len(got) else None
        w = want[i] if i < len(want) else None
        if g != w:
            if g is not None and w is not None and g[0] == w[0] and isinstance(g[1], bytes):
                at = 0
                while at < min(len(g[1]), len(w[1])) and g[1][at] == w[1][at]:
                    at += 1
                return "step %d (%s): data differs at byte %d of %d/%d" % (
                    i,
                    g[0],
                    at,
                    len(g[1]),
                    len(w[1]),
                )
            return "step %d: sent %r, reference %r" % (i, g and g[0], w and w[0])
    return None


def ssd1680():
    b, model, rec = rig.board("reference")
    d = b.display
    draw_card(d.fb, d.WHITE, d.BLACK)
    return d, model, rec


def test_ssd1680_init_matches_waveshare():
    d, model, rec = ssd1680()
    run(d.init())
    diff = compare(rec.steps(), expected("ssd1680", "init", d.buf))
    assert diff is None, diff


def test_ssd1680_full_refresh_matches_waveshare():
    d, model, rec = ssd1680()
    assert run(d.show(full=True)) == "full"
    diff = compare(rec.steps(), expected("ssd1680", "full", d.buf))
    assert diff is None, diff
    assert not model.errors


def test_ssd1680_partial_refresh_matches_waveshare():
    d, model, rec = ssd1680()
    run(d.show(full=True))
    d.fb.fill_rect(100, 40, 60, 20, d.BLACK)
    rec.clear()
    assert run(d.show(full=False)) == "partial"
    diff = compare(rec.steps(), expected("ssd1680", "partial", d.buf))
    assert diff is None, diff
    assert not model.errors and bytes(model.landscape()) == bytes(d.buf)


def test_ssd1680_fast_refresh_matches_waveshare():
    d, model, rec = ssd1680()
    d.clean_every = 1
    run(d.show(full=True))
    run(d.show(full=False))
    d.fb.text("fast", 200, 100, d.BLACK)
    rec.clear()
    assert run(d.show(full=False)) == "fast"
    diff = compare(rec.steps(), expected("ssd1680", "fast", d.buf))
    assert diff is None, diff
    assert model.refreshes[-1] == "fast" and model.flashing() and not model.errors


def test_ssd1680_sleep_matches_waveshare():
    d, model, rec = ssd1680()
    run(d.show(full=True))
    rec.clear()
    run(d.sleep())
    assert compare(rec.steps(), expected("ssd1680", "sleep", d.buf)) is None


def test_uc8151_init_and_refresh_match_pimoroni():
    b, model, rec = rig.board("badger2040w")
    d = b.display
    draw_card(d.fb, d.WHITE, d.BLACK)
    run(d.init())
    diff = compare(rec.steps(), expected("uc8151", "init", d.buf))
    assert diff is None, diff
    rec.clear()
    run(d.show())
    diff = compare(rec.steps(), expected("uc8151", "full", d.buf))
    assert diff is None, diff
    assert not model.errors


def replay(model, steps):
    """Feed a reference's steps to a controller model, as a bus would, waiting for BUSY
    before each as the makers' ReadBusy/busy_wait do."""
    for name, data in steps:
        while model.busy():
            pass
        if name == "rst":
            model.rst_changed(data)
            continue
        model.feed(0, bytes((int(name, 16),)))
        if data:
            model.feed(1, data)


def test_the_makers_own_sequences_show_the_picture_upright_on_the_models():
    import framebuf
    from sim.ssd1680_model import SSD1680Model
    from sim.uc8151_model import UC8151Model

    buf = bytearray(W * H // 8)
    fb = framebuf.FrameBuffer(buf, W, H, framebuf.MONO_VLSB)
    draw_card(fb, 1, 0)
    ssd = SSD1680Model()
    replay(ssd, expected("ssd1680", "full", buf))
    uc = UC8151Model()
    replay(uc, expected("uc8151", "init", buf) + expected("uc8151", "full", buf))
    for model in (ssd, uc):
        assert not model.errors, model.errors
        assert bytes(model.landscape()) == bytes(buf)
