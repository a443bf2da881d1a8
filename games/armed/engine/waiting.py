"""Effects waiting for a goon's next turn (A7.1-A7.3) and durations (A7.4)."""

from __future__ import annotations

from .state import DURATIONS, Game, Seat


def freeze(g: Game, seat: Seat) -> None:
    """A9.12, A9.14 Skip the next turn. Given again before it: one skip, logged again
    (A7.2, S47)."""
    seat.frozen = True
    g.ev("set", seat=seat.id, what="frozen")


def stop_draw(g: Game, seat: Seat) -> None:
    """A9.13 The next turn has no draw."""
    seat.no_draw = True
    g.ev("set", seat=seat.id, what="no_draw")


def stop_fire(g: Game, seat: Seat) -> None:
    """A9.20 The next turn has no fire (A3.4 applies to it)."""
    seat.no_fire = True
    g.ev("set", seat=seat.id, what="no_fire")


def control(g: Game, seat: Seat, controller: Seat) -> None:
    """A9.15 The newest controller controls (A7.2, S14)."""
    seat.controlled_by = controller
    g.ev("set", seat=seat.id, what="controlled", by=controller.id)


def give_duration(g: Game, seat: Seat, name: str, turns: int) -> None:
    """A7.4 An egg or bit lasts `turns` of the holder's turns that begin after it was
    given; one given during the holder's own turn does not count that turn. A new one of
    the same kind replaces the old, its count starting again."""
    seat.durations[name] = [turns, g.turn is not seat]
    if name == "egg":
        g.ev("egg", seat=seat.id)
    else:
        g.ev("bit", seat=seat.id, bit=name, turns=turns)


def begin_turn(seat: Seat) -> None:
    """A7.4 Everything held when a turn begins counts that turn."""
    for entry in seat.durations.values():
        entry[1] = True


def end_turn(g: Game, seat: Seat) -> None:
    """A7.4 At the end of the holder's turn: the egg, then the bits in order."""
    held = seat.durations
    if not held:
        return
    for name in DURATIONS:
        entry = held.get(name)
        if entry is not None and entry[1]:
            entry[0] -= 1
            if entry[0] == 0:
                del held[name]
                if name == "egg":
                    g.ev("egg_end", seat=seat.id)
                else:
                    g.ev("bit_end", seat=seat.id, bit=name)
