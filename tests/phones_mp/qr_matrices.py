# Run on the MicroPython unix port: encode every case of a JSON file with firmware/display/qr.py
# and print one line per case: version, level, mask and the matrix rows, for the laptop
# to compare with the reference library (tests/phones/test_phones_qr.py).
import binascii
import json
import sys

import qr

with open(sys.argv[1]) as f:
    cases = json.load(f)
for data_hex, level, boost in cases:
    code = qr.encode(binascii.unhexlify(data_hex), level, boost=boost)
    print("%d %s %d %s" % (code.version, code.level, code.mask, "/".join(code.rows())))
