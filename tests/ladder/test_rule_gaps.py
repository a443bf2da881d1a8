"""Rule gaps found by reading the code against the rulebook (issue 11): Golden Gooners only
from being a holder and at most one a week (R9.1, R6.14a), codes that never tell a real
one from a fake (R7.5), and the milestone panel (R6.14b)."""

import datetime as dt

import pytest
from django.urls import reverse

from games.ladder.models import HeldCard, LadderEntry, LedgerEntry, SealedItem, Source
from games.ladder.services import admin as powers
from games.ladder.services.codes import NO_SUCH_CODE, ONE_A_DAY, create_drop, redeem_code
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.plays import pin_golden
from games.ladder.services.votes import cast_vote
from goonsite.refusal import Refusal
from tests.ladder.fixtures import TUESDAY_NOON, give

BOARD = reverse("ladder:board")


# ---- Golden Gooners: only from being a holder, at most one a week (R9.1, R6.14a) ----------


def test_no_code_drop_names_a_golden_gooner(season, admin_user, client):
    with pytest.raises(Refusal, match="No code gives a Golden Gooner"):
        create_drop(
            name="Gold", reward="card", card="golden_gooner", count=1, created_by=admin_user
        )
    client.force_login(admin_user)
    form = client.get(reverse("admin:ladder_codedrop_add"))
    assert 'value="golden_gooner"' not in form.content.decode()
    assert 'value="mini_gooner"' in form.content.decode()


def test_an_admin_deals_at_most_one_golden_gooner_a_week(alice, alice_player, entries, now):
    alice_player.golden_holder = True
    alice_player.save()
    powers.deal_golden_gooner(actor=None, player=alice_player, now=now)
    pin_golden(user=alice, target_id=entries["ava"].pk, now=now)
    with pytest.raises(Refusal, match="since the last Wednesday noon: at most one a week"):
        powers.deal_golden_gooner(actor=None, player=alice_player, now=now)
    assert not HeldCard.objects.filter(owner=alice_player, card="golden_gooner").exists()
    # One received before last Wednesday's noon is last week's.
    LedgerEntry.objects.filter(player=alice_player, item="golden_gooner").update(
        at=dt.datetime(2026, 12, 2, 11, 0, tzinfo=dt.UTC)
    )
    powers.deal_golden_gooner(actor=None, player=alice_player, now=now)
    assert HeldCard.objects.filter(owner=alice_player, card="golden_gooner").count() == 1


def sealed_golden(player) -> SealedItem:
    """A Golden Gooner still in its wrapper (an old drop or an admin's data fix)."""
    return SealedItem.objects.create(
        owner=player, kind=SealedItem.Kind.CARD, card="golden_gooner", source=Source.ADMIN
    )


def test_a_sealed_golden_gooner_counts_as_held(alice_player, bob_player, entries, now):
    """R6.14a at the Wednesday refresh, and R9.1 for an admin's deal."""
    for player in (alice_player, bob_player):
        player.golden_holder = True
        player.save()
    sealed_golden(alice_player)
    with pytest.raises(Refusal, match="holds a Golden Gooner already"):
        powers.deal_golden_gooner(actor=None, player=alice_player, now=now)
    resolve_due_noons(now)  # opens Tuesday's day
    resolve_due_noons(TUESDAY_NOON + dt.timedelta(days=1))  # Tuesday's noon, then Wednesday's
    assert not HeldCard.objects.filter(owner=alice_player, card="golden_gooner").exists()
    assert HeldCard.objects.filter(owner=bob_player, card="golden_gooner").count() == 1


# ---- Codes never tell a real one from a fake (R7.5) ------------------------------------------


@pytest.fixture
def drops(season, admin_user):
    plain = create_drop(name="Plain", reward="booster_pack", count=3, created_by=admin_user)
    once = create_drop(
        name="Once", reward="mini_gooner", count=2, one_per_person=True, created_by=admin_user
    )
    return [c.code for c in plain.codes.all()], [c.code for c in once.codes.all()]


def refusal(user, code, now) -> str:
    with pytest.raises(Refusal) as refused:
        redeem_code(user=user, raw_code=code, now=now)
    return refused.value.message


def test_one_a_day_reads_the_same_for_a_real_code_and_a_fake(alice, drops, now):
    plain, _ = drops
    redeem_code(user=alice, raw_code=plain[0], now=now)
    real_unused = refusal(alice, plain[1], now)
    fake = refusal(alice, "GOON-ZZZZ-ZZZZ", now)
    used = refusal(alice, plain[0], now)
    assert real_unused == fake == used == ONE_A_DAY


def test_one_per_person_reads_the_same_for_a_real_code_and_a_fake(alice, drops, now):
    _, once = drops
    redeem_code(user=alice, raw_code=once[0], now=now)
    tomorrow = now + dt.timedelta(days=1)
    resolve_due_noons(tomorrow)  # the noon job: actions never resolve a noon themselves
    assert refusal(alice, once[1], tomorrow) == refusal(alice, "GOON-ZZZZ-ZZZZ", tomorrow)
    assert refusal(alice, once[1], tomorrow) == NO_SUCH_CODE


# ---- The milestone panel (R6.14b) ----------------------------------------------------------


def test_milestone_panel_counts_todays_votes(alice_client, alice, alice_player, entries):
    """At 10 season votes + 3 today, 12 is reached at noon; the next one is 24."""
    alice_player.season_votes = 10
    alice_player.save()
    for name in ["ava", "bo", "cy"]:
        cast_vote(user=alice, entry_id=entries[name].pk, direction="up")
    body = alice_client.get(BOARD).content.decode()
    assert "<strong>12</strong> reached: a Mini Gooner at noon" in body
    assert "Next: <strong>24</strong> gives a Booster Pack" in body
    assert '<progress max="24" value="13"' in body


def test_a_golden_gooner_is_not_listed_face_down(alice_client, alice, alice_player, entries):
    give(alice_player, "golden_gooner", "skip")
    pin_golden(user=alice, target_id=entries["ava"].pk)
    body = alice_client.get(BOARD).content.decode()
    assert "Your face-down cards" not in body
    assert "Ava: pinned at once, Golden until Wednesday noon" in body


def test_a_locked_contestant_at_ten_trophies_shows_a_full_meter(alice_client, entries, now):
    LadderEntry.objects.filter(pk=entries["ava"].pk).update(trophies=10, locked=1)
    LadderEntry.objects.filter(pk=entries["bo"].pk).update(trophies=13)
    body = alice_client.get(BOARD).content.decode()
    ava = body[body.index(f'id="entry-{entries["ava"].pk}"') :]
    assert '<meter min="0" max="10" value="10">' in ava.split("</li>")[0]
    bo = body[body.index(f'id="entry-{entries["bo"].pk}"') :]
    assert '<meter min="0" max="10" value="3">' in bo.split("</li>")[0]
