"""Screenshots of the phone pages and the table screen for docs/phones/, from a real
headless Chromium on the stand-in device (firmware/sim/phone_host.py, the 32-bit build):

    .venv/bin/python -m host.screenshots --phones [OUT_DIR]     (default docs/phones)

For each game at its largest player count: a seat's page at a decision it makes on its
phone (7: The Sins: a seat holding its opening card, its play being public), at 360x740
(a small phone) and 1024x768, and the table screen at both sizes. Each picture is the
whole page (the window made as tall as the page), so every part of it can be read."""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from host.phone_sim import PhoneHost

# game, players, table moves before the picture when no seat decides in secret first
GAMES = (
    ("mea-culpa-keeper", 4, 200),
    ("seven-sins", 5, 12),
    ("siete-pecados", 6, 200),
    ("new-rule", 4, 200),
)
SIZES = ((360, 740), (1024, 768))
HEAP = "240K"  # an RP2040's heap (host.sim_client.RP2040_HEAP)


def _browser(work: Path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = shutil.which("chromium") or "chromium"
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        f"--user-data-dir={work / 'chromium'}",
    ):
        opts.add_argument(flag)
    return webdriver.Chrome(
        service=Service(shutil.which("chromedriver") or "chromedriver"), options=opts
    )


def _shot(driver, url: str, version: str, size: tuple[int, int], path: Path) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    driver.set_window_size(*size)
    driver.get(url)
    WebDriverWait(driver, 20, poll_frequency=0.05).until(
        lambda d: d.find_element("tag name", "body").get_attribute("data-version") == version
    )
    time.sleep(0.3)  # the names of the codes: fetched once, then drawn again
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(size[0], max(size[1], height + 90))  # the chrome's own height
    driver.save_screenshot(str(path))


def capture(out: Path) -> list[str]:
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="confessor-phones-"))
    made = []
    driver = _browser(work)
    try:
        for game, players, moves in GAMES:
            with PhoneHost.start(
                work / game, game=game, players=players, step=True, heap=HEAP, build="unix32"
            ) as host:
                st = host.status()
                while not st["pending"] and not st["over"] and st["move"] < moves:
                    host.command("step", 1)
                    st = host.wait_for(
                        lambda s, m=st["move"]: s["move"] > m or s["pending"], "a move"
                    )
                seat = st["pending"][0] if st["pending"] else 0
                table = f"http://127.0.0.1:{host.port}/table"
                for w, h in SIZES:
                    for name, url in (
                        (f"{game}-seat", host.urls()[seat]),
                        (f"{game}-table", table),
                    ):
                        file = f"{name}-{w}.png"
                        _shot(driver, url, st["etag"], (w, h), out / file)
                        made.append(file)
    finally:
        driver.quit()
        shutil.rmtree(work, ignore_errors=True)
    return made
