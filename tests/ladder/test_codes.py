"""GOON codes (R7.2-R7.6)."""

import datetime as dt
import random

import pytest

from games.ladder.codes import ALPHABET, new_code, normalize_code
from games.ladder.models import Code, CodeDrop, Redemption, SealedItem
from games.ladder.services.codes import NO_SUCH_CODE, create_drop, redeem_code
from games.ladder.services.noon import resolve_due_noons
from goonsite.refusal import Refusal


@pytest.fixture
def drop(season, admin_user):
    return create_drop(name="Launch", reward="booster_pack", count=5, created_by=admin_user)


def codes(drop) -> list[str]:
    return list(drop.codes.values_list("code", flat=True))


def test_codes_use_an_unambiguous_alphabet():
    for _ in range(200):
        code = new_code()
        assert normalize_code(code) == code
        assert not set(code.replace("GOON-", "").replace("-", "")) - set(ALPHABET)
    assert not set("01OIL") & set(ALPHABET)


@pytest.mark.parametrize(
    "typed", ["goon-abcd-efgh", "  GOON ABCD EFGH ", "goonabcdefgh", "GOON–ABCD–EFGH"]
)
def test_input_is_forgiving(typed):
    """R7.2"""
    assert normalize_code(typed) == "GOON-ABCD-EFGH"


@pytest.mark.parametrize(
    "typed", ["", "GOON-ABCD", "GOON-ABC0-EFGH", "NOOG-ABCD-EFGH", "GOON-ABCD-EFGHJ"]
)
def test_malformed_input(typed):
    assert normalize_code(typed) is None


def test_drop_creates_unique_codes(drop):
    assert len(set(codes(drop))) == 5


def test_redeem_gives_a_sealed_reward(alice, drop, now):
    redemption = redeem_code(user=alice, raw_code=codes(drop)[0].lower(), now=now)
    assert redemption.gave == "booster_pack"
    assert SealedItem.objects.get(owner=redemption.player).kind == "booster_pack"
    assert redemption.day.noon_on == dt.date(2026, 12, 8)


def test_each_code_works_once_with_a_uniform_error(alice, bob, drop, now):
    """R7.2, R7.5: a used code reads exactly like an unknown one."""
    code = codes(drop)[0]
    redeem_code(user=alice, raw_code=code, now=now)
    with pytest.raises(Refusal) as used:
        redeem_code(user=bob, raw_code=code, now=now)
    with pytest.raises(Refusal) as unknown:
        redeem_code(user=bob, raw_code="GOON-ZZZZ-ZZZZ", now=now)
    with pytest.raises(Refusal) as malformed:
        redeem_code(user=bob, raw_code="hello", now=now)
    assert used.value.message == unknown.value.message == malformed.value.message == NO_SUCH_CODE


def test_one_code_a_day(alice, drop, now):
    """R7.3"""
    first, second = codes(drop)[:2]
    redeem_code(user=alice, raw_code=first, now=now)
    with pytest.raises(Refusal, match="One code a day"):
        redeem_code(user=alice, raw_code=second, now=now)
    resolve_due_noons(now + dt.timedelta(days=1))  # the noon job
    redeem_code(user=alice, raw_code=second, now=now + dt.timedelta(days=1))
    assert Redemption.objects.count() == 2


def test_one_per_person_drop(alice, season, admin_user, now):
    """R7.3"""
    drop = create_drop(
        name="Once", reward="mini_gooner", count=2, one_per_person=True, created_by=admin_user
    )
    first, second = codes(drop)
    redeem_code(user=alice, raw_code=first, now=now)
    resolve_due_noons(now + dt.timedelta(days=1))  # the noon job
    with pytest.raises(Refusal, match="one per person"):
        redeem_code(user=alice, raw_code=second, now=now + dt.timedelta(days=1))


def test_expired_drop(alice, season, admin_user, now):
    expires = now + dt.timedelta(hours=1)
    drop = create_drop(
        name="Old", reward="god_pack", count=1, expires_at=expires, created_by=admin_user
    )
    with pytest.raises(Refusal, match="doesn't work"):
        redeem_code(user=alice, raw_code=codes(drop)[0], now=expires)


def test_drop_cannot_be_created_already_expired(season, admin_user, now):
    with pytest.raises(Refusal, match="expiry has passed"):
        create_drop(name="Stale", reward="god_pack", count=1, expires_at=now, created_by=admin_user)
    assert not CodeDrop.objects.filter(name="Stale").exists()


@pytest.mark.parametrize(
    ("reward", "card", "kind", "sealed_card"),
    [
        ("card", "sabotage", "card", "sabotage"),
        ("mini_gooner", "", "card", "mini_gooner"),
        ("god_pack", "", "god_pack", ""),
    ],
)
def test_rewards(alice, season, admin_user, now, reward, card, kind, sealed_card):
    """R7.4"""
    drop = create_drop(name="R", reward=reward, card=card, count=1, created_by=admin_user)
    redemption = redeem_code(user=alice, raw_code=codes(drop)[0], now=now)
    item = SealedItem.objects.get(owner=redemption.player)
    assert (item.kind, item.card) == (kind, sealed_card)


def test_random_reward_rolls_one_of_the_four(alice, season, admin_user, now):
    drop = create_drop(name="Rnd", reward="random", count=1, created_by=admin_user)
    redemption = redeem_code(user=alice, raw_code=codes(drop)[0], now=now, rng=random.Random(5))
    assert redemption.gave in {"booster_pack", "god_pack", "mini_gooner", *CardIds}


CardIds = {"boost", "skip", "reverse", "shield", "sakura_farts", "chaos", "sabotage"}


def test_drop_size_refused(season, admin_user):
    with pytest.raises(Refusal, match="between 1 and 10,000"):
        create_drop(name="X", reward="booster_pack", count=0, created_by=admin_user)
    assert not CodeDrop.objects.exists() and not Code.objects.exists()


def test_one_a_day_is_answered_alike_for_real_and_fake_codes(alice, season, admin_user, now):
    """R7.5: the player-only check comes before the lookup, so it reveals nothing."""
    drop = create_drop(name="Two", reward="god_pack", count=2, created_by=admin_user)
    first, second = codes(drop)
    redeem_code(user=alice, raw_code=first, now=now)
    for code in (second, "GOON-AAAA-AAAA"):
        with pytest.raises(Refusal) as refusal:
            redeem_code(user=alice, raw_code=code, now=now)
        assert refusal.value.message.startswith("You've redeemed a code today already")
