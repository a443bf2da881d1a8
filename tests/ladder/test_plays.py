"""Playing cards (R5.5) and the Golden Gooner (R6.9)."""

import pytest

from games.ladder.models import GoldenPlay, LadderEntry, LedgerEntry, Play
from games.ladder.services.plays import pin_golden, play_face_down
from goonsite.refusal import Refusal
from tests.ladder.fixtures import TUESDAY, give, hand


def test_card_leaves_hand_and_waits_face_down(alice, alice_player, entries, now):
    """R5.5"""
    give(alice_player, "boost", "skip")
    play = play_face_down(user=alice, card="boost", target_id=entries["ava"].pk, now=now)
    assert isinstance(play, Play) and play.day.noon_on == TUESDAY
    stored = Play.objects.get()
    assert (stored.pk, stored.card, stored.target_id, stored.player_id, stored.day_id) == (
        play.pk,
        "boost",
        entries["ava"].pk,
        alice_player.pk,
        play.day.pk,
    )
    assert hand(alice_player) == ["skip"]
    assert LedgerEntry.objects.filter(
        player=alice_player, item="boost", change=-1, reason="played"
    ).exists()


def test_chaos_takes_no_target(alice, alice_player, entries, now):
    give(alice_player, "chaos")
    with pytest.raises(Refusal, match="Chaos picks its own contestant"):
        play_face_down(user=alice, card="chaos", target_id=entries["ava"].pk, now=now)
    assert play_face_down(user=alice, card="chaos", target_id=None, now=now).target is None


def test_needs_a_held_card(alice, alice_player, entries, now):
    """R5.5: nothing is played, taken or booked (on PostgreSQL the take, its ledger line
    and the play are one statement, which inserts the play only for a card taken)."""
    give(alice_player, "boost")
    booked = LedgerEntry.objects.count()
    with pytest.raises(Refusal, match="You don't hold a Sabotage"):
        play_face_down(user=alice, card="sabotage", target_id=entries["ava"].pk, now=now)
    assert not Play.objects.exists() and LedgerEntry.objects.count() == booked
    assert hand(alice_player) == ["boost"]


def test_unknown_card(alice, alice_player, entries, now):
    with pytest.raises(Refusal, match="no such card"):
        play_face_down(user=alice, card="turbo", target_id=entries["ava"].pk, now=now)


def test_targeted_card_needs_a_target(alice, alice_player, now):
    give(alice_player, "skip")
    with pytest.raises(Refusal, match="needs a contestant"):
        play_face_down(user=alice, card="skip", target_id=None, now=now)
    assert hand(alice_player) == ["skip"]


@pytest.mark.parametrize(
    ("card", "change", "message"),
    [
        ("boost", {"locked": 1}, "locked: only Sakura Farts"),
        ("mini_gooner", {"locked": 1}, "locked"),
        ("skip", {"golden": 1}, "Golden: only a Mini Gooner"),
        ("shield", {"on_ladder": False}, "off the ladder"),
    ],
)
def test_refused_targets_keep_the_card(alice, alice_player, entries, now, card, change, message):
    """R5.5"""
    give(alice_player, card)
    LadderEntry.objects.filter(pk=entries["ava"].pk).update(**change)
    with pytest.raises(Refusal, match=message):
        play_face_down(user=alice, card=card, target_id=entries["ava"].pk, now=now)
    assert hand(alice_player) == [card]


@pytest.mark.parametrize(
    ("card", "change"), [("sakura_farts", {"locked": 1}), ("mini_gooner", {"golden": 1})]
)
def test_allowed_exceptions(alice, alice_player, entries, now, card, change):
    """R5.5: Sakura Farts on a locked contestant, a Mini Gooner on a Golden one."""
    give(alice_player, card)
    LadderEntry.objects.filter(pk=entries["ava"].pk).update(**change)
    assert play_face_down(user=alice, card=card, target_id=entries["ava"].pk, now=now).card == card


def test_golden_gooner_pins_at_once_below_earlier_golden(
    alice, alice_player, bob, bob_player, entries, now
):
    """R6.9"""
    give(alice_player, "golden_gooner")
    give(bob_player, "golden_gooner")
    first = pin_golden(user=alice, target_id=entries["dee"].pk, now=now)
    assert isinstance(first, GoldenPlay)
    pin_golden(user=bob, target_id=entries["eli"].pk, now=now)
    entries["dee"].refresh_from_db()
    entries["eli"].refresh_from_db()
    assert (entries["dee"].golden, entries["eli"].golden) == (1, 2)
    assert hand(alice_player) == []
    assert not Play.objects.exists()


def test_golden_gooner_refused_on_golden_or_locked(alice, alice_player, entries, now):
    give(alice_player, "golden_gooner")
    LadderEntry.objects.filter(pk=entries["ava"].pk).update(golden=1)
    LadderEntry.objects.filter(pk=entries["bo"].pk).update(locked=1, trophies=10)
    with pytest.raises(Refusal, match="Golden already"):
        pin_golden(user=alice, target_id=entries["ava"].pk, now=now)
    with pytest.raises(Refusal, match="locked"):
        pin_golden(user=alice, target_id=entries["bo"].pk, now=now)
    assert hand(alice_player) == ["golden_gooner"]
