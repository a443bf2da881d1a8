"""What can go wrong: unreadable input (exit 2) and refused actions (listed, change nothing)."""

from __future__ import annotations


class InputError(ValueError):
    """The game given to run() cannot be read; the command line prints it as `error: ...`."""


class Refused(Exception):
    """An action the rules do not allow now: it is listed in `refusals` and changes nothing."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
