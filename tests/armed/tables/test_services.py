"""The armed tables' services against the database (A12): lobby, moves, refusals, end."""

from __future__ import annotations

import pytest

from games.armed.models import ArmedSeat, ArmedTable
from games.armed.tables import lobby, moves
from games.armed.tables.adapter import TABLES
from games.armed.tables.timeouts import run_table_timers
from goonsite.refusal import Refusal
from tests.armed.tables.helpers import at, awaiting, fresh, play_default, play_to_end, reseed

pytestmark = pytest.mark.django_db


def started(alice, bob=None, size=3, policy="simple", turn=60):
    t = lobby.open_table(user=alice, size=size, policy=policy, turn_seconds=turn, now=at(0))
    if bob:
        lobby.take_seat(user=bob, game_id=t.pk, now=at(0))
    return lobby.start_table(user=alice, game_id=t.pk, now=at(0))


def test_open_take_and_start_fills_free_seats_with_bots(alice, bob):
    """A12.1 the opener is GOON #1; a friend takes a free seat; bots take the rest."""
    t = lobby.open_table(user=alice, size=5, policy="sharp", now=at(0))
    seat = lobby.take_seat(user=bob, game_id=t.pk, now=at(1))
    assert seat.position == 2
    game = lobby.start_table(user=alice, game_id=t.pk, now=at(2))
    kinds = [(s.position, s.bot) for s in game.seats.order_by("position")]
    assert kinds == [(1, False), (2, False), (3, True), (4, True), (5, True)]
    assert [s["kind"] for s in game.setup["seats"]] == ["human", "human", "bot", "bot", "bot"]
    assert {s["policy"] for s in game.setup["seats"]} == {"sharp"}
    assert game.stage == ArmedTable.Stage.PLAYING and game.deadline == at(2 + 60)


def test_only_the_opener_starts_and_cannot_stand_up(alice, bob):
    t = lobby.open_table(user=alice, size=3, now=at(0))
    lobby.take_seat(user=bob, game_id=t.pk, now=at(0))
    with pytest.raises(Refusal, match="Only the opener starts"):
        lobby.start_table(user=bob, game_id=t.pk, now=at(1))
    with pytest.raises(Refusal, match="opener cannot stand up"):
        lobby.stand_up(user=alice, game_id=t.pk, now=at(1))
    lobby.stand_up(user=bob, game_id=t.pk, now=at(1))
    assert not ArmedSeat.objects.filter(table=t, user=bob).exists()


def test_a_full_table_refuses_a_seat_in_words(alice, bob, charlie):
    t = lobby.open_table(user=alice, size=3, now=at(0))
    lobby.take_seat(user=bob, game_id=t.pk, now=at(0))
    with pytest.raises(Refusal, match="already have a seat"):
        lobby.take_seat(user=bob, game_id=t.pk, now=at(0))
    lobby.start_table(user=alice, game_id=t.pk, now=at(0))
    with pytest.raises(Refusal, match="already started"):
        lobby.take_seat(user=charlie, game_id=t.pk, now=at(1))


def test_bad_table_settings_are_refused(alice):
    with pytest.raises(Refusal, match="3 to 6 seats"):
        lobby.open_table(user=alice, size=7, now=at(0))
    with pytest.raises(Refusal, match="15 seconds to 24 hours"):
        lobby.open_table(user=alice, size=3, turn_seconds=5, now=at(0))
    assert not ArmedTable.objects.exists()


def test_a_move_out_of_turn_is_refused_in_words_and_writes_nothing(alice, bob):
    game = started(alice, bob)
    a = awaiting(game)
    other = bob if a.seat == "goon1" else alice
    before = (fresh(game).version, list(fresh(game).moves))
    with pytest.raises(Refusal, match=r"^Refused: .*awaited"):
        moves.answer(user=other, game_id=game.pk, grit=False, now=at(1))
    assert (fresh(game).version, fresh(game).moves) == before


def test_an_outsider_cannot_move(alice, charlie):
    game = started(alice)
    with pytest.raises(Refusal, match="no seat at this table"):
        moves.answer(user=charlie, game_id=game.pk, grit=True, now=at(1))


def _until(game, users, decision, seat="goon1", limit=200):
    for n in range(limit):
        a = awaiting(game)
        if a is None:
            pytest.skip("the game ended first")
        if a.decision == decision and a.seat == seat:
            return a
        play_default(game, users, at(1 + n / 10))
    raise AssertionError(f"no {decision} for {seat}")


def test_gritting_pays_a_tooth_and_fires_the_malfunction_at_the_shooter(alice):
    """A4.2 grit: 1 Tooth to the supply, the malfunction on the shooter."""
    for _seed_try in range(20):
        game = started(alice)
        a = awaiting(game)
        if a.decision == "respond" and a.seat == "goon1":
            break
        play_to_end(game, {1: alice})
    else:
        pytest.skip("no early shot at the human")
    out = moves.answer(user=alice, game_id=game.pk, grit=True, now=at(1))
    assert out.seat("goon1").teeth == 2
    events = [e["event"] for e in out.raw["log"] if e["index"] == 0]
    assert events[:2] == ["grit", "malfunction"]


def test_comply_carries_out_the_demand(alice):
    for _ in range(20):
        game = started(alice)
        a = awaiting(game)
        if a.decision == "respond":
            break
        play_to_end(game, {1: alice})
    else:
        pytest.skip("no early shot at the human")
    out = moves.answer(user=alice, game_id=game.pk, grit=False, now=at(1))
    assert out.seat("goon1").teeth == 3
    assert next(e["event"] for e in out.raw["log"] if e["index"] == 0) in ("comply", "no_grit")


def test_a_game_against_bots_plays_to_the_end_with_standings_and_seed(alice):
    """A10, A12.2: the end keeps the standings the engine gave and reveals the seed."""
    game = play_to_end(started(alice, size=4, policy="sharp"), {1: alice})
    assert game.stage == ArmedTable.Stage.OVER and game.revealed_seed == game.seed
    result = TABLES.output_of(game).result
    seats = {s.engine_id: s for s in game.seats.all()}
    for row in result.standings:
        assert (seats[row["seat"]].loot, seats[row["seat"]].teeth) == (row["loot"], row["teeth"])
        assert seats[row["seat"]].won == (row["seat"] in result.winners)
    assert game.deadline is None and game.settled_at is not None
    # S54 after the game chat is free: the site posts it, the game's actions are untouched
    assert moves.say(user=alice, game_id=game.pk, text="gg", now=at(999)) is None
    assert ArmedTable.objects.get(pk=game.pk).moves == game.moves


def test_a_timeout_takes_the_default_and_three_in_a_row_make_the_goon_leave(alice):
    """A12.3 comply or the simple bot's choice; A12.4 three timeouts in a row: leave.

    Dealt from a known seed: from a drawn one the bots' moves after the third timeout
    can end the game first (about one seed in 600), and then there is nothing to leave.
    """
    game = reseed(started(alice, turn=15), 1)
    version = fresh(game).version
    assert run_table_timers(at(10)) == 0 and fresh(game).version == version
    for n in range(1, 4):
        assert not fresh(game).is_over
        t = (fresh(game).deadline - at(0)).total_seconds()
        assert run_table_timers(at(t)) == 1
        log = TABLES.output_of(fresh(game)).raw["log"]
        timeouts = [e for e in log if e["event"] == "timeout" and e["seat"] == "goon1"]
        assert len(timeouts) == n
        seat = fresh(game).seats.get(position=1)
        assert seat.timeouts_in_row == n
        assert (seat.left_at is not None) == (n == 3)
    # Alone at the table, the human's leave lets the bots play it to the end (A12.5).
    assert fresh(game).stage == ArmedTable.Stage.OVER


def test_a_third_timeout_that_ends_the_game_leaves_no_seat_to_leave(alice):
    """A12.4 against A10: the timeout's default and the bots after it finished the game,
    so the human is not marked as having left (seed found by scanning drawn seeds)."""
    game = reseed(started(alice, turn=15), 6757358491897425280)
    for _ in range(3):
        t = (fresh(game).deadline - at(0)).total_seconds()
        assert run_table_timers(at(t)) == 1
    seat = fresh(game).seats.get(position=1)
    assert seat.timeouts_in_row == 3 and seat.left_at is None
    assert fresh(game).stage == ArmedTable.Stage.OVER


def test_an_own_move_resets_the_timeouts_in_a_row(alice):
    """A12.4 "with no own move between them"."""
    game = reseed(started(alice, turn=15), 1)
    t = (fresh(game).deadline - at(0)).total_seconds()
    run_table_timers(at(t))
    assert fresh(game).seats.get(position=1).timeouts_in_row == 1
    assert not fresh(game).is_over
    play_default(game, {1: alice}, at(t + 1))
    assert fresh(game).seats.get(position=1).timeouts_in_row == 0


def test_a_late_move_is_refused_after_the_default_ran(alice):
    game = started(alice, turn=15)
    with pytest.raises(Refusal, match="Too late"):
        play_default(game, {1: alice}, at(16))
    assert any(e["event"] == "timeout" for e in TABLES.output_of(fresh(game)).raw["log"])


def test_leaving_hands_the_seat_to_a_bot(alice, bob):
    """A12.5 the seat plays on as a bot; the one who left can no longer move."""
    game = started(alice, bob)
    moves.leave(user=bob, game_id=game.pk, now=at(1))
    out = TABLES.output_of(fresh(game))
    assert out.seat("goon2").left and out.seat("goon2").kind == "bot"
    with pytest.raises(Refusal, match="You left"):
        moves.say(user=bob, game_id=game.pk, text="back!", now=at(2))


def test_chat_keeps_or_breaks_bits(alice):
    """A8.2 a message that breaks a bit costs a Tooth; one the goon cannot pay is refused."""
    game = started(alice)
    moves.say(user=alice, game_id=game.pk, text="hello <b>table</b>", now=at(1))
    out = TABLES.output_of(fresh(game))
    assert [e["text"] for e in out.raw["log"] if e["event"] == "say"] == ["hello <b>table</b>"]
    with pytest.raises(Refusal, match="1,000 characters"):
        moves.say(user=alice, game_id=game.pk, text="x" * 1001, now=at(1))
    with pytest.raises(Refusal, match="Write something"):
        moves.say(user=alice, game_id=game.pk, text="   ", now=at(1))


def test_chat_under_a_bit_drops_it_for_a_tooth(alice):
    """A8.2 with a bit held, a message breaking it drops it and costs 1 Tooth."""
    for _ in range(40):
        game = started(alice, size=4, policy="sharp")
        users = {1: alice}
        for n in range(60):
            out = TABLES.output_of(fresh(game))
            if out.over or out.seat("goon1").bits:
                break
            play_default(game, users, at(1 + n))
        out = TABLES.output_of(fresh(game))
        if not out.over and out.seat("goon1").bits and out.seat("goon1").teeth > 0:
            break
    else:
        pytest.skip("no bit reached the human")
    teeth = out.seat("goon1").teeth
    bit = out.seat("goon1").bits[0].bit
    breaking = {"cluck": "no chicken here", "shout": "quiet please", "pose": "no pose"}[bit]
    moves.say(user=alice, game_id=game.pk, text=breaking, now=at(1 + n))
    after = TABLES.output_of(fresh(game))
    assert after.seat("goon1").teeth == teeth - 1
    assert bit not in [b.bit for b in after.seat("goon1").bits]
