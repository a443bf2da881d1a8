"""H10 The Proposals page: submit, vote, withdraw, edit."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from ..forms import ChoiceForm, EditProposalForm, ProposalForm, first_error
from ..models import Proposal
from ..selectors import proposals_with_votes
from ..services.proposals import (
    cast_proposal_vote,
    edit_proposal,
    submit_proposal,
    withdraw_proposal,
)
from .common import act, form_refusal, hall_context

PAGE = "hall/proposals.html"


def page_context(request: HttpRequest, form: ProposalForm | None = None) -> dict:
    context = hall_context(request)
    cycle = context["cycle"]
    proposals = proposals_with_votes(cycle) if cycle else []
    my_votes = {}
    if context["me"]:
        for p in proposals:
            for v in p.votes.all():
                if v.player_id == context["me"].pk:
                    my_votes[p.pk] = v.choice
    for p in proposals:
        p.my_vote = my_votes.get(p.pk)
    context.update(
        open_proposals=[p for p in proposals if p.status == Proposal.Status.OPEN],
        closed_proposals=[p for p in reversed(proposals) if p.status != Proposal.Status.OPEN],
        form=form or ProposalForm(),
    )
    return context


@require_GET
def proposals(request: HttpRequest) -> HttpResponse:
    return render(request, PAGE, page_context(request))


@require_POST
def submit(request: HttpRequest) -> HttpResponse:
    form = ProposalForm(request.POST)
    back = reverse("hall:proposals")
    if not form.is_valid():
        return form_refusal(request, first_error(form), back)

    def do() -> str:
        p = submit_proposal(user=request.user, **form.cleaned_data)
        return f"Proposal {p.number} submitted."

    return act(request, do, back=back)


@require_POST
def vote(request: HttpRequest, proposal_id: int) -> HttpResponse:
    """H10.4 For, Against, or clear."""
    form = ChoiceForm(request.POST)
    form.is_valid()
    choice = form.cleaned_choice()

    def do() -> str:
        p = cast_proposal_vote(user=request.user, proposal_id=proposal_id, choice=choice)
        if choice is None:
            return f"Your vote on proposal {p.number} is cleared."
        return f"You voted {choice.capitalize()} on proposal {p.number}."

    return act(
        request,
        do,
        back=reverse("hall:proposals") + f"#proposal-{proposal_id}",
        template=PAGE,
        parts=("open-proposals", "messages"),
        context=lambda: page_context(request),
    )


@require_POST
def withdraw(request: HttpRequest, proposal_id: int) -> HttpResponse:
    return act(
        request,
        lambda: (
            f"Proposal {withdraw_proposal(user=request.user, proposal_id=proposal_id).number}"
            " withdrawn."
        ),
        back=reverse("hall:proposals"),
    )


@require_GET
def edit_form(request: HttpRequest, proposal_id: int) -> HttpResponse:
    proposal = get_object_or_404(Proposal, pk=proposal_id)
    context = hall_context(request)
    context.update(
        proposal=proposal,
        form=EditProposalForm(initial={"title": proposal.title, "text": proposal.text}),
    )
    return render(request, "hall/proposal_edit.html", context)


@require_POST
def edit(request: HttpRequest, proposal_id: int) -> HttpResponse:
    """H10.6 Editing withdraws the original and opens a new proposal."""
    form = EditProposalForm(request.POST)
    back = reverse("hall:proposals")
    if not form.is_valid():
        return form_refusal(request, first_error(form), back)

    def do() -> str:
        new = edit_proposal(user=request.user, proposal_id=proposal_id, **form.cleaned_data)
        return f"Edited: the original is withdrawn; your text is now proposal {new.number}."

    return act(request, do, back=back)
