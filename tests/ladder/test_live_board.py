"""Issue 22: an open board learns at once of what changes its public part: a Golden pin
and a noon's report are pushed to `ladder.board` when they commit (goonsite.live)."""

import pytest

from games.ladder.live import BOARD
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.plays import pin_golden, play_face_down
from games.ladder.services.votes import cast_vote
from tests.ladder.fixtures import TUESDAY_NOON, give
from tests.live.helpers import listening

pytestmark = pytest.mark.django_db(transaction=True)  # the pushes leave at real commits


def test_a_golden_pin_reaches_every_open_board(alice, alice_player, entries, now):
    """R6.9 the pin is public at once."""
    give(alice_player, "golden_gooner")
    with listening(BOARD) as heard:
        pin_golden(user=alice, target_id=entries["dee"].pk, now=now)
    assert heard == [BOARD]


def test_a_face_down_play_or_a_vote_is_not_pushed_to_everyone(alice, alice_player, entries, now):
    """R5.5 a face-down card is secret until noon: the other boards have nothing to fetch."""
    give(alice_player, "boost")
    with listening(BOARD) as heard:
        play_face_down(user=alice, card="boost", target_id=entries["ava"].pk, now=now)
        cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    assert heard == []


def test_the_noon_recap_reaches_every_open_board(alice, entries, now):
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    with listening(BOARD) as heard:
        assert resolve_due_noons(TUESDAY_NOON)
    assert heard and set(heard) == {BOARD}
