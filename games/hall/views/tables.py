"""The Exoptosis tables' pages (H14.1 Duels, Game): the lobby, a table, its replay.

Views parse with forms, call a service, and answer with the page's parts for htmx (the
table, the messages). Other players' moves arrive by polling `game_poll`, which answers
204 (nothing to swap) while the game's version is unchanged: one indexed query.
"""

from __future__ import annotations

from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import get_template
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET, require_POST

from goonsite.parts import render_parts
from goonsite.tables.views import engine_input_download, replay_step, unchanged_or
from goonsite.words import count

from ..forms import first_error
from ..models import Game, Player
from ..tables import moves
from ..tables.adapter import TABLES
from ..tables.duels import answer_duel, request_duel, withdraw_duel
from ..tables.forming import in_a_game
from ..tables.forms import BetForm, ChallengeForm, DrawForm, GiveForm, HandForm, PlayForm
from ..tables.models import DuelRequest, Seat, seats_in_play
from ..tables.view import Tile, hand_choices, table_view
from .common import act, form_refusal, hall_context

GAME_PAGE = TABLES.templates.page
GAME_PARTS = (*TABLES.templates.poll_parts, "messages")
# While I am choosing my hand, others' choices must not reset the boxes I have ticked.
CHOOSING_PARTS = ("poll", "table-head", "seats")
ONLOOKER_TABLE_SECONDS = 30


def _lobby() -> str:
    return reverse("hall:duels")


@require_GET
def duels(request: HttpRequest) -> HttpResponse:
    """H14.1 Duels: challenge players; requests and invitations; games under way and past."""
    context = hall_context(request)
    cycle, me = context["cycle"], context["me"]
    if cycle:
        others = Player.objects.filter(cycle=cycle, barred=False).select_related("user")
        if me:
            others = others.exclude(pk=me.pk)
        context["others"] = list(others)
        busy = in_a_game([p.pk for p in context["others"]])
        context["busy"] = busy
        requests = DuelRequest.objects.filter(cycle=cycle).select_related("requester__user")
        context["open_requests"] = list(
            requests.filter(status=DuelRequest.Status.OPEN).prefetch_related(
                "invites__player__user"
            )
        )
        context["recent_requests"] = list(
            requests.exclude(status=DuelRequest.Status.OPEN)
            .prefetch_related("invites__player__user")
            .order_by("-pk")[:10]
        )
        games = Game.objects.filter(cycle=cycle).prefetch_related("seats__player__user")
        context["games"] = list(games.order_by("-pk")[:20])
        if me:
            seat = seats_in_play().filter(player=me).select_related("game").first()
            context["my_game"] = seat.game if seat else None
    return render(request, "hall/duels.html", context)


@require_POST
def duel_request(request: HttpRequest) -> HttpResponse:
    context = hall_context(request)
    players = Player.objects.filter(cycle=context["cycle"]) if context["cycle"] else []
    form = ChallengeForm(request.POST, players=players)
    if not form.is_valid():
        return form_refusal(request, first_error(form), _lobby())

    def do() -> str:
        r = request_duel(user=request.user, opponent_ids=form.cleaned_data["opponents"])
        names = ", ".join(str(i.player) for i in r.invites.select_related("player__user"))
        return f"You challenged {names}. The request lapses in 24 hours without every answer."

    return act(request, do, back=_lobby())


@require_POST
def duel_answer(request: HttpRequest, request_id: int) -> HttpResponse:
    verb = request.POST.get("answer", "")
    if verb == "withdraw":
        return act(
            request,
            lambda: withdraw_duel(user=request.user, request_id=request_id) or "Withdrawn.",
            back=_lobby(),
        )
    if verb not in ("accept", "decline"):
        return form_refusal(request, "Accept or decline.", _lobby())

    def do() -> str:
        r = answer_duel(user=request.user, request_id=request_id, accept=verb == "accept")
        if r.game_id:
            return "Everyone accepted: the duel has formed. Choose your hand."
        return "You accepted." if verb == "accept" else "You declined the duel."

    response = act(request, do, back=_lobby())
    r = DuelRequest.objects.filter(pk=request_id).values_list("game_id", flat=True).first()
    if r:
        return redirect("hall:game", game_id=r)
    return response


def _game_of(game_id: int) -> Game:
    return get_object_or_404(Game.objects.select_related("cycle", "winner__user"), pk=game_id)


def game_context(request: HttpRequest, game: Game, step: int | None = None) -> dict:
    context = hall_context(request, game.cycle)
    game.refresh_from_db()
    view = table_view(game, context["me"], step=step)
    context.update(game=game, t=view)
    if view.my_decision == "choose":
        cards, ticked = hand_choices(view.me.seat)
        context["choice_cards"], context["ticked"] = cards, ticked
    return context


@require_GET
def game_page(request: HttpRequest, game_id: int) -> HttpResponse:
    """H14.1 Game: the table, every hand face up once revealed (H14.2)."""
    game = _game_of(game_id)
    return render(request, GAME_PAGE, game_context(request, game))


@require_GET
def game_poll(request: HttpRequest, game_id: int) -> HttpResponse:
    """The cheap version check behind the live table: 204 while nothing changed."""

    def changed() -> HttpResponse:
        if not Seat.objects.filter(game_id=game_id, player__user_id=request.user.pk).exists():
            return _onlooker_parts(request, _game_of(game_id))
        context = game_context(request, _game_of(game_id))
        choosing = context["t"].my_decision == "choose"
        parts = CHOOSING_PARTS if choosing else TABLES.templates.poll_parts
        # The game moved on: my last banner ("You played …") is past, so it goes too.
        return render_parts(request, GAME_PAGE, (*parts, "messages"), context)

    return unchanged_or(TABLES, request, game_id, changed)


def _onlooker_parts(request: HttpRequest, game: Game) -> HttpResponse:
    """What someone not seated at the table fetches: the table every onlooker sees (no
    hand, no move of theirs), rendered once per version and time zone and then taken from
    the cache by the other onlookers' fetches, which a live push sends all at once (issue
    22: rendering it is most of a fetch's cost). Their own poll part (their token) and
    messages are rendered for each."""
    zone = timezone.get_current_timezone_name()
    key = f"hall:onlooker-table:{game.pk}:{game.version}:{zone}"
    table = cache.get(key)
    if table is None:
        context = game_context(request, game)
        table = get_template(f"{GAME_PAGE}#table").render(context, request)
        # Short: the burst after a push is over in seconds, and "time left" is as of then.
        cache.set(key, table, ONLOOKER_TABLE_SECONDS)
    else:
        context = {"game": game}
    return render_parts(
        request, GAME_PAGE, (*TABLES.templates.poll_parts, "messages"), context, {"table": table}
    )


@require_GET
def game_replay(request: HttpRequest, game_id: int) -> HttpResponse:
    """H7.9 The game's moves, step by step, from the stored log (H7.10 the seed at the end)."""
    game = _game_of(game_id)
    if not game.setup:
        return form_refusal(request, "Nothing to replay before the reveal.", _table(game_id))
    context = game_context(request, game, step=replay_step(request, game))
    return render(request, TABLES.templates.replay, context)


@require_GET
def game_engine_input(request: HttpRequest, game_id: int) -> HttpResponse:
    """H7.9, H7.10 The ended game's starting position and moves as the engine's JSON input."""
    game = _game_of(game_id)
    download = engine_input_download(game, f"exoptosis-game-{game.pk}")
    if download is None:
        return form_refusal(
            request,
            "The engine's input is published when the game ends: its seed is secret until then "
            "(H7.10).",
            _table(game_id),
        )
    return download


def _table(game_id: int) -> str:
    return reverse("hall:game", args=[game_id])


def _act_at_table(request: HttpRequest, game_id: int, do: Callable[[], str]) -> HttpResponse:
    game = _game_of(game_id)
    return act(
        request,
        do,
        back=_table(game_id),
        template=GAME_PAGE,
        parts=GAME_PARTS,
        context=lambda: game_context(request, game),
    )


@require_POST
def game_hand(request: HttpRequest, game_id: int) -> HttpResponse:
    """H7.5 choose or change the hand, or leave before the reveal."""
    if request.POST.get("leave"):
        return _act_at_table(
            request,
            game_id,
            lambda: (
                moves.leave_game(user=request.user, game_id=game_id)
                or "You left the game; your cards are unlocked."
            ),
        )
    seat = Seat.objects.filter(game_id=game_id, player__user=request.user).first()
    if seat is None:
        return form_refusal(request, "You are not a participant of this game.", _table(game_id))
    cards, _ = hand_choices(seat)
    form = HandForm(request.POST, cards=cards)
    if not form.is_valid():
        return form_refusal(request, first_error(form), _table(game_id))

    def do() -> str:
        moves.choose_hand(user=request.user, game_id=game_id, card_ids=form.cleaned_data["cards"])
        game = Game.objects.get(pk=game_id)
        if game.stage == Game.Stage.CHOOSING:
            return "Hand chosen; it is revealed when everyone has chosen."
        return "Everyone has chosen: the hands are revealed. Betting is open."

    return _act_at_table(request, game_id, do)


@require_POST
def game_bet(request: HttpRequest, game_id: int) -> HttpResponse:
    """H8.4-H8.7, H7.6"""
    verb = request.POST.get("verb", "")
    user = request.user
    if verb == "bet":
        form = BetForm(request.POST)
        if not form.is_valid():
            return form_refusal(request, first_error(form), _table(game_id))
        amount = form.cleaned_data["amount"]

        def do() -> str:
            moves.bet(user=user, game_id=game_id, amount=amount)
            return f"You put {count(amount, 'Chip')} at stake."
    elif verb == "match":

        def do() -> str:
            state = moves.match(user=user, game_id=game_id)
            return f"You matched the stake of {count(state.stake, 'Chip')}."
    elif verb == "forfeit":

        def do() -> str:
            moves.forfeit(user=user, game_id=game_id)
            return "You forfeited: you lose nothing (H8.7)."
    elif verb == "ready":

        def do() -> str:
            moves.ready(user=user, game_id=game_id)
            return "Ready."
    else:
        return form_refusal(request, "Bet, match, forfeit or Ready.", _table(game_id))
    return _act_at_table(request, game_id, do)


@require_POST
def game_play(request: HttpRequest, game_id: int) -> HttpResponse:
    """H8.11-H8.19"""
    form = PlayForm(request.POST)
    if not form.is_valid():
        return form_refusal(request, first_error(form), _table(game_id))
    card, args = form.cleaned_data["card"], form.arguments()
    return _act_at_table(
        request,
        game_id,
        lambda: (
            moves.play(user=request.user, game_id=game_id, card=card, **args)
            and f"You played the {Tile(card).label}."
        ),
    )


@require_POST
def game_draw(request: HttpRequest, game_id: int) -> HttpResponse:
    """H8.20, H8.21"""
    form = DrawForm(request.POST)
    if not form.is_valid():
        return form_refusal(request, first_error(form), _table(game_id))
    args = form.arguments()
    return _act_at_table(
        request,
        game_id,
        lambda: (
            moves.draw(user=request.user, game_id=game_id, **args)
            and ("You drew a card." if "card" in args else "You asked for a card.")
        ),
    )


@require_POST
def game_give(request: HttpRequest, game_id: int) -> HttpResponse:
    """H8.21"""
    form = GiveForm(request.POST)
    if not form.is_valid():
        return form_refusal(request, first_error(form), _table(game_id))
    card = form.cleaned_data["card"]
    return _act_at_table(
        request,
        game_id,
        lambda: (
            moves.give(user=request.user, game_id=game_id, card=card)
            and f"You gave {Tile(card).label}."
        ),
    )
