"""Play a card face down (R5.5), or a Golden Gooner, which acts at once (R6.9)."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from ..engine import CATALOGUE, CardId
from ..engine.rules import next_golden_number, play_refusal
from ..models import GoldenPlay, HeldCard, LadderEntry, Play, PlayerSeason, Season, Source
from ..selectors import as_engine_contestant
from . import ledger
from .days import lock_open_day
from .errors import Refusal
from .noon import catch_up
from .players import current_season, lock_player


def play_card(
    *, user, card: str, target_id: int | None, now: dt.datetime | None = None
) -> Play | GoldenPlay:
    """The card leaves the hand at once; `play.day` is the noon it waits for."""
    now = now or timezone.now()
    try:
        card_id = CardId(card)
    except ValueError:
        raise Refusal("There is no such card.") from None
    season = current_season()
    catch_up(season, now)
    with transaction.atomic():
        day = lock_open_day(season, now)
        if card_id == CardId.GOLDEN_GOONER:
            Season.objects.select_for_update().get(pk=season.pk)  # one Golden pin at a time
        player = lock_player(user, season)
        target = None
        if target_id is not None:
            target = (
                LadderEntry.objects.select_for_update(of=("self",))
                .filter(season=season, pk=target_id)
                .select_related("contestant")
                .first()
            )
            if target is None:
                raise Refusal("That contestant isn't on this season's ladder.")
        name = CATALOGUE[card_id].name
        reason = play_refusal(card_id, None if target is None else as_engine_contestant(target))
        if reason:
            raise Refusal(f"{target or name} {reason}.")
        held = HeldCard.objects.filter(owner=player, card=card_id.value).order_by("pk").first()
        if held is None:
            raise Refusal(f"You don't hold a {name}.")
        held.delete()
        ledger.record(player, [card_id.value], -1, Source.PLAYED, day)
        if card_id == CardId.GOLDEN_GOONER:
            assert target is not None
            return _pin_golden(player, target, day)
        return Play.objects.create(day=day, player=player, card=card_id.value, target=target)


def _pin_golden(player: PlayerSeason, target: LadderEntry, day) -> GoldenPlay:
    entries = LadderEntry.objects.filter(season=player.season)
    target.golden = next_golden_number(as_engine_contestant(e) for e in entries)
    target.save(update_fields=["golden"])
    return GoldenPlay.objects.create(day=day, player=player, target=target)
