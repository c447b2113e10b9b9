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
        self.news: list = []  # [move, announcements] of every action that made any

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
            said = self.state.announcements()
            if said:  # what the rules announced, as the device's provider keeps it
                self.news.append(json.loads(json.dumps([self.state.move_number(), said])))
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
  var seats = document.getElementById('seats'), per = seen('tablebox') && !seats.hidden ?
    JSON.parse(seats.getAttribute('data-json')) : {}, table = seen('tablebox') ? rows('#table dd') : [];
  for (var k in per) table.push([k, JSON.stringify(per[k]), seats.innerText]);
  done({
    state: state,
    secrets: seen('secretbox') ? rows('#secrets dd') : [],
    table: table,
    choosing: choosing,
    reveal: choosing && reveal ? reveal.innerText : null,
    buttons: choosing ? Array.from(document.querySelectorAll('#choice button[data-index]'),
      function (b) { return [+b.getAttribute('data-index'), b.getAttribute('aria-label') || b.innerText]; })
      .sort(function (a, b) { return a[0] - b[0]; }).map(function (b) { return b[1]; }) : [],
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
        raise AssertionError(
            f"the page shows {seen} ({banner!r}), not {(version, state)}"
        ) from None
    for part in ("secrets", "table"):
        out = {}
        for key, data, text in shown[part]:
            out[key] = json.loads(data)
            assert text.strip(), (part, key)  # a person sees something, not just the data
        shown[part] = out
    return shown


# ****** the game-shaped page (firmware/phones/phone_page.html) ******
# What a tab shows of the table: every public fact, from the seats' boxes (the lists kept
# per seat) and the list below them, each element carrying the view's data it shows.
TABLE_SHOWN = """
var box = document.getElementById('tablebox');
if (!box || box.hidden) return null;
var out = {}, seats = document.getElementById('seats');
if (!seats.hidden) {
  var per = JSON.parse(seats.getAttribute('data-json'));
  for (var k in per) out[k] = [per[k], seats.innerText];
}
document.querySelectorAll('#table dd').forEach(function (dd) {
  out[dd.getAttribute('data-key')] = [JSON.parse(dd.getAttribute('data-json')), dd.textContent];
});
return out;
"""


def table_shown(driver) -> dict | None:
    """The public facts the front tab shows: {view key: value}, each seen as text."""
    rows = driver.execute_script(TABLE_SHOWN)
    if rows is None:
        return None
    for key, (_, text) in rows.items():
        assert text.strip(), key
    return {k: v for k, (v, _) in rows.items()}


def choose_on_page(
    driver, choice: dict, index: int, expect: str | None = None, before_send=None
) -> dict:
    """The choice's option `index` made with the page's own controls, as a person would:
    a bid's steppers, a card tapped (New Rule's set: each of its cards), a button, or the
    one list; then Send. Returns the action the page sends."""
    from selenium.webdriver.support.ui import Select

    grid = choice.get("grid")
    if grid is not None:
        from host.phone_sim import choice_actions

        action = choice_actions(choice)[index]
        for field, values in grid["fields"]:
            row = driver.find_element("css selector", f"#choice .stepper[data-field={field}]")
            down, up = row.find_elements("tag name", "button")
            out = row.find_element("tag name", "output")
            for _ in range(len(values) + 1):
                at = values.index(json.loads(out.get_attribute("data-json")))
                want = values.index(action[field])
                if at == want:
                    break
                (up if want > at else down).click()
            assert json.loads(out.get_attribute("data-json")) == action[field]
    else:
        action = choice["options"][index]["action"]
        if isinstance(action.get("cards"), list):
            for card in action["cards"]:
                driver.find_element("css selector", f'#choice button[data-card="{card}"]').click()
        else:
            found = driver.find_elements("css selector", f'#choice button[data-index="{index}"]')
            if found:
                found[0].click()
            else:
                sel = driver.find_element("css selector", "#choice select[data-field=option]")
                Select(sel).select_by_value(str(index))
    send = driver.find_element("id", "send")
    assert send.is_enabled(), send.text
    if expect is not None:  # what Send says: the option's words
        assert expect in send.text, (send.text, expect)
    if before_send is not None:  # a picture of the choice made, say
        before_send(driver)
    send.click()
    return action


# A page read as a person at the table would meet it: type size, targets, contrast, names
# a screen reader reads, and nothing fetched but from the device.
AT_A_TABLE = """
function rgb(s) { var m = s.match(/[\\d.]+/g); return m ? m.map(Number) : [0, 0, 0, 0]; }
function lum(c) {
  var a = c.slice(0, 3).map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * a[0] + 0.7152 * a[1] + 0.0722 * a[2];
}
function back(e) {
  for (; e; e = e.parentElement) {
    var c = rgb(getComputedStyle(e).backgroundColor);
    if (c.length < 4 || c[3] > 0) return c;
  }
  return [255, 255, 255, 1];
}
function seen(e) { var r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; }
var out = {small: [], tiny: [], faint: [], unnamed: [], wide: 0, foreign: [], texts: 0};
var all = document.querySelectorAll('body *');
for (var i = 0; i < all.length; i++) {
  var e = all[i], cs = getComputedStyle(e);
  if (!seen(e) || /^(SCRIPT|STYLE|svg|path)$/.test(e.tagName)) continue;
  var own = Array.prototype.some.call(e.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });
  if (own) {
    out.texts++;
    var px = parseFloat(cs.fontSize), bold = parseInt(cs.fontWeight, 10) >= 700;
    if (px < 16) out.small.push([e.tagName, e.id, px]);
    var a = lum(rgb(cs.color)), b = lum(back(e)), ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    var need = px >= 24 || (bold && px >= 18.66) ? 3 : 4.5;
    if (ratio < need) out.faint.push([e.tagName, e.id, e.textContent.slice(0, 30), Math.round(ratio * 100) / 100]);
  }
  if (/^(BUTTON|SELECT|INPUT|A)$/.test(e.tagName)) {
    var r = e.getBoundingClientRect();
    if (r.width < 48 || r.height < 48) out.tiny.push([e.tagName, e.textContent.slice(0, 20), r.width, r.height]);
    var name = (e.getAttribute('aria-label') || e.innerText || '').trim();
    if (!name && e.tagName === 'SELECT') name = (e.labels && e.labels.length ? e.labels[0].innerText : '').trim();
    if (!name) out.unnamed.push([e.tagName, e.outerHTML.slice(0, 60)]);
  }
  if (e.tagName === 'OUTPUT' && !(e.getAttribute('aria-label') || '').trim()) out.unnamed.push(['OUTPUT', '']);
}
out.wide = document.documentElement.scrollWidth - document.documentElement.clientWidth;
performance.getEntriesByType('resource').forEach(function (r) {
  if (new URL(r.name).origin !== location.origin) out.foreign.push(r.name);
});
return out;
"""


def check_at_a_table(driver) -> dict:
    """The front tab's page fails here if its body text is under 16 px, a control under
    48 px, a text below WCAG AA contrast (4.5:1, 3:1 for large type), a control without a
    name a screen reader reads, wider than the window, or it fetched from elsewhere."""
    found = driver.execute_script(AT_A_TABLE)
    assert found["texts"] > 3, found  # there was a page to look at
    for key in ("small", "tiny", "faint", "unnamed", "foreign"):
        assert found[key] == [], (key, found[key])
    assert found["wide"] <= 0, found["wide"]  # nothing sideways at a phone's width
    return found
