# join_network.py  The table's network on the e-ink at a game's start, before each seat's code
# MIT licence. The table's Wi-Fi network (public: its name and password, as the standard
# Wi-Fi QR text phones join by camera) or, for a network the device joined, its name and
# the device's address, with no code. Imported by phone_start.py for a new game's network
# screen and unloaded after; join_screen.py draws it.

from join_screen import picture
from ui import Screen


def wifi_text(ssid, password):
    """The Wi-Fi QR text phones' cameras understand (WPA2: T:WPA)."""
    return "WIFI:T:WPA;S:%s;P:%s;;" % (_escape(ssid), _escape(password))


def _escape(text):
    out = ""
    for ch in text:
        if ch in '\\;,:"':
            out += "\\"
        out += ch
    return out


def network_screen(ssid, password):
    """(Screen, code) of the table's network: join it by camera or by typing."""
    scr = Screen(
        "join-wifi",
        title="Phones: Wi-Fi",
        lines=["Scan to join", "", "Network:", ssid, "Password:", password],
        keys=("next", "", ""),
    )
    import qr  # the encoder, only while a code is encoded (phone_start.py unloads it)

    return scr, picture(qr.encode(wifi_text(ssid, password)))


def station_screen(ssid, address):
    """The network the device joined (set over the link): its name, large, and the
    device's address there. No password (the owner's) and no Wi-Fi code: the phones
    are on that network already, or join it as they always do."""
    host = address[7:] if address.startswith("http://") else address
    host = host.split("/")[0]
    return Screen(
        "join-network",
        title="Phones: Wi-Fi",
        big=ssid,
        facts=["Join this network.", "The device: " + host],
        lines=["Then each seat scans its own code."],
        keys=("next", "", ""),
    )
