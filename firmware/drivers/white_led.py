# white_led.py  The Badger 2040 W's single white LED, with leds.SeatLeds's interface
# MIT licence. A board with a WS2812 chain never imports it (board_wire.py).


class WhiteLed:
    """The Badger's single white LED as a status light (on/off, no seats). panel_fault.py
    blinks it through _on and _status_on (its code is loaded only for a display fault)."""

    def __init__(self, pin):
        self._pin = pin
        self.seats = 0
        self.brightness = 255
        self._on = False
        self._status_on = False
        self.answering = False
        self.answers = 0

    def seat(self, index, name):
        pass

    def only(self, index, name):
        pass

    def all_seats(self, name):
        pass

    def status(self, name):
        self._status_on = self._on = name != "off"

    def answer(self, on):
        """A press seen: the LED blinks (on while off, off while on)."""
        self.answering = on
        self.answers += 1 if on else 0
        self._on = self._status_on != on

    def show(self):
        if self._pin is not None:
            self._pin.value(1 if self._on else 0)

    def names(self):
        return ["on" if self._status_on else "off"]
