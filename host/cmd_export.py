"""`confessor export`: the synced games as JSON or CSV."""

import csv
import json
import sys

from host.errors import CliError
from host.logtools import add_db_argument, open_db

HELP = "write the synced games as JSON (with every action) or CSV (one row per game)"
COLUMNS = [
    "device",
    "id",
    "game",
    "players",
    "seal",
    "moves",
    "returns",
    "verified",
    "problem",
    "sha256",
    "size",
    "synced_at",
]


def add_arguments(parser):
    parser.add_argument("--format", choices=("json", "csv"), default="json")
    parser.add_argument("-o", "--out", help="output file (default: standard output)")
    add_db_argument(parser)


def _record(row, data):
    from shared_rules import gamelog

    parts = gamelog.parse(data)
    out = {k: row[k] for k in COLUMNS}
    out["returns"] = json.loads(row["returns"]) if row["returns"] else None
    out["verified"] = bool(row["verified"])
    out["header"] = parts["head"]
    out["actions"] = parts["actions"]
    out["end"] = parts["end"]
    return out


def run(args):
    with open_db(args, must_exist=True) as db:
        records = [
            _record(row, db.find("%s:%s" % (row["device"], row["id"]))[1]) for row in db.rows()
        ]
    from host.errors import writable_path

    if args.out:
        writable_path(args.out, "-o")
    try:
        out = open(args.out, "w", newline="") if args.out else sys.stdout
    except OSError as err:
        raise CliError("cannot write %s: %s" % (args.out, err.strerror)) from None
    try:
        if args.format == "json":
            json.dump(records, out, indent=1, sort_keys=True)
            out.write("\n")
        else:
            writer = csv.DictWriter(out, fieldnames=COLUMNS)
            writer.writeheader()
            for rec in records:
                row = {k: rec[k] for k in COLUMNS}
                row["returns"] = " ".join(str(v) for v in rec["returns"] or [])
                writer.writerow(row)
        out.flush()
    except OSError as err:  # a full disk, /dev/full, a closed pipe
        raise CliError("cannot write %s: %s" % (args.out or "the output", err.strerror)) from None
    finally:
        if args.out:
            try:
                out.close()
            except OSError:
                pass
    if args.out:
        print("wrote %d games to %s" % (len(records), args.out), file=sys.stderr)
    return 0
