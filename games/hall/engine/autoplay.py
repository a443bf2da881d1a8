"""Random games played through the engine itself, for the bench and the property tests.

A game is dealt at random; then each move is picked with a seeded generator from what
the engine says is awaited (H8.10): a legal card with valid targets, a drawable card, a
participant to ask, a card to give, now and then a timeout or an inventory change.
`garbage` mixes in moves picked with no regard for the rules, which the engine must
refuse without changing anything. Every move is valid input: only the rules may say no.
"""

from __future__ import annotations

import random
from typing import Any

from .cards import CARDS, Effect
from .output import awaiting
from .parse import ActionReader, parse_game
from .resolve import apply
from .rolls import roll_cards
from .state import Stage, Table

ALL_IDS = tuple(CARDS)
Move = dict[str, Any]


def random_setup(
    rng: random.Random,
    players: int,
    *,
    hand: tuple[int, int] = (4, 9),
    inventory: tuple[int, int] = (0, 6),
    kind: str | None = None,
) -> dict[str, Any]:
    """A game at the reveal (no actions yet), in its JSON form."""
    return {
        "seed": rng.randrange(2**32),
        "kind": kind or rng.choice(("battle", "duel")),
        "players": [
            {
                "id": f"p{n}",
                "chips": rng.randint(0, 5),
                "hand": roll_cards(rng, rng.randint(*hand), 0.1),
                "inventory": roll_cards(rng, rng.randint(*inventory), 0.1),
            }
            for n in range(players)
        ],
        "actions": [],
    }


def play_out(
    setup: dict[str, Any],
    rng: random.Random,
    *,
    max_actions: int = 400,
    garbage: float = 0.0,
    timeouts: float = 0.04,
    changes: float = 0.02,
) -> tuple[list[Move], Table]:
    """Moves for `setup` until the game ends or `max_actions` moves were made; returns
    them with the table after the last. Nobody abandons: a stuck game just stops."""
    game = parse_game(setup)
    reader = ActionReader(frozenset(s.id for s in game.seats))
    table = Table.deal(game)
    moves: list[Move] = []
    while table.stage is not Stage.OVER and len(moves) < max_actions:
        roll = rng.random()
        if roll < garbage:
            move = garbage_move(table, rng)
        elif table.stage is Stage.BETTING:
            move = betting_move(table, rng)
        elif roll < garbage + timeouts:
            move = {"type": "timeout", "player": table.awaited()}
        elif roll < garbage + timeouts + changes:
            move = inventory_move(table, rng)
        else:
            move = sensible_move(table, rng)
        apply(table, len(moves), reader.action(len(moves), move))
        moves.append(move)
    return moves, table


def betting_move(table: Table, rng: random.Random) -> Move:
    """A few bets, matches and forfeits, then `start` (H8.4-H8.8)."""
    remaining = table.participants()
    if len(remaining) < 2 or rng.random() < 0.3:  # as the site closes the window (H7.6)
        return {"type": "start"}
    p = rng.choice(remaining)
    roll = rng.random()
    if roll < 0.3:
        return {"type": "bet", "player": p.id, "amount": rng.randint(1, max(1, p.chips))}
    if roll < 0.85:
        return {"type": "match", "player": p.id}
    if roll < 0.9:
        return {"type": "forfeit", "player": p.id}
    return inventory_move(table, rng)


def inventory_move(table: Table, rng: random.Random) -> Move:
    """H8.26 A gift, a trade or a purchase: cards in or out, Chips up or down."""
    p = rng.choice(list(table.players.values()))
    remove = [rng.choice(p.inventory)] if p.inventory and rng.random() < 0.5 else []
    add = roll_cards(rng, rng.randint(0, 2), 0.05)
    chips = rng.randint(-1, 1) if p.chips > p.put else rng.randint(0, 1)
    return {"type": "inventory", "player": p.id, "add": add, "remove": remove, "chips": chips}


def sensible_move(table: Table, rng: random.Random) -> Move:
    """A move that answers the awaited decision within the rules (H8.10-H8.21)."""
    decision = awaiting(table)
    assert decision is not None
    pid = decision["player"]
    me = table.players[pid]
    if decision["decision"] == "give":
        return {"type": "give", "player": pid, "card": rng.choice(me.hand)}
    if decision["decision"] == "turn" and decision["legal"]:
        return play_move(table, pid, rng.choice(decision["legal"]), rng)
    if decision["drawable"]:
        return {"type": "draw", "player": pid, "card": rng.choice(decision["drawable"])}
    givers = [p.id for p in table.participants() if p.id != pid and p.hand]
    if not givers:  # cannot happen (see timeouts.py); let the site's clock decide
        return {"type": "timeout", "player": pid}
    return {"type": "draw", "player": pid, "from": rng.choice(givers)}


def play_move(table: Table, pid: str, card: str, rng: random.Random) -> Move:
    """A play of `card` naming valid targets for its effect (H8.15-H8.19)."""
    move: Move = {"type": "play", "player": pid, "card": card}
    effect = CARDS[card].effect
    everyone = [p.id for p in table.participants()]
    if effect is Effect.ACE:
        move["target"] = rng.choice([q for q in everyone if q != pid])
    elif effect is Effect.KING:
        move["targets"] = rng.sample(everyone, 2)
    elif effect is Effect.QUEEN:
        choices = []
        for q in everyone:
            hand = list(table.players[q].hand)
            if q == pid:
                hand.remove(card)  # the Queen has left the hand
            choices += [(q, c) for c in hand]
        if choices:
            move["target"], move["target_card"] = rng.choice(choices)
    return move


def garbage_move(table: Table, rng: random.Random) -> Move:
    """Any move at all, by anyone, with any card and any targets: valid input only."""
    ids = list(table.players)
    pid = rng.choice(ids)
    kind = rng.choice(
        ("bet", "match", "forfeit", "start", "play", "draw", "give", "timeout", "inventory")
    )
    if kind in ("match", "forfeit", "timeout"):
        return {"type": kind, "player": pid}
    if kind == "start":
        return {"type": "start"}
    if kind == "bet":
        return {"type": "bet", "player": pid, "amount": rng.randint(-1, 7)}
    mine = table.players[pid]
    # Mostly a card the player holds, so the later checks get exercised too.
    pool = mine.hand if mine.hand and rng.random() < 0.7 else ALL_IDS
    if kind == "give":
        return {"type": "give", "player": pid, "card": rng.choice(pool)}
    if kind == "draw":
        if rng.random() < 0.5:
            pool = mine.inventory if mine.inventory and rng.random() < 0.7 else ALL_IDS
            return {"type": "draw", "player": pid, "card": rng.choice(pool)}
        return {"type": "draw", "player": pid, "from": rng.choice(ids)}
    if kind == "inventory":
        remove = [rng.choice(ALL_IDS)] if rng.random() < 0.5 else []
        return {"type": "inventory", "player": pid, "remove": remove, "chips": rng.randint(-3, 3)}
    move: Move = {"type": "play", "player": pid, "card": rng.choice(pool)}
    if rng.random() < 0.8:
        target = table.players[rng.choice(ids)]
        move["target"] = target.id
        move["target_card"] = rng.choice(target.hand if target.hand else ALL_IDS)
        move["targets"] = [rng.choice(ids) for _ in range(rng.choice((1, 2, 2, 2, 3)))]
    return move
