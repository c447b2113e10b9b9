"""The import graph of firmware/ and shared_rules/, read statically (every import, those
inside functions too): device code (what firmware/manifest.py puts on a board) imports no
laptop-only module (the rest of shared_rules/, host/), and no two modules import each other
in a cycle beyond the ones listed below.

The lists may only shrink: a new cycle or laptop import fails, and so does a listed one that
is gone (delete its line), so they always say what is true. The checks are proven able to
fail on a planted tree."""

import ast

from interpreters import ROOT

from host.manifest import Manifest

# Import cycles today (each a strongly connected set of modules): none, and none may come back.
# A concept cut in two files imports one way (the laptop half subclasses the device half; what
# two halves share is a module of its own).
KNOWN_CYCLES: set[frozenset[str]] = set()

# Device code that imports a laptop-only module: (device module, laptop-only module). None: a
# laptop part adds to a device module (a subclass, shared_rules/<game>_laptop.py), never the
# reverse.
KNOWN_LAPTOP_IMPORTS: set[tuple[str, str]] = set()


def modules(root):
    """Module name -> file, named as the device imports them: firmware/'s modules by their
    own names wherever their concern folder is ("store", not "storage.store"), a package's
    by its dotted name ("sim.builder"), the core's as "shared_rules.x"."""
    out = {}
    firmware = root / "firmware"
    for path in sorted(firmware.rglob("*.py")):
        rel = path.relative_to(firmware)
        if rel.parts[0] in ("port", "manifest.py"):
            continue  # MicroPython's own source; the manifest is read, never imported
        parts = rel.with_suffix("").parts
        if not (firmware / parts[0] / "__init__.py").is_file():
            parts = parts[1:] if len(parts) > 1 else parts  # a concern folder, no package
        out[_name(parts)] = path
    for path in sorted((root / "shared_rules").rglob("*.py")):
        out[_name(path.relative_to(root).with_suffix("").parts)] = path
    return out


def _name(parts):
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(name, path):
    """Every module name a file imports, wherever the import statement is."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([p for p in up if p] + ([base] if base else []))
            out.add(base)
            out.update(base + "." + alias.name for alias in node.names)  # a submodule
    return out


def graph(root):
    """Module -> the modules of firmware/ and shared_rules/ it imports; and module -> every
    name it imports (for imports of host/)."""
    files = modules(root)
    names = {name: imported(name, path) for name, path in files.items()}
    edges = {name: {m for m in found if m in files and m != name} for name, found in names.items()}
    return edges, names


def cycles(edges):
    """The strongly connected sets of more than one module (Tarjan's algorithm, iterative)."""
    index, low, on_stack, stack, out = {}, {}, set(), [], set()
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.add(member)
                    if member == node:
                        break
                if len(group) > 1:
                    out.add(frozenset(group))
    return out


def laptop_imports(edges, names, device):
    """(device module, laptop-only module) for every import of one by device code: a module
    of shared_rules/ off the board, or anything of host/. (The simulator and the emulator's
    probe, off a real board too, may be imported where only they run: the manifest's test,
    tests/firmware/test_manifest.py, checks where.)"""
    out = set()
    for module in sorted(device):
        if module not in edges:
            continue
        core = [m for m in edges[module] if m.startswith("shared_rules.")]
        out.update((module, m) for m in core if m not in device)
        out.update((module, m) for m in names[module] if m.split(".")[0] == "host")
    return out


def changes(found, known, what):
    """What differs from the known list, in words ([] when it is the same)."""
    return ["new %s: %s" % (what, x) for x in sorted(map(_show, found - known))] + [
        "listed %s is gone (delete its line): %s" % (what, x)
        for x in sorted(map(_show, known - found))
    ]


def _show(item):
    return " <-> ".join(sorted(item)) if isinstance(item, frozenset) else " -> ".join(item)


DEVICE = Manifest().modules(False)
EDGES, NAMES = graph(ROOT)


def test_no_new_import_cycle():
    assert changes(cycles(EDGES), KNOWN_CYCLES, "import cycle") == []


def test_device_code_imports_nothing_laptop_only():
    found = laptop_imports(EDGES, NAMES, DEVICE)
    assert changes(found, KNOWN_LAPTOP_IMPORTS, "laptop import in device code") == []


def test_the_checks_fail_on_a_planted_tree(tmp_path):
    (tmp_path / "firmware" / "sim").mkdir(parents=True)
    (tmp_path / "firmware" / "play").mkdir()  # a concern folder: its modules keep plain names
    (tmp_path / "shared_rules").mkdir()
    plant = {
        "firmware/main.py": "import app\n",
        "firmware/play/app.py": "def run():\n    import menu, sim\n    import host.cli\n",
        "firmware/play/menu.py": "from app import run\nfrom shared_rules import games\n",
        "firmware/sim/__init__.py": "from sim import rp2\n",
        "firmware/sim/rp2.py": "from . import env\n",
        "shared_rules/__init__.py": "",
        "shared_rules/games.py": "def verify():\n    from shared_rules.bots import best\n",
        "shared_rules/bots.py": "from shared_rules.games import load\n",
    }
    for rel, text in plant.items():
        (tmp_path / rel).write_text(text)
    edges, names = graph(tmp_path)
    assert edges["sim.rp2"] == {"sim"}
    assert cycles(edges) == {
        frozenset({"app", "menu"}),
        frozenset({"sim", "sim.rp2"}),
        frozenset({"shared_rules.games", "shared_rules.bots"}),
    }
    device = {"main", "app", "menu", "shared_rules", "shared_rules.games"}
    assert laptop_imports(edges, names, device) == {
        ("app", "host.cli"),
        ("shared_rules.games", "shared_rules.bots"),
    }
    assert changes({frozenset({"a", "b"})}, {frozenset({"b", "c"})}, "import cycle") == [
        "new import cycle: a <-> b",
        "listed import cycle is gone (delete its line): b <-> c",
    ]
