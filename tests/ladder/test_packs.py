"""The starting God Pack (R7.1) and opening sealed items (R5.4)."""

import random

import pytest

from games.ladder.models import HeldCard, LedgerEntry, SealedItem, Source
from games.ladder.services.packs import give_starting_hand, open_sealed
from goonsite.refusal import Refusal
from tests.ladder.fixtures import hand


def test_starting_hand_is_one_sealed_god_pack_once_a_season(alice, season):
    first = give_starting_hand(user=alice, season=season)
    assert first is not None and first.kind == SealedItem.Kind.GOD_PACK
    assert give_starting_hand(user=alice, season=season) is None
    assert SealedItem.objects.filter(source=Source.STARTING_HAND).count() == 1
    assert LedgerEntry.objects.filter(reason=Source.STARTING_HAND).count() == 1


def test_opening_the_god_pack(alice, season, now):
    """R5.4: one of each regular card plus a Mini Gooner."""
    pack = give_starting_hand(user=alice, season=season)
    cards = open_sealed(user=alice, item_id=pack.pk, now=now)
    assert len(cards) == 8
    player = pack.owner
    assert hand(player) == sorted(
        ["boost", "chaos", "mini_gooner", "reverse", "sabotage", "sakura_farts", "shield", "skip"]
    )
    pack.refresh_from_db()
    assert pack.opened_at == now
    with pytest.raises(Refusal, match="open already"):
        open_sealed(user=alice, item_id=pack.pk, now=now)
    assert HeldCard.objects.count() == 8


def test_booster_pack_holds_three_cards(alice, alice_player, now):
    item = SealedItem.objects.create(owner=alice_player, kind="booster_pack", source=Source.CODE)
    cards = open_sealed(user=alice, item_id=item.pk, now=now, rng=random.Random(3))
    assert len(cards) == 3 and len(hand(alice_player)) == 3


def test_cannot_open_someone_elses(alice, bob, bob_player, now):
    item = SealedItem.objects.create(owner=bob_player, kind="booster_pack", source=Source.CODE)
    with pytest.raises(Refusal, match="isn't one of your sealed items"):
        open_sealed(user=alice, item_id=item.pk, now=now)
    assert not HeldCard.objects.exists()


def test_sealed_single_card(alice, alice_player, now):
    item = SealedItem.objects.create(
        owner=alice_player, kind="card", card="sabotage", source=Source.CODE
    )
    assert open_sealed(user=alice, item_id=item.pk, now=now) == ["sabotage"]
    assert hand(alice_player) == ["sabotage"]
