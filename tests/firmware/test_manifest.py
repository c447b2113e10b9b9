"""The device manifest (firmware/manifest.py) is what goes on the board: every import
of a listed module is satisfied by the list or by MicroPython itself, host-only
modules stay off it, each game offered on the device brings its entry, engine and
presenter, and the firmware boots and plays from the manifest's files alone,
installed as .mpy the way `confessor flash` installs them."""

import ast

import pytest
from device_helpers import check_picture, start_device, start_game
from interpreters import ROOT

from host.manifest import Manifest
from host.sim_play import KEEPER_TITLE, keeper_step, step
from shared_rules import games

MANIFEST = Manifest()
# What MicroPython itself provides on the rp2 and the unix port.
BUILTINS = {
    "array",
    "asyncio",
    "binascii",
    "builtins",  # lifetime.collect_before_imports wraps its __import__
    "errno",
    "framebuf",
    "gc",
    "hashlib",
    "io",
    "json",
    "machine",
    "micropython",
    "neopixel",
    "network",  # the Pico W / 2 W build (phone_mode.py; sim/wlan.py on the unix port)
    "os",
    "re",
    "rp2",
    "select",
    "struct",
    "sys",
    "time",
}
HOST_ONLY = (
    "shared_rules/laptop/driver.py",
    "shared_rules/laptop/playthrough.py",
    "shared_rules/new_rule/laptop.py",
    "shared_rules/siete_pecados/laptop.py",
    "shared_rules/mea_culpa/keeper_laptop.py",
)
# Imports the vendored microdot makes only on CPython: the fallback when
# sys.print_exception is missing, and the awrite/aclose shim CPython's streams need.
CPYTHON_ONLY = {("microdot.py", "traceback"), ("microdot.py", "types")}
# firmware/ files that stay off the board on purpose (the rest must be declared); port/ is
# the MicroPython source the images are built from.
NOT_FOR_THE_BOARD = {"manifest.py", "pyrightconfig.json", "display/fonts/README.md"}
NOT_FOR_THE_BOARD_FOLDERS = ("port/",)


def _catches_import_error(kind) -> bool:
    """`except ImportError` or `except (ImportError, ...)`."""
    names = kind.elts if isinstance(kind, ast.Tuple) else [kind]
    return any(isinstance(n, ast.Name) and n.id == "ImportError" for n in names)


def imports(path):
    """(module, line, top level?, optional?) of every import in a file; optional:
    inside a try that catches ImportError."""
    tree = ast.parse(path.read_text())
    out = []

    def visit(node, top, optional):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import):
                for alias in child.names:
                    out.append((alias.name, child.lineno, top, optional))
            elif isinstance(child, ast.ImportFrom) and child.module:
                out.append((child.module, child.lineno, top, optional))
            elif isinstance(child, ast.Try):
                catches = any(_catches_import_error(h.type) for h in child.handlers)
                for part in child.body:
                    visit_one(part, top, optional or catches)
                for part in child.handlers + child.orelse + child.finalbody:
                    visit(part, top, optional)
            elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                visit(child, False, optional)
            else:
                visit(child, top, optional)

    def visit_one(stmt, top, optional):
        wrapper = ast.Module(body=[stmt], type_ignores=[])
        visit(wrapper, top, optional)

    visit(tree, True, False)
    return out


def missing_imports(manifest, virtual):
    """'device:line: import x' for every import a listed module cannot satisfy."""
    files = manifest.files(virtual)
    installed = manifest.modules(virtual)
    simulator = manifest.modules(True) - manifest.modules(False)
    missing = []
    for device, entry in sorted(files.items()):
        if not device.endswith(".py"):
            continue
        for module, line, top, optional in imports(entry.local):
            found = module in installed or module.split(".")[0] in BUILTINS
            if not virtual and module.split(".")[0] in {m.split(".")[0] for m in simulator}:
                # the simulator only exists on the unix port: never at module level (main.py
                # builds the virtual board there, inside a function a board never calls)
                found = not top
            if (device, module) in CPYTHON_ONLY:
                found = True
            if not found and not optional:
                missing.append(f"{device}:{line}: import {module}")
    return missing


@pytest.mark.parametrize("virtual", [False, True], ids=["board", "virtual board"])
def test_every_import_is_on_the_board_or_in_micropython(virtual):
    assert missing_imports(MANIFEST, virtual) == []


def test_the_import_check_finds_a_missing_module(tmp_path):
    """The keeper without its shared codes, and the simulator imported at module
    level by a file a real board gets: both reported."""
    text = (ROOT / "firmware" / "manifest.py").read_text()
    text = text.replace('"mea_culpa/codes.py",', "")
    text = text.replace('base_path="..",', "base_path=%r," % str(ROOT))
    (tmp_path / "manifest.py").write_text(text)
    for path in (ROOT / "firmware").rglob("*"):
        rel = path.relative_to(ROOT / "firmware")
        if path.is_file() and rel.parts[0] not in ("sim", "manifest.py", "__pycache__"):
            (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / rel).write_bytes(path.read_bytes())
    (tmp_path / "sim").mkdir()
    (tmp_path / "sim" / "__init__.py").write_text("X = 1\n")
    (tmp_path / "display" / "ui.py").write_text(
        "import sim\n" + (ROOT / "firmware" / "display" / "ui.py").read_text()
    )
    found = missing_imports(Manifest(tmp_path / "manifest.py"), virtual=False)
    assert any(f.startswith("shared_rules/mea_culpa/keeper.py:") for f in found), found
    assert "ui.py:1: import sim" in found, found


def test_host_only_modules_stay_off_the_board():
    files = MANIFEST.files(virtual=True)
    for path in HOST_ONLY:
        assert path not in files
    for name in games.catalogue():
        if not games.entry_module_name(name):
            continue  # a test game
        entry = games.entry(name)
        engine = entry.ENGINE[0].replace(".", "/") + ".py"
        for _bot, module, _cls in entry.BOTS:
            assert module.replace(".", "/") + ".py" not in files, module
        if entry.ON_DEVICE:
            assert engine in files and entry.__name__.replace(".", "/") + ".py" in files
            if entry.PRESENTER:
                assert entry.PRESENTER[0] + ".py" in files
        else:
            assert engine not in files, f"{name} is laptop-only but {engine} is flashed"


def test_every_firmware_file_is_declared():
    """A file added to firmware/ (a module, a font, a page) is on the board or knowingly
    not: no silent gaps."""
    declared = {e.local.resolve() for e in MANIFEST.entries}
    declared |= {p.resolve() for p in MANIFEST.read(probe=True).values()}  # the emulator's
    for path in sorted((ROOT / "firmware").rglob("*")):
        rel = path.relative_to(ROOT / "firmware").as_posix()
        if not path.is_file() or "__pycache__" in path.parts or rel in NOT_FOR_THE_BOARD:
            continue
        if rel.startswith(NOT_FOR_THE_BOARD_FOLDERS):
            continue
        assert path.resolve() in declared, f"firmware/{rel}"
    for rel in NOT_FOR_THE_BOARD:
        assert (ROOT / "firmware" / rel).is_file(), rel  # the list names real files


def test_the_fonts_and_licences_go_with_the_code():
    """writer.py reads the fonts from flash; the typeface's and microdot's licences travel
    with them; the phone page is served from flash."""
    real = MANIFEST.files(virtual=False)
    for rel in ("fonts/large.bin", "fonts/medium.bin", "fonts/OFL.txt"):
        assert rel in real, rel
    for rel in ("microdot-LICENSE.txt", "phone_page.html"):
        assert rel in real, rel
    assert "fonts/README.md" not in real


def test_a_real_board_gets_no_simulator():
    real = MANIFEST.files(virtual=False)
    assert not [d for d in real if d.startswith("sim/")]
    for device, entry in real.items():
        assert b"CONFESSOR_SIM_SEED" not in entry.local.read_bytes(), device


def test_the_firmware_boots_and_plays_from_the_manifest_alone(tmp_path):
    dev = start_device(tmp_path, mpy=True)
    try:
        flash = tmp_path / "flash"
        code = {
            p.relative_to(flash).as_posix()
            for p in flash.rglob("*")
            if p.suffix in (".py", ".mpy") and "games" not in p.parts
        }
        expected = set()
        for device, entry in MANIFEST.files(virtual=True).items():
            if not device.endswith(".py"):  # data: copied as it is
                assert (flash / device).read_bytes() == entry.local.read_bytes(), device
                continue
            expected.add(device if entry.source else device[:-3] + ".mpy")
        assert code == expected
        c = dev.client
        titles = []
        for _ in range(5):
            scr = check_picture(c)
            titles.append(scr["items"][0])
            c.press("B")
        # the games offered are the entries with ON_DEVICE, in catalogue order, wrapping
        assert titles == [
            "Game: 7: The Sins",
            "Game: 7 Pecados",
            "Game: " + KEEPER_TITLE,
            "Game: New Rule (Sin)",
            "Game: 7: The Sins",
        ]
        start_game(c, 2)
        while c.screen()["name"] != "turn":
            step(c)
        step(c)  # a take, then the refill from the seed
        _abandon(c)
        start_game(c, 2, title=KEEPER_TITLE)
        while c.screen()["name"] != "bid":
            keeper_step(c)
        assert c.screen()["private"]
    finally:
        dev.stop()


def _abandon(c):
    while c.screen()["name"] != "turn":
        step(c)
    c.press("C")
    while not c.screen()["items"][c.screen()["cursor"]].startswith("Abandon"):
        c.press("DOWN")
    c.press("A")
    c.press("A")  # confirm
    assert c.screen()["name"] == "abandoned"
    c.press("A")
    assert c.screen()["name"] == "menu"
