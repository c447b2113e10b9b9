# Run on the MicroPython unix port with CONFESSOR_SIM set: draw a join screen through the
# simulated board (the real SSD1680 driver into the panel model), refresh it fully, and
# print the screen's text; the side channel leaves the panel's picture in screen.pbm.
import asyncio
import sys

import join_screen
import sim

b = sim.board()
if sys.argv[1] == "seat":
    scr, code = join_screen.seat_screen(sys.argv[2], sys.argv[3])
else:
    import join_network

    scr, code = join_network.network_screen(sys.argv[2], sys.argv[3])
join_screen.draw(b.display, scr, code)
b.sim.note_screen(scr)
asyncio.run(b.display.show(full=True))
print(
    "version %d level %s module %d" % (code.version, code.level, join_screen.module_px(code, 128))
)
print(scr.text())
