"""Redeem a GOON-XXXX-XXXX code (R7.2-R7.6) and create code drops."""

from __future__ import annotations

import datetime as dt
import random

from django.db import IntegrityError, transaction
from django.utils import timezone

from goonsite.refusal import Refusal

from ..codes import new_code, normalize_code
from ..engine import CATALOGUE, CardId, draw_card
from ..models import Code, CodeDrop, Redemption, SealedItem, Source
from . import ledger
from .action import counted_by_next_noon
from .players import current_season

# R7.5: the same words whether the code is malformed, unknown, used or expired.
# A drop that is one per person is one of the reasons a code may not work for someone.
NO_SUCH_CODE = "That code doesn't work. Check it and try again (some drops are one per person)."
ONE_A_DAY = "You've redeemed a code today already. One code a day; the day rolls over at noon."
RANDOM_KINDS = (
    CodeDrop.Reward.BOOSTER_PACK,
    CodeDrop.Reward.RANDOM_CARD,
    CodeDrop.Reward.MINI_GOONER,
    CodeDrop.Reward.GOD_PACK,
)


def redeem_code(
    *, user, raw_code: str, now: dt.datetime | None = None, rng: random.Random | None = None
) -> Redemption:
    rng = rng or random.SystemRandom()
    code_text = normalize_code(raw_code)
    if code_text is None:
        raise Refusal(NO_SUCH_CODE)
    try:
        with counted_by_next_noon(user=user, now=now) as action:
            season, day, player, now = action
            # What depends only on the player is answered before the code is looked up, so
            # the answer is the same for a real code and a fake one (R7.5).
            if Redemption.objects.filter(player=player, day=day).exists():
                raise Refusal(ONE_A_DAY)
            code = (
                Code.objects.select_for_update(of=("self",))
                .select_related("drop")
                .filter(code=code_text, drop__season=season)
                .first()
            )
            if code is None or Redemption.objects.filter(code=code).exists():
                raise Refusal(NO_SUCH_CODE)
            drop = code.drop
            if drop.expires_at is not None and drop.expires_at <= now:
                raise Refusal(NO_SUCH_CODE)
            if drop.one_per_person and Redemption.objects.filter(player=player, drop=drop).exists():
                # Saying "one per person" would tell them the code is real (R7.5).
                raise Refusal(NO_SUCH_CODE)
            item = _seal_reward(player, drop, rng)
            gave = item.card or item.kind
            ledger.record(player, [gave], 1, Source.CODE, day)
            return Redemption.objects.create(
                code=code,
                drop=drop,
                one_per_person=drop.one_per_person,
                player=player,
                day=day,
                gave=gave,
            )
    except IntegrityError:
        # A parallel request by the same player won the day's one redemption.
        raise Refusal(ONE_A_DAY) from None


def _seal_reward(player, drop: CodeDrop, rng: random.Random) -> SealedItem:
    kind = drop.reward
    if kind == CodeDrop.Reward.RANDOM:
        kind = rng.choice(RANDOM_KINDS)
    if kind in (CodeDrop.Reward.BOOSTER_PACK, CodeDrop.Reward.GOD_PACK):
        return SealedItem.objects.create(owner=player, kind=kind, source=Source.CODE)
    if kind == CodeDrop.Reward.MINI_GOONER:
        card = CardId.MINI_GOONER
    elif kind == CodeDrop.Reward.CARD and drop.card and drop.card != CardId.GOLDEN_GOONER:
        card = CardId(drop.card)
    else:
        card = draw_card(rng)
    return SealedItem.objects.create(
        owner=player, kind=SealedItem.Kind.CARD, card=card.value, source=Source.CODE
    )


def create_drop(
    *,
    name: str,
    reward: str,
    count: int,
    created_by,
    card: str = "",
    one_per_person: bool = False,
    expires_at: dt.datetime | None = None,
) -> CodeDrop:
    """A drop of `count` fresh codes from a cryptographic random source."""
    if count < 1 or count > 10_000:
        raise Refusal("A drop holds between 1 and 10,000 codes.")
    if reward == CodeDrop.Reward.CARD and card not in {c.value for c in CATALOGUE}:
        raise Refusal("A named-card drop needs a card.")
    if expires_at is not None and expires_at <= timezone.now():
        raise Refusal("That expiry has passed: a drop must expire in the future.")
    if reward == CodeDrop.Reward.CARD and card == CardId.GOLDEN_GOONER:
        raise Refusal(
            "No code gives a Golden Gooner: they come only from being a holder, at most one "
            "a week (R9.1)."
        )
    season = current_season()
    with transaction.atomic():
        drop = CodeDrop.objects.create(
            name=name,
            season=season,
            reward=reward,
            card=card if reward == CodeDrop.Reward.CARD else "",
            one_per_person=one_per_person,
            expires_at=expires_at,
            created_by=created_by,
        )
        codes: set[str] = set()
        while len(codes) < count:
            fresh = {new_code() for _ in range(count - len(codes))}
            taken = set(Code.objects.filter(code__in=fresh).values_list("code", flat=True))
            codes |= fresh - taken
        Code.objects.bulk_create(Code(drop=drop, code=c) for c in sorted(codes))
    return drop
