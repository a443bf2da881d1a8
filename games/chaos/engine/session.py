"""Applying the site's actions to the flow (chaos-engine.md "How actions are applied").

Bots answer whatever is awaited from them until a human is awaited or the game is over.
Each human action is checked completely before anything changes: a refused one changes
nothing, not even the stream, and is listed with its code (the first that applies, in the
contract's precedence). `say`, `name`, `object` and `leave` come out of turn (K11, K12).
"""

from __future__ import annotations

from typing import Any

from . import bots
from .cards import CARDS, ORDINARY
from .decisions import PASS, Decision, Flow
from .errors import Refused
from .table import Table

TIMEOUT_HAND_SIZE = 6  # K12.1 (S14)


class Session:
    def __init__(self, t: Table, flow: Flow) -> None:
        self.t = t
        self.flow = flow
        self.decision: Decision | None = None
        self.refusals: list[dict[str, Any]] = []
        self._advance(None)

    # -- the flow and its bots ----------------------------------------------------------------

    def _advance(self, answer: Any) -> None:
        try:
            self.decision = self.flow.send(answer)
        except StopIteration:
            self.decision = None
        while self.decision is not None and self.t.is_bot(self.decision.seat):
            reply = bots.answer(self.view(self.decision), self.decision)
            try:
                self.decision = self.flow.send(reply)
            except StopIteration:
                self.decision = None

    def view(self, decision: Decision) -> bots.SeatView:
        seat = decision.seat
        return bots.SeatView(self.t, seat, lambda: self.options(seat))

    def options(self, seat: str) -> list[tuple[str, list[str]]]:
        return self.t.window.options(self.t, seat) if self.t.window is not None else []

    # -- human actions ------------------------------------------------------------------------

    def apply(self, index: int, action: dict[str, Any]) -> None:
        self.t.index = index
        try:
            self._apply(action)
        except Refused as refused:
            self.refusals.append({"index": index, "code": refused.code, "reason": refused.reason})

    def _apply(self, action: dict[str, Any]) -> None:
        t, kind, seat = self.t, action["type"], action["seat"]
        if t.over:
            raise Refused("game_over", "the game is over")
        if t.is_bot(seat):
            raise Refused("not_human", f"{seat} is played by a bot")
        if kind == "say":
            t.emit("say", seat=seat, text=action["text"], question=action["question"])
            if t.window is not None and not action["question"]:
                t.window.say(t, seat)
            return
        if kind == "leave":
            return self._leave(seat)
        if kind == "name":
            if t.window is None:
                raise Refused("no_window", "no Call It window is open")
            t.window.check_name(seat)
            return t.window.name(t, seat, action["category"])
        if kind == "object":
            if t.window is None:
                raise Refused("no_window", "no response window is open")
            t.window.check_objection(action["player"])
            return t.window.object(t, seat, action["player"])
        decision = self.decision
        if decision is None or decision.seat != seat:
            raise Refused("not_awaited", f"{seat} is not the one awaited")
        if kind == "timeout":
            t.emit("timeout", seat=seat, decision=decision.kind)
            return self._advance(self.default(decision))
        return self._advance(self.legal_answer(decision, action))

    def _leave(self, seat: str) -> None:
        """K12.2: the seat's bot plays on at once, the awaited decision included."""
        t = self.t
        t.left.add(seat)
        t.emit("leave", seat=seat, policy=t.policy[seat])
        window = t.window
        if window is not None and window.selected == seat and window.named is None:
            window.name(t, seat, bots.name_category(t.hands[seat]))
        if self.decision is not None and self.decision.seat == seat:
            reply = bots.answer(self.view(self.decision), self.decision)
            self._advance(reply)

    @staticmethod
    def default(decision: Decision) -> Any:
        """K12.1 (S14): a timeout passes, chooses 6, or takes the first allowed cards."""
        if decision.kind == "hand_size":
            return TIMEOUT_HAND_SIZE
        if decision.kind == "select":
            return decision.allowed[: decision.count]
        return PASS

    def legal_answer(self, decision: Decision, action: dict[str, Any]) -> Any:
        kind = action["type"]
        answers = {
            "hand_size": ("hand_size",),
            "turn": ("play", "pass"),
            "respond": ("interrupt", "pass"),
            "select": ("select",),
        }[decision.kind]
        if kind not in answers:
            raise Refused("wrong_decision", f"a {decision.kind} decision is awaited, not {kind}")
        if kind == "pass":
            return PASS
        if kind == "hand_size":
            size = action["size"]
            if not 3 <= size <= 9:
                raise Refused("bad_size", "the starting hand size is 3 to 9")
            return size
        if kind == "play":
            return self._play(decision.seat, action)
        if kind == "interrupt":
            return self._interrupt(decision.seat, action)
        return self._select(decision, action["cards"])

    def _play(self, seat: str, action: dict[str, Any]) -> Any:
        """K4.3."""
        card, target = action["card"], action.get("target")
        if card not in self.t.hands[seat]:
            raise Refused("not_in_hand", f"{card} is not in your hand")
        info = CARDS[card]
        if info.category not in ORDINARY:
            raise Refused("not_playable", "an Interrupt is played only as a response")
        if info.targets and (target is None or target == seat):
            raise Refused("bad_target", f"{card} needs another player as its target")
        category = action.get("category")
        if info.names_category and category is None:
            raise Refused("bad_category", f"{card} needs a named category")
        return ("play", card, target if info.targets else None, category)

    def _interrupt(self, seat: str, action: dict[str, Any]) -> Any:
        """K5.2, K5.3."""
        card, on = action["card"], action["on"]
        if card not in self.t.hands[seat]:
            raise Refused("not_in_hand", f"{card} is not in your hand")
        if CARDS[card].category != "interrupt":
            raise Refused("not_playable", f"{card} is not an Interrupt")
        legal = dict(self.options(seat)).get(card, [])
        if on not in legal:
            raise Refused("bad_response", f"{card} cannot target {on}")
        return ("interrupt", card, on)

    def _select(self, decision: Decision, cards: list[str]) -> list[str]:
        if len(cards) != decision.count or len(set(cards)) != len(cards):
            raise Refused("wrong_count", f"choose exactly {decision.count} different cards")
        if any(card not in decision.allowed for card in cards):
            raise Refused("not_in_hand", "choose among the cards allowed")
        return cards
