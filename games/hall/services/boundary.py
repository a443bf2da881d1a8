"""The phase boundary (H12.2): the noon ending phase k, its steps in the spec's order.

Exactly once (H12.1): the phase row is locked for the whole boundary and marked closed in
the same transaction, so a second worker, a re-delivered task or a retry finds it closed
and does nothing. Every step is a fixed number of queries, whatever the number of players.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.db import transaction
from django.db.models import Case, Count, Q, When
from django.utils import timezone

from goonsite import clock
from goonsite.clock import CENTRAL, noon_of
from goonsite.words import count

from ..live import phase_changed
from ..models import Activity, Cycle, Engagement, Gift, Phase, Player
from ..rules.timing import is_week_end, phase_end_date, week_of
from ..tables.forming import form_game
from ..tables.models import seats_in_play
from .announce import MIRRORED, announce, held_back
from .elections import decide_week_locked, tally_week
from .proposals import decide_proposals, proposals_ending_at_boundary, tally

log = logging.getLogger(__name__)


def run_boundary(phase_id: int) -> Phase | None:
    """Run the boundary ending this phase; None when it ran already or the cycle has ended."""
    with transaction.atomic():
        phase = Phase.objects.select_for_update().get(pk=phase_id)
        if phase.status != Phase.Status.OPEN:
            return None
        cycle = Cycle.objects.select_for_update().get(pk=phase.cycle_id)
        if not cycle.is_current:
            return None
        k, at = phase.number, phase.ends_at
        report: dict = {"phase": k, "ended_at": at.isoformat()}
        with held_back():
            run_steps(cycle, phase, report, k, at)
        next_phase = open_next_phase(cycle, phase)
        phase_changed()  # after the commit: open Hall homes show the new phase
    log.info("Hall %s: phase %s ended, phase %s opened", cycle, k, next_phase.number)
    return phase


def run_steps(cycle: Cycle, phase: Phase, report: dict, k: int, at: dt.datetime) -> None:
    """H12.2 in this exact order."""
    close_phase(phase, at)  # 1
    report["inactive"] = decide_activity(cycle, k)  # 2
    report["lapsed_bonuses"] = lapse_gift_bonuses(cycle, k)  # 3
    report["proposals"] = decide_proposals(  # 4
        cycle, proposals_ending_at_boundary(cycle, k, at), at, k + 1
    )
    report["battle"] = form_battle_of_next_phase(cycle, k, at)  # 5
    report["election"] = decide_week_if_it_ends(cycle, at, k + 1)  # 6
    publish_phase_report(cycle, phase, report, at)  # 7
    # 8 Per-phase limits reset by themselves: they are keyed by the phase number.


def close_phase(phase: Phase, at: dt.datetime) -> None:
    """Step 1: later actions belong to phase k+1 (they find this row closed, H1.8)."""
    phase.status = Phase.Status.CLOSED
    phase.closed_at = clock.now()


def decide_activity(cycle: Cycle, k: int) -> dict:
    """Step 2 (H4.2): joined before phase k+1 and no action in phase k → inactive in k+1."""
    idle = Q(joined_phase__lte=k) & (Q(last_action_phase__isnull=True) | Q(last_action_phase__lt=k))
    Player.objects.filter(cycle=cycle).update(inactive=Case(When(idle, then=True), default=False))
    names = list(
        Player.objects.filter(cycle=cycle, inactive=True, barred=False)
        .order_by("user__display_name")
        .values_list("user__display_name", flat=True)
    )
    return {"count": len(names), "names": names}


def lapse_gift_bonuses(cycle: Cycle, k: int) -> int:
    """Step 3 (H5.3): giver bonuses still waiting on an inactive receiver lapse."""
    return Gift.objects.filter(cycle=cycle, phase=k, bonus=Gift.Bonus.PENDING).update(
        bonus=Gift.Bonus.LAPSED
    )


def battle_of_next_phase(cycle: Cycle, k: int) -> list[int]:
    """H7.3 Who forms the battle of phase k+1: engaged during phase k, not barred, at
    least 4 unlocked cards, and not in a game (H7.1)."""
    return list(
        Player.objects.filter(cycle=cycle, barred=False, engagements__phase=k)
        .annotate(unlocked=Count("cards", filter=Q(cards__locked=False)))
        .filter(unlocked__gte=4)
        .exclude(pk__in=seats_in_play().values("player_id"))
        .order_by("pk")
        .values_list("pk", flat=True)
    )


def form_battle_of_next_phase(cycle: Cycle, k: int, at: dt.datetime | None = None) -> dict:
    """Step 5 (H7.3): the battle of phase k+1 forms from phase k's engagements.

    The game is created here in its hand-choosing stage (H7.5); its players are locked
    in id order after the phase (the boundary's lock order). With fewer than two eligible
    players there is no battle and the engagements lapse.
    """
    ids = battle_of_next_phase(cycle, k)
    engaged = Engagement.objects.filter(player__cycle=cycle, phase=k).count()
    report = {"engaged": engaged, "eligible": len(ids), "formed": False, "game": None}
    if len(ids) < 2:
        report["note"] = (
            "Fewer than two eligible players: no battle; the engagements lapse (H7.3)."
            if engaged
            else "Nobody engaged in battle."
        )
        return report
    players = list(
        Player.objects.select_for_update(of=("self",))
        .select_related("user")
        .filter(pk__in=ids)
        .order_by("pk")
    )
    game = form_game(cycle, "battle", players, phase=k + 1, now=at or clock.now())
    report.update(
        formed=True,
        game=game.pk,
        note=f"The battle of phase {k + 1} formed with {len(players)} players.",
    )
    return report


def decide_week_if_it_ends(cycle: Cycle, at: dt.datetime, phase: int) -> dict | None:
    """Step 6 (H11.10): if a week ends at this noon, its election is decided."""
    start = timezone.localdate(cycle.starts_at, CENTRAL)
    noon_date = timezone.localdate(at, CENTRAL)
    if not is_week_end(start, noon_date):
        return None
    return decide_week_locked(cycle, week_of(start, noon_date), at, phase)


def publish_phase_report(cycle: Cycle, phase: Phase, report: dict, at: dt.datetime) -> None:
    """Step 7 (H14.4): what happened in phase k, from its log, kept on the phase."""
    lines: dict[str, list[str]] = {}
    for kind, text in (
        Activity.objects.filter(cycle=cycle, phase=phase.number)
        .exclude(kind__in=[Activity.Kind.BOUNDARY, Activity.Kind.JOIN])
        .order_by("at", "pk")
        .values_list("kind", "text")
    ):
        lines.setdefault(kind, []).append(text)
    report["log"] = lines
    phase.report = report
    phase.save(update_fields=["status", "closed_at", "report"])
    summary = (
        f"Phase {phase.number} ended. {report['inactive']['count']} inactive in phase "
        f"{phase.number + 1}; {count(len(report['proposals']), 'proposal')} decided."
    )
    Activity.objects.create(
        cycle=cycle, phase=phase.number, kind=Activity.Kind.BOUNDARY, at=at, text=summary
    )
    mirrored = [line for kind in MIRRORED for line in lines.get(kind, [])]
    announce(cycle, "\n".join([f"**{summary}**", *mirrored]))


def open_next_phase(cycle: Cycle, phase: Phase) -> Phase:
    """Phase k+1 starts when phase k ends and lasts the cycle's current L days (H1.4)."""
    starts = phase.ends_at
    ends = noon_of(phase_end_date(timezone.localdate(starts, CENTRAL), cycle.phase_days))
    return Phase.objects.create(
        cycle=cycle, number=phase.number + 1, starts_at=starts, ends_at=ends
    )


def preview_boundary(cycle: Cycle) -> dict:
    """A dry run of the next boundary for admins: what each step would do, nothing saved."""
    phase = cycle.phases.filter(status=Phase.Status.OPEN).first()
    if phase is None:
        return {}
    k, at = phase.number, phase.ends_at
    idle = Q(joined_phase__lte=k) & (Q(last_action_phase__isnull=True) | Q(last_action_phase__lt=k))
    inactive = list(
        Player.objects.filter(cycle=cycle, barred=False)
        .filter(idle)
        .values_list("user__display_name", flat=True)
    )
    proposals = proposals_ending_at_boundary(cycle, k, at)
    start = timezone.localdate(cycle.starts_at, CENTRAL)
    week = (
        week_of(start, timezone.localdate(at, CENTRAL))
        if is_week_end(start, timezone.localdate(at, CENTRAL))
        else None
    )
    return {
        "phase": phase,
        "inactive": inactive,
        "lapsing_bonuses": Gift.objects.filter(
            cycle=cycle, phase=k, bonus=Gift.Bonus.PENDING
        ).count(),
        "proposals": tally(cycle, proposals),
        "battle": len(battle_of_next_phase(cycle, k)),
        "election": tally_week(cycle, week) if week else None,
        "week": week,
    }
