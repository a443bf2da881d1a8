"""Join, gift, shop, trades, deck and battle: parse, call a service, answer."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST

from goonsite.words import count

from ..cards import card_names
from ..forms import BuyForm, DeckForm, GiftForm, TradeForm, first_error
from ..models import Card, Engagement, Player
from ..rules.shop import PRICE_LIST, ShopItem
from ..selectors import SHOP, cards_as_seen, sorted_cards
from ..services.battle import engage, withdraw_engagement
from ..services.gifts import give_gift
from ..services.players import join
from ..services.shop import buy
from ..services.trades import (
    Side,
    accept_trade,
    decline_trade,
    offer_trade,
    set_deck,
    withdraw_trade,
)
from .common import act, form_refusal, hall_context, intent_of
from .pages import HOME, home_context

HOME_PARTS = ("wallet", "today", "my-cards", "messages")
SHOP_PAGE = "hall/shop.html"


def _home() -> str:
    return reverse("hall:home")


@require_POST
def join_view(request: HttpRequest) -> HttpResponse:
    def do() -> str:
        player, created = join(user=request.user)
        return f"Welcome to {player.cycle}!" if created else "You are in this cycle already."

    return act(request, do, back=_home())


@require_POST
def gift(request: HttpRequest) -> HttpResponse:
    """H5 Once per phase, a random card to another player."""
    form = GiftForm(request.POST)
    if not form.is_valid():
        return form_refusal(request, first_error(form), _home())

    def do() -> str:
        g = give_gift(
            user=request.user,
            receiver_id=form.cleaned_data["receiver"],
            intent=intent_of(request),
        )
        text = (
            f"{g.receiver} received {count(len(g.cards), 'card')} from you: {card_names(g.cards)}."
        )
        if g.bonus == "granted":
            text += f" They had acted already: your giver bonus is {card_names([g.bonus_card])}."
        elif g.bonus == "pending":
            text += " They are inactive: if they act this phase, you get a card too."
        return text + f" (Phase {g.phase}.)"

    return act(
        request,
        do,
        back=_home(),
        template=HOME,
        parts=HOME_PARTS,
        context=lambda: home_context(request),
    )


def shop_context(request: HttpRequest) -> dict:
    context = hall_context(request)
    context["shop"] = SHOP
    if context["me"]:
        context["purchases"] = context["me"].purchases.order_by("-pk")[:8]
    return context


@require_GET
def shop(request: HttpRequest) -> HttpResponse:
    """H6 The price list, paid in Vertebrae."""
    return render(request, SHOP_PAGE, shop_context(request))


@require_POST
def shop_buy(request: HttpRequest) -> HttpResponse:
    form = BuyForm(request.POST)
    back = reverse("hall:shop")
    if not form.is_valid():
        return form_refusal(request, "The shop does not sell that.", back)

    def do() -> str:
        p = buy(user=request.user, item=form.cleaned_data["item"], intent=intent_of(request))
        if not p.cards:
            return f"You bought {count(p.chips, 'Chip')} for {count(p.cost, 'Vertebra')}."
        name = PRICE_LIST[ShopItem(p.item)].name
        return f"You bought a {name} for {count(p.cost, 'Vertebra')}: {card_names(p.cards)}."

    return act(
        request,
        do,
        back=back,
        template=SHOP_PAGE,
        parts=("wallet", "shop-items", "purchases", "messages"),
        context=lambda: shop_context(request),
    )


@require_GET
def battle_lobby(request: HttpRequest) -> HttpResponse:
    """H14.1 Battle: this phase's engaged players and the battles formed at past boundaries.
    (Duels and the games themselves come with the Exoptosis tables.)"""
    context = hall_context(request)
    cycle, today = context["cycle"], context["today"]
    if cycle and today and today.phase:
        context["engaged"] = (
            Engagement.objects.filter(player__cycle=cycle, phase=today.phase.number)
            .select_related("player__user")
            .order_by("at")
        )
        context["past"] = cycle.phases.filter(status="closed").order_by("-number")[:7]
    return render(request, "hall/battle.html", context)


@require_POST
def battle_engage(request: HttpRequest) -> HttpResponse:
    """H7.2"""
    if request.POST.get("withdraw"):
        return act(
            request,
            lambda: withdraw_engagement(user=request.user) or "You withdrew from battle.",
            back=_home(),
        )
    return act(
        request,
        lambda: (
            engage(user=request.user)
            and "You engaged in battle: it forms at the end of this phase."
        ),
        back=_home(),
    )


def _trade_form(request, me: Player, other: Player, data=None) -> TradeForm:
    mine = [c for c in sorted_cards(me) if not c.locked]
    theirs = [c for c in cards_as_seen(other, me) if not c.locked]  # H14.2
    return TradeForm(data, mine=mine, theirs=theirs)


@require_GET
def trade_new(request: HttpRequest, player_id: int) -> HttpResponse:
    """H3.5 Offer a trade to one other player: what you give, what you ask."""
    context = hall_context(request)
    other = get_object_or_404(Player.objects.select_related("user"), pk=player_id)
    if context["me"] is None:
        return form_refusal(request, "Join the cycle to trade.", _home())
    context.update(other=other, form=_trade_form(request, context["me"], other))
    return render(request, "hall/trade_new.html", context)


@require_POST
def trade_offer(request: HttpRequest, player_id: int) -> HttpResponse:
    context = hall_context(request)
    other = get_object_or_404(Player, pk=player_id)
    back = reverse("hall:trade_new", args=[player_id])
    if context["me"] is None:
        return form_refusal(request, "Join the cycle to trade.", _home())
    form = _trade_form(request, context["me"], other, request.POST)
    if not form.is_valid():
        return form_refusal(request, first_error(form), back)
    d = form.cleaned_data

    def do() -> str:
        trade = offer_trade(
            user=request.user,
            receiver_id=other.pk,
            give=Side(d["give_cards"], d["give_vertebrae"] or 0, d["give_chips"] or 0),
            ask=Side(d["ask_cards"], d["ask_vertebrae"] or 0, d["ask_chips"] or 0),
            intent=intent_of(request),
        )
        return f"Offer sent to {other}: {trade.summary}."

    return act(request, do, back=reverse("hall:inventory", args=[context["me"].pk]))


@require_POST
def trade_answer(request: HttpRequest, trade_id: int) -> HttpResponse:
    answer = request.POST.get("answer")
    services = {
        "accept": (accept_trade, "Trade done: the items changed hands."),
        "decline": (decline_trade, "You declined the offer."),
        "withdraw": (withdraw_trade, "You withdrew your offer."),
    }
    context = hall_context(request)
    back = reverse("hall:inventory", args=[context["me"].pk]) if context["me"] else _home()
    if answer not in services:
        return form_refusal(request, "Accept, decline or withdraw.", back)
    service, text = services[answer]
    return act(request, lambda: service(user=request.user, trade_id=trade_id) and text, back=back)


@require_POST
def deck(request: HttpRequest) -> HttpResponse:
    """H3.3 The deck: a private default hand."""
    context = hall_context(request)
    me = context["me"]
    if me is None:
        return form_refusal(request, "Join the cycle first.", _home())
    form = DeckForm(request.POST, mine=list(Card.objects.filter(owner=me)))
    back = reverse("hall:inventory", args=[me.pk])
    if not form.is_valid():
        return form_refusal(request, first_error(form), back)
    return act(
        request,
        lambda: (
            "Deck saved: "
            f"{count(set_deck(user=request.user, card_ids=form.cleaned_data['cards']), 'card')}."
        ),
        back=back,
    )
