"""A static guard over the device's presenters (firmware/present_*.py): the rules
core is the only source of game facts, so a presenter builds its screens from the
session's views, the game's action codec and the announcements the rules emit, and

- touches no rules State attribute (data or method) and no private attribute of
  anything but itself;
- imports no game engine (nothing of shared_rules: constants and arithmetic stay in
  the game's module) and only the firmware's screen modules;
- does no arithmetic on action codes (an action is a token: decoded, or chosen from
  the legal list, or made by encode(); never added to, compared with or offset);
- hard-codes no number that looks like an action code (100 or more).

The checker is proven able to fail: each rule is broken by a small presenter below
and must be reported."""

import ast
from pathlib import Path

import pytest
from interpreters import ROOT

PRESENTERS = sorted((ROOT / "firmware" / "presenters").glob("present_*.py"))
ALLOWED_IMPORTS = {"ui", "layout", "asyncio", "micropython", "gc"}
# State methods a presenter never calls: the session offers view(), legal(), the codec.
STATE_METHODS = {
    "current_player",
    "is_chance_node",
    "is_terminal",
    "legal_actions",
    "chance_outcomes",
    "apply",
    "announcements",
    "observers",
    "history",
    "move_number",
    "action_text",
    "clone",
    "resample",
    "state",
}
ACTION_PARAMS = {"action", "a", "code"}  # parameter names that hold action codes
LEGAL_NAMES = {"legal"}  # lists of action codes


def state_attributes() -> set[str]:
    """Every data attribute a rules State sets on itself (self.x = ... in a class
    deriving from a *State class), from the source of shared_rules/."""
    names: set[str] = set()
    for path in sorted((ROOT / "shared_rules").rglob("*.py")):
        tree = ast.parse(path.read_text())
        for cls in ast.walk(tree):
            if not isinstance(cls, ast.ClassDef):
                continue
            bases = [b.id for b in cls.bases if isinstance(b, ast.Name)]
            if cls.name != "State" and not any(b.endswith("State") for b in bases):
                continue
            for node in ast.walk(cls):
                targets = []
                if isinstance(node, ast.Assign):
                    targets = node.targets
                elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                    targets = [node.target]
                for t in targets:
                    if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name):
                        if t.value.id == "self":
                            names.add(t.attr)
    return names


STATE_DATA = state_attributes()


def _action_names(fn: ast.AST) -> set[str]:
    """Names that hold action codes inside one function."""
    names: set[str] = set()
    if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
        for arg in fn.args.args:
            if arg.arg in ACTION_PARAMS:
                names.add(arg.arg)
    for node in ast.walk(fn):
        if isinstance(node, (ast.For, ast.comprehension)):
            over = {n.id for n in ast.walk(node.iter) if isinstance(n, ast.Name)}
            if over & LEGAL_NAMES and isinstance(node.target, ast.Name):
                names.add(node.target.id)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            func = node.value.func
            if isinstance(func, ast.Attribute) and func.attr == "encode":
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Subscript):
            base = node.value.value
            if isinstance(base, ast.Name) and base.id in LEGAL_NAMES:
                names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _is_action(node: ast.AST, names: set[str]) -> bool:
    if isinstance(node, ast.Name):
        return node.id in names
    if isinstance(node, ast.Subscript):  # legal[i]
        return isinstance(node.value, ast.Name) and node.value.id in LEGAL_NAMES
    return False


def problems(source: str, name: str = "<presenter>") -> list[str]:
    """What a presenter's source does that the contract forbids ('name:line: why')."""
    tree = ast.parse(source)
    out = []

    def say(node, why):
        out.append(f"{name}:{getattr(node, 'lineno', '?')}: {why}")

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name not in ALLOWED_IMPORTS and not alias.name.startswith("present_"):
                    say(node, f"imports {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module not in ALLOWED_IMPORTS and not module.startswith("present_"):
                say(node, f"imports from {module}")
        elif isinstance(node, ast.Attribute):
            attr = node.attr
            on_self = isinstance(node.value, ast.Name) and node.value.id == "self"
            if attr in STATE_METHODS:
                say(node, f"touches the rules state (.{attr})")
            elif attr in STATE_DATA and not on_self:
                say(node, f"reads a State attribute (.{attr})")
            elif attr.startswith("_") and not attr.startswith("__") and not on_self:
                say(node, f"reaches into a private attribute (.{attr})")
        elif isinstance(node, ast.Name) and node.id in ("state", "State"):
            say(node, f"names the rules state ({node.id})")
        elif isinstance(node, ast.Constant) and isinstance(node.value, int):
            if not isinstance(node.value, bool) and node.value >= 100:
                say(node, f"hard-codes {node.value} (an action code?)")
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        names = _action_names(fn)
        for node in ast.walk(fn):
            if isinstance(node, ast.BinOp):
                if _is_action(node.left, names) or _is_action(node.right, names):
                    say(node, "arithmetic on an action code")
            elif isinstance(node, ast.AugAssign) and _is_action(node.target, names):
                say(node, "arithmetic on an action code")
            elif isinstance(node, ast.UnaryOp) and _is_action(node.operand, names):
                say(node, "arithmetic on an action code")
            elif isinstance(node, ast.Compare):
                operands = [node.left] + list(node.comparators)
                for op, left, right in zip(node.ops, operands[:-1], operands[1:], strict=True):
                    if isinstance(op, (ast.Is, ast.IsNot, ast.In, ast.NotIn)):
                        continue
                    if _is_action(left, names) or _is_action(right, names):
                        say(node, "compares an action code (decode it instead)")
    return out


@pytest.mark.parametrize("path", PRESENTERS, ids=[p.name for p in PRESENTERS])
def test_presenter_keeps_to_the_contract(path: Path):
    assert problems(path.read_text(), path.name) == []


def test_the_state_attributes_are_found():
    # the checker knows the fields the old screens used to read
    assert {"die", "bid_n", "bag", "index", "centre", "reserve", "holders"} <= STATE_DATA


GOOD = """
from present_generic import Presenter
from ui import Screen


class Good(Presenter):
    def turn(self, view, legal, seat):
        items = []
        for a in legal:
            items.append(self.s.decode(a)["sin"])
        bid = self.s.encode({"kind": "bid", "notches": 1, "taler": 2})
        if bid is not None:
            items.append("%d" % view["takes"]["Envy"])
        return "t", [], items, [(a, None) for a in legal], ("A", "", "")
"""

BAD = {
    "a State attribute": (
        "class P:\n    def turn(self, view, legal, seat):\n        return self.s.x.die\n",
        "reads a State attribute (.die)",
    ),
    "the rules state": (
        "class P:\n    def turn(self, view, legal, seat):\n        return self.s._state\n",
        "private attribute (._state)",
    ),
    "a State method": (
        "def f(session):\n    return session.legal_actions()\n",
        "touches the rules state (.legal_actions)",
    ),
    "an engine import": (
        "from shared_rules import seven_sins as rules\n",
        "imports from shared_rules",
    ),
    "an engine's constants": (
        "import mea_culpa_keeper\n",
        "imports mea_culpa_keeper",
    ),
    "a bid built by arithmetic": (
        "def f(self, notches, taler):\n    return 1000 + taler * 8 + notches\n",
        "hard-codes 1000",
    ),
    "an action offset": (
        "def f(self, legal):\n    return [a - 330 for a in legal]\n",
        "arithmetic on an action code",
    ),
    "a small offset": (
        "def f(self, action):\n    return action % 10\n",
        "arithmetic on an action code",
    ),
    "a code compared": (
        "def f(self, legal):\n    for a in legal:\n        if a == 10:\n            return a\n",
        "compares an action code",
    ),
    "a legal item compared": (
        "def f(self, legal):\n    return legal[0] >= 3\n",
        "compares an action code",
    ),
    "a state variable": (
        "def f(state):\n    return state\n",
        "names the rules state (state)",
    ),
}


def test_the_checker_passes_a_good_presenter():
    assert problems(GOOD) == []


@pytest.mark.parametrize("case", sorted(BAD))
def test_the_checker_catches_a_bad_presenter(case):
    source, expected = BAD[case]
    found = problems(source)
    assert any(expected in line for line in found), found


def test_every_presenter_answers_the_whole_protocol():
    """A presenter that does not subclass Presenter (7 Pecados', to keep its RAM small)
    defines every method of the protocol itself: the end calls final_seat() and
    final_private() of every game (a missing one was an error screen at a game's end)."""

    def classes(path):
        tree = ast.parse(path.read_text())
        return [node for node in tree.body if isinstance(node, ast.ClassDef)]

    base = classes(ROOT / "firmware" / "presenters" / "present_generic.py")[0]
    protocol = {
        f.name for f in base.body if isinstance(f, ast.FunctionDef) and not f.name.startswith("_")
    }
    assert {"final_public", "final_seat", "final_private", "ranking"} <= protocol
    for path in PRESENTERS:
        for cls in classes(path):
            if any(isinstance(b, ast.Name) and b.id == "Presenter" for b in cls.bases):
                continue
            if not cls.name.endswith("Presenter"):
                continue
            defined = {f.name for f in cls.body if isinstance(f, ast.FunctionDef)}
            assert protocol <= defined, (path.name, cls.name, sorted(protocol - defined))
