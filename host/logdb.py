"""Game logs on the laptop: a SQLite database of synced logs.

A game is stored once, by (device, id), with its exact bytes and sha256
(never re-serialised), and what verification found. A transfer in progress
keeps its bytes so far in `partial`, so an interrupted sync resumes where it
stopped.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from pathlib import Path

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    device TEXT NOT NULL,
    id TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size INTEGER NOT NULL,
    data BLOB NOT NULL,
    game TEXT,
    players INTEGER,
    seal TEXT,
    moves INTEGER,
    returns TEXT,
    verified INTEGER NOT NULL,
    problem TEXT,
    synced_at TEXT NOT NULL,
    PRIMARY KEY (device, id)
);
CREATE TABLE IF NOT EXISTS partial (
    device TEXT NOT NULL,
    id TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size INTEGER NOT NULL,
    data BLOB NOT NULL,
    PRIMARY KEY (device, id)
);
"""

# The columns of SCHEMA: a database whose tables lack them was made by another program.
COLUMNS = {
    "games": [
        "device",
        "id",
        "sha256",
        "size",
        "data",
        "game",
        "players",
        "seal",
        "moves",
        "returns",
        "verified",
        "problem",
        "synced_at",
    ],
    "partial": ["device", "id", "sha256", "size", "data"],
}


def default_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("confessor", appauthor=False)) / "games.sqlite"


def summarize(data: bytes) -> dict:
    """Verify a log's bytes: the columns to store (never raises on bad logs)."""
    from shared_rules import gamelog, games
    from shared_rules.game import RulesError

    parts = gamelog.parse(data)
    head = parts["head"] or {}
    end = parts["end"] or {}
    out = {
        "game": head.get("game"),
        "players": head.get("players"),
        "seal": head.get("seal"),
        "moves": len(parts["actions"]),
        "returns": json.dumps(end.get("returns")) if end else None,
        "verified": 0,
        "problem": None,
    }
    try:
        gamelog.verify(data, games.load_described)
        out["verified"] = 1
    except RulesError as err:
        out["problem"] = str(err)
    except (KeyError, TypeError, ValueError) as err:
        out["problem"] = "malformed log: %s" % err
    return out


class LogDB:
    def __init__(self, path: Path | str):
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(str(self.path), timeout=30)
        try:
            self._check_schema()
        except BaseException:
            self.db.close()
            raise
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self.db.commit()

    def _check_schema(self) -> None:
        """Refuse, before changing anything, a database that some other program made."""
        for table in ("games", "partial"):
            have = {row[1] for row in self.db.execute("PRAGMA table_info(%s)" % table)}
            want = set(COLUMNS[table])
            if have and not want <= have:
                raise sqlite3.DatabaseError(
                    "not a Confessor log database (its %s table has other columns)" % table
                )

    def close(self) -> None:
        self.db.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- finished games ------------------------------------------------------
    def has(self, device: str, game_id: str) -> str | None:
        """The stored sha256 of a game, or None."""
        row = self.db.execute(
            "SELECT sha256 FROM games WHERE device=? AND id=?", (device, game_id)
        ).fetchone()
        return row[0] if row else None

    def add(self, device: str, game_id: str, data: bytes) -> dict:
        """Store a complete log (once); returns its summary."""
        summary = summarize(data)
        sha = hashlib.sha256(data).hexdigest()
        with self.db:
            self.db.execute(
                "INSERT OR IGNORE INTO games (device, id, sha256, size, data, game, players,"
                " seal, moves, returns, verified, problem, synced_at)"
                " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)",
                (
                    device,
                    game_id,
                    sha,
                    len(data),
                    data,
                    summary["game"],
                    summary["players"],
                    summary["seal"],
                    summary["moves"],
                    summary["returns"],
                    summary["verified"],
                    summary["problem"],
                    time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                ),
            )
            self.db.execute("DELETE FROM partial WHERE device=? AND id=?", (device, game_id))
        return summary

    def rows(self) -> list[dict]:
        cur = self.db.execute(
            "SELECT device, id, sha256, size, game, players, seal, moves, returns, verified,"
            " problem, synced_at FROM games ORDER BY synced_at, device, id"
        )
        names = [c[0] for c in cur.description]
        return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]

    def find(self, ref: str) -> tuple[dict, bytes]:
        """A game by id or unique id prefix (optionally `device:id`)."""
        device = None
        if ":" in ref:
            device, ref = ref.split(":", 1)
        matches = [
            r
            for r in self.rows()
            if r["id"].startswith(ref) and (device is None or r["device"] == device)
        ]
        if not matches:
            raise KeyError("no game %r in %s" % (ref, self.path))
        exact = [r for r in matches if r["id"] == ref]
        if len(exact) == 1:
            matches = exact
        if len(matches) > 1:
            raise KeyError(
                "%r matches %d games (%s); give more of the id"
                % (ref, len(matches), ", ".join(r["id"] for r in matches[:5]))
            )
        row = matches[0]
        data = self.db.execute(
            "SELECT data FROM games WHERE device=? AND id=?", (row["device"], row["id"])
        ).fetchone()[0]
        return row, bytes(data)

    def logs(self) -> list[tuple[dict, bytes]]:
        """Every stored game, as rows() gives them, with its exact bytes."""
        out = []
        for row in self.rows():
            data = self.db.execute(
                "SELECT data FROM games WHERE device=? AND id=?", (row["device"], row["id"])
            ).fetchone()[0]
            out.append((row, bytes(data)))
        return out

    # -- transfers in progress -----------------------------------------------
    def partial(self, device: str, game_id: str, sha: str, size: int) -> bytes:
        """The bytes received so far for this exact log (b"" if none or stale)."""
        row = self.db.execute(
            "SELECT sha256, size, data FROM partial WHERE device=? AND id=?", (device, game_id)
        ).fetchone()
        if row is None or row[0] != sha or row[1] != size or len(row[2]) > size:
            return b""
        return bytes(row[2])

    def save_partial(self, device: str, game_id: str, sha: str, size: int, data: bytes) -> None:
        with self.db:
            self.db.execute(
                "INSERT OR REPLACE INTO partial (device, id, sha256, size, data)"
                " VALUES (?,?,?,?,?)",
                (device, game_id, sha, size, data),
            )

    def drop_partial(self, device: str, game_id: str) -> None:
        with self.db:
            self.db.execute("DELETE FROM partial WHERE device=? AND id=?", (device, game_id))
