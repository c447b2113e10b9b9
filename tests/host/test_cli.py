"""The command line: --version, --help, and one clear line with exit 2 on bad input."""

import subprocess
import sys

from interpreters import ROOT

from host import __version__


def confessor(*args):
    return subprocess.run(
        [sys.executable, "-m", "host.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


def test_version_and_help():
    done = confessor("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"confessor {__version__}"
    done = confessor("--help")
    assert done.returncode == 0
    for command in ("games", "simulate", "playthrough", "run"):
        assert command in done.stdout


def _one_line_error(done, *words):
    assert done.returncode == 2, (done.returncode, done.stderr)
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    for w in words:
        assert w in lines[0], lines[0]


def test_unknown_command():
    _one_line_error(confessor("frobnicate"), "invalid choice", "frobnicate")


def test_bad_arguments():
    _one_line_error(confessor("simulate"), "required")
    _one_line_error(confessor("simulate", "chess"), "no game called 'chess'")
    _one_line_error(confessor("simulate", "hidden", "-n", "x"), "invalid int value")
    _one_line_error(confessor("simulate", "chess", "-o", "nonsense"), "NAME=VALUE")
    _one_line_error(confessor("simulate", "chess", "-n", "0"), "at least 1")
    _one_line_error(
        confessor("simulate", "seven-sins", "-n", "3", "-j", "0"), "--jobs", "at least 1"
    )


def _documented_commands():
    """Every `.venv/bin/confessor ...` line of README.md's shell blocks that needs no device."""
    import re

    text = (ROOT / "README.md").read_text()
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split("#", 1)[0].strip()
            if line.startswith(".venv/bin/confessor "):
                lines.append(line.split()[1:])
    return lines


# Commands that need a board, run forever or read the user's own database: the
# README's lines for them are checked against their --help (command and flags exist).
NEEDS_A_BOARD = {"board", "flash", "sync", "settings", "logs", "show", "verify", "export", "stats"}


def test_the_readme_commands_work():
    """A newcomer copies README's command lines: each must run and exit 0."""
    commands = _documented_commands()
    assert len(commands) >= 4, commands
    for args in commands:
        if args and args[0] in NEEDS_A_BOARD:
            done = confessor(args[0], "--help")
            assert done.returncode == 0, (args, done.stderr)
            for flag in [a for a in args[1:] if a.startswith("-")]:
                assert flag in done.stdout, (args, flag)
            continue
        done = confessor(*args)
        assert done.returncode == 0, (args, done.stderr)
        assert done.stdout.strip(), args


def test_board_and_run_refuse_bad_folders_and_ports(tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("not a folder")
    _one_line_error(
        confessor("board", "--tcp-port", "70000", "--flash-dir", str(tmp_path / "f")),
        "--tcp-port must be from 0 to 65535",
    )
    done = confessor("board", "--flash-dir", str(a_file))
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "is a file" in done.stderr and len(done.stderr.strip().splitlines()) == 1
    done = confessor("run", "--demo", "--out", str(a_file))
    assert done.returncode == 1 and "is a file" in done.stderr, done.stderr
    assert a_file.read_text() == "not a folder"


def test_the_demo_never_empties_a_folder_of_other_files(tmp_path):
    """`confessor run --out DIR` deletes DIR first: only an earlier demo's folder may go."""
    keep = tmp_path / "thesis.txt"
    keep.write_text("years of work")
    done = confessor("run", "--demo", "--out", str(tmp_path))
    assert done.returncode == 1, done.stderr
    assert "holds other files (thesis.txt)" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert keep.read_text() == "years of work"
