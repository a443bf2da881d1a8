"""The Hall's read pages: home, players, an inventory, rules, the log, past cycles."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from ..forms import DeckForm
from ..models import Cycle, Gift, Player, Proposal
from ..rulebook import RULEBOOK
from ..selectors import (
    SHOP,
    cards_as_seen,
    my_trades,
    recent_activity,
    sorted_cards,
    standings,
    viewed_cycle,
)
from ..services.ledger import explain
from .common import hall_context

HOME = "hall/home.html"


def home_context(request: HttpRequest) -> dict:
    context = hall_context(request)
    cycle, me = context["cycle"], context["me"]
    if cycle:
        context["standings"] = standings(cycle)
        context["others"] = [s for s in context["standings"] if s.player != me]
    if me:
        context["unvoted"] = (
            cycle.proposals.filter(status=Proposal.Status.OPEN).exclude(votes__player=me).count()
        )
        context["my_cards"] = sorted_cards(me)
        context["gifts_in"] = (
            Gift.objects.filter(receiver=me).select_related("giver__user").order_by("-pk")[:5]
        )
    context["shop"] = SHOP
    return context


@require_GET
@vary_on_headers("HX-Request")
def home(request: HttpRequest) -> HttpResponse:
    """H14.1 Hall: the cycle, the phase clock, my status and holdings, today's actions."""
    return render(request, HOME, home_context(request))


@require_GET
def players(request: HttpRequest, number: int | None = None) -> HttpResponse:
    """H14.1 Players, by Chips: the race to 25 (also the cycle's final standings)."""
    cycle = viewed_cycle(number)
    if cycle is None:
        raise Http404
    context = hall_context(request, cycle)
    context["standings"] = standings(cycle)
    return render(request, "hall/players.html", context)


@require_GET
def inventory(request: HttpRequest, player_id: int) -> HttpResponse:
    """H14.1 A player's inventory (public, H14.2); on one's own, the deck and trades (H14.3)."""
    player = get_object_or_404(Player.objects.select_related("user", "cycle"), pk=player_id)
    context = hall_context(request, player.cycle)
    cards = cards_as_seen(player, context["me"])
    mine = context["me"] == player
    context.update(
        player=player,
        cards=cards,
        mine=mine,
        deck_form=DeckForm(mine=cards, initial={"cards": [c.pk for c in cards if c.in_deck]})
        if mine
        else None,
        trades=my_trades(player) if mine else [],
        ledger=player.ledger.order_by("-pk")[:60],
        explained=explain(player),
    )
    return render(request, "hall/inventory.html", context)


@require_GET
def rules(request: HttpRequest) -> HttpResponse:
    """H14.1 Rules: the rules a player needs, with the numbers the game runs on, then the
    amendments in order (H10.7)."""
    context = hall_context(request)
    context["rules"] = RULEBOOK
    cycle = context["cycle"]
    context["amendments"] = (
        cycle.proposals.filter(amendment__isnull=False).order_by("amendment") if cycle else []
    )
    return render(request, "hall/rules.html", context)


@require_GET
def log(request: HttpRequest, number: int | None = None) -> HttpResponse:
    """H14.1 Log: the public record of the cycle, and its phase reports (H14.4)."""
    cycle = viewed_cycle(number)
    if cycle is None:
        raise Http404
    context = hall_context(request, cycle)
    context["activity"] = recent_activity(cycle)
    context["reports"] = cycle.phases.filter(status="closed").order_by("-number")[:14]
    return render(request, "hall/log.html", context)


@require_GET
def cycles(request: HttpRequest) -> HttpResponse:
    """H1.2 Every cycle, ended ones readable."""
    context = hall_context(request)
    context["cycles"] = Cycle.objects.select_related("winner__user")
    return render(request, "hall/cycles.html", context)
