"""A duel from request to payout through the services (H7.4-H7.9, H8.24)."""

import pytest

from games.hall.models import (
    Activity,
    Card,
    DuelRequest,
    Game,
    Ledger,
    Player,
    Seat,
)
from games.hall.services import ledger
from games.hall.tables.duels import answer_duel, request_duel, withdraw_duel
from games.hall.tables.moves import bet, choose_hand, forfeit, leave_game, match, ready
from goonsite.outbox.models import DiscordPost
from goonsite.refusal import Refusal
from tests.hall.fixtures import at, fresh, grant
from tests.hall.tables.helpers import all_ready, choose_all, duel, play_to_the_end

HANDS = {
    "ann": ["5H", "6H", "7H", "8H"],
    "bo": ["9S", "10S", "2C", "3C", "4C"],
    "cy": ["2D", "3D", "4D", "5D"],
}


@pytest.fixture
def stocked(ann, bo, cy):
    grant(ann, *HANDS["ann"], "9H", chips=3)
    grant(bo, *HANDS["bo"], "6S", chips=2)
    grant(cy, *HANDS["cy"], chips=0)
    return ann, bo, cy


def test_a_duel_played_to_the_end_pays_once_and_sends_every_card_home(stocked, settings):
    """H7.4 forms on the last acceptance; H7.5 reveal; H8.4-H8.8 bets; H7.9 the end."""
    settings.DISCORD_WEBHOOK_URL = "http://127.0.0.1:9/webhook"
    ann, bo, cy = stocked
    game = duel(ann, bo, cy, now=at(1))
    assert game.kind == "duel" and game.stage == Game.Stage.CHOOSING
    game = choose_all(game, {ann: HANDS["ann"], bo: HANDS["bo"]}, now=at(1, 16))
    assert game.stage == Game.Stage.CHOOSING  # cy has not chosen: nothing revealed (H14.3)
    assert game.setup == {}
    assert Card.objects.filter(owner=ann, locked=True).count() == 4  # H3.4 locked on choice
    game = choose_all(game, {cy: HANDS["cy"]}, now=at(1, 17))
    assert game.stage == Game.Stage.BETTING
    hands = {p["id"]: p["hand"] for p in game.setup["players"]}
    assert hands[f"p{bo.pk}"] == HANDS["bo"] and hands[f"p{ann.pk}"] == HANDS["ann"]
    inventories = {p["id"]: p["inventory"] for p in game.setup["players"]}
    assert inventories[f"p{ann.pk}"] == ["9H"] and inventories[f"p{cy.pk}"] == []

    bet(user=ann.user, game_id=game.pk, amount=2, now=at(1, 18))
    match(user=bo.user, game_id=game.pk, now=at(1, 18))
    with pytest.raises(Refusal, match="Charlie holds 0 Chips"):
        match(user=cy.user, game_id=game.pk, now=at(1, 18))
    forfeit(user=cy.user, game_id=game.pk, now=at(1, 18))
    game = all_ready(game, [ann, bo], now=at(1, 19))
    assert game.stage == Game.Stage.PLAYING
    assert game.state["turn_order"][0] == f"p{bo.pk}"  # H8.9 more cards first

    game = play_to_the_end(game, now=at(1, 20))
    assert game.result == "won" and game.winner_id in (ann.pk, bo.pk)
    winner, loser = (ann, bo) if game.winner_id == ann.pk else (bo, ann)
    assert fresh(winner).chips == {ann.pk: 3, bo.pk: 2}[winner.pk] + 2
    assert fresh(loser).chips == {ann.pk: 3, bo.pk: 2}[loser.pk] - 2
    assert fresh(cy).chips == 0
    assert Ledger.objects.filter(reason=Ledger.Reason.BET).count() == 2  # paid once
    assert not Card.objects.filter(locked=True).exists()  # H7.9 every card home
    assert (
        Card.objects.filter(owner=ann).count() == 5 and Card.objects.filter(owner=bo).count() == 6
    )
    for p in (ann, bo, cy):
        assert ledger.unexplained(fresh(p)) == []
    assert game.settled_at is not None and game.deadline is None
    assert Activity.objects.filter(text__startswith=f"{winner} won Duel {game.pk}").count() == 1
    assert (
        DiscordPost.objects.filter(game="hall", summary__contains=f"won Duel {game.pk}").count()
        == 1
    )


def test_ready_is_refused_until_the_binding_stake_is_matched(stocked):
    """H7.6: Ready refused to a participant who must still match a binding bet."""
    ann, bo, _ = stocked
    game = choose_all(duel(ann, bo, now=at(1)), {ann: HANDS["ann"], bo: HANDS["bo"]}, at(1))
    bet(user=ann.user, game_id=game.pk, amount=1, now=at(1))
    ready(user=bo.user, game_id=game.pk, now=at(1))  # an unmatched bet binds nobody (H8.5)
    match(user=bo.user, game_id=game.pk, now=at(1))
    assert not Seat.objects.filter(game=game, ready=True).exclude(player=bo).exists()
    bet(user=bo.user, game_id=game.pk, amount=2, now=at(1))  # the raise clears Ready
    assert not Seat.objects.filter(game=game, ready=True).exists()
    with pytest.raises(Refusal, match="Match the stake of 2"):
        ready(user=ann.user, game_id=game.pk, now=at(1))


def test_a_move_out_of_turn_is_refused_with_the_reason_and_saves_nothing(stocked):
    """H7.7, H8.10"""
    ann, bo, _ = stocked
    game = choose_all(duel(ann, bo, now=at(1)), {ann: HANDS["ann"], bo: HANDS["bo"]}, at(1))
    game = all_ready(game, [ann, bo], at(1))
    before = (game.moves, game.version)
    from games.hall.tables.moves import play

    with pytest.raises(Refusal, match=r"It is Bob.s turn now, not Alice.s\.$"):
        play(user=ann.user, game_id=game.pk, card="5H", now=at(1))
    game = Game.objects.get(pk=game.pk)
    assert (game.moves, game.version) == before


def test_duel_requests_decline_withdraw_and_one_game_at_a_time(stocked):
    """H7.1, H7.4"""
    ann, bo, cy = stocked
    r = request_duel(user=ann.user, opponent_ids=[bo.pk], now=at(1))
    answer_duel(user=bo.user, request_id=r.pk, accept=False, now=at(1))
    assert DuelRequest.objects.get(pk=r.pk).status == "declined"
    r2 = request_duel(user=ann.user, opponent_ids=[bo.pk], now=at(1))
    withdraw_duel(user=ann.user, request_id=r2.pk, now=at(1))
    with pytest.raises(Refusal, match="withdrawn"):
        answer_duel(user=bo.user, request_id=r2.pk, accept=True, now=at(1))
    r3 = request_duel(user=cy.user, opponent_ids=[bo.pk], now=at(1))
    duel(ann, bo, now=at(1))
    assert DuelRequest.objects.get(pk=r3.pk).status == "cancelled"  # H7.1
    with pytest.raises(Refusal, match="in a game"):
        request_duel(user=cy.user, opponent_ids=[ann.pk], now=at(1))


def test_acceptance_refused_while_a_player_lacks_four_unlocked_cards(ann, bo):
    """H7.4: the acceptance is refused with the reason; the request stays open."""
    grant(ann, "2H", "3H", "4H", "5H")
    grant(bo, "2S", "3S", "4S")
    r = request_duel(user=ann.user, opponent_ids=[bo.pk], now=at(1))
    with pytest.raises(Refusal, match="fewer than 4 unlocked"):
        answer_duel(user=bo.user, request_id=r.pk, accept=True, now=at(1))
    assert DuelRequest.objects.get(pk=r.pk).status == "open"


def test_leaving_before_the_reveal_cancels_a_two_player_duel(stocked):
    """H7.5"""
    ann, bo, _ = stocked
    game = duel(ann, bo, now=at(1))
    choose_all(game, {ann: HANDS["ann"]}, at(1))
    leave_game(user=bo.user, game_id=game.pk, now=at(1))
    game = Game.objects.get(pk=game.pk)
    assert (game.stage, game.result) == ("over", "cancelled")
    assert not Card.objects.filter(locked=True).exists()


def test_choice_can_change_and_must_be_four_own_unlocked_cards(stocked):
    ann, bo, _ = stocked
    game = duel(ann, bo, now=at(1))
    mine = list(Card.objects.filter(owner=ann).values_list("pk", flat=True))
    with pytest.raises(Refusal, match="at least 4"):
        choose_hand(user=ann.user, game_id=game.pk, card_ids=mine[:3], now=at(1))
    theirs = Card.objects.filter(owner=bo).first().pk
    with pytest.raises(Refusal, match="no longer hold"):
        choose_hand(user=ann.user, game_id=game.pk, card_ids=[*mine[:3], theirs], now=at(1))
    choose_hand(user=ann.user, game_id=game.pk, card_ids=mine[:4], now=at(1))
    choose_hand(user=ann.user, game_id=game.pk, card_ids=mine[1:5], now=at(1))
    assert set(Card.objects.filter(locked=True).values_list("pk", flat=True)) == set(mine[1:5])


def test_chips_at_stake_are_locked_until_the_game_ends(stocked):
    """H3.4, H7.6: a trade or correction cannot take Chips put into a bet."""
    from games.hall.services.inventory import change

    ann, bo, _ = stocked
    game = choose_all(duel(ann, bo, now=at(1)), {ann: HANDS["ann"], bo: HANDS["bo"]}, at(1))
    bet(user=ann.user, game_id=game.pk, amount=2, now=at(1))
    with pytest.raises(Refusal, match="2 of their 3 Chips at stake"):
        change(fresh(ann), chips=-2, reason="admin", ref="test", phase=1)
    change(fresh(ann), chips=-1, reason="admin", ref="test", phase=1)  # the free one
    change(fresh(ann), chips=+4, reason="admin", ref="test", phase=1)  # gains always land
    assert fresh(ann).chips == 6


def test_a_loser_whose_chips_went_elsewhere_pays_what_they_hold(stocked):
    """H8.24(a): even if Chips at stake left by a path that bypasses the lock (here a
    direct update), the end of the game never fails (H7.8 synced)."""

    ann, bo, _ = stocked
    game = choose_all(duel(ann, bo, now=at(1)), {ann: HANDS["ann"], bo: HANDS["bo"]}, at(1))
    bet(user=ann.user, game_id=game.pk, amount=2, now=at(1))
    match(user=bo.user, game_id=game.pk, now=at(1))
    game = all_ready(game, [ann, bo], at(1))
    Player.objects.filter(pk__in=[ann.pk, bo.pk]).update(chips=0)
    game = play_to_the_end(game, now=at(1, 20))
    assert game.result == "won"
    assert (fresh(ann).chips, fresh(bo).chips) == (0, 0)
    assert not Ledger.objects.filter(reason=Ledger.Reason.BET).exists()
    assert not Card.objects.filter(locked=True).exists()
