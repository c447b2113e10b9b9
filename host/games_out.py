"""`simulate --games-out FILE`: one row per game played, for a designer's own
analysis (a spreadsheet, pandas, R). FILE ending in .csv is CSV, any other name
JSON Lines (one JSON object a line). docs/cli.md lists the fields.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

from host.simulate import Arm, game_seed
from host.tally import GameRecord, Tally


def game_row(arm: Arm, tally: Tally, record: GameRecord, base: str) -> dict:
    """One game as plain data (the JSON Lines object)."""
    units = tally.units
    won = units.winners(record.returns)
    decided = len(won) < units.count
    deal = record.deal_of()
    return {
        "arm": arm.label,
        "game": record.index,
        "deal": deal,
        "seed": game_seed(base, deal).hex(),
        "seed_text": f"{base}/{deal}",
        "players": len(record.players),
        "bots": list(record.players),
        "teams": list(units.teams) if units.teams is not None else None,
        "returns": list(record.returns),
        "winners": [s for s in range(tally.n) if units.of_seat[s] in won] if decided else [],
        "shared_win": 1 < len(won) < units.count,
        "first_player": record.order[0],
        "actions": record.actions,
        "decisions": record.decisions,
        "rounds": record.rounds,
        "standing": list(record.standing) if record.standing is not None else None,
        "margin": units.margin(record.returns, record.standing),
        "lead_changes": record.lead_changes,
        "figures": dict(sorted(record.figures.items())),
    }


def _flat(row: dict) -> dict:
    """A row for CSV: one column a value (bot_0, return_0, score0, ...)."""
    out = {}
    for key, value in row.items():
        if key == "figures":
            out.update(value)
        elif isinstance(value, list):
            if key == "winners":
                out[key] = " ".join(str(s) for s in value)
            else:
                name = {"bots": "bot", "returns": "return", "teams": "team"}.get(key, key)
                for s, v in enumerate(value):
                    out[f"{name}_{s}"] = v
        elif value is None:
            out[key] = ""
        else:
            out[key] = value
    return out


def write_games(path, arms: list[Arm], tallies: list[Tally], base: str) -> int:
    """Write every game of every arm, in arm then game order; returns the rows written."""
    rows = [
        game_row(arm, tally, record, base)
        for arm, tally in zip(arms, tallies, strict=True)
        for record in tally.records
    ]
    target = Path(path)
    if target.suffix.lower() == ".csv":
        flat = [_flat(r) for r in rows]
        columns: list[str] = []
        for r in flat:
            for key in r:
                if key not in columns:
                    columns.append(key)
        with target.open("w", newline="", encoding="utf-8") as f:
            writer = csv.DictWriter(f, fieldnames=columns, restval="")
            writer.writeheader()
            writer.writerows(flat)
    else:
        with target.open("w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, sort_keys=False) + "\n")
    return len(rows)
