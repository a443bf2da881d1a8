"""How the game moves on: the deal, turns, countdowns, time, the Exodia check, winning
and leaving (P3, P9.1, P12, P17.2, P19-P21)."""

from __future__ import annotations

from . import combat
from .effects import EFFECTS
from .matching import matches
from .state import Countdown, Effect, Game, Seat, Turn

# -- the deal (P3) ------------------------------------------------------------------


def hand_size(g: Game, seats: int) -> int:
    """P3.2 10 cards, one fewer for each seat above 3, unless the Rules menu says."""
    return g.settings["hand_size"] or 10 - max(0, seats - 3)


def take_dealable(g: Game, pile: list[str]) -> str | None:
    for i, card in enumerate(pile):
        if g.card(card).dealable:
            return pile.pop(i)
    return None


def deal(g: Game) -> None:
    """P3.1 Shuffle in deck order, turn up the first plain Number, deal, fill offers."""
    pile = list(g.deck.order)
    g.rng.shuffle(pile)
    starter = next(i for i, c in enumerate(pile) if g.card(c).plain_number)
    g.discard = [pile.pop(starter)]
    seats = g.in_game()
    for _ in range(hand_size(g, len(seats))):
        for seat in seats:
            card = take_dealable(g, pile)
            if card is not None:
                seat.hand.append(card)
    g.offers = [take_dealable(g, pile), take_dealable(g, pile)]
    g.draw = pile
    for seat in seats:
        g.hand_changed(seat)
    log_deal(g)


def log_deal(g: Game) -> None:
    g.event(
        "deal",
        top=g.top,
        offers=list(g.offers),
        hands={s.id: len(s.hand) for s in g.seats},
    )


def redeal(g: Game) -> None:
    """P3.5 Every card back, rebuilt in deck order, shuffled and dealt again (S9)."""
    g.event("redeal")
    for seat in g.seats:
        seat.hand = []
        seat.gold = seat.spell = seat.combat = seat.lord_mana = seat.misses = 0
        seat.lord = None
        seat.familiars = []
        seat.uno = None
        seat.peek = []
    g.story, g.out, g.redeal_votes = [], [], []
    g.top_color, g.open, g.answer = None, False, None
    g.exodia = exodia_status(g)
    old = g.turn
    g.turn = None  # the deal counts for no turn
    deal(g)
    g.turn = Turn(number=old.number, seat=old.seat, since=g.clock)
    exodia_check(g)
    win_check(g)


def exodia_status(g: Game) -> str:
    return "live" if len(g.deck.exodia) >= 5 else "none"


# -- turns (P9.1, P9.10) --------------------------------------------------------------


def start_turn(g: Game, seat: Seat, number: int) -> None:
    g.turn = Turn(number=number, seat=seat.id, since=g.clock)
    g.answer = None
    g.turn_moves.append({"turn": number, "seat": seat.id, "moved": 0})
    if seat.uno == "open":  # P18.2 the window closes when their turn starts
        seat.uno = "safe"
    g.event("turn", seat=seat.id, number=number)


def pass_turn(g: Game) -> None:
    """P9.1 The next seat in the direction, skipping those that owe missed turns."""
    current = g.turn
    g.pass_when_settled = False
    if g.over or not g.in_game():
        return
    seat_id = current.seat
    while True:
        nxt = g.others(seat_id)
        seat = nxt[0] if nxt else g.by_id[seat_id]
        if seat.misses > 0:
            seat.misses -= 1
            g.event("missed", seat=seat.id, left=seat.misses)
            seat_id = seat.id
            continue
        break
    start_turn(g, seat, current.number + 1)


def end_turn(g: Game, seat: Seat) -> None:
    """P9.4 +1 Spell Mana for a turn that only drew (P9.5), peeks forgotten, next seat."""
    if g.turn.only_drew:
        g.gain(seat, "spell", 1, "drew")
    g.event("end_turn", seat=seat.id)
    seat.peek = []
    pass_turn(g)


def draw_action(g: Game, seat: Seat) -> None:
    """P9.5 Draw one at a time up to the limit, stopping at a card that matches."""
    drawn: list[str] = []
    matched = False
    for _ in range(g.settings["draw_limit"]):
        card = g.draw_one()
        if card is None:
            break
        drawn.append(card)
        if matches(g.card(card), g.card(g.top), g.top_color, g.open):
            matched = True
            break
    g.give_to_hand(seat, drawn)
    g.turn.drawn = drawn[-1] if matched else None
    g.event(
        "draw",
        seat=seat.id,
        count=len(drawn),
        cards=drawn,
        reason="action",
        matched=matched,
        secret=[seat.id],
    )


# -- countdowns (P12) ---------------------------------------------------------------


def open_countdown(
    g: Game, kind: str, seat: str, cards: list[str], power: str | None, effects: list[Effect]
) -> None:
    targets: list[str] = []
    for e in effects:
        hit = [e.target] if e.target else []
        if e.code in ("others_draw", "wheel"):
            hit = [s.id for s in g.others(e.seat)]
        targets += [t for t in hit if t not in targets]
    deadline = g.clock + g.settings["countdown_ms"]
    g.countdown = Countdown(
        kind=kind,
        seat=seat,
        cards=cards,
        power=power,
        targets=targets,
        opened=g.clock,
        deadline=deadline,
        effects=effects,
    )
    g.event("countdown", kind=kind, seat=seat, targets=targets, deadline=deadline)


def close_countdown(g: Game) -> None:
    """P12.4 An even number of Counters lets the item go off, in order."""
    cd = g.countdown
    g.countdown = None
    goes_off = len(cd.counters) % 2 == 0
    g.event("resolve", outcome="goes_off" if goes_off else "cancelled", counters=len(cd.counters))
    if goes_off:
        g.pending = list(cd.effects)
    resolve_pending(g)


def resolve_pending(g: Game) -> None:
    """Effects go off one by one; a block decision pauses the rest (P10.6, P11.6)."""
    while g.pending and not g.over and g.block is None:
        effect = g.pending.pop(0)
        EFFECTS[effect.code](g, effect)
        after_change(g)
    settle(g)


def answer_block(g: Game, blockers: list[str]) -> None:
    block = g.block
    g.block = None
    g.event("block", seat=block.seat, familiars=blockers)
    if block.kind == "attack":
        combat.answer_attack(g, block, blockers)
    else:
        combat.answer_strike(g, block, blockers)
    after_change(g)
    resolve_pending(g)


def settle(g: Game) -> None:
    """A turn owed to pass (its seat left) passes once nothing is pending."""
    if (
        g.pass_when_settled
        and not g.over
        and g.countdown is None
        and g.block is None
        and not g.pending
    ):
        pass_turn(g)


# -- the checks after every change (P17.2, P21.1) -------------------------------------


def after_change(g: Game) -> None:
    if not g.over:
        exodia_check(g)
        win_check(g)


def exodia_check(g: Game) -> None:
    """P17.2 Fewer than five Exodia cards left in the game: every one leaves, and their
    holders are paid as for one sale each (S42)."""
    if g.exodia != "live":
        return
    if sum(c not in g.out for c in g.deck.exodia) >= 5:
        return
    g.exodia = "forbidden"
    cards: list[str] = []
    paid: dict[str, int] = {}
    for seat in g.seats:
        held = [c for c in seat.hand if g.card(c).exodia]
        if not held:
            continue
        g.take_from_hand(seat, held)
        cards += held
        bonus = len(held) if len(held) >= 2 else 0
        paid[seat.id] = sum(g.card(c).price or 0 for c in held) + bonus
        seat.gold += paid[seat.id]
    in_draw = [c for c in g.draw if g.card(c).exodia]
    in_discard = [c for c in g.discard[:-1] if g.card(c).exodia]
    in_offers = [c for c in g.offers if c is not None and g.card(c).exodia]
    g.draw[:] = [c for c in g.draw if c not in in_draw]
    g.discard[:-1] = [c for c in g.discard[:-1] if c not in in_discard]
    g.offers = [None if c in in_offers else c for c in g.offers]
    rest = in_draw + in_discard + in_offers
    g.moved(len(rest))
    cards += rest
    g.put_out(cards)
    g.event("forbidden", cards=cards, paid=paid)


def win_check(g: Game) -> None:
    """P21.1 A seat with no card wins; several at once: the first from the turn's seat."""
    empty = [s for s in g.seats if s.in_game and not s.hand]
    if not empty:
        return
    start = g.turn.seat if g.turn else g.seats[0].id
    for seat in g.around(start, include_self=True) if g.by_id[start].in_game else g.others(start):
        if not seat.hand:
            win(g, seat, "empty_hand")
            return
    win(g, empty[0], "empty_hand")


def win(g: Game, seat: Seat, how: str) -> None:
    g.event("win", seat=seat.id, how=how)
    finish(g, "won", seat.id, how)


def finish(g: Game, result: str, winner: str | None, how: str | None) -> None:
    g.stage, g.result, g.winner, g.how = "over", result, winner, how
    g.turn = None
    g.countdown = g.block = None
    g.pending = []
    g.answer = None
    g.pass_when_settled = False


def potg(g: Game) -> dict | None:
    """P22.2 The turn with the most cards moved, the later on ties (S47)."""
    if g.result != "won" or not g.turn_moves:
        return None
    best = max(g.turn_moves, key=lambda m: (m["moved"], m["turn"]))
    return dict(best)


# -- time (party-engine.md, "Time"; P12.2, P19) ---------------------------------------


def hurry_deadline(g: Game) -> int | None:
    if g.over or g.countdown is not None:
        return None
    if g.block is not None:
        return g.block.hurry_deadline
    return g.turn.hurry_deadline if g.turn else None


def advance(g: Game, t: int) -> None:
    """Whatever falls due at or before `t` happens, earliest first."""
    while not g.over:
        if g.countdown is not None and g.countdown.deadline <= t:
            g.clock = max(g.clock, g.countdown.deadline)
            close_countdown(g)
            continue
        deadline = hurry_deadline(g)
        if deadline is not None and deadline <= t:
            g.clock = max(g.clock, deadline)
            timeout(g)
            continue
        break
    if not g.over:
        g.clock = max(g.clock, t)


def timeout(g: Game) -> None:
    """P19.2 The game acts for the awaited seat (S44, S53, S60)."""
    if g.block is not None:
        g.event("timeout", seat=g.block.seat, decision="block")
        answer_block(g, [])
        return
    turn = g.turn
    seat = g.by_id[turn.seat]
    g.event("timeout", seat=seat.id, decision="turn")
    if turn.in_shop:
        g.event("leave_shop", seat=seat.id)
        end_turn(g, seat)
        return
    if not turn.acted:
        turn.acted = True
        turn.drew = True
        turn.actions_left -= 1
        draw_action(g, seat)
        turn.drawn = None
        after_change(g)
        if g.over:
            return
    end_turn(g, seat)


# -- leaving (P20, P1.5) --------------------------------------------------------------


def leave(g: Game, seat: Seat) -> None:
    cards = list(seat.hand)
    for f in seat.familiars:
        cards += f.cards()
    if seat.lord:
        cards.append(seat.lord)
    seat.hand, seat.familiars, seat.lord = [], [], None
    seat.lord_mana = seat.misses = 0
    seat.uno = None
    seat.peek = []
    seat.in_game = False
    g.put_out(cards)
    g.moved(len(cards))
    for votes in (g.redeal_votes, g.turn.hurry if g.turn else [], g.block.hurry if g.block else []):
        if seat.id in votes:
            votes.remove(seat.id)
    if g.answer and seat.id in g.answer["votes"]:
        g.answer["votes"].remove(seat.id)
    g.event("leave", seat=seat.id, cards=cards)
    if g.vip == seat.id:
        n = len(g.seats)
        i = g.seats.index(seat)
        nxt = [g.seats[(i + k) % n] for k in range(1, n)]
        g.vip = next((s.id for s in nxt if s.in_game and not s.bot), None)
        g.event("vip", seat=g.vip)
    exodia_check(g)
    if g.over:
        return
    here = g.in_game()
    if len(here) == 1:
        win(g, here[0], "last_seat")
        return
    if not g.players_in_game() and any(not s.bot for s in g.seats):
        g.event("abandon")
        finish(g, "abandoned", None, None)
        return
    win_check(g)
    if g.over:
        return
    if g.block is not None and g.block.seat == seat.id:
        g.block = None  # P20.2 the attack ends
        resolve_pending(g)
    if g.turn is not None and g.turn.seat == seat.id:
        g.pass_when_settled = True
        settle(g)
