"""Deadlines (H7.4-H7.7, H8.23) run by the Hall's job, and the boundary's battle (H7.3)."""

import datetime as dt

import pytest

from games.hall.models import Card, DuelRequest, Game, Ledger, Seat
from games.hall.services import ledger
from games.hall.services.battle import engage
from games.hall.services.timers import run_due
from games.hall.tables.duels import request_duel
from games.hall.tables.moves import play
from games.hall.tables.timeouts import run_table_timers
from games.hall.tasks import hall_job
from goonsite.refusal import Refusal
from tests.hall.fixtures import at, fresh, grant, phase_end
from tests.hall.tables.helpers import all_ready, choose_all, duel, play_to_the_end

DAY = dt.timedelta(hours=24)


@pytest.fixture
def pair(ann, bo):
    grant(ann, "5H", "6H", "7H", "8H", "9H")
    grant(bo, "9S", "10S", "2C", "3C", "4C")
    return ann, bo


def playing(ann, bo, now):
    game = duel(ann, bo, now=now)
    game = choose_all(game, {ann: ["5H", "6H", "7H", "8H"], bo: ["9S", "10S", "2C", "3C"]}, now)
    return all_ready(game, [ann, bo], now)


def test_a_turn_times_out_once_and_the_next_deadline_counts_from_the_last(pair):
    """H8.23: a skipped turn; the job run twice does it once; H7.7 a late move is refused."""
    ann, bo = pair
    game = playing(ann, bo, at(1))
    first = game.state["awaiting"]["player"]
    due = game.deadline
    assert due == at(1) + DAY
    late = due + dt.timedelta(hours=1)
    assert run_table_timers(late) == 1
    assert run_table_timers(late) == 0
    game = Game.objects.get(pk=game.pk)
    assert [e["event"] for e in game.state["log"]][-1] == "skip"
    assert game.state["awaiting"]["player"] != first
    assert (game.awaited_since, game.deadline) == (due, due + DAY)
    # two days of silence: both turns skipped in order, each 24 h after the one before
    assert run_table_timers(due + 2 * DAY + dt.timedelta(minutes=1)) == 2
    game = Game.objects.get(pk=game.pk)
    assert game.deadline == due + 3 * DAY


def test_a_move_after_its_deadline_is_refused_and_the_timeout_applied(pair):
    """H7.7"""
    ann, bo = pair
    game = playing(ann, bo, at(1))
    awaited = ann if game.state["awaiting"]["player"] == f"p{ann.pk}" else bo
    card = game.state["awaiting"]["legal"][0]
    with pytest.raises(Refusal, match="Too late"):
        play(user=awaited.user, game_id=game.pk, card=card, now=game.deadline)
    game = Game.objects.get(pk=game.pk)
    assert game.state["log"][-1]["event"] == "skip" and game.moves[-1]["type"] == "timeout"


def test_nobody_choosing_in_24_hours_drops_them_and_cancels(pair):
    """H7.5"""
    ann, bo = pair
    game = duel(ann, bo, now=at(1))
    choose_all(game, {ann: ["5H", "6H", "7H", "8H"]}, at(1))
    assert hall_job() >= 0  # the scheduled entry point runs (real clock: nothing due)
    run_table_timers(at(1) + DAY)
    game = Game.objects.get(pk=game.pk)
    assert (game.stage, game.result) == ("over", "cancelled")
    assert Seat.objects.get(game=game, player=bo).status == "dropped"
    assert not Card.objects.filter(locked=True).exists()


def test_the_betting_window_closes_after_24_hours(pair):
    """H7.6"""
    ann, bo = pair
    game = choose_all(
        duel(ann, bo, now=at(1)),
        {ann: ["5H", "6H", "7H", "8H"], bo: ["9S", "10S", "2C", "3C"]},
        at(1, 16),
    )
    assert game.stage == "betting"
    run_table_timers(at(1, 16) + DAY)
    game = Game.objects.get(pk=game.pk)
    assert game.stage == "playing" and game.deadline == at(1, 16) + 2 * DAY


def test_duel_requests_lapse_after_24_hours(pair):
    """H7.4"""
    ann, bo = pair
    r = request_duel(user=ann.user, opponent_ids=[bo.pk], now=at(1))
    run_table_timers(at(1) + DAY - dt.timedelta(seconds=1))
    assert DuelRequest.objects.get(pk=r.pk).status == "open"
    run_table_timers(at(1) + DAY)
    assert DuelRequest.objects.get(pk=r.pk).status == "lapsed"


def test_the_battle_forms_at_the_boundary_and_its_reward_is_paid_once(ann, bo, cy):
    """H7.3, H8.24(b), H12.2 step 5"""
    grant(ann, "5H", "6H", "7H", "8H")
    grant(bo, "9S", "10S", "2C", "3C", "4C")
    grant(cy, "2H", "3H", "4H")  # fewer than 4 cards: cannot engage
    engage(user=ann.user, now=at(1))
    engage(user=bo.user, now=at(1))
    with pytest.raises(Refusal, match="at least 4"):
        engage(user=cy.user, now=at(1))
    run_due(phase_end(1))
    game = Game.objects.get()
    assert (game.kind, game.phase, game.stage) == ("battle", 2, "choosing")
    with pytest.raises(Refusal, match="in a game"):
        engage(user=ann.user, now=at(2))  # H7.1
    game = choose_all(game, {ann: ["5H", "6H", "7H", "8H"], bo: ["9S", "10S", "2C", "3C"]}, at(2))
    game = all_ready(game, [ann, bo], at(2))
    game = play_to_the_end(game, at(2, 16))
    assert game.result == "won" and game.state["reward"]
    rewards = Ledger.objects.filter(reason=Ledger.Reason.BATTLE_REWARD)
    assert rewards.exists() and set(rewards.values_list("player", flat=True)) == {game.winner_id}
    for p in (ann, bo):
        assert ledger.unexplained(fresh(p)) == []
    assert not Card.objects.filter(locked=True).exists()


def test_a_cycle_ending_abandons_its_games(pair, admin_user):
    """H8.25, H1.9"""
    from games.hall.services.ending import close_cycle

    ann, bo = pair
    game = playing(ann, bo, at(1))
    close_cycle(game.cycle, now=at(1, 18), phase=1, winner=None, reason="test")
    game = Game.objects.get(pk=game.pk)
    assert (game.stage, game.result) == ("over", "abandoned")
    assert not Card.objects.filter(locked=True).exists()


def test_an_admin_abandons_a_game_from_the_admin(pair, admin_client, in_phase_one):
    """H8.25, H13.3: no winner, no Chips, every card home, recorded."""
    from django.urls import reverse

    from games.hall.models import AdminRecord

    ann, bo = pair
    game = playing(ann, bo, at(1))
    admin_client.post(
        reverse("admin:hall_game_changelist"),
        {"action": "abandon_games", "_selected_action": [game.pk]},
    )
    game = Game.objects.get(pk=game.pk)
    assert (game.stage, game.result, game.winner) == ("over", "abandoned", None)
    assert game.moves[-1] == {"type": "abandon"}
    assert not Card.objects.filter(locked=True).exists()
    assert AdminRecord.objects.filter(kind="abandon game").count() == 1
