"""H10 Proposals: submit, vote, withdraw or edit, and the popularity rule at the period's end."""

from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Count, F, Q

from goonsite import clock
from goonsite.refusal import Refusal

from ..models import Activity, Cycle, Proposal, ProposalVote, Reputable
from ..rules.timing import URGENT_PERIOD
from ..rules.votes import proposal_popular
from .action import in_open_phase
from .announce import announce
from .audit import record
from .log import note

Klass, Status = Proposal.Klass, Proposal.Status


def submit_proposal(
    *, user, title: str, text: str, klass: str = Klass.STANDARD, now: dt.datetime | None = None
) -> Proposal:
    """H10.1-H10.3 Not an action (H4.1). Urgent only for reputable players (H10.2)."""
    title, text = title.strip(), text.strip()
    if not title or not text:
        raise Refusal("A proposal needs a title and a text (H10.1).")
    if klass not in Klass.values:
        raise Refusal("A proposal is Standard or Urgent (H10.1).")
    with in_open_phase(user=user, now=now, acts=False) as m:
        if klass == Klass.URGENT and not Reputable.objects.filter(user=user).exists():
            raise Refusal("Only a reputable player can submit an Urgent proposal (H10.2).")
        number = _next_number(m.cycle)
        proposal = Proposal.objects.create(
            cycle=m.cycle,
            number=number,
            author=m.player,
            title=title[:120],
            text=text,
            klass=klass,
            submitted_at=m.now,
            submitted_phase=m.phase.number,
            vote_phase=m.phase.number + 1 if klass == Klass.STANDARD else None,
            ends_at=m.now + URGENT_PERIOD if klass == Klass.URGENT else None,
        )
        note(
            m.cycle,
            m.phase.number,
            Activity.Kind.PROPOSAL,
            f"{m.player} submitted {klass} proposal {number}: {proposal.title}.",
            m.now,
        )
    return proposal


def _next_number(cycle: Cycle) -> int:
    Cycle.objects.filter(pk=cycle.pk).update(proposal_count=F("proposal_count") + 1)
    return (
        Cycle.objects.select_for_update().values_list("proposal_count", flat=True).get(pk=cycle.pk)
    )


def voting_open(proposal: Proposal, phase: int, now: dt.datetime) -> bool:
    """H10.3/H10.4 Votes stand from submission until the period ends (the deadline wins)."""
    if proposal.status != Status.OPEN:
        return False
    if proposal.klass == Klass.URGENT:
        return now < proposal.ends_at
    return phase <= proposal.vote_phase


def cast_proposal_vote(
    *, user, proposal_id: int, choice: str | None, now: dt.datetime | None = None
) -> Proposal:
    """H10.4 Set one's vote to For, Against or none (`None`), changeable until the end."""
    if choice not in (None, *ProposalVote.Choice.values):
        raise Refusal("Vote For or Against, or clear your vote (H10.4).")
    with in_open_phase(user=user, now=now, acts=False) as m:
        proposal = _locked(m.cycle, proposal_id)
        if not voting_open(proposal, m.phase.number, m.now):
            raise Refusal(f"Voting on proposal {proposal.number} has ended (H10.4).")
        if choice is None:
            ProposalVote.objects.filter(proposal=proposal, player=m.player).delete()
        else:
            ProposalVote.objects.update_or_create(
                proposal=proposal, player=m.player, defaults={"choice": choice}
            )
    return proposal


def _locked(cycle: Cycle, proposal_id: int) -> Proposal:
    proposal = Proposal.objects.select_for_update().filter(cycle=cycle, pk=proposal_id).first()
    if proposal is None:
        raise Refusal("There is no such proposal in this cycle.")
    return proposal


def withdraw_proposal(*, user, proposal_id: int, now: dt.datetime | None = None) -> Proposal:
    """H10.6 The author may withdraw until the period ends; it never takes effect."""
    with in_open_phase(user=user, now=now, acts=False) as m:
        proposal = _own_open(m, proposal_id)
        proposal.status = Status.WITHDRAWN
        proposal.decided_at = m.now
        proposal.save(update_fields=["status", "decided_at"])
        note(
            m.cycle,
            m.phase.number,
            Activity.Kind.PROPOSAL,
            f"{m.player} withdrew proposal {proposal.number}.",
            m.now,
        )
    return proposal


def edit_proposal(
    *, user, proposal_id: int, title: str, text: str, now: dt.datetime | None = None
) -> Proposal:
    """H10.6 Editing withdraws the original and opens a new proposal (new number and period)."""
    title, text = title.strip(), text.strip()
    if not title or not text:
        raise Refusal("A proposal needs a title and a text (H10.1).")
    with in_open_phase(user=user, now=now, acts=False) as m:
        number = _next_number(m.cycle)  # the cycle row before the proposal's, as the timer
        old = _own_open(m, proposal_id)
        if old.klass == Klass.URGENT and not Reputable.objects.filter(user=user).exists():
            raise Refusal("Only a reputable player can submit an Urgent proposal (H10.2).")
        new = Proposal.objects.create(
            cycle=m.cycle,
            number=number,
            author=m.player,
            title=title[:120],
            text=text,
            klass=old.klass,
            submitted_at=m.now,
            submitted_phase=m.phase.number,
            vote_phase=m.phase.number + 1 if old.klass == Klass.STANDARD else None,
            ends_at=m.now + URGENT_PERIOD if old.klass == Klass.URGENT else None,
        )
        old.status, old.decided_at, old.replaced_by = Status.EDITED, m.now, new
        old.save(update_fields=["status", "decided_at", "replaced_by"])
        note(
            m.cycle,
            m.phase.number,
            Activity.Kind.PROPOSAL,
            f"{m.player} edited proposal {old.number}: it is withdrawn and reopens as "
            f"proposal {number}.",
            m.now,
        )
    return new


def _own_open(m, proposal_id: int) -> Proposal:
    proposal = _locked(m.cycle, proposal_id)
    if proposal.author_id != m.player.pk:
        raise Refusal("Only its author can withdraw or edit a proposal (H10.6).")
    if not voting_open(proposal, m.phase.number, m.now):
        raise Refusal(f"Proposal {proposal.number}'s voting period has ended (H10.6).")
    return proposal


# ---- the end of a voting period ------------------------------------------------------------


def proposals_ending_at_boundary(cycle: Cycle, k: int, at: dt.datetime) -> list[Proposal]:
    """H12.2 step 4: the Standard proposals voted in phase k and Urgent ones ending now."""
    return list(
        Proposal.objects.filter(cycle=cycle, status=Status.OPEN)
        .filter(Q(klass=Klass.STANDARD, vote_phase__lte=k) | Q(klass=Klass.URGENT, ends_at=at))
        .order_by("number")
    )


def tally(cycle: Cycle, proposals: list[Proposal]) -> list[dict]:
    """The standing votes of players not barred (H2.1, H10.4), and whether each is popular."""
    counts = dict.fromkeys(((p.pk, c) for p in proposals for c in ProposalVote.Choice.values), 0)
    rows = (
        ProposalVote.objects.filter(proposal__in=proposals, player__barred=False)
        .values_list("proposal", "choice")
        .annotate(n=Count("pk"))
    )
    for proposal, choice, n in rows:
        counts[proposal, choice] = n
    return [
        {
            "proposal": p,
            "number": p.number,
            "title": p.title,
            "for": counts[p.pk, "for"],
            "against": counts[p.pk, "against"],
            "popular": proposal_popular(p.klass, counts[p.pk, "for"], counts[p.pk, "against"]),
        }
        for p in proposals
    ]


def decide_proposals(
    cycle: Cycle, proposals: list[Proposal], at: dt.datetime, phase: int
) -> list[dict]:
    """H10.7 Popular ones are adopted in creation order, each with the next amendment number.

    Call holding the cycle row locked (it hands out amendment numbers)."""
    results = tally(cycle, proposals)
    notes = []
    for r in results:
        p = r["proposal"]
        p.votes_for, p.votes_against, p.decided_at = r["for"], r["against"], at
        if r["popular"]:
            cycle.amendment_count += 1
            p.status, p.amendment = Status.ADOPTED, cycle.amendment_count
            text = f"Proposal {p.number} ({p.title}) adopted as amendment {p.amendment}"
        else:
            p.status = Status.FAILED
            text = f"Proposal {p.number} ({p.title}) failed"
        r["amendment"] = p.amendment
        r["status"] = p.status
        del r["proposal"]
        kind = Activity.Kind.ADOPTED if p.amendment else Activity.Kind.FAILED
        notes.append(
            Activity(
                cycle=cycle,
                phase=phase - 1,
                kind=kind,
                at=at,
                text=f"{text}: {r['for']} for, {r['against']} against.",
            )
        )
    Proposal.objects.bulk_update(
        proposals, ["status", "votes_for", "votes_against", "decided_at", "amendment"]
    )
    Cycle.objects.filter(pk=cycle.pk).update(amendment_count=cycle.amendment_count)
    Activity.objects.bulk_create(notes)
    for line in notes:
        if line.kind == Activity.Kind.ADOPTED:
            announce(cycle, line.text, kind="adopted")
    return results


def end_urgent(proposal_id: int) -> dict | None:
    """H12.4 An Urgent proposal's 48 h end, not on a boundary: decided alone, exactly once."""
    with transaction.atomic():
        proposal = Proposal.objects.get(pk=proposal_id)
        cycle = Cycle.objects.select_for_update().get(pk=proposal.cycle_id)
        proposal = Proposal.objects.select_for_update().get(pk=proposal_id)
        if proposal.status != Status.OPEN:
            return None
        phase = cycle.phases.order_by("-number").values_list("number", flat=True).first() or 0
        [result] = decide_proposals(cycle, [proposal], proposal.ends_at, phase + 1)
    return result


def mark_enacted(*, actor, proposal: Proposal, note_text: str) -> Proposal:
    """H10.7 An admin marks an adopted proposal enacted, with a note (recorded, H13.3)."""
    with transaction.atomic():
        proposal = Proposal.objects.select_for_update().get(pk=proposal.pk)
        if proposal.status != Status.ADOPTED:
            raise Refusal(f"Proposal {proposal.number} is not adopted; nothing to enact (H10.7).")
        if proposal.enacted_at:
            raise Refusal(f"Proposal {proposal.number} is enacted already.")
        proposal.enacted_at = clock.now()
        proposal.enacted_note = note_text
        proposal.save(update_fields=["enacted_at", "enacted_note"])
        record(
            actor,
            "enact",
            proposal.cycle,
            f"amendment {proposal.amendment} (proposal {proposal.number})",
            note_text,
        )
    return proposal
