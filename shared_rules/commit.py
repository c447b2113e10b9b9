"""Commit-reveal seeds: the device commits to its seed before the first card
and reveals it at the end; anyone can then check every chance action.

    commitment = sha256(b"commit" + seed)
    seal       = a short code of the commitment a table can note down
"""

import binascii
import hashlib

from shared_rules.game import CHANCE, RulesError
from shared_rules.rng import Stream

SEED_BYTES = 32
# No 0/O, 1/I/L, 5/S, 8/B: easy to read aloud and copy from an e-ink screen.
SEAL_ALPHABET = "ACDEFGHJKMNPQRTUVWXY234679"


class VerifyError(RulesError):
    """A log does not check out; the message says exactly where and why."""


def commitment(seed):
    return hashlib.sha256(b"commit" + bytes(seed)).digest()


def hexlify(data):
    return binascii.hexlify(data).decode()


def unhexlify(text):
    try:
        return binascii.unhexlify(text)
    except (ValueError, TypeError):
        raise VerifyError("not valid hex: %r" % (text[:20],))


def seal(commit, length=6):
    """A short human code for a commitment, e.g. 'K7QX-3M' style (no dash)."""
    out = []
    n = len(SEAL_ALPHABET)
    for i in range(length):
        out.append(SEAL_ALPHABET[commit[i] % n])  # 256 % 26 bias is harmless for a label
    return "".join(out)


def check_commitment(seed, commit):
    if len(seed) != SEED_BYTES:
        raise VerifyError("the revealed seed has %d bytes, not %d" % (len(seed), SEED_BYTES))
    if commitment(seed) != bytes(commit):
        raise VerifyError("the revealed seed does not match the commitment made before the game")


def verify_actions(game, seed, actions):
    """Replay `actions`: each must be legal and each chance action must be the
    one the seed's stream gives. Returns the final state; raises VerifyError."""
    stream = Stream(seed, b"chance")
    state = game.new_initial_state()
    for index in range(len(actions)):
        action = actions[index]
        if state.is_terminal():
            raise VerifyError(
                "action %d (%r) comes after the game had already ended" % (index, action)
            )
        if state.current_player() == CHANCE:
            expected = stream.weighted(state.chance_outcomes())
            if action != expected:
                raise VerifyError(
                    "action %d is chance %r (%s), but the seed gives %r (%s)"
                    % (index, action, _text(state, action), expected, _text(state, expected))
                )
        try:
            state.apply(action)
        except RulesError as err:
            raise VerifyError("action %d: %s" % (index, err))
    return state


def _text(state, action):
    try:
        return state.action_text(action)
    except Exception:  # an illegal action may have no description
        return "?"
