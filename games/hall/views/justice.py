"""H11 Justice (requests, rulings, confidence votes, removal) and Elections."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from goonsite import clock
from goonsite.ids import parse_id

from ..forms import ChoiceForm, ReasonForm, RequestForm, RulingForm, first_error
from ..models import Candidacy, CandidacyVote, Election, RemovalAssent
from ..services import elections as election_services
from ..services import judge as judge_services
from .common import act, form_refusal, hall_context


def _justice() -> str:
    return reverse("hall:justice")


def _elections() -> str:
    return reverse("hall:elections")


@require_GET
def justice(request: HttpRequest) -> HttpResponse:
    context = hall_context(request)
    cycle = context["cycle"]
    if cycle:
        context["requests"] = (
            cycle.requests.select_related("author__user")
            .prefetch_related("rulings__judge__user", "rulings__confidence__ballots__player__user")
            .order_by("-number")
        )
        context["judge"] = cycle.judge and type(cycle.judge).objects.select_related("user").get(
            pk=cycle.judge_id
        )
        context["assents"] = RemovalAssent.objects.filter(
            cycle=cycle, term=cycle.judge_term
        ).select_related("player__user")
    context["request_form"] = RequestForm()
    context["ruling_form"] = RulingForm()
    context["now"] = clock.now()
    return render(request, "hall/justice.html", context)


@require_POST
def request_submit(request: HttpRequest) -> HttpResponse:
    form = RequestForm(request.POST)
    if not form.is_valid():
        return form_refusal(request, first_error(form), _justice())

    def do() -> str:
        made = judge_services.submit_request(user=request.user, **form.cleaned_data)
        return f"Request {made.number} submitted."

    return act(request, do, back=_justice())


@require_POST
def request_withdraw(request: HttpRequest, request_id: int) -> HttpResponse:
    return act(
        request,
        lambda: (
            judge_services.withdraw_request(user=request.user, request_id=request_id)
            or "Request withdrawn."
        ),
        back=_justice(),
    )


@require_POST
def rule(request: HttpRequest, request_id: int) -> HttpResponse:
    form = RulingForm(request.POST)
    if not form.is_valid():
        return form_refusal(request, first_error(form), _justice())
    return act(
        request,
        lambda: (
            judge_services.issue_ruling(
                user=request.user, request_id=request_id, **form.cleaned_data
            )
            and "Ruling issued."
        ),
        back=_justice(),
    )


@require_POST
def overturn(request: HttpRequest, ruling_id: int) -> HttpResponse:
    """H11.7 The Judge overturns their own ruling with a new one."""
    form = RulingForm(request.POST)
    if not form.is_valid():
        return form_refusal(request, first_error(form), _justice())
    return act(
        request,
        lambda: (
            judge_services.self_overturn(
                user=request.user, ruling_id=ruling_id, **form.cleaned_data
            )
            and "Ruling overturned; your new ruling stands."
        ),
        back=_justice(),
    )


@require_POST
def confidence_open(request: HttpRequest, ruling_id: int) -> HttpResponse:
    return act(
        request,
        lambda: (
            judge_services.open_confidence_vote(user=request.user, ruling_id=ruling_id)
            and "Confidence vote opened: 48 hours to vote."
        ),
        back=_justice(),
    )


@require_POST
def confidence_vote(request: HttpRequest, vote_id: int) -> HttpResponse:
    form = ChoiceForm(request.POST)
    form.is_valid()
    choice = form.cleaned_choice()
    return act(
        request,
        lambda: (
            judge_services.cast_confidence(user=request.user, vote_id=vote_id, choice=choice)
            and (f"You voted {choice.capitalize()}." if choice else "Your vote is cleared.")
        ),
        back=_justice(),
    )


@require_POST
def removal(request: HttpRequest) -> HttpResponse:
    """H11.2 Assent (with a reason) or withdraw one's assent."""
    if request.POST.get("withdraw"):
        return act(
            request,
            lambda: judge_services.withdraw_assent(user=request.user) or "Assent withdrawn.",
            back=_justice(),
        )
    form = ReasonForm(request.POST)
    if not form.is_valid():
        return form_refusal(request, "Give a reason for removing the Judge.", _justice())

    def do() -> str:
        removed = judge_services.assent_to_removal(
            user=request.user, reason=form.cleaned_data["reason"]
        )
        return "Two assents: the Judge is removed." if removed else "Your assent is recorded."

    return act(request, do, back=_justice())


@require_POST
def step_down(request: HttpRequest) -> HttpResponse:
    return act(
        request,
        lambda: judge_services.step_down(user=request.user) or "You stepped down as Judge.",
        back=_justice(),
    )


@require_GET
def elections(request: HttpRequest) -> HttpResponse:
    """H11.10 This week's candidacies and votes, past results."""
    context = hall_context(request)
    cycle = context["cycle"]
    if cycle and cycle.is_current:
        week = election_services.current_week(cycle, clock.now())
        candidacies = list(
            Candidacy.objects.filter(cycle=cycle, week=week, withdrawn=False)
            .select_related("player__user")
            .prefetch_related("votes__player__user")
        )
        me = context["me"]
        for c in candidacies:
            votes = list(c.votes.all())
            c.supporters = [v.player for v in votes if v.choice == CandidacyVote.Choice.SUPPORT]
            c.opponents = [v.player for v in votes if v.choice == CandidacyVote.Choice.OPPOSE]
            c.my_vote = next((v.choice for v in votes if me and v.player_id == me.pk), None)
        context.update(
            week=week,
            candidacies=candidacies,
            week_ends=election_services.week_ends(cycle, week),
        )
    if cycle:
        context["past"] = Election.objects.filter(cycle=cycle).select_related("winner__user")
    return render(request, "hall/elections.html", context)


@require_POST
def candidacy(request: HttpRequest) -> HttpResponse:
    if request.POST.get("withdraw"):
        return act(
            request,
            lambda: (
                election_services.withdraw_candidacy(
                    user=request.user, candidacy_id=parse_id(request.POST["withdraw"]) or 0
                )
                and "Candidacy withdrawn."
            ),
            back=_elections(),
        )
    return act(
        request,
        lambda: (
            election_services.submit_candidacy(user=request.user)
            and "You stand for Judge this week."
        ),
        back=_elections(),
    )


@require_POST
def candidacy_vote(request: HttpRequest, candidacy_id: int) -> HttpResponse:
    form = ChoiceForm(request.POST)
    form.is_valid()
    choice = form.cleaned_choice()
    return act(
        request,
        lambda: (
            election_services.vote_candidacy(
                user=request.user, candidacy_id=candidacy_id, choice=choice
            )
            and (f"You {choice} this candidacy." if choice else "Your vote is cleared.")
        ),
        back=_elections(),
    )
