# manifest.py  What goes on the board: a MicroPython manifest (docs/device.md, "The manifest")
#
# One list, read two ways:
# - frozen into a firmware image by MicroPython's own tools (`make firmware`: host/build.py
#   includes this file from the image's manifest, after the port's own modules);
# - read by host/manifest.py for `confessor flash`'s files path (stock MicroPython, each
#   module copied as an .mpy, main.py as source) and for the virtual board.
#
# It uses MicroPython's manifest functions only: module(path), package(name, files,
# base_path), and `options` (set by whoever includes it):
#   options.sim     the simulated hardware: the unix port's virtual board, never a real one
#   options.probe   the emulated RP2040's test probe (host/rp2040.py): the emulator's image only
#   options.no_radio  a board without Wi-Fi (the plain Pico the emulator is): no phone mode
# DATA names the files the firmware reads at run time (fonts, tables, the phone page,
# licences). On the files path they are copied as they are; a firmware image freezes each
# as bytes in flash (host/build.py), which firmware/blobs.py opens like a file.
#
# Left off the board on purpose (tests/firmware/test_manifest.py knows them): this file, port/ (the
# MicroPython source the images are built from), pyrightconfig.json and fonts/README.md.
# Host-only modules (bots, the driver, playthroughs, the full Mea Culpa engine) are not
# listed: the board never imports them. tests/firmware/test_manifest.py checks that every import of a
# listed module is satisfied by the list (or by MicroPython itself), and boots the firmware
# from these files alone.

# -- boot, board, drivers ---------------------------------------------------------------
module("main.py")  # run at boot (on the files path: as source, never compiled)
module("boards.py")
module("board.py")
module("board_wire.py")  # imported once at power-on, then dropped
module("buttons.py")
module("leds.py")
module("white_led.py")
module("ws2812_pio.py")  # the "pio" LED driver: imported only by a profile that asks for it
module("ssd1680.py")
module("uc8151.py")
module("battery.py")
module("version.py")
module("blobs.py")  # the data below, frozen or on the filesystem

# -- the application ------------------------------------------------------------------------
module("app.py")
module("app_start.py")
module("menu.py")
module("session.py")
module("session_open.py")
module("table.py")
module("table_ends.py")
module("table_pause.py")
module("privacy.py")
module("low_battery.py")  # loaded for the warning, then dropped
module("panel_fault.py")  # loaded when the display stops answering, then dropped
module("loader.py")
module("lifetime.py")  # what is in RAM when: the one switch
module("ui.py")
module("layout.py")  # the presenters' wordings that fit (headline, fact, packed, tally)
module("writer.py")
module("store.py")
module("store_list.py")
module("settings.py")
module("serial_link.py")
module("link_common.py")  # what the link's two halves share
module("link_ops.py")  # the link's rarer operations, loaded per request

# -- security (docs/security.md) ------------------------------------------------------------
module("startup.py")  # once at power-on: maintenance, orphaned games
module("guard.py")  # Ctrl-C held off: the USB port is the link's
module("lockdown.py")  # maintenance mode's REPL: unfinished games ended, key retired
module("devkey.py")  # the device's signing key, made here, checked at power-on
module("about.py")  # About this device: the key's fingerprint (menu, a laptop's ask)
module("ed25519.py")  # the signer (plain Python)
module("flashspace.py")  # room on flash for a game's journal

# -- the games' screens -----------------------------------------------------------------------
module("present_generic.py")
module("present_sins.py")
module("present_meaculpa.py")
module("present_meaculpa_secret.py")  # a bid or the die on the device: loaded for it
module("present_meaculpa_news.py")  # the market, bids and verdict screens: loaded for them
module("present_meaculpa_ends.py")  # the starting bonuses and the game over: loaded for them
module("present_pecados.py")
module("present_pecados_choose.py")
module("present_pecados_end.py")
module("present_newrule.py")
module("present_newrule_choose.py")  # a turn on the device's screens: loaded for it
module("present_newrule_end.py")  # its round ends and the end: loaded when needed

# -- the rules core: the kernel, then each game on the device (entry, engine, its parts) ------
package(
    "shared_rules",
    (
        "__init__.py",
        "game.py",
        "games.py",
        "rng.py",
        "commit.py",
        "canon.py",
        "journal.py",  # the game log as a game writes it: what play keeps
        "gamelog.py",  # reading records (a resume, a finished log): loaded for it
        "linebuffer.py",  # the serial link's lines: all it keeps until a laptop speaks
        "wire.py",  # the link's frames: loaded when a line comes in
        "fingerprint.py",  # the device key's fingerprint a person compares
        # 7: The Sins
        "seven_sins_entry.py",
        "seven_sins.py",
        # Mea Culpa keeper (the full engine, mea_culpa.py, is laptop-only)
        "mea_culpa_keeper_entry.py",
        "mea_culpa_keeper.py",
        "mea_culpa_codes.py",
        "mea_culpa_data.py",
        "mea_culpa_auction.py",
        # 7 Pecados (its bot, siete_pecados_bot.py, is laptop-only)
        "siete_pecados_entry.py",
        "siete_pecados.py",
        "siete_pecados_data.py",
        "siete_pecados_end.py",  # the end of a game: imported then
        # New Rule (Sin) (its bot, new_rule_bot.py, is laptop-only)
        "new_rule_entry.py",
        "new_rule.py",
    ),
    base_path="..",
)

# -- phone mode (docs/phones.md): imported only for a game played with phones -------------
module("qr.py")  # QR codes (phone mode's join screens; any board can draw one)
if not options.no_radio:
    module("phone_mode.py")  # the app's side in play: phone turns and reveals
    module("phone_start.py")  # tokens, network, server: loaded only while a game starts
    module("phone_join.py")  # the join screens' flow, loaded only while phones join
    module("phone_reveal.py")  # a private reveal on a phone, loaded for it
    module("phone_net.py")  # the network: joined (set over the link) or its own, at start or resume
    module("join_screen.py")  # a seat's join screen: at the start and a rejoin
    module("join_network.py")  # the network's join screen, at a new game's start
    module("wifi.py")
    module("phone_seats.py")
    module("phone_provider.py")
    module("phone_grid.py")  # a choice's grid, loaded once a move
    module("phone_server.py")
    module("microdot.py")  # microdot 2.7.0 less unused definitions (host/microdot_subset.py)

# -- what the firmware reads at run time ------------------------------------------------------
DATA = (
    "panel_ws29.bin",  # the 2.9" panel's waveforms, read for a refresh (host/panel_table.py)
    "ed25519_base.bin",  # the signer's fixed-base table (host/ed25519_table.py)
    # type, read glyph by glyph by writer.py (fonts/README.md says how it was made), each
    # with the drawn symbols after its letters (host/symbols.py); the licence goes with it
    "fonts/large.bin",
    "fonts/medium.bin",
    "fonts/OFL.txt",
)
if not options.no_radio:
    DATA += (
        "phone_page.html",  # served by phone_server.py
        "microdot-LICENSE.txt",
    )

# -- the simulated hardware: the virtual board only ------------------------------------------
if options.sim:
    module("panel_ws29.py")  # the panel's published data, cited; the simulator's refresh times
    package("sim")

# -- the emulated RP2040's probe: the emulator's test image only ------------------------------
if options.probe:
    module("probe.py")
