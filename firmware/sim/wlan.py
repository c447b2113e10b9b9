# sim/wlan.py  A stand-in for the `network` module on the unix port (never flashed)
# MIT licence. The unix port has no radio. This models the part of the rp2 port's
# network.WLAN (CYW43) interface that wifi.py uses, as MicroPython's rp2 port
# (extmod/network_cyw43.c) and the cyw43-driver behave: IF_AP/IF_STA, config() with
# keyword parameters (an unknown one raises ValueError, as the port does) and
# single-parameter queries (never the key), active(), and the station's join:
# connect() on an inactive station raises OSError(EPERM); status() is the driver's
# link status, STAT_CONNECTING (1, CYW43_LINK_JOIN) while it joins, 2 (CYW43_LINK_NOIP:
# joined, DHCP not done; the port has no name for it) for a read, then STAT_GOT_IP (3),
# or STAT_NO_AP_FOUND (-2) / STAT_WRONG_PASSWORD (-3) against the networks "in range"
# (the test's CONFESSOR_SIM_WIFI: a JSON object, name -> passphrase); isconnected() is
# status() == 3 (on the AP: up with a station joined); disconnect() and active(False)
# leave the network (STAT_IDLE); ifconfig() and ipconfig("addr4") give 0.0.0.0 until
# DHCP is done. Every interface answers on loopback, where the server listens on the
# unix port. What it cannot show: radio range, the WPA2 handshake, DHCP, phones
# actually joining, the chip's limit on stations, the driver's retries after a wrong
# password (docs/phones.md lists these).

STAT_IDLE = 0
STAT_CONNECTING = 1
STAT_GOT_IP = 3
STAT_CONNECT_FAIL = -1
STAT_NO_AP_FOUND = -2
STAT_WRONG_PASSWORD = -3
_LINK_NOIP = 2  # CYW43_LINK_NOIP: associated, waiting for DHCP (no STAT_ name on rp2)
_EPERM = 1
_NONE = ("0.0.0.0", "0.0.0.0", "0.0.0.0", "0.0.0.0")
_LOOPBACK = ("127.0.0.1", "255.0.0.0", "127.0.0.1", "127.0.0.1")


def _networks():
    """The networks in range: CONFESSOR_SIM_WIFI (JSON name -> passphrase), else none."""
    from sim.env import env

    text = env("CONFESSOR_SIM_WIFI")
    if not text:
        return {}
    import json

    return json.loads(text)


_CONFIG = ("ssid", "key", "security", "channel", "hidden", "pm", "txpower", "hostname", "mac")


class WLAN:
    IF_STA = 0
    IF_AP = 1
    SEC_OPEN = 0
    SEC_WPA_WPA2 = 4194310
    SEC_WPA2_WPA3 = 20971524
    PM_NONE = 16
    networks = None  # ssid -> passphrase in range; None: CONFESSOR_SIM_WIFI's
    connect_polls = 2  # status() reads before a join settles
    stations = []  # MACs of phones "on" the access point (tests set this)

    def __init__(self, interface=0):
        if interface not in (0, 1):
            raise ValueError("no such interface")
        self.interface = interface
        self._active = False
        self._config = {"ssid": "", "key": "", "security": self.SEC_OPEN, "channel": 1}
        self._status = STAT_IDLE
        self._polls = 0
        self._target = None

    def active(self, value=None):
        if value is None:
            return self._active
        self._active = bool(value)
        if not self._active:
            self._status = STAT_IDLE  # the station leaves its network first
        return None

    def config(self, *args, **kwargs):
        if args and kwargs:
            raise TypeError("can't specify pos and kw args")
        if args:
            if len(args) != 1 or args[0] not in _CONFIG:
                raise ValueError("unknown config param")
            if args[0] == "key":
                raise ValueError("unknown config param")  # the port never returns the key
            return self._config.get(args[0])
        for key in kwargs:
            if key not in _CONFIG:
                raise ValueError("unknown config param")
        self._config.update(kwargs)
        return None

    def connect(self, ssid, key=None):
        if self.interface != self.IF_STA or not self._active:
            raise OSError(_EPERM)  # cyw43_wifi_join: -CYW43_EPERM unless the STA is up
        self._config["ssid"] = ssid
        self._target = (ssid, key)
        self._status = STAT_CONNECTING
        self._polls = 0

    def disconnect(self):
        self._status = STAT_IDLE

    def isconnected(self):
        if self.interface == self.IF_AP:
            return self._active and len(self.stations) > 0
        return self.status() == STAT_GOT_IP

    def status(self, param=None):
        if param == "stations":
            if self.interface != self.IF_AP:
                raise ValueError("AP required")
            return [(mac,) for mac in self.stations]
        if param == "rssi":
            if self.interface != self.IF_STA:
                raise ValueError("STA required")
            return -60
        if param is not None:
            raise ValueError("unknown status param")
        if self.interface == self.IF_AP:
            return STAT_GOT_IP if self._active else STAT_IDLE  # the AP's netif, up or down
        if self._status == STAT_CONNECTING:
            self._polls += 1
            if self._polls >= self.connect_polls:
                ssid, key = self._target
                networks = self.networks if self.networks is not None else _networks()
                if ssid not in networks:
                    self._status = STAT_NO_AP_FOUND
                elif networks[ssid] != key:
                    self._status = STAT_WRONG_PASSWORD
                else:
                    self._status = _LINK_NOIP
        elif self._status == _LINK_NOIP:
            self._status = STAT_GOT_IP  # the DHCP lease, a read later
        return self._status

    def _addr(self):
        if self.interface == self.IF_AP:
            return _LOOPBACK if self._active else _NONE
        return _LOOPBACK if self._status == STAT_GOT_IP else _NONE

    def ifconfig(self):
        return self._addr()

    def ipconfig(self, *args, **kwargs):
        # the lwIP ports' ipconfig: only the queries wifi.py makes
        if kwargs or len(args) != 1:
            raise TypeError("must query one param")
        if args[0] != "addr4":
            raise ValueError("unexpected key")
        return self._addr()[:2]
