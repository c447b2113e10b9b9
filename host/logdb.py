"""Game logs on the laptop: a SQLite database of synced logs.

A game is stored once, by (device, id), with its exact bytes and sha256
(never re-serialised), and what verification found. A transfer in progress
keeps its bytes so far in `partial`, so an interrupted sync resumes where it
stopped. `keys` holds every device signing key this laptop has seen (trust on
first use, host/authentic.py): the current one, and the retired ones with the
last game stored before each was retired.
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
CREATE TABLE IF NOT EXISTS keys (
    device TEXT NOT NULL,
    pub TEXT NOT NULL,
    first_seen TEXT NOT NULL,
    retired_at TEXT,
    retired_row INTEGER,
    PRIMARY KEY (device, pub)
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
    "keys": ["device", "pub", "first_seen", "retired_at", "retired_row"],
}


def default_path() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("confessor", appauthor=False)) / "games.sqlite"


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def summarize(data: bytes, trust=None) -> dict:
    """Verify a log's bytes: the columns to store (never raises on bad logs).
    `trust`: host.authentic's key check (None: no key is trusted)."""
    from host import authentic
    from shared_rules import gamelog
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
        authentic.verify(data, trust)
        out["verified"] = 1
    except RulesError as err:
        out["problem"] = str(err)
    except (KeyError, TypeError, ValueError, RecursionError) as err:
        out["problem"] = "malformed log: %s" % err
    return out


class LogDB:
    def __init__(self, path: Path | str):
        self.path = Path(path)
        if self.path.exists():
            # never turn someone's file into a database (SQLite would, silently)
            if not self.path.is_file():
                raise sqlite3.DatabaseError("%s is not a file" % self.path)
            with open(self.path, "rb") as f:
                head = f.read(16)
            if head and head != b"SQLite format 3\x00":
                raise sqlite3.DatabaseError("not a Confessor log database (not SQLite)")
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
        for table in ("games", "partial", "keys"):
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
        summary = summarize(data, self.trust_for(data))
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
                    _now(),
                ),
            )
            self.db.execute("DELETE FROM partial WHERE device=? AND id=?", (device, game_id))
        return summary

    def verified(self, device: str, game_id: str) -> bool:
        row = self.db.execute(
            "SELECT verified FROM games WHERE device=? AND id=?", (device, game_id)
        ).fetchone()
        return bool(row and row[0])

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

    # -- device keys (trust on first use) --------------------------------------
    def observe_key(self, device: str, pub: str) -> dict:
        """A device showed `pub` (its hello): record it. Returns {"event": "new" (first
        key of this device), "known", "changed" (the old key is now retired) or
        "returned" (a retired key shown again: stays retired), "old": the last key}."""
        current = self.db.execute(
            "SELECT pub FROM keys WHERE device=? AND retired_at IS NULL", (device,)
        ).fetchone()
        if current is not None and current[0] == pub:
            return {"event": "known", "old": pub}
        seen = self.db.execute(
            "SELECT retired_at FROM keys WHERE device=? AND pub=?", (device, pub)
        ).fetchone()
        last_row = self.db.execute("SELECT COALESCE(MAX(rowid), 0) FROM games").fetchone()[0]
        with self.db:
            if current is not None:
                self.db.execute(
                    "UPDATE keys SET retired_at=?, retired_row=? WHERE device=? AND pub=?",
                    (_now(), last_row, device, current[0]),
                )
            if seen is not None:
                return {"event": "returned", "old": current[0] if current else None}
            self.db.execute(
                "INSERT INTO keys (device, pub, first_seen) VALUES (?,?,?)", (device, pub, _now())
            )
        return {"event": "changed" if current else "new", "old": current[0] if current else None}

    def keys(self) -> list[dict]:
        cur = self.db.execute(
            "SELECT device, pub, first_seen, retired_at FROM keys ORDER BY device, first_seen"
        )
        names = [c[0] for c in cur.description]
        return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]

    def trust_for(self, data: bytes):
        """The key check host.authentic.verify asks about this log's bytes."""
        sha = hashlib.sha256(data).hexdigest()

        def trust(device: str | None, pub: str) -> str | None:
            return self.key_trust(device, pub, sha)

        return trust

    def key_trust(self, device: str | None, pub: str, sha: str) -> str | None:
        """None if `pub` is trusted for the log with this sha256, else why not."""
        short = pub[:16] + "..."
        row = self.db.execute(
            "SELECT retired_at, retired_row FROM keys WHERE device=? AND pub=?", (device, pub)
        ).fetchone()
        if row is None:
            known = self.db.execute("SELECT 1 FROM keys WHERE device=?", (device,)).fetchone()
            if known is None:
                return (
                    "signed by key %s of device %s, which this laptop has no record of (sync"
                    " the device once, or give its key with --key)" % (short, device)
                )
            return (
                "signed by key %s, which device %s never showed this laptop: not the"
                " device's signature" % (short, device)
            )
        retired_at, retired_row = row
        if retired_at is None:
            return None
        stored = self.db.execute(
            "SELECT rowid FROM games WHERE device=? AND sha256=?", (device, sha)
        ).fetchone()
        if stored is not None and stored[0] <= (retired_row or 0):
            return None
        return (
            "signed by device %s's old key %s, retired %s when the device showed a new key"
            " (its REPL was opened since); this log reached the laptop only after that, and"
            " whoever had the REPL may have read the old key" % (device, short, retired_at)
        )

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
