"""The result's JSON rows are written out field by field; they must follow the row types."""

import typing

from games.ladder.engine.cards import CardId, PackId
from games.ladder.engine.jsonio import EVENT_ROWS, _play_result_event, _player_row
from games.ladder.engine.outcome import (
    ChaosHit,
    Deal,
    Dealt,
    Effect,
    Event,
    ExtraVote,
    Locked,
    Outcome,
    PlayerResult,
    PlayResult,
    Trimmed,
    Won,
)

EXAMPLES = [
    ChaosHit(1, "tc", "ava", -3),
    Locked("ava", 2, 20),
    Won(1, "ava"),
    Trimmed("tc", (CardId.BOOST,)),
    Dealt("tc", PackId.BOOSTER_PACK, Deal.MILESTONE, 6),
    ExtraVote("tc", 4),
]


def test_every_event_type_has_a_row():
    assert set(EVENT_ROWS) | {PlayResult} == set(typing.get_args(Event))


def test_event_rows_name_the_event_then_every_field_in_order():
    for event in EXAMPLES:
        row = EVENT_ROWS[type(event)](event)
        name = "".join("_" + ch.lower() if ch.isupper() else ch for ch in type(event).__name__)
        assert list(row) == ["event", *type(event)._fields]
        assert row["event"] == name.lstrip("_")
        assert tuple(row.values())[1:] == tuple(event)


def test_play_result_event_carries_every_field_and_the_effect_json():
    play = PlayResult(0, "tc", CardId.BOOST, "ava", Outcome.LANDED, effect=Effect(1, 5))
    row = _play_result_event(play, {"votes": 1, "points": 5})
    assert list(row) == ["event", *PlayResult._fields]
    assert tuple(row.values())[1:-1] == tuple(play)[:-1]
    assert row["effect"] == {"votes": 1, "points": 5}


def test_player_row_has_every_field_in_order():
    player = PlayerResult("tc", 48, 4, (CardId.SKIP,), (), (CardId.SKIP,))
    assert tuple(_player_row(player).items()) == tuple(player._asdict().items())
