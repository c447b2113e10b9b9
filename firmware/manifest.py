# manifest.py  What goes on the board: the one declared list (after micropython-lib's
# manifest.py). Read by the host (host/manifest.py) for `confessor flash` and for the
# virtual board; never installed or run on the board itself.
#
#   module(path, source=False)   a file of firmware/, installed at the board's root;
#                                compiled to .mpy unless source=True (run as a file)
#   package(name, files, base_path=".")   a package folder: the files listed (None:
#                                every .py in it), from base_path (relative to firmware/)
#   data(path)                   a file the firmware reads at run time (fonts, the
#                                phone page, licences): copied as it is
#   virtual=True                 on any of them: only the virtual board gets it (the
#                                simulated hardware), never a real one
#
# Left off the board on purpose (tests/test_manifest.py knows them): this file,
# pyrightconfig.json and fonts/README.md (how the fonts were made).
#
# Host-only modules (bots, the driver, playthroughs, the full Mea Culpa engine) are not
# listed: the board never imports them. tests/test_manifest.py checks that every import
# of a listed module is satisfied by the list (or by MicroPython itself), and boots the
# firmware from these files alone.

# -- boot, board, drivers ---------------------------------------------------------------
module("main.py", source=True)  # run as a file at boot: never compiled
module("boards.py")
module("board.py")
module("board_wire.py")  # imported once at power-on, then dropped
module("buttons.py")
module("leds.py")
module("white_led.py")
module("ssd1680.py")
data("panel_ws29.bin")  # the 2.9" panel's waveforms, read for a refresh (host/panel_table.py)
# its published data, cited (written to panel_ws29.bin); the simulator's refresh times
module("panel_ws29.py", virtual=True)
module("uc8151.py")
module("battery.py")
module("version.py")

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
module("loader.py")
module("ui.py")
module("layout.py")  # the presenters' wordings that fit (headline, fact, packed, tally)
module("writer.py")
module("store.py")
module("store_list.py")
module("settings.py")
module("serial_link.py")
module("link_ops.py")  # the link's rarer operations, loaded per request

# -- security (docs/security.md) ------------------------------------------------------------
module("startup.py")  # once at power-on: maintenance, orphaned games
module("guard.py")  # Ctrl-C held off: the USB port is the link's
module("lockdown.py")  # maintenance mode's REPL: unfinished games ended, key retired
module("devkey.py")  # the device's signing key, made here, checked at power-on
module("about.py")  # About this device: the key's fingerprint (menu, a laptop's ask)
module("ed25519.py")  # the signer (plain Python)
data("ed25519_base.bin")  # its fixed-base table, read from flash (host/ed25519_table.py)
module("flashspace.py")  # room on flash for a game's journal

# -- type: read glyph by glyph from flash by writer.py (fonts/README.md says how they
# were made; it stays on the laptop) ------------------------------------------------------------
data("fonts/large.bin")  # each with the drawn symbols after its letters (host/symbols.py)
data("fonts/medium.bin")
data("fonts/OFL.txt")  # the fonts' licence travels with them

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
# (a module on flash costs no RAM until it is imported; loader.Loaded drops them after)
module("phone_mode.py")  # the app's side in play: phone turns and reveals
module("qr.py")
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
data("microdot-LICENSE.txt")
data("phone_page.html")  # served from flash by phone_server.py

# -- the simulated hardware: the virtual board only ------------------------------------------
package("sim", None, virtual=True)
