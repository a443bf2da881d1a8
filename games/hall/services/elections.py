"""H11.10 Weekly Judge elections: candidacies, Support/Oppose, the decision at the week's end."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.db.models import Count
from django.utils import timezone

from goonsite.clock import CENTRAL, noon_date_for, noon_of
from goonsite.refusal import Refusal

from ..models import Activity, Candidacy, CandidacyVote, Cycle, Election, Reputable
from ..rules.timing import week_end_date, week_of
from ..rules.votes import CandidacyTally, election_winner
from .action import in_open_phase
from .log import note


def current_week(cycle: Cycle, now: dt.datetime) -> int:
    """H1.6 The week a moment belongs to: the week whose ending noon is the next to come."""
    return week_of(timezone.localdate(cycle.starts_at, CENTRAL), noon_date_for(now))


def week_ends(cycle: Cycle, week: int) -> dt.datetime:
    """H1.6 The noon that ends the week: the election is decided then (H11.10)."""
    return noon_of(week_end_date(timezone.localdate(cycle.starts_at, CENTRAL), week))


def submit_candidacy(*, user, now: dt.datetime | None = None) -> Candidacy:
    """H11.10 A reputable player stands for Judge, once per week. Not an action (H4.1)."""
    with in_open_phase(user=user, now=now, acts=False) as m:
        if not Reputable.objects.filter(user=user).exists():
            raise Refusal("Only a reputable player can stand for Judge (H11.10).")
        week = current_week(m.cycle, m.now)
        try:
            with transaction.atomic():
                candidacy = Candidacy.objects.create(
                    cycle=m.cycle, week=week, player=m.player, submitted_at=m.now
                )
        except IntegrityError:
            raise Refusal(
                f"You already stood in week {week}: one candidacy a week (H11.10)."
            ) from None
        note(
            m.cycle,
            m.phase.number,
            Activity.Kind.CANDIDACY,
            f"{m.player} stands for Judge in week {week}.",
            m.now,
        )
    return candidacy


def _open_candidacy(m, candidacy_id: int) -> Candidacy:
    candidacy = (
        Candidacy.objects.select_for_update()
        .filter(cycle=m.cycle, pk=candidacy_id, withdrawn=False)
        .first()
    )
    if candidacy is None or candidacy.week != current_week(m.cycle, m.now):
        raise Refusal(
            "That candidacy is not open: its week has ended or it was withdrawn (H11.10)."
        )
    if Election.objects.filter(cycle=m.cycle, week=candidacy.week).exists():
        raise Refusal(f"Week {candidacy.week}'s election is decided already (H11.10).")
    return candidacy


def withdraw_candidacy(*, user, candidacy_id: int, now: dt.datetime | None = None) -> Candidacy:
    with in_open_phase(user=user, now=now, acts=False) as m:
        candidacy = _open_candidacy(m, candidacy_id)
        if candidacy.player_id != m.player.pk:
            raise Refusal("Only the candidate can withdraw a candidacy (H11.10).")
        candidacy.withdrawn = True
        candidacy.save(update_fields=["withdrawn"])
        note(m.cycle, m.phase.number, "candidacy", f"{m.player} withdrew their candidacy.", m.now)
    return candidacy


def vote_candidacy(
    *, user, candidacy_id: int, choice: str | None, now: dt.datetime | None = None
) -> Candidacy:
    """H11.10 Support or Oppose (or clear), on any number of candidacies, changeable."""
    if choice not in (None, *CandidacyVote.Choice.values):
        raise Refusal("Support or Oppose, or clear your vote (H11.10).")
    with in_open_phase(user=user, now=now, acts=False) as m:
        candidacy = _open_candidacy(m, candidacy_id)
        if choice is None:
            CandidacyVote.objects.filter(candidacy=candidacy, player=m.player).delete()
        else:
            CandidacyVote.objects.update_or_create(
                candidacy=candidacy, player=m.player, defaults={"choice": choice}
            )
    return candidacy


def tally_week(cycle: Cycle, week: int) -> list[CandidacyTally]:
    candidacies = list(Candidacy.objects.filter(cycle=cycle, week=week, withdrawn=False))
    counts = {(c.pk, ch): 0 for c in candidacies for ch in CandidacyVote.Choice.values}
    for cid, choice, n in (
        CandidacyVote.objects.filter(candidacy__in=candidacies, player__barred=False)
        .values_list("candidacy", "choice")
        .annotate(n=Count("pk"))
    ):
        counts[cid, choice] = n
    return [
        CandidacyTally(
            key=c.pk,
            order=n,
            support=counts[c.pk, "support"],
            oppose=counts[c.pk, "oppose"],
        )
        for n, c in enumerate(sorted(candidacies, key=lambda c: (c.submitted_at, c.pk)))
    ]


def decide_week(cycle_id: int, week: int, at: dt.datetime) -> dict | None:
    """H12.3 A week end that is not a boundary: its election alone, exactly once."""
    with transaction.atomic():
        cycle = Cycle.objects.select_for_update().get(pk=cycle_id)
        if not cycle.is_current or cycle.elections.filter(week=week).exists():
            return None
        phase = cycle.phases.order_by("-number").values_list("number", flat=True).first() or 0
        return decide_week_locked(cycle, week, at, phase)


def decide_week_locked(cycle: Cycle, week: int, at: dt.datetime, phase: int) -> dict | None:
    """H11.10 Call holding the cycle row locked. The Election row claims the week."""
    if cycle.elections.filter(week=week).exists():
        return None
    tallies = tally_week(cycle, week)
    winner = election_winner(tallies)
    by_id = {c.pk: c for c in Candidacy.objects.filter(pk__in=[t.key for t in tallies])}
    for t in tallies:
        by_id[t.key].support, by_id[t.key].oppose = t.support, t.oppose
    Candidacy.objects.bulk_update(by_id.values(), ["support", "oppose"])
    judge = by_id[winner.key].player if winner else None
    Election.objects.create(cycle=cycle, week=week, decided_at=at, winner=judge)
    if judge is None:
        text = f"Week {week}'s election: no popular candidacy; the office does not change."
    else:
        text = f"Week {week}'s election: {judge} becomes the Judge ({winner.support} support)."
        if cycle.judge_id != judge.pk:
            from .judge import change_judge

            change_judge(cycle, judge, at, max(phase - 1, 0))
    Activity.objects.create(
        cycle=cycle, phase=max(phase - 1, 0), kind=Activity.Kind.ELECTION, at=at, text=text
    )
    return {"week": week, "winner": str(judge) if judge else None, "candidacies": len(tallies)}
