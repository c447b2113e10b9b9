"""The `confessor` command line.

Each command is a module host/cmd_<name>.py with HELP (one line),
add_arguments(parser) and run(args); it is found by its file name. Errors are one clear line on stderr: exit 2 for a usage error, exit 1
for anything that went wrong while doing the work.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path

from host import __version__
from host.errors import CliError


def commands() -> list[str]:
    """The command names, from the host/cmd_*.py files."""
    here = Path(__file__).resolve().parent
    return sorted(p.stem[4:].replace("_", "-") for p in here.glob("cmd_*.py"))


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2, no usage dump
        # self.prog is "confessor" or "confessor simulate": say which command objected
        sys.stderr.write(f"{self.prog}: {message} (see `{self.prog} --help`)\n")
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="confessor",
        description="Confessor: dealer and secret-keeper for sin-themed tabletop games.",
    )
    parser.add_argument("--version", action="version", version=f"confessor {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name in commands():
        module_name = "host.cmd_" + name.replace("-", "_")
        module = importlib.import_module(module_name)
        p = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_module=module_name)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    module = importlib.import_module(args._module)
    try:
        return module.run(args) or 0
    except CliError as err:
        sys.stderr.write(f"confessor {args.command}: {err}\n")
        return err.code
    except KeyboardInterrupt:
        sys.stderr.write("confessor: interrupted\n")
        return 130
    except BrokenPipeError:
        return 0
    except _rules_error() as err:
        sys.stderr.write(f"confessor {args.command}: {err}\n")
        return 2
    except _db_error() as err:
        sys.stderr.write(f"confessor {args.command}: the log database failed: {err}\n")
        return 1
    except OSError as err:  # a path that cannot be read or written, a special file
        where = f" {err.filename}" if getattr(err, "filename", None) else ""
        sys.stderr.write(f"confessor {args.command}:{where} {err.strerror or err}\n")
        return 1
    except (RecursionError, MemoryError) as err:
        sys.stderr.write(f"confessor {args.command}: input too deep or too large ({err})\n")
        return 1
    except Exception as err:  # noqa: BLE001 - never a traceback; CONFESSOR_DEBUG=1 shows it
        import os

        if os.environ.get("CONFESSOR_DEBUG"):
            raise
        text = str(err).strip().splitlines()
        sys.stderr.write(
            f"confessor {args.command}: internal error: {type(err).__name__}"
            f"{': ' + text[0] if text else ''} (CONFESSOR_DEBUG=1 shows where)\n"
        )
        return 1


def _db_error():
    import sqlite3

    return sqlite3.Error


def _rules_error():
    from shared_rules.game import RulesError

    return RulesError


if __name__ == "__main__":
    sys.exit(main())
