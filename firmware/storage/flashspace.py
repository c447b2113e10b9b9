# flashspace.py  Room on flash for a game's journal, checked before a game starts
# MIT licence. A journal is appended to all game long; running out of flash mid-game
# would stop the game (or lose an action), so a game starts only with room for a whole
# journal and its small files. The figure is generous: the largest logs the bots'
# games write are about 6 KB (5-player 7: The Sins), littlefs allocates 4 KB blocks
# and copies a file's last block when it appends.

import os
import sys

GAME_NEEDS = 32 * 1024  # bytes free before a game may start


class FlashFull(Exception):
    """Not enough flash for a new game; the message is for the screen."""


def free_bytes(root=""):
    """Bytes free on the filesystem that holds `root`."""
    if sys.platform != "rp2":
        # the unix port sits on the laptop's disk: the virtual board may say how full
        # its simulated flash is
        fake = os.getenv("CONFESSOR_FLASH_FREE")  # pyright: ignore[reportAttributeAccessIssue]
        if fake:
            return int(fake)
    st = os.statvfs(root or "/")  # pyright: ignore[reportAttributeAccessIssue]
    return st[0] * st[4]  # f_bsize * f_bavail


def check(root=""):
    free = free_bytes(root)
    if free < GAME_NEEDS:
        raise FlashFull(
            "only %d KB of flash free; a game needs %d KB. Sync the games to the laptop:"
            " it frees what it has stored." % (free // 1024, GAME_NEEDS // 1024)
        )
    return free
