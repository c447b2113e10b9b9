"""Helpers for the phone-mode tests: the system programs they need, and reading QR codes
from pictures of the simulated e-ink as a phone's camera would."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from host.sim_client import pbm_to_png, read_pbm
from shared_rules import gamelog, games

# program -> the Debian package that brings it (.ci/run installs them with apt-get)
PROGRAMS = {
    "zbarimg": "zbar-tools",
    "chromium": "chromium",
    "chromedriver": "chromium-driver",
}


def require(program: str) -> str:
    """The program's path, or the test fails with one line saying how to get it."""
    path = shutil.which(program)
    if path is None:
        pytest.fail(
            f"{program} is missing: install it with `apt-get install {PROGRAMS[program]}` "
            "(.ci/run does)",
            pytrace=False,
        )
    return path


def zbar(image: Path) -> list[str]:
    """Every QR code zbarimg reads in a picture (PNG or PGM), as text."""
    done = subprocess.run(
        [require("zbarimg"), "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(image)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    return [line for line in done.stdout.splitlines() if line]


def pbm_png(pbm: Path, png: Path) -> Path:
    png.write_bytes(pbm_to_png(pbm.read_bytes()))
    return png


def camera_pgm(pbm: Path, out: Path, zoom: int = 4) -> Path:
    """The panel as a phone camera sees it at arm's length: enlarged, softened by a
    box blur (focus), with grey paper and dark-grey ink instead of pure white and black."""
    w, h, bits = read_pbm(pbm.read_bytes())
    row = (w + 7) // 8
    paper, ink = 200, 60
    W, H = w * zoom, h * zoom
    big = bytearray(W * H)
    for y in range(h):
        for x in range(w):
            v = ink if (bits[y * row + x // 8] >> (7 - x % 8)) & 1 else paper
            for j in range(zoom):
                start = (y * zoom + j) * W + x * zoom
                big[start : start + zoom] = bytes([v]) * zoom
    r = zoom // 2
    soft = bytearray(W * H)
    for y in range(H):
        for x in range(W):
            total = 0
            n = 0
            for dy in (-r, 0, r):
                yy = y + dy
                if 0 <= yy < H:
                    for dx in (-r, 0, r):
                        xx = x + dx
                        if 0 <= xx < W:
                            total += big[yy * W + xx]
                            n += 1
            soft[y * W + x] = total // n
    out.write_bytes(b"P5\n%d %d\n255\n" % (W, H) + bytes(soft))
    return out


class Laptop:
    """The rules core on the laptop, caught up with the device's journal (`flash`)."""

    def __init__(self, flash: Path):
        self.flash = flash
        parsed = gamelog.parse(self._log())
        self.game = games.load_described(parsed["head"])
        self.state = self.game.new_initial_state()

    def _log(self) -> bytes:
        logs = sorted((self.flash / "games").glob("*.log"))
        assert len(logs) == 1, logs
        return logs[0].read_bytes()

    def actions(self) -> list[int]:
        return gamelog.parse(self._log())["actions"]

    def catch_up(self):
        actions = self.actions()
        for action in actions[self.state.move_number() :]:
            self.state.apply(action)
        assert self.state.move_number() == len(actions)
        return self.state


# ****** a headless browser's tab (tests/conftest.py's `browser` fixture) ******
def secrets_shown(driver) -> dict:
    """The secrets a tab shows: {view key: value} from its data, each shown as text."""
    # Read in one script: the page may render the same state again at any time (a poll
    # that overlapped a send, a reconnect), which would leave element references stale.
    rows = driver.execute_script(
        "return Array.from(document.querySelectorAll('#secrets dd'), function (dd) {"
        " return [dd.getAttribute('data-key'), dd.getAttribute('data-json'), dd.innerText];"
        " });"
    )
    out = {}
    for key, data, text in rows:
        out[key] = json.loads(data)
        assert text.strip()  # a person sees something, not just the data
    return out


def expected_secrets(view: dict, public: dict) -> dict:
    return {k: v for k, v in view.items() if k != "seat" and public.get(k, object()) != v}


def page(driver, tab):
    """The tab in front (a phone picked up)."""
    driver.switch_to.window(tab)
    return driver


def wait_page(driver, tab, etag, state=None, timeout=20):
    """Until the tab shows the device's version `etag` (and `state`, if given)."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    page(driver, tab)

    def body(d):
        b = d.find_element("tag name", "body")
        return b.get_attribute("data-version"), b.get_attribute("data-state")

    try:
        WebDriverWait(driver, timeout, poll_frequency=0.05).until(
            lambda d: body(d)[0] == etag and (state is None or body(d)[1] == state)
        )
    except TimeoutException:
        seen = body(driver)
        banner = driver.find_element("id", "banner").text
        raise AssertionError(f"the page shows {seen} ({banner!r}), not {(etag, state)}") from None


# Everything a tab shows, read in one script once it shows the device's version (the
# page may render again at any time: element references would go stale between calls).
LOOK = """
var version = arguments[0], want = arguments[1], done = arguments[arguments.length - 1];
function seen(id) { var e = document.getElementById(id); return !!e && !e.hidden; }
function rows(sel) {
  return Array.from(document.querySelectorAll(sel), function (dd) {
    return [dd.getAttribute('data-key'), dd.getAttribute('data-json'), dd.textContent];
  });
}
function look() {
  var body = document.body, state = body.getAttribute('data-state');
  if (body.getAttribute('data-version') !== version || (want && state !== want)) {
    return setTimeout(look, 15);
  }
  var choosing = seen('choicebox'), reveal = document.querySelector('#choice .reveal');
  done({
    state: state,
    secrets: seen('secretbox') ? rows('#secrets dd') : [],
    table: seen('tablebox') ? rows('#table dd') : [],
    choosing: choosing,
    reveal: choosing && reveal ? reveal.innerText : null,
    buttons: choosing ? Array.from(document.querySelectorAll('#choice button'),
      function (b) { return b.innerText; }) : [],
    listed: choosing ? Array.from(document.querySelectorAll(
      '#choice select[data-field=option] option'), function (o) { return o.text; }).slice(1) : []
  });
}
look();
"""


def tab_shows(driver, tab, version: str, state=None, timeout=20) -> dict:
    """What the tab (brought to the front) shows once it has the device's `version`
    (and `state`, if given): its secrets and table as {view key: value}, whether a
    choice is open, a reveal's words, the options listed (buttons or one list)."""
    from selenium.common.exceptions import TimeoutException

    page(driver, tab)
    driver.set_script_timeout(timeout)
    try:
        shown = driver.execute_async_script(LOOK, version, state)
    except TimeoutException:
        body = driver.find_element("tag name", "body")
        seen = body.get_attribute("data-version"), body.get_attribute("data-state")
        banner = driver.find_element("id", "banner").text
        raise AssertionError(f"the page shows {seen} ({banner!r}), not {(version, state)}") from None
    for part in ("secrets", "table"):
        out = {}
        for key, data, text in shown[part]:
            out[key] = json.loads(data)
            assert text.strip(), (part, key)  # a person sees something, not just the data
        shown[part] = out
    return shown
