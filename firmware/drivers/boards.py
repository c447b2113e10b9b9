# GENERATED from wiring/pinmap.json by wiring/generate.py - do not edit.

# Pin numbers are GPIO numbers (GPn). button_pull: 'up' = active low, 'down' = active high.
# leds: the chain is seat LEDs 0..seats-1 then the status LED at index 'status'; 'count' is
# its length; max_brightness caps each colour channel (0-255). battery: VSYS = adc * divider.
# latch: drive this pin high at boot to stay powered (Badger), or None.

DEFAULT = "reference"
PROFILES = {
    "reference": {
        "title": "Raspberry Pi Pico 2 W + Waveshare Pico-ePaper-2.9",
        "display": {
            "driver": "ssd1680",
            "spi": 1,
            "sck": 10,
            "mosi": 11,
            "miso": None,
            "cs": 9,
            "dc": 8,
            "rst": 12,
            "busy": 13,
            "width": 128,
            "height": 296,
            "baudrate": 4000000,
            "busy_level": 1,
            "module": "Waveshare Pico-ePaper-2.9",
        },
        "buttons": {
            "A": 14,
            "B": 15,
            "C": 16,
            "UP": 17,
            "DOWN": 18,
        },
        "button_pull": "up",
        "leds": {
            "pin": 22,
            "seats": 6,
            "status": 6,
            "count": 7,
            "max_brightness": 40,
            "kind": "ws2812",
            "level_shifter": "74AHCT125",
        },
        "battery": {
            "adc_pin": 26,
            "divider": 2,
        },
        "latch": None,
        "board": "pico2w",
        "mcu": "rp2350",
        "micropython_board": "RPI_PICO2_W",
        "micropython_min": "1.25.0",
        "reserved": {
            "UART0 RX (debug console, optional)": 1,
            "UART0 TX (debug console, optional)": 0,
        },
    },
    "badger2040w": {
        "title": "Pimoroni Badger 2040 W (development kit, no soldering)",
        "display": {
            "driver": "uc8151",
            "spi": 0,
            "sck": 18,
            "mosi": 19,
            "miso": None,
            "cs": 17,
            "dc": 20,
            "rst": 21,
            "busy": 26,
            "width": 128,
            "height": 296,
            "baudrate": 12000000,
            "busy_level": 0,
            "module": "Badger 2040 W built-in 2.9in panel",
        },
        "buttons": {
            "A": 12,
            "B": 13,
            "C": 14,
            "UP": 15,
            "DOWN": 11,
        },
        "button_pull": "down",
        "leds": {
            "pin": 22,
            "seats": 0,
            "status": 0,
            "count": 1,
            "max_brightness": 128,
            "kind": "pwm",
            "level_shifter": None,
        },
        "battery": None,
        "latch": 10,
        "board": "badger2040w",
        "mcu": "rp2040",
        "micropython_board": "RPI_PICO_W",
        "micropython_min": "1.25.0",
        "reserved": {
            "I2C0 SCL (RTC, Qw/ST)": 5,
            "I2C0 SDA (RTC, Qw/ST)": 4,
            "RTC alarm (PCF85063A INT)": 8,
        },
    },
}
