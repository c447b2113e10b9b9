"""Errors the CLI reports as one line."""


class CliError(Exception):
    """A problem to report as one line, with the exit code to use (2: usage, 1: failure)."""

    def __init__(self, message: str, code: int = 1):
        super().__init__(message)
        self.code = code


def writable_path(path, what: str) -> None:
    """CliError (one line) unless `path` can be a file to write: its folder exists and
    is a folder, and it is not itself a folder."""
    from pathlib import Path

    target = Path(path)
    if target.is_dir():
        raise CliError("%s %s is a folder, not a file" % (what, path), 2)
    parent = target.parent
    for folder in [parent, *parent.parents]:
        if folder.exists():
            if not folder.is_dir():
                raise CliError("%s %s: %s is a file, not a folder" % (what, path, folder), 2)
            break
    if not parent.exists():
        raise CliError("%s %s: no folder %s" % (what, path, parent), 2)


def folder_path(path, what: str) -> None:
    """CliError (one line) unless `path` is, or can be made, a folder."""
    from pathlib import Path

    target = Path(path)
    for folder in [target, *target.parents]:
        if folder.exists():
            if not folder.is_dir():
                raise CliError("%s %s: %s is a file, not a folder" % (what, path, folder), 2)
            return
