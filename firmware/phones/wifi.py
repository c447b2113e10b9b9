# wifi.py  Phone mode's network: the device's own access point, or a network set over the link
# MIT licence. A small driver in the manner of the others: it takes the `network` module
# (the board's, or sim/wlan.py's on the unix port, which has none) and the urandom
# function, so the same code runs on both. The access point is WPA2 with a network name
# the table can read and a fresh random password for every game, shown on the e-ink (and
# as the Wi-Fi QR code of join_network.py). Station mode joins a network whose name and
# password came over the serial link; the device's address then comes from that network.

import asyncio

AP_PORT = 80
# Passwords people read off the e-ink and type: no l/1, o/0. 13 of 32 letters: 65 bits.
_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
PASSWORD_CHARS = 13


def fresh_password(urandom, length=PASSWORD_CHARS):
    """A WPA2 passphrase of `length` letters, each uniform over 32 (5 bits of a byte)."""
    raw = urandom(length)
    return "".join([_ALPHABET[b & 31] for b in raw])


def network_name(urandom):
    """A name for the table's network: Confessor-XXXX, 4 letters so neighbours differ."""
    return "Confessor-" + fresh_password(urandom, 4).upper()


def check_passphrase(key):
    # WPA2 passphrases are 8 to 63 printable ASCII characters (IEEE 802.11i).
    if not isinstance(key, str) or not 8 <= len(key) <= 63:
        raise ValueError("a Wi-Fi password has 8 to 63 characters")
    for ch in key:
        if not 32 <= ord(ch) <= 126:
            raise ValueError("a Wi-Fi password is printable ASCII")


def check_ssid(ssid):
    if not isinstance(ssid, str) or not 1 <= len(ssid.encode()) <= 32:
        raise ValueError("a Wi-Fi network name has 1 to 32 bytes")


class Wifi:
    """Access point or station over a `network` module; one at a time."""

    def __init__(self, network, urandom, wpa3=False):
        self.network = network
        self.urandom = urandom
        self.wpa3 = wpa3  # WPA2/WPA3 transition mode where the port has it (untested)
        self.wlan = None
        self.mode = None  # "ap", "station" or None
        self.ssid = None
        self.password = None

    def _security(self):
        wlan = self.network.WLAN
        if self.wpa3 and hasattr(wlan, "SEC_WPA2_WPA3"):
            return wlan.SEC_WPA2_WPA3
        return wlan.SEC_WPA_WPA2

    def start_ap(self, ssid=None, password=None):
        """Start the table's own network; a new password unless one is given."""
        self.stop()
        ssid = ssid or network_name(self.urandom)
        password = password or fresh_password(self.urandom)
        check_ssid(ssid)
        check_passphrase(password)
        wlan = self.network.WLAN(self.network.WLAN.IF_AP)
        wlan.config(ssid=ssid, key=password, security=self._security())
        wlan.active(True)
        self.wlan = wlan
        self.mode = "ap"
        self.ssid = ssid
        self.password = password
        return ssid, password

    def join(self, ssid, password):
        """Join an existing network (settings from the serial link); see connected()."""
        self.stop()
        check_ssid(ssid)
        check_passphrase(password)
        wlan = self.network.WLAN(self.network.WLAN.IF_STA)
        wlan.active(True)
        wlan.connect(ssid, password)
        self.wlan = wlan
        self.mode = "station"
        self.ssid = ssid
        self.password = None  # not the device's to show

    def state(self):
        """ "up", "joining", or why it failed: "no network", "wrong password", "failed".
        The CYW43's link status: joining (1), joined without an address yet (2, DHCP),
        up (3), or a failure (-1, -2, -3); the driver may go back to joining after a
        wrong password (it retries), so wait_up() stops at the first failure it reads."""
        if self.wlan is None:
            return "off"
        if self.mode == "ap":
            return "up" if self.wlan.active() else "off"
        n = self.network
        st = self.wlan.status()
        if st == n.STAT_GOT_IP:
            return "up"
        if st == n.STAT_WRONG_PASSWORD:
            return "wrong password"
        if st == n.STAT_NO_AP_FOUND:
            return "no network"
        if st == n.STAT_CONNECT_FAIL:
            return "failed"
        return "joining"

    async def wait_up(self, timeout_ms=15000, poll_ms=200):
        """Until the network is up or has failed; returns state()."""
        waited = 0
        while True:
            st = self.state()
            if st != "joining" or waited >= timeout_ms:
                return st
            await asyncio.sleep_ms(poll_ms)
            waited += poll_ms

    def address(self):
        """The device's IPv4 address on the network (the AP's is 192.168.4.1 on rp2;
        a joined network's is its DHCP server's choice)."""
        if self.wlan is None:
            return None
        if hasattr(self.wlan, "ipconfig"):  # MicroPython 1.23 on; ifconfig() is deprecated
            return self.wlan.ipconfig("addr4")[0]
        return self.wlan.ifconfig()[0]

    def url(self, token, port=AP_PORT):
        """A seat's page address, as its QR code carries it."""
        host = self.address()
        if port != 80:
            host = "%s:%d" % (host, port)
        return "http://%s/s/%s" % (host, token)

    def phones(self):
        """How many phones are on the access point (0 in station mode)."""
        if self.mode != "ap" or self.wlan is None:
            return 0
        try:
            return len(self.wlan.status("stations"))
        except (ValueError, OSError):
            return 0

    def stop(self):
        """Radio off: at the end of a phone game the network and its password go."""
        if self.wlan is not None:
            if self.mode == "station":
                try:
                    self.wlan.disconnect()
                except OSError:
                    pass
            self.wlan.active(False)
        self.wlan = None
        self.mode = None
        self.password = None
