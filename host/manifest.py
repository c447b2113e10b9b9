"""The device manifest (firmware/manifest.py): what goes on the board.

After micropython-lib's manifest.py: one Python file of calls, `module(path,
source=False, virtual=False)`, `package(name, files=None, base_path=".",
virtual=False)` and `data(path, virtual=False)` (a file the firmware reads at run
time: fonts, a page, a licence; copied as it is). It is read here without running
it (each statement must be one of those calls with literal arguments), so a
manifest cannot do anything but declare files. `confessor flash` and the virtual board install exactly its list.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = ROOT / "firmware" / "manifest.py"


class ManifestError(Exception):
    """The manifest is malformed or names a file that does not exist (one line)."""


@dataclass(frozen=True)
class Entry:
    device: str  # the path on the board ("app.py", "shared_rules/game.py")
    local: Path  # the file it is made from
    source: bool  # installed as .py even when modules are compiled
    virtual: bool  # the virtual board only


class Manifest:
    def __init__(self, path: Path = DEFAULT):
        self.path = Path(path)
        self.entries: list[Entry] = []
        try:
            tree = ast.parse(self.path.read_text(), str(self.path))
        except (OSError, SyntaxError) as err:
            raise ManifestError("cannot read the manifest %s: %s" % (self.path, err)) from None
        for stmt in tree.body:
            self._statement(stmt)

    def _statement(self, stmt: ast.stmt) -> None:
        where = "%s:%d" % (self.path.name, stmt.lineno)
        if not (
            isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Name)
            and stmt.value.func.id in ("module", "package", "data")
        ):
            raise ManifestError("%s: only module(...), package(...) and data(...) calls" % where)
        call = stmt.value
        try:
            args = [ast.literal_eval(a) for a in call.args]
            kwargs = {k.arg: ast.literal_eval(k.value) for k in call.keywords if k.arg}
        except ValueError:
            raise ManifestError("%s: arguments must be literals" % where) from None
        try:
            verb = call.func.id  # type: ignore[union-attr]
            if verb == "module":
                self._module(*args, **kwargs)
            elif verb == "data":
                self._data(*args, **kwargs)
            else:
                self._package(*args, **kwargs)
        except TypeError as err:
            raise ManifestError("%s: %s" % (where, err)) from None

    def _module(self, path: str, source: bool = False, virtual: bool = False) -> None:
        self._add(path, self.path.parent / path, source, virtual)

    def _data(self, path: str, virtual: bool = False) -> None:
        if path.endswith(".py"):
            raise ManifestError("%s is a module: declare it with module(...)" % path)
        self._add(path, self.path.parent / path, False, virtual)

    def _package(self, name: str, files=None, base_path: str = ".", virtual: bool = False) -> None:
        folder = (self.path.parent / base_path / name).resolve()
        if files is None:
            files = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*.py"))
            files = [f for f in files if "__pycache__" not in f]
        for rel in files:
            self._add(name + "/" + rel, folder / rel, False, virtual)

    def _add(self, device: str, local: Path, source: bool, virtual: bool) -> None:
        if not local.is_file():
            raise ManifestError("the manifest names %s, which does not exist" % local)
        if any(e.device == device for e in self.entries):
            raise ManifestError("the manifest names %s twice" % device)
        self.entries.append(Entry(device, local, source, virtual))

    # ****** API ******
    def files(self, virtual: bool) -> dict[str, Entry]:
        """Device path -> entry: what a real board (or the virtual one) gets."""
        return {e.device: e for e in self.entries if virtual or not e.virtual}

    def modules(self, virtual: bool = False) -> set[str]:
        """The importable module names installed ("app", "shared_rules.game")."""
        out = set()
        for device in self.files(virtual):
            if device.endswith(".py"):
                name = device[:-3].replace("/", ".")
                out.add(name[: -len(".__init__")] if name.endswith(".__init__") else name)
        return out
