"""A static guard over shared_rules/: what MicroPython lacks or changes must
not creep into the portable core (engine.md section 5)."""

import ast

import pytest
from interpreters import ROOT

# the kernel and every game's package (the laptop's parts too: they run the same rules)
FILES = sorted((ROOT / "shared_rules").rglob("*.py"))
FORBIDDEN_MODULES = {
    "random",
    "dataclasses",
    "enum",
    "abc",
    "typing",
    "copy",
    "itertools",
    "functools",
    "firmware",
    "host",
    "os",
    "time",
    "sys",
}


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(ROOT / "shared_rules").as_posix() for p in FILES])
def test_portable_core(path):
    tree = ast.parse(path.read_text(), str(path))
    for node in ast.walk(tree):
        where = f"{path.name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Constant) and isinstance(node.value, float):
            raise AssertionError(f"{where}: float literal {node.value!r}")
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
            raise AssertionError(f"{where}: true division makes floats; use //")
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] not in FORBIDDEN_MODULES, (
                    f"{where}: import {alias.name}"
                )
        if isinstance(node, ast.ImportFrom) and node.module:
            assert node.module.split(".")[0] not in FORBIDDEN_MODULES, (
                f"{where}: from {node.module}"
            )
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in ("float", "open", "print", "input"), (
                f"{where}: {node.func.id}()"
            )
        if isinstance(node, ast.Attribute) and node.attr in ("bit_length", "sort_keys"):
            raise AssertionError(f"{where}: .{node.attr} does not exist on MicroPython")
        if isinstance(node, ast.ClassDef):
            for stmt in node.body:
                if isinstance(stmt, ast.Assign) and any(
                    isinstance(t, ast.Name) and t.id == "__slots__" for t in stmt.targets
                ):
                    raise AssertionError(f"{where}: __slots__ is not supported")
