# sim/wlan.py  A stand-in for the `network` module on the unix port (never flashed)
# MIT licence. The unix port has no radio. This models the part of the rp2 port's
# network.WLAN (CYW43) interface that wifi.py uses, as MicroPython's documentation
# describes it: IF_AP/IF_STA, config() with keyword parameters (an unknown one raises
# ValueError, as the port does) and single-parameter queries, active(), connect() whose
# status() goes from STAT_CONNECTING to STAT_GOT_IP, STAT_WRONG_PASSWORD or
# STAT_NO_AP_FOUND against a table of networks the test provides, ifconfig() and
# status("stations"). Every interface answers on loopback, where the server listens on
# the unix port. What it cannot show: radio range, the WPA2 handshake, DHCP, phones
# actually joining, the chip's limit on stations (docs/phones.md lists these).

STAT_IDLE = 0
STAT_CONNECTING = 1
STAT_GOT_IP = 3
STAT_CONNECT_FAIL = -1
STAT_NO_AP_FOUND = -2
STAT_WRONG_PASSWORD = -3

_CONFIG = ("ssid", "key", "security", "channel", "hidden", "pm", "txpower", "hostname", "mac")


class WLAN:
    IF_STA = 0
    IF_AP = 1
    SEC_OPEN = 0
    SEC_WPA_WPA2 = 4194310
    SEC_WPA2_WPA3 = 20971524
    PM_NONE = 16
    networks = {}  # ssid -> passphrase: the networks "in range" (tests set this)
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
            self._status = STAT_IDLE
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
        if self.interface != self.IF_STA:
            raise OSError(1)
        if not self._active:
            raise OSError(1)
        self._config["ssid"] = ssid
        self._target = (ssid, key)
        self._status = STAT_CONNECTING
        self._polls = 0

    def disconnect(self):
        self._status = STAT_IDLE

    def isconnected(self):
        return self.status() == STAT_GOT_IP

    def status(self, param=None):
        if param == "stations":
            if self.interface != self.IF_AP:
                raise ValueError("AP required")
            return [(mac,) for mac in self.stations]
        if param is not None:
            raise ValueError("unknown status param")
        if self._status == STAT_CONNECTING:
            self._polls += 1
            if self._polls >= self.connect_polls:
                ssid, key = self._target
                if ssid not in self.networks:
                    self._status = STAT_NO_AP_FOUND
                elif self.networks[ssid] != key:
                    self._status = STAT_WRONG_PASSWORD
                else:
                    self._status = STAT_GOT_IP
        return self._status

    def ifconfig(self):
        if self.interface == self.IF_AP and self._active:
            return ("127.0.0.1", "255.0.0.0", "127.0.0.1", "127.0.0.1")
        if self._status == STAT_GOT_IP:
            return ("127.0.0.1", "255.0.0.0", "127.0.0.1", "127.0.0.1")
        return ("0.0.0.0", "0.0.0.0", "0.0.0.0", "0.0.0.0")
