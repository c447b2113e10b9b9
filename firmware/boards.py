# GENERATED from wiring/pinmap.json by wiring/generate.py - do not edit.
DEFAULT = "reference"
PROFILES = {
    "reference": {
        "title": "Raspberry Pi Pico 2 W + Waveshare Pico-ePaper-2.9",
        "display": {"driver": "ssd1680", "spi": 1, "sck": 10, "mosi": 11, "miso": None,
                    "cs": 9, "dc": 8, "rst": 12, "busy": 13, "width": 128, "height": 296,
                    "baudrate": 4000000},
        "buttons": {"A": 14, "B": 15, "C": 16, "UP": 17, "DOWN": 18},
        "button_pull": "up",
        "leds": {"pin": 22, "seats": 5, "status": 5, "count": 6, "max_brightness": 40},
        "battery": {"adc_pin": 26, "divider": 2},
        "latch": None,
    },
    "badger2040w": {"title": "Pimoroni Badger 2040 W", "display": {"driver": "uc8151", "spi": 0, "sck": 18, "mosi": 19, "miso": None, "cs": 17, "dc": 20, "rst": 21, "busy": 26, "width": 128, "height": 296, "baudrate": 12000000}, "buttons": {"A": 12, "B": 13, "C": 14, "UP": 15, "DOWN": 11}, "button_pull": "down", "leds": {"pin": None, "seats": 0, "status": None, "count": 0, "max_brightness": 0, "white_led": 25}, "battery": None, "latch": 10},
}
