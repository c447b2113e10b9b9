# Confessor on the Raspberry Pi Pico 2 W: MicroPython's RPI_PICO2_W board (ports/rp2/boards/
# RPI_PICO2_W in the vendored source) with Wi-Fi and without Bluetooth, which Confessor does
# not use (and whose stack, BTstack, is licensed for non-commercial use only).
set(PICO_BOARD "pico2_w")
set(PICO_PLATFORM "rp2350")
set(MICROPY_PY_LWIP ON)
set(MICROPY_PY_NETWORK_CYW43 ON)
set(MICROPY_BOARD_PINS ${MICROPY_PORT_DIR}/boards/RPI_PICO2_W/pins.csv)
