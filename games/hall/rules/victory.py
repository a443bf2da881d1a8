"""H9.1 The race to 25 Chips."""

CHIPS_TO_WIN = 25


def wins_cycle(chips: int) -> bool:
    return chips >= CHIPS_TO_WIN
