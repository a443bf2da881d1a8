"""K5: the response window, one per ordinary play, as one small state machine; and the
observation window of the social cards (K11), which opens and closes with it.

    announced ──► circuit: every other seat in the snapshot direction, then the active
                  player; one chance each (an Interrupt or a pass), never a second one
              ──► closed: observations fixed, A28 named or declined; nothing enters again

Resolution, newest first, is resolution.py's; the window only collects.
"""

from __future__ import annotations

from .cards import CARDS, CATEGORY
from .decisions import PASS, Decision, Flow
from .errors import Refused
from .instructions import could_draw
from .table import Pending, Table


class ResponseWindow:
    def __init__(self, t: Table, play: Pending) -> None:
        card = CARDS[play.card]
        self.play = play
        self.pending: list[Pending] = [play]  # every card of the window, oldest first
        # K5.1: the direction is snapshot; the active player answers last.
        self.circuit = [*t.around(play.seat)[1:], play.seat]
        self.participants: list[str] = []
        self.open = True
        # K11: social observation and A28's naming
        self.observe = card.observe
        self.comments: list[str] = []  # standing observations, in comment order
        self.objected: list[str] = []  # disputed players, in objection order
        self.escalation_due = False
        self.selected = play.target if card.effects and card.effects[0]["op"] == "call_it" else None
        self.named: str | None = None

    # -- K5.2/K5.3: the circuit ------------------------------------------------------------

    def options(self, t: Table, seat: str) -> list[tuple[str, list[str]]]:
        """The Interrupts `seat` may play now and the pending cards each may target (S36)."""
        found = []
        for card in t.hands[seat]:
            info = CARDS[card]
            if info.category != "interrupt":
                continue
            on = [p.card for p in self.pending if self._may_target(info.id, seat, p)]
            if on:
                found.append((card, on))
        return found

    def _may_target(self, interrupt: str, seat: str, p: Pending) -> bool:
        info = CARDS[interrupt]
        if CATEGORY[p.card] not in info.on:
            return False
        if info.requires == "could_draw_me":  # K11.5 (I9)
            return could_draw(CARDS[p.card].effects, seat, p.seat, p.target)
        return True

    def responses(self, t: Table) -> Flow:
        """K5.2: one circuit; an empty hand passes automatically (S5)."""
        for seat in self.circuit:
            if not t.hands[seat]:
                t.emit("respond_pass", seat=seat, auto=True)
                continue
            answer = yield Decision("respond", seat)
            if answer == PASS:
                t.emit("respond_pass", seat=seat)
                continue
            _, card, on = answer
            t.hands[seat].remove(card)
            target = next(p for p in self.pending if p.card == on)
            interrupt = Pending(card, seat, on=target)
            self.pending.append(interrupt)
            t.pending.append(interrupt)
            self.participants.append(seat)
            t.emit("interrupt", seat=seat, card=card, on=on)
        self._close(t)

    def _close(self, t: Table) -> None:
        """K5.4: no card enters after the active player's chance; observations are fixed."""
        if self.selected is not None and self.named is None:
            t.emit("declined", seat=self.selected)
        self.open = False
        t.window = None
        t.emit(
            "window_closed", card=self.play.card, comments=list(self.comments),
            named=self.named, participants=list(self.participants),
        )  # fmt: skip

    # -- K11: what is said while the window is open -------------------------------------------

    def counts(self, t: Table, seat: str) -> bool:
        """K11.2: a counted player's first comment, while the card's maximum has room (S30)."""
        if self.observe is None or seat in self.comments or seat in self.objected:
            return False
        if self.observe["whose"] == "target":
            if seat != self.play.target:
                return False
        elif seat == self.play.seat:
            return False
        return len(self.comments) < self.observe["max"]

    def say(self, t: Table, seat: str) -> None:
        if self.counts(t, seat):
            self.comments.append(seat)
            t.emit("comment", seat=seat, card=self.play.card)

    def check_name(self, seat: str) -> None:
        if self.selected is None:
            raise Refused("no_window", "no Call It window is open")
        if seat != self.selected:
            raise Refused("not_selected", "only the selected player may name a category")
        if self.named is not None:
            raise Refused("already_named", "the first answer is final")

    def name(self, t: Table, seat: str, category: str) -> None:
        """K11.4 (A28): the selected player's first answer is final."""
        self.named = category
        t.emit("named", seat=seat, category=category)

    def check_objection(self, player: str) -> None:
        if player in self.objected:
            raise Refused("already_objected", "that comment is already disputed")
        if player not in self.comments:
            raise Refused("no_observation", "that player has no recorded comment on this card")

    def object(self, t: Table, seat: str, player: str) -> None:
        """K11.6 (S13): the comment is void; the first objection of the play escalates later."""
        self.comments.remove(player)
        self.objected.append(player)
        escalates = not self.escalation_due
        self.escalation_due = True
        t.emit("objection", seat=seat, player=player, escalates=escalates)
