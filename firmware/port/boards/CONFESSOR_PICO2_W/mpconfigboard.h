// Confessor's copy of MicroPython's RPI_PICO2_W board configuration (MIT licence, the
// vendored source's ports/rp2/boards/RPI_PICO2_W): the same flash layout, so a board that ran
// stock MicroPython keeps its filesystem; Bluetooth is off in mpconfigboard.cmake.
#define MICROPY_HW_BOARD_NAME                   "Raspberry Pi Pico 2 W"
// The image must end before the filesystem: host/build.py checks it.
#define MICROPY_HW_FLASH_STORAGE_BYTES          (PICO_FLASH_SIZE_BYTES - 1536 * 1024)

// Enable networking.
#define MICROPY_PY_NETWORK 1
#define MICROPY_PY_NETWORK_HOSTNAME_DEFAULT     "Pico2W"

// CYW43 driver configuration.
#define CYW43_USE_SPI (1)
#define CYW43_LWIP (1)
#define CYW43_GPIO (1)
#define CYW43_SPI_PIO (1)

// For debugging mbedtls - also set
// Debug level (0-4) 1=warning, 2=info, 3=debug, 4=verbose
// #define MODUSSL_MBEDTLS_DEBUG_LEVEL 1

#define MICROPY_HW_PIN_EXT_COUNT    CYW43_WL_GPIO_COUNT

int mp_hal_is_pin_reserved(int n);
#define MICROPY_HW_PIN_RESERVED(i) mp_hal_is_pin_reserved(i)
