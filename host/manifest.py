"""The device manifest (firmware/manifest.py): what goes on the board.

firmware/manifest.py is a MicroPython manifest: the firmware images freeze it with
MicroPython's own tools (host/build.py). Here it is run with the same functions,
`module(path, base_path=".")` and `package(name, files=None, base_path=".")`, an `options`
object (`sim`: the simulated hardware; `probe`: the emulator's test probe) and its `DATA`
tuple (files the firmware reads at run time, copied as they are). `confessor flash`'s
files path and the virtual board install exactly its list; main.py stays source there,
because MicroPython runs main.py from the filesystem and never an .mpy.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "firmware" / "manifest.py"
BOOT_FILE = "main.py"  # run as a file at boot: installed as source on the files path


class ManifestError(Exception):
    """The manifest is malformed or names a file that does not exist (one line)."""


@dataclass(frozen=True)
class Entry:
    device: str  # the path on the board ("app.py", "shared_rules/game.py")
    local: Path  # the file it is made from
    source: bool  # installed as .py even when modules are compiled
    virtual: bool  # the virtual board only


def _is_data(entry) -> bool:
    return isinstance(entry, tuple) and len(entry) == 2 and all(isinstance(e, str) for e in entry)


class _Options:
    """MicroPython's manifest `options`: an attribute never set reads None."""

    def __init__(self, **kwargs):
        self.__dict__.update(kwargs)

    def __getattr__(self, name):
        return None


class _Reading:
    """One run of the manifest with a set of options: device path -> local file."""

    def __init__(self, path: Path, options: dict):
        self.path = path
        self.files: dict[str, Path] = {}
        scope = {"module": self.module, "package": self.package, "options": _Options(**options)}
        for verb in ("include", "require", "freeze", "metadata"):
            scope[verb] = self._unsupported(verb)
        try:
            code = compile(path.read_text(), str(path), "exec")
        except (OSError, SyntaxError) as err:
            raise ManifestError("cannot read the manifest %s: %s" % (path, err)) from None
        try:
            exec(code, scope)
        except TypeError as err:
            raise ManifestError("%s: %s" % (path.name, err)) from None
        data = scope.get("DATA", ())
        if not isinstance(data, tuple) or not all(_is_data(d) for d in data):
            raise ManifestError(
                "%s: DATA must be a tuple of (name on the board, folder) pairs" % path.name
            )
        self.data = tuple(name for name, _ in data)
        for name, folder in data:
            if name.endswith(".py"):
                raise ManifestError("%s is a module: declare it with module(...)" % name)
            self._add(name, path.parent / folder / name)

    def _unsupported(self, verb):
        def refuse(*args, **kwargs):
            raise ManifestError(
                "%s: %s() is not used in the firmware's manifest (module, package, DATA)"
                % (self.path.name, verb)
            )

        return refuse

    def module(self, module_path: str, base_path: str = ".", opt=None) -> None:
        if not module_path.endswith(".py"):
            raise ManifestError("%s: module must be a .py file: %s" % (self.path.name, module_path))
        self._add(module_path, self.path.parent / base_path / module_path)

    def package(self, package_path: str, files=None, base_path: str = ".", opt=None) -> None:
        folder = (self.path.parent / base_path / package_path).resolve()
        if files is None:
            files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.py"))
            files = [f for f in files if "__pycache__" not in f]
        for rel in files:
            self._add(package_path + "/" + rel, folder / rel)

    def _add(self, device: str, local: Path) -> None:
        if not local.is_file():
            raise ManifestError("the manifest names %s, which does not exist" % local)
        if device in self.files:
            raise ManifestError("the manifest names %s twice" % device)
        self.files[device] = local


class Manifest:
    def __init__(self, path: Path = DEFAULT):
        self.path = Path(path)
        board = _Reading(self.path, {}).files
        virtual = _Reading(self.path, {"sim": True}).files
        self.entries: list[Entry] = [
            Entry(device, local, device == BOOT_FILE, device not in board)
            for device, local in virtual.items()
        ]
        self.data: tuple[str, ...] = tuple(device for device in board if not device.endswith(".py"))

    # ****** API ******
    def files(self, virtual: bool) -> dict[str, Entry]:
        """Device path -> entry: what a real board (or the virtual one) gets."""
        return {e.device: e for e in self.entries if virtual or not e.virtual}

    def read_data(self, **options) -> tuple[str, ...]:
        """The DATA files with these manifest options."""
        return _Reading(self.path, options).data

    def read(self, **options) -> dict[str, Path]:
        """Device path -> local file with these manifest options (sim, probe)."""
        return _Reading(self.path, options).files

    def modules(self, virtual: bool = False) -> set[str]:
        """The importable module names installed ("app", "shared_rules.game")."""
        return module_names(self.files(virtual))


def source_path(path: Path = DEFAULT) -> list[Path]:
    """The folders the firmware's modules and data are found in when it runs from this
    checkout (the virtual board's source mode, tests): firmware/ (main.py, the sim
    package) and each concern folder a module or data file of the manifest sits in."""
    folders = [Path(path).parent]
    for device, local in Manifest(path).read(sim=True, probe=True).items():
        depth = device.count("/")
        if device.startswith("shared_rules/") or device.startswith("sim/"):
            continue
        folder = local.parents[depth]
        if folder not in folders:
            folders.append(folder)
    return folders


def source_file(name: str, path: Path = DEFAULT) -> Path:
    """The checkout's file of a module or data file the board holds as `name`
    ("serial_link.py", "phone_page.html", "fonts/large.bin")."""
    found = Manifest(path).read(sim=True, probe=True).get(name)
    if found is None:
        raise ManifestError("the manifest names no %s" % name)
    return found


def module_names(devices) -> set[str]:
    """The importable names of the modules among device paths."""
    out = set()
    for device in devices:
        if device.endswith(".py"):
            name = device[:-3].replace("/", ".")
            out.add(name[: -len(".__init__")] if name.endswith(".__init__") else name)
    return out
