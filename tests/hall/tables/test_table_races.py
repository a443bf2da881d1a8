"""Races at the table on PostgreSQL with real threads: two tabs, two players, the job (H7.7)."""

import datetime as dt

import pytest

from games.hall.models import Game, Ledger
from games.hall.tables.duels import answer_duel, request_duel
from games.hall.tables.moves import play
from games.hall.tables.timeouts import run_table_timers
from goonsite.refusal import Refusal
from tests.hall.fixtures import at, grant
from tests.hall.tables.helpers import all_ready, choose_all, duel
from tests.hall.test_races import outcomes
from tests.races import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

HANDS = {"a": ["5H", "6H", "7H", "8H"], "b": ["6S", "10S", "2C", "3C"]}


def started(ann, bo):
    grant(ann, *HANDS["a"], "9H")
    grant(bo, *HANDS["b"], "4C")
    game = choose_all(duel(ann, bo, now=at(1)), {ann: HANDS["a"], bo: HANDS["b"]}, at(1))
    return all_ready(game, [ann, bo], at(1))


def awaited(game, ann, bo):
    return ann if game.state["awaiting"]["player"] == f"p{ann.pk}" else bo


def test_two_plays_for_one_turn_one_lands_the_other_is_refused_with_the_reason(ann, bo):
    """H7.7, H8.10: two tabs of the awaited player play two legal cards at once."""
    game = started(ann, bo)
    me = awaited(game, ann, bo)
    first, second = game.state["awaiting"]["legal"][:2]
    moves = len(game.moves)
    landed, refused = outcomes(
        race(
            lambda: play(user=me.user, game_id=game.pk, card=first, now=at(1, 16)),
            lambda: play(user=me.user, game_id=game.pk, card=second, now=at(1, 16)),
        )
    )
    assert len(landed) == 1 and len(refused) == 1
    assert "now, not" in refused[0].message or "does not match" in refused[0].message
    game = Game.objects.get(pk=game.pk)
    assert len(game.moves) == moves + 1 and game.moves[-1]["type"] == "play"
    assert sum(e["event"] == "play" for e in game.state["log"]) == 1


def test_two_players_playing_at_once_only_the_awaited_one_lands(ann, bo):
    """H8.10"""
    game = started(ann, bo)
    me = awaited(game, ann, bo)
    other = bo if me == ann else ann
    mine = game.state["awaiting"]["legal"][0]
    theirs = HANDS["b"][0] if other == bo else HANDS["a"][0]
    landed, refused = outcomes(
        race(
            lambda: play(user=me.user, game_id=game.pk, card=mine, now=at(1, 16)),
            lambda: play(user=other.user, game_id=game.pk, card=theirs, now=at(1, 16)),
        )
    )
    # The other player's play can land only after the awaited one's (then it is their turn).
    game = Game.objects.get(pk=game.pk)
    assert game.moves[len(game.moves) - len(landed)]["player"] == f"p{me.pk}"
    assert all("now, not" in r.message or "match" in r.message for r in refused)


def test_a_timeout_firing_during_a_play_resolves_once(ann, bo):
    """H7.7, H8.23: the job at the deadline and the player's last-millisecond play."""
    game = started(ann, bo)
    me = awaited(game, ann, bo)
    card = game.state["awaiting"]["legal"][0]
    moves = len(game.moves)
    deadline = game.deadline
    results = race(
        lambda: play(
            user=me.user,
            game_id=game.pk,
            card=card,
            now=deadline - dt.timedelta(milliseconds=1),
        ),
        lambda: run_table_timers(deadline + dt.timedelta(milliseconds=1)),
        lambda: run_table_timers(deadline + dt.timedelta(milliseconds=1)),
    )
    assert not [r for r in results if isinstance(r, Exception) and not isinstance(r, Refusal)]
    game = Game.objects.get(pk=game.pk)
    assert len(game.moves) == moves + 1, game.moves[moves:]  # the play or the timeout
    assert game.moves[-1]["type"] in ("play", "timeout")
    played = game.moves[-1]["type"] == "play"
    assert isinstance(results[0], Refusal) != played
    assert game.deadline > deadline


def test_the_last_two_acceptances_at_once_form_one_duel(ann, bo, cy):
    """H7.4"""
    for p in (ann, bo, cy):
        grant(p, "2H", "3H", "4H", "5H")
    r = request_duel(user=ann.user, opponent_ids=[bo.pk, cy.pk], now=at(1))
    landed, _ = outcomes(
        race(
            lambda: answer_duel(user=bo.user, request_id=r.pk, accept=True, now=at(1)),
            lambda: answer_duel(user=cy.user, request_id=r.pk, accept=True, now=at(1)),
        )
    )
    assert len(landed) == 2 and Game.objects.count() == 1


def test_a_winning_move_from_two_tabs_pays_once(ann, bo):
    """H7.9: the last card played twice at once: one win, one payout."""
    grant(ann, "5H", "6H", "7H", "8H", chips=2)
    grant(bo, "9S", "10S", "2C", "3C", "4C", chips=2)
    game = choose_all(
        duel(ann, bo, now=at(1)),
        {ann: ["5H", "6H", "7H", "8H"], bo: ["9S", "10S", "2C", "3C", "4C"]},
        at(1),
    )
    from games.hall.tables.moves import bet, match

    bet(user=ann.user, game_id=game.pk, amount=1, now=at(1))
    match(user=bo.user, game_id=game.pk, now=at(1))
    game = all_ready(game, [ann, bo], at(1))
    from tests.hall.tables.helpers import VERBS, next_move

    while True:  # play until the next move wins
        game = Game.objects.get(pk=game.pk)
        pk, verb, args = next_move(game.state)
        hand = next(p["hand"] for p in game.state["players"] if p["id"] == f"p{pk}")
        user = (ann if pk == ann.pk else bo).user
        if verb == "play" and len(hand) == 1:
            break
        VERBS[verb](user=user, game_id=game.pk, now=at(1, 16), **args)
    results = race(*[lambda: play(user=user, game_id=game.pk, now=at(1, 16), **args)] * 2)
    landed, refused = outcomes(results)
    assert len(landed) == 1 and len(refused) == 1
    assert "over" in refused[0].message
    assert Ledger.objects.filter(reason=Ledger.Reason.BET).count() == 2


def test_the_last_two_hand_choices_at_once_reveal_once(ann, bo):
    """H7.5: both hands are in the one reveal; every chosen card locked once."""
    from games.hall.models import Card
    from games.hall.tables.moves import choose_hand

    grant(ann, *HANDS["a"])
    grant(bo, *HANDS["b"])
    game = duel(ann, bo, now=at(1))
    ids = {p: list(Card.objects.filter(owner=p).values_list("pk", flat=True)) for p in (ann, bo)}
    landed, _ = outcomes(
        race(
            *[
                lambda p=p: choose_hand(user=p.user, game_id=game.pk, card_ids=ids[p], now=at(1))
                for p in (ann, bo)
            ]
        )
    )
    assert len(landed) == 2
    game = Game.objects.get(pk=game.pk)
    assert game.stage == "betting" and len(game.setup["players"]) == 2
    assert Card.objects.filter(locked=True).count() == 8
