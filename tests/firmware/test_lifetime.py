"""Module lifetime is one module's (firmware/lifetime.py): no other file of firmware/ (the
simulator and the emulator's probe included) collects the heap or changes sys.modules, or
wraps __import__. Reading sys.modules, and the heap's figures (gc.mem_free), stay free for
all. The check reads every file's syntax tree, and is proven able to fail."""

import ast

from interpreters import ROOT

OWNER = "lifetime.py"


def changes_lifetime(tree):
    """The lines of a tree that collect, change sys.modules or replace __import__."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            func = node.func
            if func.attr == "collect" and _name(func.value) == "gc":
                out.append(node.lineno)
            if func.attr in ("pop", "clear", "update", "setdefault", "popitem"):
                if _is_sys_modules(func.value):
                    out.append(node.lineno)
        targets = []
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        elif isinstance(node, ast.Delete):
            targets = node.targets
        for target in targets:
            if isinstance(target, ast.Subscript) and _is_sys_modules(target.value):
                out.append(node.lineno)
            if isinstance(target, ast.Attribute) and target.attr == "__import__":
                out.append(node.lineno)
    return out


def _name(node):
    return node.id if isinstance(node, ast.Name) else None


def _is_sys_modules(node):
    return isinstance(node, ast.Attribute) and node.attr == "modules" and _name(node.value) == "sys"


def test_only_lifetime_collects_or_forgets_modules():
    firmware = ROOT / "firmware"
    found = {}
    for path in sorted(firmware.rglob("*.py")):
        rel = path.relative_to(firmware)
        if rel.parts[0] == "port" or rel.as_posix() == OWNER:
            continue
        lines = changes_lifetime(ast.parse(path.read_text()))
        if lines:
            found[rel.as_posix()] = lines
    assert found == {}
    assert changes_lifetime(ast.parse((firmware / OWNER).read_text()))  # it does, itself


def test_the_check_fails_on_each_way_of_doing_it():
    planted = (
        "import gc\ngc.collect()",
        "import sys\nsys.modules.pop('x', None)",
        "import sys\ndel sys.modules['x']",
        "import sys\nsys.modules['x'] = None",
        "import builtins\nbuiltins.__import__ = None",
    )
    for text in planted:
        assert changes_lifetime(ast.parse(text)) == [2], text
    assert (
        changes_lifetime(ast.parse("import sys, gc\nx = 'a' in sys.modules\ngc.mem_free()")) == []
    )
