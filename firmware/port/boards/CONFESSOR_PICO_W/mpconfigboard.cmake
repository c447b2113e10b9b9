# Confessor on the Raspberry Pi Pico W and the Pimoroni Badger 2040 W (an RP2040 with the same
# radio): MicroPython's RPI_PICO_W board (ports/rp2/boards/RPI_PICO_W in the vendored source)
# with Wi-Fi and without Bluetooth, which Confessor does not use (and whose stack, BTstack, is
# licensed for non-commercial use only).
set(PICO_BOARD "pico_w")
set(MICROPY_PY_LWIP ON)
set(MICROPY_PY_NETWORK_CYW43 ON)
set(MICROPY_BOARD_PINS ${MICROPY_PORT_DIR}/boards/RPI_PICO_W/pins.csv)
