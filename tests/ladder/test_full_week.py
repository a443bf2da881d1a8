"""A full week played through the services and `noon --now`: milestones, the 4th vote, the
daily draw, a lock, a Golden Gooner, a Wednesday and decay (§6 end to end)."""

import datetime as dt
from collections import Counter

import pytest

from games.ladder.models import LadderEntry, LedgerEntry, NoonReport, PlayerSeason, SealedItem
from games.ladder.services.noon import resolve_now
from games.ladder.services.plays import pin_golden, play_face_down
from games.ladder.services.votes import cast_vote
from goonsite.refusal import Refusal
from tests.ladder.fixtures import give, hand


def vote_all(user, entries, names, now):
    return [
        cast_vote(user=user, entry_id=entries[n].pk, direction="up", now=now).points for n in names
    ]


def test_a_week_of_play(alice, bob, alice_player, bob_player, entries, now):
    alice_player.season_votes, alice_player.golden_holder = 42, True
    alice_player.save()
    LadderEntry.objects.filter(pk=entries["dee"].pk).update(trophies=9, score=3)
    LadderEntry.objects.filter(pk=entries["cy"].pk).update(score=10, silent_days=13)
    give(bob_player, "mini_gooner")

    # Tuesday: both use all three votes; Bob's Mini Gooner locks Dee; Cy decays silently.
    assert vote_all(alice, entries, ["ava", "bo", "eli"], now) == [5, 3, 1]
    assert vote_all(bob, entries, ["ava", "bo", "dee"], now) == [5, 3, 1]
    play_face_down(user=bob, card="mini_gooner", target_id=entries["dee"].pk, now=now)
    tuesday = resolve_now(now)
    assert tuesday.outcome["locked_now"] == ["Dee"] and tuesday.outcome["drew"] == 2
    cy = LadderEntry.objects.get(pk=entries["cy"].pk)
    assert (cy.score, cy.silent_days) == (9, 14)
    assert [row["name"] for row in tuesday.ladder][:2] == ["Dee", "Ava"]
    assert not any("decay" in str(v) for v in tuesday.outcome.values())
    with pytest.raises(Refusal, match="Dee is locked"):
        cast_vote(user=alice, entry_id=entries["dee"].pk, direction="up", now=now)

    # Wednesday: Alice reaches 48, Bob reaches 6; the top 3 unlocked win; Alice is dealt a
    # Golden Gooner as a holder.
    vote_all(alice, entries, ["ava", "bo", "cy"], now)
    vote_all(bob, entries, ["ava", "bo", "eli"], now)
    wednesday = resolve_now(now)
    assert wednesday.day.noon_on == dt.date(2026, 12, 9)
    assert wednesday.outcome["winners"] == ["Ava", "Bo", "Cy"]  # Ava 20, Bo 12, Cy 10; Dee locked
    assert LadderEntry.objects.get(pk=entries["ava"].pk).wins == 1
    assert LadderEntry.objects.get(pk=entries["dee"].pk).wins == 0
    alice_player.refresh_from_db()
    assert (alice_player.season_votes, alice_player.votes_per_day) == (48, 4)
    assert SealedItem.objects.get(owner=bob_player).kind == "booster_pack"
    assert "golden_gooner" in hand(alice_player)

    # Thursday: Alice has four votes and pins Eli with her Golden Gooner.
    assert vote_all(alice, entries, ["ava", "bo", "cy", "eli"], now) == [5, 4, 3, 1]
    pin_golden(user=alice, target_id=entries["eli"].pk, now=now)
    assert LadderEntry.objects.get(pk=entries["eli"].pk).golden == 1
    with pytest.raises(Refusal, match="Eli is Golden"):
        cast_vote(user=bob, entry_id=entries["eli"].pk, direction="down", now=now)
    eli_before = LadderEntry.objects.get(pk=entries["eli"].pk).score
    thursday = resolve_now(now)
    assert thursday.outcome["golden_plays"] == [{"player": "Alice", "target": "Eli"}]
    eli = LadderEntry.objects.get(pk=entries["eli"].pk)
    assert eli.score == eli_before  # Alice's own vote on Eli counted for nothing once Golden
    assert [row["name"] for row in thursday.ladder][:2] == ["Dee", "Eli"]

    # Friday to Monday: Bob keeps voting; at 12 season votes his Mini Gooner arrives.
    for _ in range(4):
        vote_all(bob, entries, ["ava", "bo", "cy"], now)
        resolve_now(now)
    bob_player.refresh_from_db()
    assert bob_player.season_votes == 18
    assert "mini_gooner" in hand(bob_player)
    assert NoonReport.objects.count() == 7
    assert PlayerSeason.objects.get(pk=bob_player.pk).votes_per_day == 3

    # The ledger explains every hand: gains minus losses is what is held or still sealed.
    for player in (alice_player, bob_player):
        booked = Counter()
        for item, change in LedgerEntry.objects.filter(player=player).values_list("item", "change"):
            booked[item] += change
        held = Counter(player.cards.values_list("card", flat=True))
        for item in SealedItem.objects.filter(owner=player, opened_at__isnull=True):
            held[item.card or item.kind] += 1
        assert +booked == held, player
