"""H7.4 Duels: a request naming players; when the last accepts, the game forms at once.

A request lapses 24 h after it was made without every acceptance (H7.4 settled), is
cancelled by any decline, by its requester's withdrawal, or when one of its players
enters another game (H7.1). Every answer locks the request row, so two last acceptances
at once form one game.
"""

from __future__ import annotations

import datetime as dt

from goonsite import clock
from goonsite.refusal import Refusal

from ..models import Activity, Player
from ..services.action import in_open_phase
from ..services.log import note
from .forming import form_game, in_a_game, unlocked_count
from .models import DuelInvite, DuelRequest, Game
from .table import MIN_HAND

REQUEST_LIFETIME = dt.timedelta(hours=24)
MAX_OPPONENTS = 7  # a game has at most 8 players (the engine's benchmarked range)


def request_duel(*, user, opponent_ids: list[int], now: dt.datetime | None = None) -> DuelRequest:
    ids = sorted(set(opponent_ids))
    if not ids:
        raise Refusal("Name at least one player to duel.")
    if len(ids) > MAX_OPPONENTS:
        raise Refusal(f"A duel can name at most {MAX_OPPONENTS} players.")
    with in_open_phase(user=user, now=now, others=ids) as m:
        if m.player.pk in ids:
            raise Refusal("You cannot duel yourself.")
        if in_a_game([m.player.pk]):
            raise Refusal("You are in a game already: one game at a time (H7.1).")
        if unlocked_count(m.player) < MIN_HAND:
            raise Refusal(f"You need at least {MIN_HAND} unlocked cards to duel (H7.4).")
        if busy := in_a_game(ids):
            names = ", ".join(str(m.others[i]) for i in sorted(busy))
            raise Refusal(f"{names} is in a game already (H7.1).")
        request = DuelRequest.objects.create(
            cycle=m.cycle,
            requester=m.player,
            created_at=m.now,
            expires_at=m.now + REQUEST_LIFETIME,
        )
        DuelInvite.objects.bulk_create(DuelInvite(request=request, player_id=i) for i in ids)
        names = ", ".join(str(m.others[i]) for i in ids)
        note(
            m.cycle,
            m.phase.number,
            Activity.Kind.BATTLE,
            f"{m.player} challenged {names} to a duel.",
            m.now,
        )
    return request


def _locked_request(request_id: int, m) -> DuelRequest:
    request = DuelRequest.objects.select_for_update().filter(pk=request_id, cycle=m.cycle).first()
    if request is None:
        raise Refusal("There is no such duel request.")
    if request.status == DuelRequest.Status.OPEN and request.expires_at <= m.now:
        close(request, DuelRequest.Status.LAPSED, m.now)
    if request.status != DuelRequest.Status.OPEN:
        raise Refusal(f"That duel request is {request.get_status_display().lower()}.")
    return request


def close(request: DuelRequest, status: str, now: dt.datetime) -> None:
    request.status, request.closed_at = status, now
    DuelRequest.objects.filter(pk=request.pk).update(status=status, closed_at=now)


def answer_duel(
    *, user, request_id: int, accept: bool, now: dt.datetime | None = None
) -> DuelRequest:
    """Accept or decline an invitation; the last acceptance forms the duel (H7.4)."""
    everyone = list(
        DuelInvite.objects.filter(request_id=request_id).values_list("player_id", flat=True)
    ) + list(DuelRequest.objects.filter(pk=request_id).values_list("requester_id", flat=True))
    with in_open_phase(user=user, now=now, others=everyone) as m:
        request = _locked_request(request_id, m)
        invite = request.invites.filter(player=m.player).first()
        if invite is None:
            raise Refusal("That duel request does not name you.")
        if invite.answer != DuelInvite.Answer.PENDING:
            raise Refusal(f"You {invite.answer} this duel already.")
        if not accept:
            invite.answer, invite.answered_at = DuelInvite.Answer.DECLINED, m.now
            invite.save(update_fields=["answer", "answered_at"])
            close(request, DuelRequest.Status.DECLINED, m.now)
            note(
                m.cycle,
                m.phase.number,
                Activity.Kind.BATTLE,
                f"{m.player} declined the duel of {request.requester}.",
                m.now,
            )
            return request
        if in_a_game([m.player.pk]):
            raise Refusal("You are in a game already: one game at a time (H7.1).")
        waiting = request.invites.exclude(pk=invite.pk).filter(answer=DuelInvite.Answer.PENDING)
        players = [m.others.get(i) or m.player for i in sorted(everyone)]
        if not waiting.exists():
            check_can_form(players)
        invite.answer, invite.answered_at = DuelInvite.Answer.ACCEPTED, m.now
        invite.save(update_fields=["answer", "answered_at"])
        if waiting.exists():
            return request
        game = form_game(m.cycle, Game.Kind.DUEL, players, phase=m.phase.number, now=m.now)
        request.status, request.game, request.closed_at = DuelRequest.Status.FORMED, game, m.now
        request.save(update_fields=["status", "game", "closed_at"])
    return request


def check_can_form(players: list[Player]) -> None:
    """H7.4 Everyone still owns 4 unlocked cards and is in no game, or the acceptance waits."""
    busy = in_a_game([p.pk for p in players])
    if busy:
        names = ", ".join(str(p) for p in players if p.pk in busy)
        raise Refusal(f"The duel cannot form: {names} is in another game (H7.1). Try later.")
    short = [p for p in players if unlocked_count(p) < MIN_HAND]
    if short:
        names = ", ".join(str(p) for p in short)
        raise Refusal(
            f"The duel cannot form: {names} has fewer than {MIN_HAND} unlocked cards (H7.4)."
        )


def withdraw_duel(*, user, request_id: int, now: dt.datetime | None = None) -> None:
    with in_open_phase(user=user, now=now) as m:
        request = _locked_request(request_id, m)
        if request.requester_id != m.player.pk:
            raise Refusal("Only the player who asked for the duel can withdraw it.")
        close(request, DuelRequest.Status.WITHDRAWN, m.now)
        note(
            m.cycle,
            m.phase.number,
            Activity.Kind.BATTLE,
            f"{m.player} withdrew a duel request.",
            m.now,
        )


def lapse_requests(now: dt.datetime | None = None) -> int:
    """H7.4 Requests 24 h old without every acceptance lapse (a conditional update: once)."""
    now = now or clock.now()
    return DuelRequest.objects.filter(status=DuelRequest.Status.OPEN, expires_at__lte=now).update(
        status=DuelRequest.Status.LAPSED, closed_at=now
    )
