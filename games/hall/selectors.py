"""Reads for the Hall's pages, each in a fixed number of queries."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q

from goonsite import clock

from .cards import sort_key
from .models import (
    Activity,
    Card,
    Cycle,
    Engagement,
    Game,
    Gift,
    Phase,
    Player,
    Proposal,
    ProposalVote,
    Reputable,
    Seat,
    Trade,
)
from .rules.shop import PRICE_LIST


def viewed_cycle(number: int | None = None) -> Cycle | None:
    """The current cycle, or a past one by number (H1.2: ended cycles stay readable)."""
    if number is not None:
        return Cycle.objects.filter(number=number).first()
    return Cycle.objects.filter(is_current=True).first() or Cycle.objects.first()


def open_phase(cycle: Cycle) -> Phase | None:
    return cycle.phases.filter(status=Phase.Status.OPEN).order_by("number").first()


@dataclass
class Standing:
    player: Player
    cards: int
    reputable: bool
    judge: bool


def standings(cycle: Cycle) -> list[Standing]:
    """H14.1 Players: by Chips (the race to 25), card count, Vertebrae, status, badges."""
    players = (
        Player.objects.filter(cycle=cycle)
        .select_related("user")
        .annotate(card_count=Count("cards"))
        .order_by("-chips", "-vertebrae", "pk")
    )
    reputable = set(Reputable.objects.values_list("user_id", flat=True))
    return [
        Standing(p, p.card_count, p.user_id in reputable, p.pk == cycle.judge_id) for p in players
    ]


def sorted_cards(player: Player) -> list[Card]:
    return sorted(player.cards.all(), key=lambda c: (sort_key(c.face, c.holo), c.pk))


def secretly_locked(player_ids) -> set[int]:
    """H14.2/H14.3 Ids of the cards locked by a hand choice not yet revealed: only their
    owner may know they are locked; to everyone else they are unlocked cards."""
    chosen = Seat.objects.filter(
        player_id__in=player_ids,
        status=Seat.Status.CHOSEN,
        game__stage=Game.Stage.CHOOSING,
    ).values_list("chosen", flat=True)
    return {card_id for ids in chosen for card_id in ids}


def cards_as_seen(player: Player, viewer: Player | None) -> list[Card]:
    """A player's cards as `viewer` may see them (H14.2): the owner sees every lock; anyone
    else sees a card locked by an unrevealed hand choice as unlocked (H14.3), so neither
    the inventory nor the trade form gives the pick away before the reveal."""
    cards = sorted_cards(player)
    if viewer is None or viewer.pk != player.pk:
        hidden = secretly_locked([player.pk])
        for card in cards:
            if card.pk in hidden:
                card.locked = False  # for display only: these instances are never saved
    return cards


@dataclass
class Today:
    """What the player can still do this phase (H14.1 home)."""

    phase: Phase | None
    gift: Gift | None
    engaged: bool
    time_left: dt.timedelta | None
    started: bool


def today(cycle: Cycle, player: Player | None, now: dt.datetime | None = None) -> Today:
    now = now or clock.now()
    phase = open_phase(cycle)
    gift = engaged = None
    if player and phase:
        gift = Gift.objects.filter(giver=player, phase=phase.number).first()
        engaged = Engagement.objects.filter(player=player, phase=phase.number).exists()
    left = max(phase.ends_at - now, dt.timedelta(0)) if phase else None
    return Today(phase, gift, bool(engaged), left, now >= cycle.starts_at)


def my_trades(player: Player) -> list[Trade]:
    """H14.3 Open offers are seen only by the two players."""
    return list(
        Trade.objects.filter(Q(offerer=player) | Q(receiver=player), status=Trade.Status.OPEN)
        .select_related("offerer__user", "receiver__user")
        .order_by("-pk")
    )


def proposals_with_votes(cycle: Cycle) -> list[Proposal]:
    """H10.4 Votes are public: who voted what, and the running tally."""
    proposals = list(
        cycle.proposals.select_related("author__user").prefetch_related(
            Prefetch("votes", queryset=ProposalVote.objects.select_related("player__user"))
        )
    )
    for p in proposals:
        votes = list(p.votes.all())
        p.tally_for = sum(v.choice == "for" for v in votes)
        p.tally_against = len(votes) - p.tally_for
    return proposals


def recent_activity(cycle: Cycle, limit: int = 200) -> list[Activity]:
    return list(cycle.activity.all()[:limit])


SHOP = list(PRICE_LIST.values())
