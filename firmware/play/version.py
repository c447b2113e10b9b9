# Firmware version, reported to the host over the serial link.
VERSION = "0.1.0"
