"""Phone mode joining a network set over the serial link (station mode, docs/phones.md), in
the real firmware on the virtual board: `confessor settings --wifi NAME` writes the network
and its password (read from standard input), the link never sends the password back, a
phone game joins that network instead of starting its own access point and shows its name
and the device's address there (never the password), a seat's page opens from its code, a
power cut joins it again with the same tokens; a wrong password or a network out of range
is said in one line and the table chooses the device's own Wi-Fi or the buttons; clearing
the setting (deferred during a game) goes back to the access point. The radio is
firmware/sim/wlan.py, modelled on the rp2 port's network.WLAN (CYW43)."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

from device_helpers import start_device
from phone_helpers import pbm_png, zbar
from test_device_phones import heap  # one heap for every phone test (docs/device.md, "Memory")

from host.cli import main as cli
from host.link import Link
from host.phone_sim import PhoneHttp, choice_actions, free_port
from host.sim_play import start_game

HOME = "Home Wi-Fi"
SECRET = "correct horse battery"  # the owner's password: never on the glass, never read back
DOCS = os.environ.get("CONFESSOR_PHONE_SHOTS")  # a folder: also keep the screens' pictures there


def keep(c, name) -> None:
    if DOCS:
        pbm_png(c.screen_image_path(), Path(DOCS) / f"{name}.png")


def read_code(c, tmp_path, name) -> str:
    found = zbar(pbm_png(c.screen_image_path(), tmp_path / f"{name}.png"))
    assert len(found) == 1, found
    return found[0]


def no_secret_anywhere(c) -> None:
    assert SECRET not in c.screen_text()
    assert SECRET not in json.dumps(c.screen())


def join_one_phone(c, tmp_path, port, players) -> str:
    """Each seat's pass gate: P1 looks and scans its code, the others say "no phone"."""
    token = ""
    for seat in range(players):
        scr = c.screen()
        assert scr["name"] == "pass" and scr["big"] == f"P{seat + 1}", scr
        if seat:
            c.press("B")
            continue
        c.press("A")
        assert c.screen()["name"] == "join-seat"
        url = read_code(c, tmp_path, "seat")
        assert url.startswith(f"http://127.0.0.1:{port}/s/")
        token = url.rsplit("/", 1)[1]
        c.press("A")
    return token


def settings_cli(url, *args, stdin="") -> int:
    import sys

    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        return cli(["settings", "--port", url, *args])
    finally:
        sys.stdin = old


def test_station_mode_set_over_the_link(tmp_path, capsys):
    from host import boardrun

    port = free_port()
    env = {"CONFESSOR_SIM_PHONE_PORT": str(port), "CONFESSOR_SIM_WIFI": json.dumps({HOME: SECRET})}
    board, c = boardrun.start(
        tmp_path / "flash",
        speed="instant",
        sim_dir=tmp_path / "sim",
        quiet=True,
        env=env,
    )
    http = PhoneHttp(port)
    try:
        # written over the link, password from standard input; shown back without it
        assert settings_cli(board.url, "--phones", "on", "--wifi", HOME, stdin=SECRET + "\n") == 0
        out = capsys.readouterr().out
        assert f"wifi: joins {HOME} (password set, not readable)" in out and SECRET not in out
        with Link.open(board.url) as link:
            reply = link.request("settings")
        assert reply["settings"]["wifi"] == {"ssid": HOME} and SECRET not in json.dumps(reply)
        on_flash = json.loads((tmp_path / "flash" / "settings.json").read_text())
        assert on_flash["wifi"] == {"ssid": HOME, "password": SECRET}  # the device keeps it
        # a bad password is refused in one line, exit 2, nothing changed
        assert settings_cli(board.url, "--wifi", HOME, stdin="short\n") == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "8 to 63 characters" in err

        start_game(c, 3)
        c.press("A")  # the seal: the network comes up
        scr = c.screen()
        assert scr["name"] == "join-network" and not scr["private"], scr
        assert scr["big"] == HOME and f"The device: 127.0.0.1:{port}" in scr["facts"]
        assert scr["hidden"] == 0
        no_secret_anywhere(c)
        keep(c, "join-network")
        c.press("A")
        token = join_one_phone(c, tmp_path, port, 3)
        state = http.state(token)
        assert state["name"] == "P1" and state["view"]["seat"] == 0
        current = (tmp_path / "flash" / "games" / "current").read_text().strip()
        saved = json.loads((tmp_path / "flash" / "games" / f"{current}.phones").read_text())
        assert saved["station"] is True and saved["ssid"] == HOME and saved["password"] is None

        # changed during the game: it waits for the game's end, as seat names do, and
        # what waits is not read back either
        with Link.open(board.url) as link:
            reply = link.request(
                "settings", values={"wifi": {"ssid": "Other", "password": "x" * 9}}
            )
        assert reply["pending"]["wifi"] == {"ssid": "Other"} and "x" * 9 not in json.dumps(reply)
        assert reply["settings"]["wifi"] == {"ssid": HOME}
        # cleared during the game: waits too (the last change wins)
        assert settings_cli(board.url, "--no-wifi") == 0
        out = capsys.readouterr().out
        assert f"joins {HOME}" in out and "wifi change when the game in progress ends" in out
        # P1 reads its opening card on its page, the others behind the gate
        for _ in range(20):
            scr = c.screen()
            if scr["name"] == "turn":
                break
            if scr["name"] == "phone":
                choice = http.state(token)["choice"]
                assert http.choose(token, choice["move"], choice_actions(choice)[0])[0] == 202
                c.wait_idle()
                continue
            c.press("A")
        assert c.screen()["name"] == "turn"
        abandon(c)
        assert c.screen()["name"] == "menu"
        with Link.open(board.url) as link:
            assert link.request("settings")["settings"]["wifi"] is None
        # the next phone game: the device's own access point again
        start_game(c, 3)
        c.press("A")
        scr = c.screen()
        assert scr["name"] == "join-wifi" and scr["lines"][3].startswith("Confessor-"), scr
    finally:
        board.stop()


def abandon(c) -> None:
    c.press("C")
    scr = c.screen()
    assert scr["name"] == "pause"
    while not scr["items"][scr["cursor"]].startswith("Abandon"):
        c.press("DOWN")
        scr = c.screen()
    c.press("A")
    assert c.screen()["name"] == "confirm"
    c.press("A")
    assert c.screen()["name"] == "abandoned"
    c.press("A")


def device_with(tmp_path, wifi, networks, port):
    flash = tmp_path / "flash"
    flash.mkdir(parents=True)
    settings = {"names": [], "brightness": 128, "phones": True, "wifi": wifi}
    (flash / "settings.json").write_text(json.dumps(settings))
    return start_device(tmp_path, phone_port=port, heap=heap(), port="unix32", wifi=networks)


def test_a_wrong_password_offers_the_own_network(tmp_path):
    port = free_port()
    dev = device_with(
        tmp_path, {"ssid": HOME, "password": "not the password"}, {HOME: SECRET}, port
    )
    try:
        c = dev.client
        start_game(c, 2)
        c.press("A")
        scr = c.screen()
        assert scr["name"] == "wifi-failed" and scr["facts"] == [f"{HOME}: wrong password"], scr
        assert scr["keys"] == ["Own WiFi", "Buttons", "Again"] and scr["hidden"] == 0
        keep(c, "wifi-failed")
        c.press("C")  # again: the same answer, no traceback
        assert c.screen()["name"] == "wifi-failed"
        c.press("A")  # the device's own access point
        scr = c.screen()
        assert scr["name"] == "join-wifi", scr
        ssid, password = scr["lines"][3], scr["lines"][5]
        assert read_code(c, tmp_path, "wifi") == f"WIFI:T:WPA;S:{ssid};P:{password};;"
        c.press("A")
        token = join_one_phone(c, tmp_path, port, 2)
        assert PhoneHttp(port).state(token)["name"] == "P1"
        current = (tmp_path / "flash" / "games" / "current").read_text().strip()
        saved = json.loads((tmp_path / "flash" / "games" / f"{current}.phones").read_text())
        assert saved["station"] is False and saved["password"] == password
    finally:
        dev.stop()


def test_no_network_in_range_offers_the_buttons(tmp_path):
    port = free_port()
    dev = device_with(tmp_path, {"ssid": "Elsewhere", "password": SECRET}, {HOME: SECRET}, port)
    try:
        c = dev.client
        start_game(c, 2)
        c.press("A")
        scr = c.screen()
        assert scr["name"] == "wifi-failed" and scr["facts"] == ["Elsewhere: no network"], scr
        c.press("B")  # the buttons only: the game goes on as without phones
        scr = c.screen()
        assert scr["name"] == "pass" and scr["keys"][0] == "Look", scr
        current = (tmp_path / "flash" / "games" / "current").read_text().strip()
        assert not (tmp_path / "flash" / "games" / f"{current}.phones").exists()
    finally:
        dev.stop()


def test_a_power_cut_joins_the_network_again(tmp_path):
    port = free_port()
    dev = device_with(tmp_path, {"ssid": HOME, "password": SECRET}, {HOME: SECRET}, port)
    http = PhoneHttp(port)
    try:
        c = dev.client
        start_game(c, 2)
        c.press("A")
        assert c.screen()["name"] == "join-network"
        c.press("A")
        token = join_one_phone(c, tmp_path, port, 2)
        before = http.state(token)
        dev.restart()  # the power goes and comes back: the same network, the same tokens
        after = http.state(token)
        assert after["name"] == "P1" and after["view"] == before["view"]
        current = (tmp_path / "flash" / "games" / "current").read_text().strip()
        saved = json.loads((tmp_path / "flash" / "games" / f"{current}.phones").read_text())
        assert saved["station"] is True and saved["password"] is None
        no_secret_anywhere(c)
    finally:
        dev.stop()


def test_the_password_comes_from_standard_input_or_not_at_all(capsys):
    # never from the command line; none given is a usage error, before any port is opened
    assert settings_cli("socket://127.0.0.1:1", "--wifi", HOME, stdin="") == 2
    err = capsys.readouterr().err
    assert err == "confessor settings: --wifi: no password on standard input\n"
