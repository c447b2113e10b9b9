"""firmware/phones/microdot.py: microdot's own microdot/microdot.py from the release pinned in
pyproject.toml, less the definitions phone mode never uses (docs/phones.md, "Memory").

A definition is removed whole (with its decorators), never edited, so every line kept
is upstream's line; `tests/phones/test_phones_vendored.py` checks the vendored file is exactly
subset(the pinned release's file). A module imported on the device is held in RAM, code
and all, and this cuts microdot's share of a phone game's heap from about 23 KB to about
15 KB on the unix port. To update: bump `microdot==` in pyproject.toml, `make install`,
then `python -m host.microdot_subset` (it fails if a name below is gone upstream)."""

from __future__ import annotations

import ast
import sysconfig
from pathlib import Path

# (qualified name, why phone mode does without it)
REMOVED = (
    ("urlencode", "nothing is URL-encoded: the routes answer JSON and one page"),
    ("urldecode", "only the query's parser used it"),
    (
        "MultiDict",
        "query arguments are never read: phone_server.py's reader drops a request line's"
        " query before microdot sees it",
    ),
    ("Request._parse_urlencoded", "the query's parser: no query reaches microdot"),
    ("AsyncBytesIO", "only Request.stream used it"),
    ("Request.stream", "bodies are read whole (at most 512 bytes, phone_server.py)"),
    ("Request.json", "phone_server.py parses the body itself, bounded"),
    ("Request.form", "no forms"),
    ("Request.files", "no uploads"),
    ("Request.after_request", "per-request hooks: the app's own hooks are enough"),
    ("Response.set_cookie", "no cookies: the token in the URL is the only key"),
    ("Response.delete_cookie", "no cookies"),
    ("Response.redirect", "no redirects"),
    ("Response.send_file", "the page is one file, opened by phone_server.py"),
    ("Response.types_map", "send_file's table of content types"),
    ("URLPattern.register_type", "the routes use plain <token> segments"),
    ("URLPattern.__repr__", "debugging only"),
    ("HTTPException.__repr__", "debugging only"),
    ("Microdot.put", "only GET and POST routes"),
    ("Microdot.patch", "only GET and POST routes"),
    ("Microdot.delete", "only GET and POST routes"),
    ("Microdot.query", "only GET and POST routes"),
    ("Microdot.mount", "one app, no sub-applications"),
    ("Microdot.start_server", "phone_server.py owns the listener (its door: limits, eviction)"),
    ("Microdot.run", "the server is a task in the device's own event loop"),
    ("Microdot.shutdown", "phone_server.py closes its own listener"),
    ("Microdot.abort", "handlers return their answers"),
    ("abort", "the module-level alias of Microdot.abort"),
    ("redirect", "the module-level alias of Response.redirect"),
    ("send_file", "the module-level alias of Response.send_file"),
)
ROOT = Path(__file__).resolve().parents[1]
VENDORED = ROOT / "firmware" / "phones" / "microdot.py"
HEADER = (
    "# microdot (https://github.com/miguelgrinberg/microdot), MIT licence\n"
    "# (microdot-LICENSE.txt): microdot/microdot.py of the release pinned in pyproject.toml,\n"
    "# less the definitions listed in host/microdot_subset.py, each removed whole. Generated\n"
    '# by `python -m host.microdot_subset`: do not edit (docs/phones.md, "Updating microdot").\n'
)


def pinned_source() -> str:
    """The pinned release's microdot.py, from site-packages (not imported: firmware/ on
    sys.path would shadow the package with the vendored module)."""
    path = Path(sysconfig.get_paths()["purelib"]) / "microdot" / "microdot.py"
    return path.read_text()


def subset(source: str) -> str:
    """`source` without the REMOVED definitions (lines of class-level and module-level
    defs and assignments, decorators included), with HEADER on top."""
    wanted = {name for name, _ in REMOVED}
    spans: list[tuple[int, int]] = []

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            name = getattr(node, "name", None)
            if name is None and isinstance(node, ast.Assign):
                target = node.targets[0]
                name = target.id if isinstance(target, ast.Name) else None
            if name is None:
                continue
            if prefix + name in wanted:
                decorators = getattr(node, "decorator_list", [])
                start = min([node.lineno] + [d.lineno for d in decorators])
                spans.append((start, node.end_lineno or node.lineno))
                wanted.discard(prefix + name)
            elif isinstance(node, ast.ClassDef):
                visit(node.body, prefix + name + ".")

    visit(ast.parse(source).body, "")
    if wanted:
        raise ValueError("not in this microdot: " + ", ".join(sorted(wanted)))
    drop = {line for start, end in spans for line in range(start, end + 1)}
    kept = [text for i, text in enumerate(source.splitlines(keepends=True), 1) if i not in drop]
    return HEADER + "".join(kept)


def main() -> None:
    VENDORED.write_text(subset(pinned_source()))
    print(f"wrote {VENDORED.relative_to(ROOT)}: {len(REMOVED)} definitions left out")


if __name__ == "__main__":
    main()
