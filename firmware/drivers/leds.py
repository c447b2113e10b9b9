# leds.py  Seat LEDs and the status LED on one WS2812 chain (the Badger's LED: white_led.py)
# MIT licence. The NeoPixel object is injected (neopixel.NeoPixel on the board, a
# recording fake in the simulator): anything with n, __setitem__ and write().
# Colours are named, not free RGB, so a brightness cap applies everywhere: WS2812s at
# full white draw tens of mA each and dazzle across a table.

# WS2812 bit times for neopixel.NeoPixel(timing=...), ns: T0H, T0L, T1H, T1L. neopixel's
# 800 kHz default (400, 850, 800, 450) is reported to fail on the Pico 2 W's RP2350 at its
# stock 150 MHz (and at 125 MHz), the pulses the rp2 bitstream makes departing from the set
# values; (350, 900, 800, 450) worked at every clock tried (micropython#18295). Both are
# inside the WS2812B datasheet's windows (400, 850, 800, 450 ns, each +-150 ns). A profile
# can have the chain sent by a PIO state machine instead (leds "driver": "pio",
# ws2812_pio.py): its timing does not depend on the CPU at all.
WS2812_TIMING = (350, 900, 800, 450)

OFF = (0, 0, 0)
COLOURS = {
    "off": (0, 0, 0),
    "turn": (255, 255, 255),  # whose turn it is
    "look": (0, 0, 255),  # the seat being asked to look
    "secret": (255, 0, 0),  # status: a secret is on the screen
    "ok": (0, 255, 0),
    "judgment": (255, 64, 0),
    "god": (255, 255, 160),  # the player of a God card (New Rule)
    "winner": (255, 200, 0),
    "wait": (64, 0, 255),
    "press": (0, 160, 160),  # status: a press seen (answer())
    "fault": (255, 0, 255),  # status, blinking: the display does not answer (panel_fault.py)
}


class SeatLeds:
    # panel_fault.py blinks the status LED through _np, _status, _rgb and _status_name:
    # its code is loaded only for a display fault, this class is in RAM all the time.
    def __init__(self, np, seats, status=None, max_brightness=40):
        self._np = np
        self.seats = seats
        self._status = status
        self.max_brightness = max_brightness
        self.brightness = 255  # user setting 0-255, scaled under max_brightness
        self._state = ["off"] * (np.n if np is not None else 0)
        self._status_name = "off"  # what the status LED shows when no press is answered
        self.answering = False
        self.answers = 0  # presses answered since power-on

    def _rgb(self, name):
        r, g, b = COLOURS[name]
        scale = self.max_brightness * self.brightness
        return (r * scale // 65025, g * scale // 65025, b * scale // 65025)

    def _put(self, index, name):
        if self._np is None or index is None or index >= self._np.n:
            return
        self._state[index] = name
        self._np[index] = self._rgb(name)

    def seat(self, index, name):
        if index < self.seats:
            self._put(index, name)

    def only(self, index, name):
        """Light one seat, darken the others (the status LED is left alone)."""
        for i in range(self.seats):
            self._put(i, name if i == index else "off")

    def all_seats(self, name):
        for i in range(self.seats):
            self._put(i, name)

    def status(self, name):
        self._status_name = name
        self._put(self._status, name)

    def answer(self, on):
        """A press seen: the status LED blinks (lit "press" while dark, dark while lit, so
        the red of a secret only blinks), and comes back to its state with answer(False).
        names() goes on telling the state, not the blink."""
        self.answering = on
        name = self._status_name
        if on:
            self.answers += 1
            name = "press" if name == "off" else "off"
        if self._np is not None and self._status is not None and self._status < self._np.n:
            self._np[self._status] = self._rgb(name)

    def show(self):
        if self._np is not None:
            self._np.write()

    def names(self):
        return list(self._state)
