"""The version the open board polls (recap.board_version): it moves with every change to
the board's public part, and only then (R8: the poll picks up a noon, a Golden pin or an
admin's change without a reload)."""

from games.ladder.models import AdminAction
from games.ladder.recap import board_version
from games.ladder.services.noon import resolve_now
from games.ladder.services.plays import pin_golden
from games.ladder.services.votes import cast_vote
from tests.ladder.fixtures import give


def test_the_board_version_moves_with_each_public_change_and_only_then(
    season, alice, bob, alice_player, bob_player, entries, now, admin_user
):
    seen = [board_version(season)]
    assert seen[0] == "0-0-0-True"

    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    assert board_version(season) == seen[-1]  # a vote shows on its player's board alone

    bob_player.golden_holder = True
    bob_player.save()
    give(bob_player, "golden_gooner")
    pin_golden(user=bob, target_id=entries["eli"].pk, now=now)
    seen.append(board_version(season))

    AdminAction.objects.create(actor=admin_user, kind=AdminAction.Kind.UNLOCK, target="Eli")
    seen.append(board_version(season))

    report = resolve_now(now)
    seen.append(board_version(season))
    assert seen[-1].startswith(f"{report.pk}-")

    season.is_active = False
    season.save()
    seen.append(board_version(season))
    assert seen[-1].endswith("-False")
    assert len(set(seen)) == len(seen), seen
