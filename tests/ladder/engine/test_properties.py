"""Properties of every noon, over random days (Hypothesis)."""

import datetime as dt
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ladder.engine import CardId, Contestant, Day, Direction, Outcome, Play, Player, Vote
from games.ladder.engine.cards import REGULAR_CARDS, is_regular
from games.ladder.engine.outcome import PlayResult
from games.ladder.engine.resolve import resolve_noon
from games.ladder.engine.rules import vote_points

TARGETED = [c for c in CardId if c not in (CardId.CHAOS, CardId.GOLDEN_GOONER)]


@st.composite
def days(draw, *, with_activity: bool = True) -> Day:
    n = draw(st.integers(1, 8))
    ids = [f"c{i}" for i in range(n)]
    flags = draw(
        st.lists(st.sampled_from(["plain", "locked", "golden", "off"]), min_size=n, max_size=n)
    )
    contestants = []
    locked = golden = 0
    for i, flag in enumerate(flags):
        if flag == "locked":
            locked += draw(st.integers(1, 2))  # unlocks leave gaps
        if flag == "golden":
            golden += 1
        contestants.append(
            Contestant(
                id=ids[i],
                score=draw(st.integers(-30, 60)),
                upvotes=draw(st.integers(0, 9)),
                downvotes=draw(st.integers(0, 9)),
                joined=i + 1,
                trophies=draw(st.integers(10, 25))
                if flag == "locked"
                else draw(st.integers(0, 19)),
                locked=locked if flag == "locked" else 0,
                golden=golden if flag == "golden" else 0,
                silent_days=draw(st.integers(0, 40)),
                smelly=draw(st.booleans()),
                on_ladder=flag != "off",
            )
        )
    players, votes, plays = [], [], []
    for p in range(draw(st.integers(0, 5))):
        pid = f"p{p}"
        per_day = draw(st.sampled_from([3, 4]))
        hand = draw(st.lists(st.sampled_from(list(CardId)), max_size=12))
        players.append(
            Player(pid, draw(st.integers(0, 110)), per_day, tuple(hand), draw(st.booleans()))
        )
        if not with_activity:
            continue
        voted_on = draw(st.lists(st.sampled_from(ids), unique=True, max_size=per_day))
        for nth, cid in enumerate(voted_on, start=1):
            votes.append(
                Vote(pid, cid, draw(st.sampled_from(list(Direction))), vote_points(nth, per_day))
            )
        for _ in range(draw(st.integers(0, 6))):
            card = draw(st.sampled_from([*TARGETED, CardId.CHAOS]))
            target = None if card == CardId.CHAOS else draw(st.sampled_from(ids))
            plays.append(Play(pid, card, target))
    order = draw(st.permutations(range(len(votes)))) if votes else []
    noon = dt.date(2026, 12, 7) + dt.timedelta(days=draw(st.integers(0, 6)))
    return Day(
        noon=noon,
        seed=draw(st.integers(0, 2**32)),
        contestants=tuple(contestants),
        players=tuple(players),
        votes=tuple(votes[i] for i in order),
        plays=tuple(plays),
    )


@settings(max_examples=300, deadline=None)
@given(days())
def test_same_day_and_seed_same_noon(day):
    assert resolve_noon(day) == resolve_noon(day)


@settings(max_examples=300, deadline=None)
@given(days())
def test_every_play_gets_exactly_one_outcome(day):
    result = resolve_noon(day)
    assert [p.index for p in result.plays] == list(range(len(day.plays)))
    logged = [e.index for e in result.log if isinstance(e, PlayResult)]
    assert sorted(logged) == list(range(len(day.plays)))
    for p in result.plays:
        if p.outcome in (Outcome.BLOCKED, Outcome.DESTROYED):
            assert p.by is not None and day.plays[p.by].card in (CardId.SHIELD, CardId.SABOTAGE)


@settings(max_examples=300, deadline=None)
@given(days())
def test_no_shared_ranks_and_off_ladder_left_out(day):
    result = resolve_noon(day)
    assert [r.rank for r in result.ladder] == list(range(1, len(result.ladder) + 1))
    on = {c.id for c in day.contestants if c.on_ladder}
    assert {r.id for r in result.ladder} == on
    # Off-ladder contestants come back too (their smell and pins wear off), unranked.
    assert {c.id for c in result.off_ladder} == {c.id for c in day.contestants} - on
    assert sorted(r.contestant.golden for r in result.ladder if r.contestant.golden) == list(
        range(1, sum(1 for r in result.ladder if r.contestant.golden) + 1)
    )


@settings(max_examples=300, deadline=None)
@given(days())
def test_nobody_keeps_more_than_seven_regular_cards_past_the_trim(day):
    for p in resolve_noon(day).players:
        held = sum(1 for c in p.hand if is_regular(c))
        dealt = sum(1 for c in p.dealt if is_regular(c))
        assert held - dealt <= 7
        assert all(is_regular(c) for c in p.trimmed)


@settings(max_examples=300, deadline=None)
@given(days())
def test_mini_gooners_are_never_blocked_or_destroyed(day):
    for p in resolve_noon(day).plays:
        if day.plays[p.index].card == CardId.MINI_GOONER:
            assert p.outcome in (Outcome.LANDED, Outcome.WASTED)


@settings(max_examples=300, deadline=None)
@given(days())
def test_chaos_never_touches_locked_or_golden(day):
    before = {c.id: c for c in day.contestants}
    result = resolve_noon(day)
    for hit in result.chaos:
        if hit.contestant is not None:
            c = before[hit.contestant]
            assert c.on_ladder and not c.locked and not c.golden
            assert 1 <= abs(hit.delta) <= 10
    for row in result.ladder:
        if before[row.id].locked or before[row.id].golden:
            assert row.delta == 0


@settings(max_examples=300, deadline=None)
@given(days(with_activity=False))
def test_a_quiet_day_changes_scores_only_by_decay(day):
    before = {c.id: c for c in day.contestants}
    for row in resolve_noon(day).ladder:
        c = before[row.id]
        silent = 0 if (c.locked or c.golden) else c.silent_days + 1
        assert row.contestant.silent_days == silent
        decays = silent >= 14 and silent % 7 == 0
        if not decays or c.score == 0:
            assert row.delta == 0
        elif c.score > 0:
            assert row.delta == -min(c.score, 2 ** ((silent - 14) // 7))
        else:
            assert row.delta == 1


def test_property_strategy_covers_every_regular_card():
    assert set(REGULAR_CARDS) <= set(TARGETED) | {CardId.CHAOS}


@settings(max_examples=100, deadline=None)
@given(days())
def test_the_day_itself_is_never_changed(day):
    """The engine works on copies: the contestants it was given are as they were."""
    before = [replace(c) for c in day.contestants]
    resolve_noon(day)
    assert list(day.contestants) == before


@settings(max_examples=300, deadline=None)
@given(days())
def test_named_parts_add_up_to_the_change_but_decay(day):
    """R8.4: votes up, votes down and Chaos explain every change; the rest is silent decay."""
    result = resolve_noon(day)
    landed = dict.fromkeys((c.id for c in day.contestants), 0)
    for vote, points in zip(day.votes, result.votes, strict=True):
        landed[vote.contestant] += points
        assert points == 0 or abs(points) in (vote.points, 2 * vote.points)
    for row in result.ladder:
        assert row.votes_up - row.votes_down == landed[row.id]
        rest = row.delta - (row.votes_up - row.votes_down + row.chaos)
        silent = row.contestant.silent_days
        assert rest == 0 or (silent >= 14 and silent % 7 == 0)


@settings(max_examples=300, deadline=None)
@given(days())
def test_every_landed_card_but_sakura_says_what_it_did(day):
    """R8.2: the report can put a number on every card that landed."""
    plays = resolve_noon(day).plays
    for p in plays:
        card = day.plays[p.index].card
        if p.outcome is Outcome.LANDED and card is not CardId.SAKURA_FARTS:
            assert p.effect is not None, card
        if p.outcome is not Outcome.LANDED:
            assert p.effect is None
        if card is CardId.SHIELD and p.effect is not None:
            [blocked] = p.effect.plays
            assert plays[blocked].by == p.index
