# phone_net.py  Phone mode's network: the one set over the link, or the device's own access point
# MIT licence. Imported by phone_start.py while a phone game starts or resumes, and unloaded
# after with wifi.py: a game in play keeps only the WLAN object, the network's name (and
# the access point's password) and the seats' address.
#
# With the `wifi` setting (a network name and password written over the serial link,
# settings.py) the device joins that network as a station instead of starting its own;
# the table's screen then shows the network's name and the device's address there, never
# the password (the owner's). If joining fails the screen says why in one line and the
# table chooses: the device's own access point, the buttons only, or another try.

from ui import Screen, clip

_TITLE = "Phones: Wi-Fi"
_WHY = {"joining": "no answer", "failed": "it refused"}


async def up(phones, s, saved, port):
    """The network up for the game; False when the table chose the buttons only.
    `saved`: the game's .phones record on a resume (the same network again), else None;
    `port`: the server's."""
    import wifi

    board = phones.app.board
    if board.sim is not None:
        from sim import wlan as network
    else:
        import network  # pyright: ignore[reportMissingImports] - the board's
    w = wifi.Wifi(network, board.urandom)
    setting = phones.app.settings.get("wifi")
    station = saved.get("station", False) if saved is not None else setting is not None
    if station and setting:
        chosen = await _join(w, s, setting["ssid"], setting["password"])
        if chosen == "buttons":
            return False
        if chosen == "up":
            phones.station = True
            phones.ssid = w.ssid
            phones.password = None  # the owner's: never on the e-ink, never in .phones
            _keep(phones, w, port)
            return True
        saved = None  # the device's own network instead: a new name and password
    ssid = password = None
    if saved is not None and not saved.get("station", False):
        ssid, password = saved["ssid"], saved["password"]
    phones.ssid, phones.password = w.start_ap(ssid, password)
    phones.station = False
    _keep(phones, w, port)
    return True


def _keep(phones, w, port):
    phones.wlan = w.wlan
    phones.address = w.url("", port)


async def _join(w, s, ssid, password):
    """Join the network: "up"; else, after the table read why, "ap" or "buttons"."""
    while True:
        await s.show(
            Screen(
                "wifi-joining",
                _TITLE,
                big="Joining",
                facts=[clip(ssid)],
                lines=["The network set over the link.", "This takes a few seconds."],
            )
        )
        try:
            w.join(ssid, password)
            state = await w.wait_up()
        except (OSError, ValueError):
            state = "failed"
        if state == "up":
            return "up"
        w.stop()
        why = _WHY.get(state, state)
        await s.show(
            Screen(
                "wifi-failed",
                _TITLE,
                big="Not joined",
                facts=[clip("%s: %s" % (ssid, why))],
                lines=["A: the device's own Wi-Fi", "B: play with the buttons", "C: try again"],
                keys=("Own WiFi", "Buttons", "Again"),
            )
        )
        key = await s.wait_key("ABC")
        if key == "A":
            return "ap"
        if key == "B":
            return "buttons"
