"""H3.5 Trades: an offer the other player accepts; both sides change hands at once or not at all."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db import transaction

from goonsite.refusal import Refusal
from goonsite.words import count

from ..models import Activity, Card, Ledger, Player, Trade
from ..selectors import secretly_locked
from . import intent as intents
from .action import in_open_phase
from .ending import check_victory
from .inventory import change, move_cards, unlocked_cards
from .log import note

Status = Trade.Status


@dataclass
class Side:
    cards: list[int] = field(default_factory=list)  # Card row ids
    vertebrae: int = 0
    chips: int = 0

    @property
    def empty(self) -> bool:
        return not self.cards and not self.vertebrae and not self.chips


def _check_holds(
    player: Player, side: Side, *, lock: bool = False, may_be_secret: bool = False
) -> list[Card]:
    """`may_be_secret`: the side lists another player's cards at offer time, when a card
    locked by their unrevealed hand choice must pass as unlocked (H14.2, H14.3)."""
    if side.vertebrae < 0 or side.chips < 0:
        raise Refusal("Amounts in a trade are whole numbers, 0 or more.")
    secret = secretly_locked([player.pk]) if may_be_secret else set()
    cards = unlocked_cards(player, side.cards, lock=lock, passing=secret)
    if player.vertebrae < side.vertebrae:
        raise Refusal(f"{player} no longer has {count(side.vertebrae, 'Vertebra')} (H3.5).")
    if player.chips < side.chips:
        raise Refusal(f"{player} no longer has {count(side.chips, 'Chip')} (H3.5).")
    return cards


def _describe(side: Side, cards: list[Card]) -> str:
    parts = [c.label for c in cards]
    if side.vertebrae:
        parts.append(count(side.vertebrae, "Vertebra"))
    if side.chips:
        parts.append(count(side.chips, "Chip"))
    return ", ".join(parts) or "nothing"


def offer_trade(
    *,
    user,
    receiver_id: int,
    give: Side,
    ask: Side,
    now: dt.datetime | None = None,
    intent: str | None = None,
) -> Trade:
    """H3.5 An action. One side may be empty, not both; locked items cannot be listed.
    `intent`: the form's one-time key, so one press sends one offer (services/intent.py)."""
    if give.empty and ask.empty:
        raise Refusal("A trade gives or asks something (H3.5).")
    with in_open_phase(user=user, now=now, others=[receiver_id]) as m:
        intents.check_unused(m.player, intent)
        receiver = m.others.get(receiver_id)
        if receiver is None:
            raise Refusal("You cannot trade with yourself.")
        if receiver.barred:
            raise Refusal(f"{receiver} is barred from the Hall (H2.1).")
        gives = _check_holds(m.player, give)
        asks = _check_holds(receiver, ask, may_be_secret=True)
        summary = f"{_describe(give, gives)} for {_describe(ask, asks)}"
        intents.use(m.player, intent, f"your offer to {receiver}: {summary}", m.now)
        return Trade.objects.create(
            cycle=m.cycle,
            offerer=m.player,
            receiver=receiver,
            give_cards=sorted(give.cards),
            give_vertebrae=give.vertebrae,
            give_chips=give.chips,
            ask_cards=sorted(ask.cards),
            ask_vertebrae=ask.vertebrae,
            ask_chips=ask.chips,
            summary=summary[:500],
        )


def _open_trade(trade_id: int, player: Player) -> Trade:
    trade = Trade.objects.select_for_update().filter(pk=trade_id, cycle=player.cycle_id).first()
    if trade is None or player.pk not in (trade.offerer_id, trade.receiver_id):
        raise Refusal("There is no such trade offer for you.")
    if trade.status != Status.OPEN:
        raise Refusal(f"This offer is {trade.get_status_display().lower()} already.")
    return trade


def _refuse_my_locked_cards(me: Player, ask: Side) -> None:
    """H14.2 An offer may ask for cards its receiver has since chosen for a hand (the
    offerer could not see the lock): the receiver learns why their acceptance fails."""
    locked = list(Card.objects.filter(pk__in=ask.cards, owner=me, locked=True).order_by("pk"))
    if locked:
        names = ", ".join(c.label for c in locked)
        raise Refusal(
            f"This offer asks for {names}, locked in your Exoptosis hand or game until it "
            "ends (H3.4): decline it, or accept it once the cards are free again."
        )


def _participants(trade_id: int) -> tuple[int, int]:
    pair = Trade.objects.filter(pk=trade_id).values_list("offerer", "receiver").first()
    if pair is None:
        raise Refusal("There is no such trade offer.")
    return pair


def accept_trade(*, user, trade_id: int, now: dt.datetime | None = None) -> Trade:
    """H3.5 Both sides change hands at once, or the acceptance is refused with the reason."""
    offerer_id, receiver_id = _participants(trade_id)
    with in_open_phase(user=user, now=now, others=[offerer_id, receiver_id]) as m:
        trade = _open_trade(trade_id, m.player)
        if trade.receiver_id != m.player.pk:
            raise Refusal("Only the player the offer was made to can accept it.")
        offerer = m.others[offerer_id]
        give = Side(trade.give_cards, trade.give_vertebrae, trade.give_chips)
        ask = Side(trade.ask_cards, trade.ask_vertebrae, trade.ask_chips)
        if secretly_locked([offerer.pk]) & set(give.cards):
            # The offerer has since chosen some of these cards for a hand: say no more
            # than H3.5 asks, so the acceptor learns nothing of the pick (H14.3).
            raise Refusal(
                f"{offerer} cannot hand over every card of this offer right now, so nothing "
                "changed hands (H3.5). The offer stays open; try again later or decline it."
            )
        gives = _check_holds(offerer, give, lock=True)
        _refuse_my_locked_cards(m.player, ask)
        asks = _check_holds(m.player, ask, lock=True)
        ref, k = f"trade {trade.pk}", m.phase.number
        why = Ledger.Reason.TRADE
        move_cards(gives, m.player, why, ref, k)
        move_cards(asks, offerer, why, ref, k)
        net_v, net_c = give.vertebrae - ask.vertebrae, give.chips - ask.chips
        change(offerer, vertebrae=-net_v, chips=-net_c, reason=why, ref=ref, phase=k)
        change(m.player, vertebrae=net_v, chips=net_c, reason=why, ref=ref, phase=k)
        trade.status, trade.closed_at = Status.ACCEPTED, m.now
        trade.save(update_fields=["status", "closed_at"])
        note(
            m.cycle,
            k,
            Activity.Kind.TRADE,
            f"{offerer} and {m.player} traded: {trade.summary}.",
            m.now,
        )
        for player in (offerer, m.player):
            if check_victory(m.cycle, player, m.now, k):
                break
    return trade


def decline_trade(*, user, trade_id: int, now: dt.datetime | None = None) -> Trade:
    """H3.5 The receiver declines (an action, H4.1)."""
    with in_open_phase(user=user, now=now) as m:
        trade = _open_trade(trade_id, m.player)
        if trade.receiver_id != m.player.pk:
            raise Refusal("Only the player the offer was made to can decline it.")
        trade.status, trade.closed_at = Status.DECLINED, m.now
        trade.save(update_fields=["status", "closed_at"])
    return trade


def withdraw_trade(*, user, trade_id: int, now: dt.datetime | None = None) -> Trade:
    """H3.5 The offerer withdraws while it is open (not an action: H4.1 does not list it)."""
    with in_open_phase(user=user, now=now, acts=False) as m:
        trade = _open_trade(trade_id, m.player)
        if trade.offerer_id != m.player.pk:
            raise Refusal("Only the offerer can withdraw an offer.")
        trade.status, trade.closed_at = Status.WITHDRAWN, m.now
        trade.save(update_fields=["status", "closed_at"])
    return trade


@transaction.atomic
def set_deck(*, user, card_ids: list[int], now: dt.datetime | None = None) -> int:
    """H3.3 The deck: cards chosen from one's own inventory. Not an action; private."""
    with in_open_phase(user=user, now=now, acts=False) as m:
        owned = set(
            Card.objects.filter(owner=m.player, pk__in=card_ids).values_list("pk", flat=True)
        )
        if owned != set(card_ids):
            raise Refusal("Your deck can only hold cards from your own inventory (H3.3).")
        Card.objects.filter(owner=m.player).exclude(pk__in=owned).update(in_deck=False)
        Card.objects.filter(pk__in=owned).update(in_deck=True)
    return len(owned)
