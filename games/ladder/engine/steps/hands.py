"""R6.13 the hand limit, then R6.14 dealing, so nothing dealt at noon is ever trimmed."""

from __future__ import annotations

from ..cards import CardId, PackId, draw_card, is_regular
from ..outcome import Deal, Dealt, ExtraVote, Trimmed
from ..rules import HAND_LIMIT, milestones_crossed, votes_per_day_after
from ..state import Hand, Noon


def hand_limit(noon: Noon) -> None:
    for hand in noon.hands.values():
        if len(hand.cards) <= HAND_LIMIT:
            continue
        regular = [n for n, card in enumerate(hand.cards) if is_regular(card)]
        excess = len(regular) - HAND_LIMIT
        if excess <= 0:
            continue
        tossed = set(noon.rng.sample(regular, excess))
        hand.trimmed = [card for n, card in enumerate(hand.cards) if n in tossed]
        hand.cards = [card for n, card in enumerate(hand.cards) if n not in tossed]
        noon.log.append(Trimmed(hand.player.id, tuple(hand.trimmed)))


def deal(noon: Noon) -> None:
    # (a) Wednesday: a Golden Gooner to each holder who holds none, sealed ones included.
    if noon.day.is_wednesday:
        for hand in noon.hands.values():
            if hand.player.golden_holder and not _holds_golden(hand):
                _give(noon, hand, CardId.GOLDEN_GOONER, Deal.GOLDEN)
    # (b) Milestones crossed by today's votes.
    for hand in noon.hands.values():
        if not hand.votes_cast:
            continue
        before = hand.player.season_votes
        for at, reward in milestones_crossed(before, before + hand.votes_cast):
            if reward is None:
                noon.log.append(ExtraVote(hand.player.id, votes_per_day_after(at, 0)))
            else:
                _give(noon, hand, reward, Deal.MILESTONE, at)
    # (c) The daily draw, for those who used every vote today.
    for hand in noon.hands.values():
        allowance = hand.player.votes_per_day
        if allowance > 0 and hand.votes_cast >= allowance:
            _give(noon, hand, draw_card(noon.rng), Deal.DRAW)
            noon.drew += 1


def _holds_golden(hand: Hand) -> bool:
    return CardId.GOLDEN_GOONER in hand.cards or CardId.GOLDEN_GOONER in hand.player.sealed


def _give(
    noon: Noon, hand: Hand, item: CardId | PackId, why: Deal, milestone: int | None = None
) -> None:
    hand.dealt.append(item)
    if isinstance(item, CardId):
        hand.cards.append(item)
    noon.log.append(Dealt(hand.player.id, item, why, milestone))
