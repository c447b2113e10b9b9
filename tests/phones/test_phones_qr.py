"""The QR encoder the device draws join codes with (firmware/display/qr.py).

Its matrices must equal a well-kept reference library's (python-qrcode, pinned in
pyproject.toml) module for module, under CPython and on the MicroPython unix port; and
the join screens, drawn through the simulated panel as the device draws them, must be
read back by a real QR decoder (zbarimg), also from a blurred, low-contrast photo-like
version of the picture."""

import json
import random
import sys

import pytest
import qrcode
from interpreters import ROOT, run_micropython
from phone_helpers import camera_pgm, pbm_png, zbar
from qrcode.util import MODE_8BIT_BYTE, QRData

from host.manifest import source_path

sys.path.insert(0, str(ROOT / "firmware" / "display"))
import qr  # noqa: E402

LEVELS = {
    "L": qrcode.constants.ERROR_CORRECT_L,
    "M": qrcode.constants.ERROR_CORRECT_M,
    "Q": qrcode.constants.ERROR_CORRECT_Q,
    "H": qrcode.constants.ERROR_CORRECT_H,
}


def reference(data: bytes, level: str, version=None) -> tuple[int, list[str]]:
    code = qrcode.QRCode(error_correction=LEVELS[level], border=0, version=version)
    code.add_data(QRData(data, mode=MODE_8BIT_BYTE, check_data=False), optimize=0)
    code.make(fit=version is None)
    return code.version, ["".join("#" if v else "." for v in row) for row in code.modules]


def cases(count: int, seed: int, edges: bool = True) -> list[tuple[bytes, str]]:
    """Random bytes at every level (mostly short, some up to what version 10 holds),
    the lengths at the edges of versions' capacities, and join texts the device makes."""
    rnd = random.Random(seed)
    out = []
    for level in "LMQH" if edges else "":
        for version in (1, 2, 3, 4, 6, 7, 9, 10):  # both count widths, version info
            cap = qr.capacity(version, level)
            out.append((bytes(rnd.randrange(256) for _ in range(cap)), level))
            out.append((bytes(rnd.randrange(256) for _ in range(cap + 1)), level))
    for _ in range(count):
        level = rnd.choice("LMQH")
        # mostly short, as join texts are; now and then up to what version 10 holds
        top = qr.capacity(qr.MAX_VERSION, level) if rnd.random() < 0.2 else 80
        n = rnd.randint(0, top)
        out.append((bytes(rnd.randrange(256) for _ in range(n)), level))
    for _ in range(5):
        token = "".join(rnd.choice("abcdefghijklmnopqrstuvwxyz234567") for _ in range(20))
        out.append((f"http://192.168.4.1/s/{token}".encode(), "M"))
    out.append((b"WIFI:T:WPA;S:Confessor-ABCD;P:abcdefghjkmnp;;", "M"))
    out.append((b"", "M"))
    return out


def test_matrices_equal_the_reference_library():
    for data, level in cases(200, 16):
        ver, rows = reference(data, level)
        if ver > qr.MAX_VERSION:
            with pytest.raises(qr.QrError):
                qr.encode(data, level, boost=False)
            continue
        code = qr.encode(data, level, boost=False)
        assert (code.version, code.rows()) == (ver, rows), (data, level)


def test_boost_raises_the_level_within_the_same_version():
    for data, level in cases(40, 17, edges=False):
        if reference(data, level)[0] > qr.MAX_VERSION:
            continue
        plain = qr.encode(data, level, boost=False)
        boosted = qr.encode(data, level)
        assert boosted.version == plain.version
        assert "LMQH".index(boosted.level) >= "LMQH".index(level)
        if boosted.level != "H":  # the next level up would need a bigger version
            nxt = "LMQH"["LMQH".index(boosted.level) + 1]
            assert qr.capacity(plain.version, nxt) < len(data)
        assert boosted.rows() == reference(data, boosted.level, plain.version)[1]


def test_micropython_draws_the_same_matrices(tmp_path):
    chosen = cases(60, 18)[::3]
    payload = [[d.hex(), lv, bool(i % 2)] for i, (d, lv) in enumerate(chosen)]
    payload = [p for p in payload if len(bytes.fromhex(p[0])) <= qr.capacity(qr.MAX_VERSION, p[1])]
    (tmp_path / "cases.json").write_text(json.dumps(payload))
    done = run_micropython(
        [ROOT / "tests" / "phones_mp" / "qr_matrices.py", tmp_path / "cases.json"],
        extra_path=[ROOT / "firmware" / "display"],
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == len(payload)
    for (data_hex, level, boost), line in zip(payload, lines, strict=True):
        version, got_level, mask, rows = line.split(" ", 3)
        code = qr.encode(bytes.fromhex(data_hex), level, boost=boost)
        assert (int(version), got_level, int(mask)) == (code.version, code.level, code.mask)
        assert rows.split("/") == code.rows()


def test_what_does_not_fit_is_refused_with_a_clear_message():
    with pytest.raises(qr.QrError, match="do not fit"):
        qr.encode(b"x" * 400)
    with pytest.raises(qr.QrError, match="level"):
        qr.encode(b"x", "Z")
    with pytest.raises(qr.QrError, match="version"):
        qr.encode(b"x", version=11)
    with pytest.raises(qr.QrError, match="mask"):
        qr.encode(b"x", mask=8)


def join_picture(tmp_path, *args):
    sim = tmp_path / "sim"
    done = run_micropython(
        [ROOT / "tests" / "phones_mp" / "join_picture.py", *args],
        extra_path=[".frozen", *source_path()],
        timeout=120,
        cwd=tmp_path,
        env={"CONFESSOR_SIM": str(sim), "CONFESSOR_SIM_SPEED": "instant"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return sim / "screen.pbm", done.stdout


def test_a_seat_join_screen_on_the_eink_reads_as_its_url(tmp_path):
    url = "http://192.168.4.1/s/mfrggzdfmztwq2lknnwg"
    pbm, text = join_picture(tmp_path, "seat", "P3 Johanna", url)
    # 3 pixels a module with the standard's 4-module quiet zone: the panel's biggest
    assert "module 3" in text and "level M" in text
    assert "[join-seat] P3 Johanna" in text
    assert "192.168.4.1/s/mfrggz" in text  # the short URL, for typing
    assert zbar(pbm_png(pbm, tmp_path / "join.png")) == [url]
    assert zbar(camera_pgm(pbm, tmp_path / "camera.pgm", zoom=3)) == [url]


def test_the_network_join_screen_reads_as_wifi_credentials(tmp_path):
    pbm, text = join_picture(tmp_path, "wifi", "Confessor-K7QX", "ab;cd:ef\\gh")
    assert "Confessor-K7QX" in text
    assert zbar(pbm_png(pbm, tmp_path / "wifi.png")) == [
        "WIFI:T:WPA;S:Confessor-K7QX;P:ab\\;cd\\:ef\\\\gh;;"
    ]
