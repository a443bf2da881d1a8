"""Driving a game at the tables through the services, the way players would."""

from __future__ import annotations

from games.hall.models import Card, Game, Player
from games.hall.tables.duels import answer_duel, request_duel
from games.hall.tables.moves import choose_hand, draw, give, play, ready
from games.hall.tables.table import player_id


def duel(requester: Player, *others: Player, now) -> Game:
    """A duel formed: requested and accepted by everyone named."""
    request = request_duel(user=requester.user, opponent_ids=[p.pk for p in others], now=now)
    for p in others:
        request = answer_duel(user=p.user, request_id=request.pk, accept=True, now=now)
    return request.game


def choose_all(game: Game, hands: dict[Player, list[str]], now) -> Game:
    """Each player chooses the cards with these codes (their first unlocked copies)."""
    for player, codes in hands.items():
        ids = []
        for code in codes:
            face, holo = code.removesuffix("*"), code.endswith("*")
            card = (
                Card.objects.filter(owner=player, face=face, holo=holo, locked=False)
                .exclude(pk__in=ids)
                .order_by("pk")
                .first()
            )
            ids.append(card.pk)
        choose_hand(user=player.user, game_id=game.pk, card_ids=ids, now=now)
    return Game.objects.get(pk=game.pk)


def all_ready(game: Game, players: list[Player], now) -> Game:
    for p in players:
        if Game.objects.get(pk=game.pk).stage == Game.Stage.BETTING:
            ready(user=p.user, game_id=game.pk, now=now)
    return Game.objects.get(pk=game.pk)


def next_move(state: dict) -> tuple[int, str, dict]:
    """(player pk, verb, arguments) of a valid move for the awaited participant."""
    awaiting = state["awaiting"]
    me = awaiting["player"]
    hands = {p["id"]: p["hand"] for p in state["players"] if p["status"] == "playing"}
    others = [pid for pid in hands if pid != me]
    if awaiting["decision"] == "give":
        return player_id(me), "give", {"card": hands[me][0]}
    if awaiting["decision"] == "turn" and awaiting["legal"]:
        card = awaiting["legal"][0]
        args: dict = {"card": card}
        rank = card.removesuffix("*")[:-1]
        if rank == "A":
            args["target"] = player_id(others[0])
        elif rank == "Q":
            holder = next(pid for pid in others if hands[pid])
            args["target"], args["target_card"] = player_id(holder), hands[holder][0]
        elif rank == "K":
            args["targets"] = [player_id(me), player_id(others[0])]
        return player_id(me), "play", args
    if awaiting["drawable"]:
        return player_id(me), "draw", {"card": awaiting["drawable"][0]}
    giver = next(pid for pid in others if hands[pid])
    return player_id(me), "draw", {"giver": player_id(giver)}


VERBS = {"play": play, "draw": draw, "give": give}


def play_to_the_end(game: Game, now, limit: int = 300) -> Game:
    for _ in range(limit):
        game = Game.objects.get(pk=game.pk)
        if game.stage == Game.Stage.OVER:
            return game
        pk, verb, args = next_move(game.state)
        VERBS[verb](user=Player.objects.get(pk=pk).user, game_id=game.pk, now=now, **args)
    hands = {p["id"]: p["hand"] for p in game.state["players"] if p["status"] == "playing"}
    raise AssertionError(
        f"the game did not end in {limit} moves: top {game.state['top']}, hands {hands}"
    )
