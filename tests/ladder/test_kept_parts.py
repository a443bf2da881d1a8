"""games.ladder.kept_parts: the next vote's line, the season panel, the hand and the day's
votes and face-down cards, kept per state, are what the template draws for every board,
whichever board of the same state drew them first (R3.1 the points, R6.14 the milestones,
R6.13 the hand limit, R5.4 packs on top of the hand)."""

import itertools
import random

import pytest
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.template.loader import get_template
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.safestring import mark_safe

from games.ladder import kept_parts
from games.ladder.board import Board
from games.ladder.engine import CATALOGUE, CardId
from games.ladder.engine.rules import HAND_LIMIT, MILESTONES, VOTE_POINTS
from games.ladder.hand_cards import cards_html
from games.ladder.models import (
    Contestant,
    GameDay,
    HeldCard,
    LadderEntry,
    Play,
    PlayerSeason,
    SealedItem,
    Vote,
)

TOKEN = "t0k3n" * 12 + "abcd"  # a masked form token's 64 characters
LIVE_TOKEN = "eyJnIjpbImxhZGRlci5ib2FyZCJdfQ:1wIbGm:signed"
FILL = kept_parts.Fill(csrf_token=TOKEN, live_token=LIVE_TOKEN)
# What an answer shows in its messages part: nothing, one, two, text to escape, and text
# marked safe, which is shown as it is.
MESSAGES = [
    [],
    [Message(constants.SUCCESS, "3 points up on Kat. It lands at Monday's noon.")],
    [Message(constants.ERROR, "Tom & <Jerry> can't take a Skip")],
    [Message(constants.SUCCESS, "Welcome!"), Message(constants.INFO, mark_safe("<b>Hi</b>"))],
    [Message(constants.SUCCESS, "5 points down on Mo. It lands at Monday's noon.")],
]
# One name the template must escape, so a kept part is seen to keep it escaped.
ENTRIES = [
    LadderEntry(pk=pk, contestant=Contestant(name=name))
    for pk, name in ((11, "Kat"), (12, "Tom & <Jerry>"), (13, "Mo"))
]


def board(
    season_votes: int,
    cast: int,
    per_day: int,
    public_key: str,
    aimed=None,
    *,
    voted_on=(),
    plays=(),
    cards=(),
    sealed=(),
    version="",
) -> Board:
    votes = [
        Vote(entry=ENTRIES[voted_on[n] if n < len(voted_on) else 0], direction=d, points=p)
        for n, (d, p) in enumerate(zip(itertools.cycle(("up", "down")), VOTE_POINTS[per_day]))
        if n < cast
    ]
    return Board(
        player=PlayerSeason(season_votes=season_votes, votes_per_day=per_day),
        day=GameDay(),
        votes=votes,
        plays=[Play(card=card, target=target) for card, target in plays],
        golden_plays=[],
        cards=[HeldCard(card=card) for card in cards],
        sealed=[SealedItem(pk=pk, kind=kind) for pk, kind in sealed],
        public_key=public_key,
        version=version,
        targeting=CATALOGUE[aimed] if aimed else None,
    )


def states():
    """Around every milestone, every count of votes cast, both allowances, two versions of
    the public board and a card aimed or not."""
    totals = sorted({0, *(at + d for at, _ in MILESTONES for d in (-4, -1, 0, 1))} - {-1, -2})
    for season_votes, per_day in itertools.product(totals, VOTE_POINTS):
        for cast in range(per_day + 1):
            for key, aimed in itertools.product(("v1", "v2"), (None, CardId.BOOST)):
                yield board(season_votes, cast, per_day, key, aimed), ()


def hands(n: int = 400):
    """Boards drawn from a few of each: votes on a few contestants, cards played on them or
    on none, hands from empty to over the limit, up to three packs of any kind with any
    ids, a card aimed and cards just revealed. Many share a state and differ elsewhere."""
    # Nothing at all, then only a card outside the limit: the same count, one tile more.
    yield board(0, 0, 3, "v1"), []
    yield board(0, 0, 3, "v1", cards=[CardId.MINI_GOONER.value]), []
    rng = random.Random(27)
    few_cards = [CardId.BOOST, CardId.SHIELD, CardId.SKIP, CardId.CHAOS, CardId.MINI_GOONER]
    for _ in range(n):
        per_day = rng.choice(list(VOTE_POINTS))
        cast = rng.randint(0, per_day)
        b = board(
            rng.choice((0, 5)),
            cast,
            per_day,
            rng.choice(("v1", "v2")),
            rng.choice((None, CardId.BOOST, CardId.SHIELD)),
            voted_on=[rng.randrange(len(ENTRIES)) for _ in range(cast)],
            plays=[
                (rng.choice(few_cards[:2]).value, rng.choice((None, *ENTRIES)))
                for _ in range(rng.randint(0, 2))
            ],
            cards=sorted(
                rng.choice(few_cards).value for _ in range(rng.randint(0, HAND_LIMIT + 2))
            ),
            sealed=[
                (rng.randint(1, 10**9), rng.choice(SealedItem.Kind.values))
                for _ in range(rng.randint(0, 3))
            ],
            version=rng.choice(("7:41", "7:42")),
        )
        revealed = rng.choice(((), (CATALOGUE[CardId.BOOST],), tuple(CATALOGUE.values())[:3]))
        yield b, list(revealed)


@pytest.fixture(autouse=True)
def nothing_kept(monkeypatch):
    monkeypatch.setattr(kept_parts, "_kept", type(kept_parts._kept)(100_000))


@pytest.mark.parametrize("part", sorted(kept_parts.KEYS))
def test_a_kept_part_is_what_the_template_draws_for_this_board(part):
    boards = [*states(), *hands()]
    shown = itertools.cycle(MESSAGES)
    # Twice over: first drawn, then each as kept, which another board of its state (the
    # same key, other votes, another aimed card, other packs' ids, other messages) may
    # have drawn first.
    for b, revealed in [*boards, *reversed(boards)]:
        context = {"board": b, "revealed": revealed, "messages": next(shown)}
        tiles = cards_html(b, revealed)  # the hand's, kept one by one (test_noon_rush)
        own = {"csrf_token": TOKEN, "live_token": LIVE_TOKEN, "hand_cards": tiles}
        fresh = get_template(f"{kept_parts.TEMPLATE}#{part}").render(context | own)
        assert kept_parts.drawn([part], context, FILL) == {part: fresh}
    assert 0 < len(kept_parts._kept) < len(boards)  # boards did share what was kept


def test_a_hand_fills_in_each_packs_own_form():
    b = board(0, 0, 3, "v1", sealed=[(41, "booster_pack"), (7, "god_pack")])
    html = kept_parts.drawn(["hand"], {"board": b}, FILL)["hand"]
    assert html.count(f'action="{reverse("ladder:open", args=[41])}"') == 1
    assert html.count(f'hx-post="{reverse("ladder:open", args=[7])}"') == 1
    assert html.count(f'name="csrfmiddlewaretoken" value="{TOKEN}"') == 2
    assert str(kept_parts.FIRST_ITEM_SLOT)[:4] not in html
    assert kept_parts.CSRF_SLOT not in html


def test_the_form_token_is_made_only_for_a_hand_with_a_pack_in_it():
    def no_token():
        raise AssertionError("a token was made for a part with no form in it")

    lazy = SimpleLazyObject(no_token)
    b = board(0, 1, 3, "v1", cards=[CardId.BOOST.value])
    fill = kept_parts.Fill(csrf_token=lazy, live_token=LIVE_TOKEN)
    assert "Boost" in kept_parts.drawn(["hand", "season", "poller"], {"board": b}, fill)["hand"]


def test_only_the_parts_kept_here_are_drawn():
    b = board(3, 1, 3, "v1")
    kept = kept_parts.drawn(["ladder", "season", "next-vote", "hand"], {"board": b}, FILL)
    assert set(kept) == {"season", "next-vote", "hand"}


def test_a_cards_confirmation_is_drawn_afresh():
    """It names its contestant and comes once: the dialog is kept only without one."""
    confirm = {"card": CATALOGUE[CardId.BOOST], "target": ENTRIES[0]}
    shown = {"board": board(0, 0, 3, "v1", CardId.BOOST), "confirm": confirm}
    assert kept_parts.drawn(["dialog"], shown, FILL) == {}
    assert set(kept_parts.drawn(["dialog"], shown | {"confirm": None}, FILL)) == {"dialog"}
