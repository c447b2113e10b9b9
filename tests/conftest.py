import sys
from pathlib import Path

import pytest

# Tests live by layer (rules/, firmware/, device/, phones/, host/; portable/ runs under both
# interpreters). Whatever its folder, a test imports the repository's packages, the shared
# helpers (helpers/: interpreters, linkkit, device_helpers, ...), the portable kits
# (portable/: simcheck, hidden_pair, ...) and the phone helpers by their plain names.
HERE = Path(__file__).resolve().parent
for p in (HERE.parent, HERE, HERE / "phones", HERE / "helpers", HERE / "portable"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


# Every test in these folders boots firmware, a browser or a subprocess tree: slow by folder.
SLOW_FOLDERS = ("device", "phones")


def pytest_collection_modifyitems(config, items):
    for item in items:
        rel = Path(str(item.path)).resolve().relative_to(HERE)
        # (a phone or device test still added at the top level is slow by its name)
        if rel.parts[0] in SLOW_FOLDERS or rel.name.startswith(("test_device_", "test_phones_")):
            item.add_marker("slow")


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
