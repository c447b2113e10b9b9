# settings.py  Device settings in settings.json (seat names, LED brightness, phone mode, Wi-Fi)
# MIT licence. Validated before use; written atomically (temp file + rename) so a
# power cut leaves the old or the new settings, never half of them. `wifi` is the
# network phone mode joins instead of starting its own (docs/phones.md): its password
# is the owner's: the serial link writes it and never sends it back (link_ops.py).

import json

DEFAULTS = {"names": [], "brightness": 128, "phones": False, "wifi": None}  # docs/phones.md
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
        elif key == "wifi":
            value = _wifi(value)
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


def _wifi(value):
    """None (the device's own access point), or the network to join: its name and
    WPA2 passphrase, checked as the radio would (IEEE 802.11: a name of 1 to 32 bytes;
    802.11i: a passphrase of 8 to 63 printable ASCII characters). An open network is
    refused: every page and token would cross the air in clear."""
    if value is None:
        return None
    if not isinstance(value, dict) or sorted(value) != ["password", "ssid"]:
        raise ValueError('wifi must be null or {"ssid": name, "password": passphrase}')
    ssid = value["ssid"]
    key = value["password"]
    if not isinstance(ssid, str) or not 1 <= len(ssid.encode()) <= 32:
        raise ValueError("a Wi-Fi network name has 1 to 32 bytes")
    if not isinstance(key, str) or not 8 <= len(key) <= 63:
        raise ValueError("a Wi-Fi password has 8 to 63 characters (open networks are refused)")
    for ch in ssid + key:
        if not " " <= ch <= "~":
            raise ValueError("a Wi-Fi name and password are printable ASCII")
    return {"ssid": ssid, "password": key}


def load(path=PATH):
    try:
        with open(path) as f:
            return validate(json.load(f))
    except (OSError, ValueError):
        return dict(DEFAULTS)


def save(values, path=PATH):
    from store import write_atomic

    write_atomic(path, json.dumps(values).encode())
