# manifest.py  What goes on the board: the one declared list (after micropython-lib's
# manifest.py). Read by the host (host/manifest.py) for `confessor flash` and for the
# virtual board; never installed or run on the board itself.
#
#   module(path, source=False)   a file of firmware/, installed at the board's root;
#                                compiled to .mpy unless source=True (run as a file)
#   package(name, files, base_path=".")   a package folder: the files listed (None:
#                                every .py in it), from base_path (relative to firmware/)
#   virtual=True                 on either: only the virtual board gets it (the
#                                simulated hardware), never a real one
#
# Host-only modules (bots, the driver, playthroughs, the full Mea Culpa engine) are not
# listed: the board never imports them. tests/test_manifest.py checks that every import
# of a listed module is satisfied by the list (or by MicroPython itself), and boots the
# firmware from these files alone.

# -- boot, board, drivers ---------------------------------------------------------------
module("main.py", source=True)  # run as a file at boot: never compiled
module("boards.py")
module("board.py")
module("buttons.py")
module("leds.py")
module("ssd1680.py")
module("uc8151.py")
module("version.py")

# -- the application ------------------------------------------------------------------------
module("app.py")
module("menu.py")
module("session.py")
module("table.py")
module("privacy.py")
module("loader.py")
module("ui.py")
module("store.py")
module("settings.py")
module("serial_link.py")

# -- the games' screens -----------------------------------------------------------------------
module("present_generic.py")
module("present_sins.py")
module("present_meaculpa.py")

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
        "gamelog.py",
        "wire.py",
        # 7: The Sins
        "seven_sins_entry.py",
        "seven_sins.py",
        # Mea Culpa keeper (the full engine, mea_culpa.py, is laptop-only)
        "mea_culpa_keeper_entry.py",
        "mea_culpa_keeper.py",
        "mea_culpa_codes.py",
        "mea_culpa_data.py",
        "mea_culpa_auction.py",
    ),
    base_path="..",
)

# -- the simulated hardware: the virtual board only ------------------------------------------
package("sim", None, virtual=True)
