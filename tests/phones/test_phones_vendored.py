"""firmware/phones/microdot.py is microdot's own file from the release pinned in pyproject.toml,
less whole definitions phone mode does not use (host/microdot_subset.py lists them and
why): every line kept is upstream's. It still runs under CPython (the stand-in tests
serve with it there too) and keeps what phone_server.py calls."""

import ast
import sys

from interpreters import ROOT

from host import microdot_subset

VENDORED = ROOT / "firmware" / "phones" / "microdot.py"


def test_vendored_microdot_is_the_pinned_release_less_the_listed_definitions():
    expected = microdot_subset.subset(microdot_subset.pinned_source())
    assert VENDORED.read_text() == expected, (
        "firmware/phones/microdot.py differs from the pinned microdot's subset: run "
        "`python -m host.microdot_subset` (docs/phones.md, 'Updating microdot')"
    )
    assert (
        (ROOT / "firmware" / "phones" / "microdot-LICENSE.txt")
        .read_text()
        .startswith("MIT License")
    )


def test_every_kept_line_is_upstreams_in_order():
    upstream = microdot_subset.pinned_source().splitlines()
    kept = VENDORED.read_text().splitlines()[len(microdot_subset.HEADER.splitlines()) :]
    i = 0
    for line in kept:
        while upstream[i] != line:
            i += 1  # raises IndexError if a kept line is not upstream's (or out of order)
        i += 1


def test_the_subset_keeps_what_the_server_uses_and_drops_what_it_lists():
    tree = ast.parse(VENDORED.read_text())
    names = {
        n.name
        for n in ast.walk(tree)
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
    }
    needed = {"Microdot", "Request", "Response", "NoCaseDict", "URLPattern", "HTTPException"}
    needed |= {"route", "get", "post", "before_request", "after_request", "errorhandler"}
    needed |= {"after_error_request", "handle_request", "dispatch_request", "create", "write"}
    assert needed <= names
    assert "start_server" not in names and "set_cookie" not in names
    sys.path.insert(0, str(ROOT / "firmware" / "phones"))
    try:
        import microdot  # the vendored subset imports and builds an app under CPython

        app = microdot.Microdot()
        app.get("/s/<token>")(lambda req, token: token)
        assert app.url_map
    finally:
        sys.path.remove(str(ROOT / "firmware" / "phones"))
