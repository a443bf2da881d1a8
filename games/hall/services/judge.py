"""H11 The Judge: requests for justice, rulings, confidence votes, overturns, removal."""

from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.db.models import Count, F

from goonsite.refusal import Refusal

from ..models import (
    Activity,
    ConfidenceBallot,
    ConfidenceVote,
    Cycle,
    JusticeRequest,
    Player,
    RemovalAssent,
    Ruling,
)
from ..rules.timing import CONFIDENCE_OPEN_WITHIN, CONFIDENCE_PERIOD, SELF_OVERTURN_WITHIN, within
from ..rules.votes import ruling_overturned
from .action import in_open_phase
from .log import note

REMOVAL_ASSENTS = 2  # H11.2


def change_judge(cycle: Cycle, judge: Player | None, at: dt.datetime, phase: int) -> None:
    """The office changes hands: assents lapse with the old term (H11.2)."""
    Cycle.objects.filter(pk=cycle.pk).update(judge=judge, judge_term=F("judge_term") + 1)
    cycle.judge = judge
    cycle.judge_term += 1
    text = f"{judge} is now the Judge." if judge else "The office of Judge is vacant."
    note(cycle, phase, Activity.Kind.JUDGE, text, at)


def _locked_cycle(m) -> Cycle:
    return Cycle.objects.select_for_update().get(pk=m.cycle.pk)


def step_down(*, user, now: dt.datetime | None = None) -> None:
    """H11.3 The Judge may step down at any time; the office is vacant at once."""
    with in_open_phase(user=user, now=now, acts=False) as m:
        cycle = _locked_cycle(m)
        if cycle.judge_id != m.player.pk:
            raise Refusal("Only the Judge can step down (H11.3).")
        note(cycle, m.phase.number, Activity.Kind.JUDGE, f"{m.player} stepped down.", m.now)
        change_judge(cycle, None, m.now, m.phase.number)


def assent_to_removal(*, user, reason: str, now: dt.datetime | None = None) -> bool:
    """H11.2 Two different players' assents remove the Judge at once. True if removed."""
    reason = reason.strip()
    if not reason:
        raise Refusal("Give a reason: a Judge should be removed only for abuse of office (H11.2).")
    with in_open_phase(user=user, now=now, acts=False) as m:
        cycle = _locked_cycle(m)
        if cycle.judge_id is None:
            raise Refusal("There is no Judge to remove (H11.2).")
        if cycle.judge_id == m.player.pk:
            raise Refusal(
                "The Judge cannot assent to their own removal; step down instead (H11.2, H11.3)."
            )
        try:
            with transaction.atomic():
                RemovalAssent.objects.create(
                    cycle=cycle, term=cycle.judge_term, player=m.player, reason=reason[:300]
                )
        except IntegrityError:
            raise Refusal("You have already assented to this Judge's removal (H11.2).") from None
        judge = Player.objects.select_related("user").get(pk=cycle.judge_id)
        note(
            cycle,
            m.phase.number,
            Activity.Kind.JUDGE,
            f"{m.player} assents to removing {judge}: {reason}",
            m.now,
        )
        standing = RemovalAssent.objects.filter(
            cycle=cycle, term=cycle.judge_term, player__barred=False
        ).count()
        if standing >= REMOVAL_ASSENTS:
            note(cycle, m.phase.number, Activity.Kind.JUDGE, f"{judge} is removed.", m.now)
            change_judge(cycle, None, m.now, m.phase.number)
            return True
    return False


def withdraw_assent(*, user, now: dt.datetime | None = None) -> None:
    with in_open_phase(user=user, now=now, acts=False) as m:
        cycle = _locked_cycle(m)
        gone, _ = RemovalAssent.objects.filter(
            cycle=cycle, term=cycle.judge_term, player=m.player
        ).delete()
        if not gone:
            raise Refusal("You have no standing assent to withdraw (H11.2).")


def submit_request(*, user, kind: str, text: str, now: dt.datetime | None = None):
    """H11.4 A question or a statement; public and numbered; waits while the office is vacant."""
    text = text.strip()
    if kind not in JusticeRequest.Kind.values or not text:
        raise Refusal("A request for justice is a question or a statement, with its text (H11.4).")
    with in_open_phase(user=user, now=now, acts=False) as m:
        Cycle.objects.filter(pk=m.cycle.pk).update(request_count=F("request_count") + 1)
        number = Cycle.objects.values_list("request_count", flat=True).get(pk=m.cycle.pk)
        request = JusticeRequest.objects.create(
            cycle=m.cycle, number=number, author=m.player, kind=kind, text=text, submitted_at=m.now
        )
        note(
            m.cycle,
            m.phase.number,
            Activity.Kind.REQUEST,
            f"{m.player} asked for justice (request {number}).",
            m.now,
        )
    return request


def _locked_request(m, request_id: int) -> JusticeRequest:
    request = (
        JusticeRequest.objects.select_for_update().filter(cycle=m.cycle, pk=request_id).first()
    )
    if request is None:
        raise Refusal("There is no such request in this cycle.")
    return request


def withdraw_request(*, user, request_id: int, now: dt.datetime | None = None) -> None:
    """H11.4 Its author may withdraw a request while it is open."""
    with in_open_phase(user=user, now=now, acts=False) as m:
        request = _locked_request(m, request_id)
        if request.author_id != m.player.pk:
            raise Refusal("Only its author can withdraw a request (H11.4).")
        if request.status != JusticeRequest.Status.OPEN:
            raise Refusal(f"Request {request.number} is not open (H11.4).")
        request.status = JusticeRequest.Status.WITHDRAWN
        request.save(update_fields=["status"])


def _verdict(request: JusticeRequest, answer: str, truth: bool | None) -> dict:
    """H11.5 A question gets an answer; a statement TRUE or FALSE."""
    if request.kind == JusticeRequest.Kind.QUESTION:
        if not answer.strip():
            raise Refusal("A question needs an answer (H11.5).")
        return {"answer": answer.strip(), "truth": None}
    if truth is None:
        raise Refusal("A statement is ruled TRUE or FALSE (H11.5).")
    return {"answer": "", "truth": truth}


def issue_ruling(
    *,
    user,
    request_id: int,
    answer: str = "",
    truth: bool | None = None,
    reasoning: str = "",
    now: dt.datetime | None = None,
) -> Ruling:
    """H11.5 The Judge answers an open request, never their own (H11.4)."""
    with in_open_phase(user=user, now=now, acts=False) as m:
        cycle = _locked_cycle(m)
        request = _locked_request(m, request_id)
        if cycle.judge_id != m.player.pk:
            raise Refusal("Only the Judge can issue rulings (H11.5).")
        if request.status != JusticeRequest.Status.OPEN:
            raise Refusal(f"Request {request.number} is not open (H11.4).")
        if request.author_id == m.player.pk:
            raise Refusal(
                "The Judge cannot answer their own request; it waits for another Judge (H11.4)."
            )
        ruling = Ruling.objects.create(
            request=request,
            judge=m.player,
            issued_at=m.now,
            reasoning=reasoning.strip(),
            **_verdict(request, answer, truth),
        )
        request.status = JusticeRequest.Status.ANSWERED
        request.save(update_fields=["status"])
        note(
            cycle,
            m.phase.number,
            Activity.Kind.RULING,
            f"{m.player} ruled on request {request.number}: {ruling.verdict}",
            m.now,
        )
    return ruling


def self_overturn(
    *,
    user,
    ruling_id: int,
    answer: str = "",
    truth: bool | None = None,
    reasoning: str = "",
    now: dt.datetime | None = None,
) -> Ruling:
    """H11.7 Within 168 h, the Judge who issued a ruling, still Judge, replaces it."""
    with in_open_phase(user=user, now=now, acts=False) as m:
        cycle = _locked_cycle(m)
        ruling = _locked_ruling(m, ruling_id)
        if ruling.judge_id != m.player.pk or cycle.judge_id != m.player.pk:
            raise Refusal(
                "Only the Judge who issued a ruling, while still Judge, can overturn it (H11.7)."
            )
        if ruling.overturned:
            raise Refusal("That ruling is overturned already (H11.8).")
        if not within(ruling.issued_at, m.now, SELF_OVERTURN_WITHIN):
            raise Refusal("A Judge can overturn their ruling only within one week (H11.7).")
        verdict = _verdict(ruling.request, answer, truth)
        ruling.overturned, ruling.overturned_at = Ruling.Overturn.JUDGE, m.now
        ruling.save(update_fields=["overturned", "overturned_at"])
        ConfidenceVote.objects.filter(ruling=ruling, status=ConfidenceVote.Status.OPEN).update(
            status=ConfidenceVote.Status.CLOSED
        )
        new = Ruling.objects.create(
            request=ruling.request,
            judge=m.player,
            issued_at=m.now,
            reasoning=reasoning.strip(),
            **verdict,
        )
        note(
            cycle,
            m.phase.number,
            Activity.Kind.OVERTURN,
            f"{m.player} overturned their ruling on request {ruling.request.number}; "
            f"new ruling: {new.verdict}",
            m.now,
        )
    return new


def _locked_ruling(m, ruling_id: int) -> Ruling:
    ruling = (
        Ruling.objects.select_for_update(of=("self",))
        .select_related("request")
        .filter(request__cycle=m.cycle, pk=ruling_id)
        .first()
    )
    if ruling is None:
        raise Refusal("There is no such ruling in this cycle.")
    return ruling


def open_confidence_vote(*, user, ruling_id: int, now: dt.datetime | None = None):
    """H11.6 Within 96 h of a ruling, one vote per ruling, not on an overturned ruling."""
    with in_open_phase(user=user, now=now, acts=False) as m:
        ruling = _locked_ruling(m, ruling_id)
        if ruling.overturned:
            raise Refusal("That ruling is overturned; there is nothing to vote on (H11.6).")
        if not within(ruling.issued_at, m.now, CONFIDENCE_OPEN_WITHIN):
            raise Refusal("A confidence vote can be opened only within 4 days of a ruling (H11.6).")
        if ConfidenceVote.objects.filter(ruling=ruling).exists():
            raise Refusal("This ruling has had its confidence vote (one per ruling, H11.6).")
        vote = ConfidenceVote.objects.create(
            ruling=ruling, opened_by=m.player, opened_at=m.now, ends_at=m.now + CONFIDENCE_PERIOD
        )
        note(
            m.cycle,
            m.phase.number,
            Activity.Kind.CONFIDENCE,
            f"{m.player} opened a confidence vote on the ruling on request "
            f"{ruling.request.number}.",
            m.now,
        )
    return vote


def cast_confidence(
    *, user, vote_id: int, choice: str | None, now: dt.datetime | None = None
) -> ConfidenceVote:
    """H11.6 Affirm or Overturn (or clear), changeable for 48 h; the deadline wins (H12.1)."""
    if choice not in (None, *ConfidenceBallot.Choice.values):
        raise Refusal("Vote Affirm or Overturn, or clear your vote (H11.6).")
    with in_open_phase(user=user, now=now, acts=False) as m:
        vote = (
            ConfidenceVote.objects.select_for_update()
            .filter(ruling__request__cycle=m.cycle, pk=vote_id)
            .first()
        )
        if vote is None:
            raise Refusal("There is no such confidence vote.")
        if vote.status != ConfidenceVote.Status.OPEN or m.now >= vote.ends_at:
            raise Refusal("This confidence vote has ended (H11.6).")
        if choice is None:
            ConfidenceBallot.objects.filter(vote=vote, player=m.player).delete()
        else:
            ConfidenceBallot.objects.update_or_create(
                vote=vote, player=m.player, defaults={"choice": choice}
            )
    return vote


def end_confidence_vote(vote_id: int) -> ConfidenceVote | None:
    """H11.6 At its end: overturned if Overturn votes are strictly more (exactly once)."""
    with transaction.atomic():
        # Lock order as in self_overturn: the cycle, the ruling, then the vote.
        ruling_id, cycle_id = ConfidenceVote.objects.values_list(
            "ruling_id", "ruling__request__cycle_id"
        ).get(pk=vote_id)
        Cycle.objects.select_for_update().get(pk=cycle_id)
        Ruling.objects.select_for_update().get(pk=ruling_id)
        vote = (
            ConfidenceVote.objects.select_for_update(of=("self",))
            .select_related("ruling__request__cycle")
            .get(pk=vote_id)
        )
        if vote.status != ConfidenceVote.Status.OPEN:
            return None
        counts = dict(
            vote.ballots.filter(player__barred=False).values_list("choice").annotate(n=Count("pk"))
        )
        vote.affirm, vote.overturn = counts.get("affirm", 0), counts.get("overturn", 0)
        ruling = vote.ruling
        request = ruling.request
        cycle = request.cycle
        if ruling_overturned(vote.affirm, vote.overturn):
            vote.status = ConfidenceVote.Status.OVERTURNED
            Ruling.objects.filter(pk=ruling.pk).update(
                overturned=Ruling.Overturn.CONFIDENCE, overturned_at=vote.ends_at
            )
            # H11.8 The request is open again for a new ruling.
            JusticeRequest.objects.filter(pk=request.pk).update(status=JusticeRequest.Status.OPEN)
            text = f"The ruling on request {request.number} is overturned by confidence vote"
        else:
            vote.status = ConfidenceVote.Status.AFFIRMED
            text = f"The ruling on request {request.number} is affirmed"
        vote.save(update_fields=["status", "affirm", "overturn"])
        phase = cycle.phases.filter(starts_at__lte=vote.ends_at).order_by("-number").first()
        note(
            cycle,
            phase.number if phase else 0,
            Activity.Kind.CONFIDENCE,
            f"{text} ({vote.affirm} affirm, {vote.overturn} overturn).",
            vote.ends_at,
        )
    return vote
