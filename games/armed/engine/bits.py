"""Table chat and the bits it must keep (A8.1-A8.4, A12.6).

`bit_ok` is the whole check of A8.1 (S51): ASCII letters only, no Unicode case mapping,
so U+212A KELVIN SIGN is not a `k` and `é` is not a lower-case letter.
"""

from __future__ import annotations

from itertools import product

from .state import BITS, Seat

SPACES = " \t\r\n"
CLUCK_TRAIL = SPACES + ".,!?~"
# Every spelling of "bawk" in ASCII letters of either case: 16 strings.
BAWKS = frozenset("".join(p) for p in product("bB", "aA", "wW", "kK"))
LOWER = frozenset("abcdefghijklmnopqrstuvwxyz")


def bit_ok(bit: str, text: str) -> bool:
    """A8.1 Does `text` keep `bit` (`cluck`, `shout` or `pose`)?"""
    if bit == "cluck":
        return text.rstrip(CLUCK_TRAIL)[-4:] in BAWKS
    if bit == "shout":
        return LOWER.isdisjoint(text)
    if bit == "pose":
        return text.lstrip(SPACES).startswith("*")
    raise ValueError(f"unknown bit {bit!r}")


def dropped_by(seat: Seat, text: str) -> list[str]:
    """A8.2 The bits a message would drop, in order cluck, shout, pose."""
    held = seat.durations
    return [bit for bit in BITS if bit in held and not bit_ok(bit, text)]
