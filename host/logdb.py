"""Game logs on the laptop: a SQLite database of synced logs.

A game is stored once, by (device, id), with its exact bytes and sha256
(never re-serialised), and what verification found. A transfer in progress
keeps its bytes so far in `partial`, so an interrupted sync resumes where it
stopped. `keys` holds every device signing key this laptop has been shown, pinned
like an SSH host key (host/authentic.py, docs/security.md): a key is trusted only
once a person has confirmed its fingerprint (`trusted_at`); a device has at most one
pinned key, and pinning another retires it (`retired_at`, with the last game stored
before, whose logs stay trusted). A key shown but never confirmed is recorded with
when it was first and last seen, and trusted for nothing.
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
    last_seen TEXT,
    trusted_at TEXT,
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
# Columns added since: a database made before them gets them (with what they mean there).
ADDED = {"keys": ["last_seen", "trusted_at"]}


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
        self._add_columns()
        self.db.commit()

    def _add_columns(self) -> None:
        """Bring a database made before the key pins up to date. Its keys were trusted on
        first use then: each keeps the trust it had (the current ones pinned, the
        retired ones retired), as if confirmed when first seen."""
        for table, names in ADDED.items():
            have = {row[1] for row in self.db.execute("PRAGMA table_info(%s)" % table)}
            for name in names:
                if name not in have:
                    self.db.execute("ALTER TABLE %s ADD COLUMN %s TEXT" % (table, name))
        self.db.execute("UPDATE keys SET last_seen = first_seen WHERE last_seen IS NULL")
        if "trusted_at" not in have:
            self.db.execute("UPDATE keys SET trusted_at = first_seen")

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

    # -- device keys (pinned, confirmed by a person) ---------------------------
    def _key(self, device: str, pub: str):
        cur = self.db.execute(
            "SELECT device, pub, first_seen, last_seen, trusted_at, retired_at, retired_row"
            " FROM keys WHERE device=? AND pub=?",
            (device, pub),
        )
        row = cur.fetchone()
        return dict(zip([c[0] for c in cur.description], row, strict=True)) if row else None

    def pinned(self, device: str) -> str | None:
        """The device's pinned key (hex), or None if no key of it was ever confirmed."""
        row = self.db.execute(
            "SELECT pub FROM keys WHERE device=? AND trusted_at IS NOT NULL AND retired_at IS NULL",
            (device,),
        ).fetchone()
        return row[0] if row else None

    def observe_key(self, device: str, pub: str) -> dict:
        """A board showed `pub` as device `device`'s key (its hello): recorded, first and
        last seen. Nothing is trusted here. Returns {"state": "pinned" (the device's
        pinned key), "new" (no key of this device was ever confirmed) or "changed" (it
        has a pinned key, and this is another), "pinned": the pinned key or None,
        "retired": when this key was pinned before and retired (or None)}."""
        now = _now()
        with self.db:
            self.db.execute(
                "INSERT OR IGNORE INTO keys (device, pub, first_seen) VALUES (?,?,?)",
                (device, pub, now),
            )
            self.db.execute(
                "UPDATE keys SET last_seen=? WHERE device=? AND pub=?", (now, device, pub)
            )
        pinned = self.pinned(device)
        row = self._key(device, pub) or {}
        if pinned == pub:
            state = "pinned"
        else:
            state = "changed" if pinned is not None else "new"
        return {"state": state, "pinned": pinned, "retired": row.get("retired_at")}

    def trust(self, device: str, pub: str) -> dict:
        """A person confirmed `pub` (hex) as device `device`'s key: it is pinned, the key
        pinned before is retired (logs stored until now that it signed stay trusted),
        and the device's stored logs that did not verify are verified again. Returns
        {"previous": the key retired or None, "verified": logs now verified}."""
        pub = pub.lower()
        previous = self.pinned(device)
        if previous == pub:
            return {"previous": None, "verified": self.reverify(device)}
        now = _now()
        last_row = self.db.execute("SELECT COALESCE(MAX(rowid), 0) FROM games").fetchone()[0]
        with self.db:
            if previous is not None:
                self.db.execute(
                    "UPDATE keys SET retired_at=?, retired_row=? WHERE device=? AND pub=?",
                    (now, last_row, device, previous),
                )
            self.db.execute(
                "INSERT OR IGNORE INTO keys (device, pub, first_seen) VALUES (?,?,?)",
                (device, pub, now),
            )
            self.db.execute(
                "UPDATE keys SET trusted_at=?, retired_at=NULL, retired_row=NULL"
                " WHERE device=? AND pub=?",
                (now, device, pub),
            )
        return {"previous": previous, "verified": self.reverify(device)}

    def reverify(self, device: str) -> int:
        """Verify again the device's stored logs that did not verify (a key was pinned
        since): how many verify now."""
        rows = self.db.execute(
            "SELECT id, data FROM games WHERE device=? AND verified=0", (device,)
        ).fetchall()
        now_ok = 0
        with self.db:
            for game_id, data in rows:
                summary = summarize(bytes(data), self.trust_for(bytes(data)))
                self.db.execute(
                    "UPDATE games SET verified=?, problem=? WHERE device=? AND id=?",
                    (summary["verified"], summary["problem"], device, game_id),
                )
                now_ok += summary["verified"]
        return now_ok

    def keys(self) -> list[dict]:
        """Every key of every device, each with its `state`: "pinned", "retired" (pinned
        once, replaced by a person's confirmation) or "unconfirmed" (shown, never
        confirmed), and `logs`: the stored logs it signed that verified."""
        cur = self.db.execute(
            "SELECT device, pub, first_seen, last_seen, trusted_at, retired_at FROM keys"
            " ORDER BY device, first_seen, pub"
        )
        names = [c[0] for c in cur.description]
        out = [dict(zip(names, row, strict=True)) for row in cur.fetchall()]
        signed = self._verified_by_key()
        for key in out:
            if key["trusted_at"] is None:
                key["state"] = "unconfirmed"
            else:
                key["state"] = "retired" if key["retired_at"] else "pinned"
            key["logs"] = signed.get((key["device"], key["pub"]), 0)
        return out

    def _verified_by_key(self) -> dict:
        """(device, pub hex) -> how many stored logs it signed that verified."""
        from shared_rules import gamelog

        out: dict = {}
        for device, data in self.db.execute("SELECT device, data FROM games WHERE verified=1"):
            try:
                pub = gamelog.parse(bytes(data))["head"]["pub"]
            except (KeyError, TypeError, ValueError):
                continue
            out[(device, pub)] = out.get((device, pub), 0) + 1
        return out

    def trust_for(self, data: bytes):
        """The key check host.authentic.verify asks about this log's bytes."""
        sha = hashlib.sha256(data).hexdigest()

        def trust(device: str | None, pub: str) -> str | None:
            return self.key_trust(device, pub, sha)

        return trust

    def key_trust(self, device: str | None, pub: str, sha: str) -> str | None:
        """None if `pub` is trusted for the log with this sha256, else why not."""
        from shared_rules.fingerprint import fingerprint

        shown = fingerprint(bytes.fromhex(pub))
        row = self._key(device or "", pub)
        if row is None:
            known = self.db.execute("SELECT 1 FROM keys WHERE device=?", (device,)).fetchone()
            if known is None:
                return (
                    "signed by key %s of device %s, which this laptop has no record of (sync"
                    " the device, or give its key with --key)" % (shown, device)
                )
            return (
                "signed by key %s, which device %s never showed this laptop: not the"
                " device's signature" % (shown, device)
            )
        if row["trusted_at"] is None:
            return (
                "signed by key %s, which a board calling itself device %s showed on %s but"
                " nobody confirmed: compare it with the device's About screen, then"
                " `confessor devices trust %s %s`"
                % (shown, device, row["first_seen"], device, shown)
            )
        if row["retired_at"] is None:
            return None
        stored = self.db.execute(
            "SELECT rowid FROM games WHERE device=? AND sha256=?", (device, sha)
        ).fetchone()
        if stored is not None and stored[0] <= (row["retired_row"] or 0):
            return None
        return (
            "signed by device %s's old key %s, retired %s when its owner confirmed a new key"
            " (its maintenance mode was opened, or its key was replaced); this log reached the"
            " laptop only after that, and whoever had the REPL may have read the old key"
            % (device, shown, row["retired_at"])
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
