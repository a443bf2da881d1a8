"""A full week of the Hall through the services, every Vertebra, Chip and card accounted for.

Four players over seven one-day phases: starting kits, gifts (with inactive and
short-handed bonuses and a giver bonus), purchases, a trade, the battle of the engaged
played to the end at the tables with its reward paid once, a duel, two proposals (one
adopted, one failed), the week's election; then the new Judge's ruling and the confidence
vote on it.

The dice are fixed (`fixed_dice`): the fighters play whatever their rolls gave them, and
some deals end in a stalemate that no move can break (two hands of only special cards that
match neither the top nor each other, both inventories empty: the players ask each other
for cards for ever, which the rules allow until the cycle abandons the game, H8.25).
"""

from games.hall.models import Card, Cycle, Election, Game, Ledger, Player, Proposal, Ruling
from games.hall.services import ledger
from games.hall.services.admin import create_cycle
from games.hall.services.battle import engage
from games.hall.services.elections import submit_candidacy, vote_candidacy
from games.hall.services.gifts import give_gift
from games.hall.services.judge import (
    cast_confidence,
    issue_ruling,
    open_confidence_vote,
    submit_request,
)
from games.hall.services.players import join
from games.hall.services.proposals import cast_proposal_vote, submit_proposal
from games.hall.services.shop import buy
from games.hall.services.timers import run_due
from games.hall.services.trades import Side, accept_trade, offer_trade
from games.hall.tables.moves import choose_hand
from tests.conftest import make_user
from tests.hall.fixtures import BEFORE_START, START, at, phase_end, reputable
from tests.hall.tables.helpers import all_ready, duel, play_to_the_end


def seat_with_any_four(game: Game, players: list[Player], now) -> Game:
    """Each player chooses their first four unlocked cards, whatever the rolls gave them."""
    for player in players:
        ids = Card.objects.filter(owner=player, locked=False).order_by("pk")[:4]
        choose_hand(user=player.user, game_id=game.pk, card_ids=[c.pk for c in ids], now=now)
    return all_ready(Game.objects.get(pk=game.pk), players, now)


def test_a_full_week(db, admin_user, fixed_dice):
    fixed_dice(1)
    cycle = create_cycle(
        actor=admin_user,
        name="Cycle 16",
        starts_at=START,
        now=BEFORE_START,
        kit_cards=3,
        kit_vertebrae=40,
    )
    ann, bo, cy, dee = (make_user(n) for n in ("ann", "bo", "cy", "dee"))
    players = {u.username: join(user=u, now=BEFORE_START)[0] for u in (ann, bo, cy, dee)}
    reputable(ann)

    # Phase 1: gifts all round but dee, purchases, a proposal.
    give_gift(user=ann, receiver_id=players["bo"].pk, now=at(1))  # bo has 3 cards: +1
    give_gift(user=bo, receiver_id=players["cy"].pk, now=at(1))
    buy(user=cy, item="handy_pack", now=at(1))
    buy(user=ann, item="deck_pack", now=at(1))
    more_chips = submit_proposal(user=bo, title="More chips", text="x", now=at(1))
    fewer_chips = submit_proposal(user=cy, title="Fewer chips", text="y", now=at(1, 16))

    # Phase 2: dee was idle, so gifts to dee are bigger and earn the giver a card.
    gift = give_gift(user=ann, receiver_id=players["dee"].pk, now=at(2))
    assert gift.receiver_inactive and len(gift.cards) == 1 + 2 + 1  # 3 kit cards < 5: +1
    buy(user=dee, item="random_card", now=at(2, 16))  # dee acts: ann's giver bonus
    gift.refresh_from_db()
    assert gift.bonus == "granted"
    for user, choice in ((ann, "for"), (bo, "for"), (cy, "against"), (dee, "for")):
        cast_proposal_vote(user=user, proposal_id=more_chips.pk, choice=choice, now=at(2))
    for user in (ann, bo):
        cast_proposal_vote(user=user, proposal_id=fewer_chips.pk, choice="against", now=at(2))

    # Phase 3: a trade, a battle engagement, a candidacy.
    bo_card = Card.objects.filter(owner=players["bo"]).first()
    trade = offer_trade(
        user=ann,
        receiver_id=players["bo"].pk,
        give=Side(vertebrae=7),
        ask=Side([bo_card.pk]),
        now=at(3),
    )
    accept_trade(user=bo, trade_id=trade.pk, now=at(3, 16))
    engage(user=ann, now=at(3))
    engage(user=cy, now=at(3))
    candidacy = submit_candidacy(user=ann, now=at(3))
    for user in (bo, cy):
        vote_candidacy(user=user, candidacy_id=candidacy.pk, choice="support", now=at(4))

    # Phase 4: the boundary formed the battle of the engaged (H7.3); it is played to the end
    # at the tables and its winner's reward is paid once (H8.24).
    run_due(at(4))
    battle = Game.objects.get(kind="battle")
    fighters = [Player.objects.get(pk=players[name].pk) for name in ("ann", "cy")]
    battle = play_to_the_end(seat_with_any_four(battle, fighters, at(4)), at(4, 16))
    assert battle.result == "won" and battle.winner_id in {p.pk for p in fighters}
    assert Ledger.objects.filter(reason=Ledger.Reason.BATTLE_REWARD).exists()

    # Phase 5: bo challenges dee to a duel (H7.4), played to the end with no bet.
    pair = [Player.objects.get(pk=players[name].pk) for name in ("bo", "dee")]
    game = duel(pair[0], pair[1], now=at(5))
    game = play_to_the_end(seat_with_any_four(game, pair, at(5)), at(5, 16))
    assert game.result == "won" and not Card.objects.filter(locked=True).exists()

    # Phases 5-7: more gifts and shopping; the week ends at phase 7's noon.
    for day in (5, 6, 7):
        give_gift(user=bo, receiver_id=players["ann"].pk, now=at(day))
        give_gift(user=cy, receiver_id=players["bo"].pk, now=at(day))
    buy(user=bo, item="random_card", now=at(6))
    run_due(phase_end(7))

    more_chips.refresh_from_db()
    fewer_chips.refresh_from_db()
    assert (more_chips.status, more_chips.amendment) == ("adopted", 1)
    assert fewer_chips.status == "failed"
    assert Election.objects.get(week=1).winner_id == players["ann"].pk
    assert Cycle.objects.get(pk=cycle.pk).judge_id == players["ann"].pk

    # Day 8: a ruling by the new Judge and a confidence vote that affirms it.
    request = submit_request(user=dee, kind="statement", text="Jokers are red.", now=at(8))
    ruling = issue_ruling(user=ann, request_id=request.pk, truth=False, now=at(8))
    vote = open_confidence_vote(user=dee, ruling_id=ruling.pk, now=at(8, 16))
    cast_confidence(user=dee, vote_id=vote.pk, choice="overturn", now=at(9))
    cast_confidence(user=bo, vote_id=vote.pk, choice="affirm", now=at(9))
    cast_confidence(user=cy, vote_id=vote.pk, choice="affirm", now=at(9))
    run_due(at(10, 17))
    vote.refresh_from_db()
    assert vote.status == "affirmed" and not Ruling.objects.get(pk=ruling.pk).overturned

    # The books: every player's holdings are explained by their ledger, and every card in
    # the Hall came from a recorded source (trades only move them).
    for player in Player.objects.all():
        assert ledger.unexplained(player) == [], player
    sources = Ledger.objects.filter(asset="card").exclude(reason="trade")
    assert sum(sources.values_list("change", flat=True)) == Card.objects.count()
    trade_moves = Ledger.objects.filter(asset="card", reason="trade")
    assert sum(trade_moves.values_list("change", flat=True)) == 0
    spent = -sum(
        Ledger.objects.filter(asset="vertebrae", reason="purchase").values_list("change", flat=True)
    )
    assert spent == 12 + 18 + 5 + 5  # handy, deck, two random cards
    assert Proposal.objects.filter(status="adopted").count() == 1
