"""The table kit on its own (goonsite/tables), with a made-up game: nothing of any real
game is needed to sit at a table, which is what a new game relies on."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from contextlib import contextmanager
from dataclasses import dataclass, field

import pytest
from django.db import transaction
from django.template.loader import render_to_string

from goonsite.live.publishing import publish
from goonsite.refusal import Refusal
from goonsite.tables import deadlines
from goonsite.tables.adapter import SeatInfo, Sitting, TableAdapter, Templates
from goonsite.tables.models import TableGame
from goonsite.tables.seeds import SEED_BITS, draw_seed, seed_hash
from goonsite.tables.turns import act, attempt
from goonsite.tables.views import engine_input_download

NOW = dt.datetime(2026, 12, 1, 18, tzinfo=dt.UTC)

# An accepted action publishes the table's live group when the transaction commits
# (transaction.on_commit needs the database connection, though the game here is not stored).
pytestmark = pytest.mark.django_db


def counting_engine(engine_input: dict) -> dict:
    """A pure engine: each action must say the next number; others are refused."""
    count, refusals = 0, []
    for index, action in enumerate(engine_input["actions"]):
        if action["n"] == count + 1:
            count += 1
        else:
            refusals.append({"index": index, "reason": f"say {count + 1}, not {action['n']}"})
    return {"count": count, "refusals": refusals}


@dataclass
class CountingGame:
    """Duck-typed like a TableGame row (the kit reads these fields and methods only)."""

    setup: dict = field(default_factory=lambda: {"seed": 7})
    moves: list = field(default_factory=list)
    state: dict = field(default_factory=dict)
    version: int = 0
    ended_at: dt.datetime | None = None
    seed: int = 7
    saved: int = 0
    live_group: str = "table.tests.counting.1"  # what pages of this table subscribe to

    engine_input = TableGame.engine_input
    is_over = TableGame.is_over

    def save(self, **kwargs) -> None:
        self.saved += 1


class CountingTables(TableAdapter):
    game_model = TableGame
    templates = Templates(page="count.html", replay="count_replay.html", poll_parts=("table",))

    def __init__(self, game: CountingGame) -> None:
        self.game, self.accepted_moves = game, []

    def run(self, engine_input):
        return counting_engine(engine_input)

    def raw(self, output):
        return output

    def read(self, state):
        return state

    def refusal(self, sitting, output, index):
        found = [r["reason"] for r in output["refusals"] if r["index"] == index]
        return f"Refused: {found[0]}." if found else None

    @contextmanager
    def locked(self, game_id, *, user=None, now):
        yield Sitting(self.game, user, now)

    def accepted(self, sitting, moves, output):
        self.accepted_moves.append(moves[-1])

    def on_deadline(self, sitting):
        attempt(self, sitting, {"n": sitting.game.state.get("count", 0) + 1, "auto": True})

    def decision_time(self, game):
        return dt.timedelta(seconds=60)

    def view(self, game, viewer, output, *, step=None):
        return output["count"]

    def seats(self, game):
        return [SeatInfo("goon1", "Ann", 1), SeatInfo("goon2", "unlicensed opposition", None, True)]


def test_an_accepted_action_is_stored_with_the_engines_answer_and_a_new_version():
    game = CountingGame()
    tables = CountingTables(game)
    act(tables, 1, lambda sitting: {"n": 1}, user="ann", now=NOW)
    assert game.moves == [{"n": 1}] and game.state["count"] == 1
    assert game.version == 1 and game.saved == 1 and tables.accepted_moves == [{"n": 1}]


def test_a_refused_action_changes_nothing_and_says_why():
    game = CountingGame(moves=[{"n": 1}], state={"count": 1, "refusals": []}, version=1)
    tables = CountingTables(game)
    with pytest.raises(Refusal, match=r"Refused: say 2, not 5\."):
        act(tables, 1, lambda sitting: {"n": 5}, user="ann", now=NOW)
    assert game.moves == [{"n": 1}] and game.version == 1 and game.saved == 0
    assert tables.accepted_moves == []


def test_the_seed_is_committed_to_by_its_sha256():
    seed = draw_seed()
    assert 0 <= seed < 2**SEED_BITS
    assert seed_hash(seed) == hashlib.sha256(str(seed).encode()).hexdigest()
    assert seed_hash(seed) != seed_hash(seed + 1)


def test_the_engine_input_is_published_only_once_the_game_has_ended():
    """The download reruns to the stored answer; while the game runs the seed is secret."""
    game = CountingGame()
    tables = CountingTables(game)
    for n in (1, 2, 3):
        act(tables, 1, lambda sitting, n=n: {"n": n}, user="ann", now=NOW)
    assert engine_input_download(game, "count-1") is None
    game.ended_at = NOW
    download = engine_input_download(game, "count-1")
    assert 'filename="count-1-engine-input.json"' in download["Content-Disposition"]
    engine_input = json.loads(download.content)
    assert engine_input == {"seed": 7, "actions": game.moves}
    assert counting_engine(engine_input) == game.state


def published(callbacks) -> list[tuple[str, ...]]:
    """The live groups the captured on-commit callbacks publish (goonsite.live.publish)."""
    return [c.args for c in callbacks if getattr(c, "func", None) is publish]


def test_an_accepted_action_publishes_its_table_on_commit(django_capture_on_commit_callbacks):
    """Issue 22: every game on the kit pushes its moves to the table's open pages."""
    game = CountingGame()
    tables = CountingTables(game)
    with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
        act(tables, 1, lambda sitting: {"n": 1}, user="ann", now=NOW)
    assert published(callbacks) == [("table.tests.counting.1",)]


def test_a_refused_action_publishes_nothing(django_capture_on_commit_callbacks):
    game = CountingGame(moves=[{"n": 1}], state={"count": 1, "refusals": []}, version=1)
    tables = CountingTables(game)
    with (
        django_capture_on_commit_callbacks() as callbacks,
        pytest.raises(Refusal),
        transaction.atomic(),
    ):
        act(tables, 1, lambda sitting: {"n": 5}, user="ann", now=NOW)
    assert published(callbacks) == []


def test_a_fired_deadline_publishes_its_table(monkeypatch, django_capture_on_commit_callbacks):
    """The job acting for a seat reaches the table's pages like a player's move."""
    game = CountingGame()
    tables = CountingTables(game)
    monkeypatch.setattr(deadlines, "due_games", lambda adapter, now: FoundOne())
    monkeypatch.setattr(deadlines, "claim", lambda adapter, pk, due: True)
    game.pk, game.deadline = 1, NOW - dt.timedelta(seconds=1)
    with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
        assert deadlines.fire_deadlines(tables, 1, NOW) == 1
    assert game.moves == [{"n": 1, "auto": True}]
    assert published(callbacks) == [("table.tests.counting.1",)]  # once per commit


class FoundOne:
    def filter(self, **kwargs):
        return self

    def exists(self):
        return True


@pytest.mark.parametrize(
    ("ended", "after_end", "live"),
    [(False, False, True), (True, False, False), (True, True, True)],
)
def test_the_kits_live_element_goes_quiet_at_the_end_unless_asked_to_stay(
    rf, ended, after_end, live
):
    """Issue 22: a finished table stops fetching; `live_after_end` keeps it (a chat after
    the game, A12.6/S54)."""
    game = CountingGame(version=4, ended_at=NOW if ended else None)
    html = render_to_string(
        "tables/live_poll.html",
        {"game": game, "poll_url": "/count/1/poll/", "live_after_end": after_end},
        request=rf.get("/"),
    )
    assert 'data-version="4"' in html
    assert ('hx-get="/count/1/poll/?v=4"' in html) is live
    assert ("data-live-groups" in html) is live
