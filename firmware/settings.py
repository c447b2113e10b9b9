# settings.py  Device settings in settings.json (seat names, LED brightness, phone mode)
# MIT licence. Validated before use; written atomically (temp file + rename) so a
# power cut leaves the old or the new settings, never half of them.

import json

DEFAULTS = {"names": [], "brightness": 128, "phones": False}  # phones: docs/phones.md
MAX_NAMES = 8
MAX_NAME = 10
PATH = "settings.json"


def validate(changes, base=None):
    """A new settings dict: `base` (or the defaults) updated by `changes`.
    Raises ValueError with a one-line message on anything unknown or out of range."""
    if not isinstance(changes, dict):
        raise ValueError("settings must be an object")
    out = dict(DEFAULTS)
    if base:
        for key in base:
            if key in DEFAULTS:
                out[key] = base[key]
    for key in sorted(changes):
        value = changes[key]
        if key == "brightness":
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 255:
                raise ValueError("brightness must be a whole number from 0 to 255")
        elif key == "phones":
            if not isinstance(value, bool):
                raise ValueError("phones must be true or false")
        elif key == "names":
            if not isinstance(value, list) or len(value) > MAX_NAMES:
                raise ValueError("names must be a list of at most %d names" % MAX_NAMES)
            for name in value:
                if not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME:
                    raise ValueError("each name must be 1 to %d characters" % MAX_NAME)
                for ch in name:
                    if not " " <= ch <= "~":
                        raise ValueError("names may use plain ASCII letters only: %r" % name)
            value = list(value)
        else:
            raise ValueError(
                "unknown setting %r (settings: %s)" % (key, ", ".join(sorted(DEFAULTS)))
            )
        out[key] = value
    return out


def load(path=PATH):
    try:
        with open(path) as f:
            return validate(json.load(f))
    except (OSError, ValueError):
        return dict(DEFAULTS)


def save(values, path=PATH):
    from store import write_atomic

    write_atomic(path, json.dumps(values).encode())
