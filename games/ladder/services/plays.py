"""Play a card face down (R5.5), or pin a Golden Gooner, which acts at once (R6.9)."""

from __future__ import annotations

import datetime as dt

from goonsite.refusal import Refusal

from .. import board_cache
from ..engine import CATALOGUE, CardId
from ..engine.rules import next_golden_number, play_refusal
from ..models import GoldenPlay, LadderEntry, Play, Season, Source
from ..selectors import as_engine_contestant, entry_in_season
from . import ledger
from .action import Action, counted_by_next_noon


def parse_card(card: str) -> CardId:
    try:
        return CardId(card)
    except ValueError:
        raise Refusal("There is no such card.") from None


def play_face_down(
    *, user, card: str, target_id: int | None, now: dt.datetime | None = None
) -> Play:
    """The card leaves the hand at once and waits face down; `play.day` is its noon (R5.5)."""
    card = parse_card(card)
    if card == CardId.GOLDEN_GOONER:
        raise Refusal("A Golden Gooner never waits face down: it pins its contestant at once.")
    with counted_by_next_noon(user=user, now=now) as action:
        target = _target(action, target_id) if target_id is not None else None
        _refuse_unless_playable(card, target)
        play = Play(day=action.day, player=action.player, card=card.value, target=target)
        _take_from_hand(action, card, then=play)  # the card out, booked, and played at once
        # Written out, the play sends no signal: bump what a save's would (signals.py).
        board_cache.bump_play(action.player.pk, action.day.pk)
        return play


def pin_golden(*, user, target_id: int, now: dt.datetime | None = None) -> GoldenPlay:
    """Play a Golden Gooner: its contestant is pinned below the locked ones at once (R6.9).

    The season's row is locked too, so two pins played at the same moment are numbered
    one after the other.
    """
    with counted_by_next_noon(user=user, now=now) as action:
        Season.objects.select_for_update().get(pk=action.season.pk)
        target = _target(action, target_id)
        _refuse_unless_playable(CardId.GOLDEN_GOONER, target)
        _take_from_hand(action, CardId.GOLDEN_GOONER)
        entries = LadderEntry.objects.filter(season=action.season)
        target.golden = next_golden_number(as_engine_contestant(e) for e in entries)
        target.save(update_fields=["golden"])
        return GoldenPlay.objects.create(day=action.day, player=action.player, target=target)


def _target(action: Action, target_id: int) -> LadderEntry:
    """The contestant played on, locked so its state can't change under the check."""
    target = entry_in_season(action.season.pk, target_id, lock=True)
    if target is None:
        raise Refusal("That contestant isn't on this season's ladder.")
    return target


def _refuse_unless_playable(card: CardId, target: LadderEntry | None) -> None:
    reason = play_refusal(card, None if target is None else as_engine_contestant(target))
    if reason:
        raise Refusal(f"{target or CATALOGUE[card].name} {reason}.")


def _take_from_hand(action: Action, card: CardId, *, then: Play | None = None) -> None:
    """Needs the player's row locked (as `counted_by_next_noon` holds it). `then`: the play,
    stored when the card is taken (ledger.take_from_hand)."""
    if not ledger.take_from_hand(action.player, card.value, Source.PLAYED, action.day, then=then):
        raise Refusal(f"You don't hold a {CATALOGUE[card].name}.")
