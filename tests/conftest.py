import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
for p in (HERE.parent, HERE, HERE / "portable"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


@pytest.fixture
def browser(tmp_path):
    """A real headless Chromium (Debian's, driven by Selenium through its chromedriver) in
    a phone-sized window, for the phone pages (docs/phones.md)."""
    from phone_helpers import require

    chromium = require("chromium")
    driver_path = require("chromedriver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=390,844",  # a phone's screen
        f"--user-data-dir={tmp_path / 'chromium'}",
    ):
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=opts)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()
