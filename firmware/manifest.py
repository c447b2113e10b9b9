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
# Each concern has its folder (drivers/, display/, play/, presenters/, phones/, storage/,
# link/, security/; docs/architecture.md has the map); a module keeps its own plain name
# wherever its folder is (`module("leds.py", base_path="drivers")` freezes `leds`), as
# micropython-lib's drivers do, so imports and the frozen names do not change with a move.
# DATA names the files the firmware reads at run time (fonts, tables, the phone page,
# licences), each as (its name on the board, its folder here). On the files path they are
# copied as they are; a firmware image freezes each as bytes in flash (host/build.py),
# which firmware/storage/blobs.py opens like a file.
#
# Left off the board on purpose (tests/firmware/test_manifest.py knows them): this file, port/ (the
# MicroPython source the images are built from), pyrightconfig.json and fonts/README.md.
# Laptop-only modules (bots, shared_rules/laptop/, the full Mea Culpa engine) are not
# listed: the board never imports them. tests/firmware/test_manifest.py checks that every import of a
# listed module is satisfied by the list (or by MicroPython itself), and boots the firmware
# from these files alone.

module("main.py")  # run at boot (on the files path: as source, never compiled)
module("lifetime.py")  # what is in RAM when: the one switch (docs/device.md)

# -- drivers/: the board's profiles and its parts ------------------------------------------
module("boards.py", base_path="drivers")  # the pin map's profiles (wiring/generate.py)
module("board.py", base_path="drivers")  # the board: its parts built from a profile
module("board_wire.py", base_path="drivers")  # imported once at power-on, then dropped
module("buttons.py", base_path="drivers")
module("leds.py", base_path="drivers")
module("white_led.py", base_path="drivers")
module("ws2812_pio.py", base_path="drivers")  # the "pio" LED driver: only for a profile that asks
module("ssd1680.py", base_path="drivers")
module("uc8151.py", base_path="drivers")
module("battery.py", base_path="drivers")

# -- display/: what is drawn and how --------------------------------------------------------
module("ui.py", base_path="display")
module("layout.py", base_path="display")  # the presenters' wordings that fit (headline, fact, packed, tally)
module("writer.py", base_path="display")
module("privacy.py", base_path="display")
module("low_battery.py", base_path="display")  # loaded for the warning, then dropped
module("panel_fault.py", base_path="display")  # loaded when the display stops answering
module("qr.py", base_path="display")  # QR codes (phone mode's join screens; any board can draw one)

# -- play/: the app at the table: menu, a session, its turns ------------------------------
module("app.py", base_path="play")
module("app_start.py", base_path="play")
module("menu.py", base_path="play")
module("session.py", base_path="play")
module("session_open.py", base_path="play")
module("table.py", base_path="play")
module("table_ends.py", base_path="play")
module("table_pause.py", base_path="play")
module("loader.py", base_path="play")
module("version.py", base_path="play")

# -- storage/: flash: games' journals, settings, the data below ---------------------------
module("store.py", base_path="storage")
module("store_list.py", base_path="storage")
module("settings.py", base_path="storage")
module("flashspace.py", base_path="storage")  # room on flash for a game's journal
module("blobs.py", base_path="storage")  # the DATA below, frozen or on the filesystem

# -- link/: the USB serial link to a laptop -------------------------------------------------
module("serial_link.py", base_path="link")
module("link_ops.py", base_path="link")  # the link's rarer operations, loaded per request
module("link_common.py", base_path="link")  # what the link's two halves share
module("guard.py", base_path="link")  # Ctrl-C held off: the USB port is the link's

# -- security/ (docs/security.md) -----------------------------------------------------------
module("startup.py", base_path="security")  # once at power-on: maintenance, orphaned games
module("lockdown.py", base_path="security")  # maintenance mode's REPL: unfinished games ended, key retired
module("devkey.py", base_path="security")  # the device's signing key, made here, checked at power-on
module("about.py", base_path="security")  # About this device: the key's fingerprint (menu, a laptop's ask)
module("ed25519.py", base_path="security")  # the signer (plain Python)

# -- presenters/: each game's screens, built from its view ---------------------------------
module("present_generic.py", base_path="presenters")
module("present_seven_sins.py", base_path="presenters")
module("present_mea_culpa.py", base_path="presenters")
module("present_mea_culpa_secret.py", base_path="presenters")  # a bid or the die on the device: loaded for it
module("present_mea_culpa_news.py", base_path="presenters")  # the market, bids and verdict screens
module("present_mea_culpa_ends.py", base_path="presenters")  # the starting bonuses and the game over
module("present_siete_pecados.py", base_path="presenters")
module("present_siete_pecados_choose.py", base_path="presenters")
module("present_siete_pecados_end.py", base_path="presenters")
module("present_new_rule.py", base_path="presenters")
module("present_new_rule_choose.py", base_path="presenters")  # a turn on the device's screens: loaded for it
module("present_new_rule_end.py", base_path="presenters")  # its round ends and the end: loaded when needed

# -- the rules core: its kernel (shared_rules/*.py), then each game the device runs ------------
# (a game's package holds the laptop's parts too: its bot, its *laptop.py; shared_rules/laptop/
# is the laptop's alone. None of them is listed: the board never imports them)
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
        "seven_sins/__init__.py",
        "seven_sins/entry.py",
        "seven_sins/rules.py",
        # Mea Culpa: the keeper (the full engine, mea_culpa/rules.py, is laptop-only)
        "mea_culpa/__init__.py",
        "mea_culpa/keeper_entry.py",
        "mea_culpa/keeper.py",
        "mea_culpa/codes.py",
        "mea_culpa/data.py",
        "mea_culpa/auction.py",
        # 7 Pecados
        "siete_pecados/__init__.py",
        "siete_pecados/entry.py",
        "siete_pecados/rules.py",
        "siete_pecados/data.py",
        "siete_pecados/end.py",  # the end of a game: imported then
        # New Rule (Sin)
        "new_rule/__init__.py",
        "new_rule/entry.py",
        "new_rule/rules.py",
    ),
    base_path="..",
)

# -- phones/ (docs/phones.md): imported only for a game played with phones ---------------
if not options.no_radio:
    module("phone_mode.py", base_path="phones")  # the app's side in play: phone turns and reveals
    module("phone_start.py", base_path="phones")  # tokens, network, server: loaded only while a game starts
    module("phone_join.py", base_path="phones")  # the join screens' flow, loaded only while phones join
    module("phone_reveal.py", base_path="phones")  # a private reveal on a phone, loaded for it
    module("phone_net.py", base_path="phones")  # the network: joined (set over the link) or its own
    module("join_screen.py", base_path="phones")  # a seat's join screen: at the start and a rejoin
    module("join_network.py", base_path="phones")  # the network's join screen, at a new game's start
    module("wifi.py", base_path="phones")
    module("phone_seats.py", base_path="phones")
    module("phone_provider.py", base_path="phones")
    module("phone_grid.py", base_path="phones")  # a choice's grid, loaded once a move
    module("phone_server.py", base_path="phones")
    module("microdot.py", base_path="phones")  # microdot 2.7.0 less unused definitions (host/microdot_subset.py)

# -- what the firmware reads at run time: (name on the board, folder here) -----------------
DATA = (
    (
        "panel_ws29.bin",
        "drivers",
    ),  # the 2.9" panel's waveforms, read for a refresh (host/panel_table.py)
    ("ed25519_base.bin", "security"),  # the signer's fixed-base table (host/ed25519_table.py)
    # type, read glyph by glyph by writer.py (fonts/README.md says how it was made), each
    # with the drawn symbols after its letters (host/symbols.py); the licence goes with it
    ("fonts/large.bin", "display"),
    ("fonts/medium.bin", "display"),
    ("fonts/OFL.txt", "display"),
)
if not options.no_radio:
    DATA += (
        ("phone_page.html", "phones"),  # served by phone_server.py
        ("microdot-LICENSE.txt", "phones"),
    )

# -- the simulated hardware: the virtual board only ------------------------------------------
if options.sim:
    module("panel_ws29.py", base_path="drivers")  # the panel's published data, cited; the simulator's refresh times
    package("sim")

# -- the emulated RP2040's probe: the emulator's test image only ------------------------------
if options.probe:
    module("probe.py", base_path="emulator")
