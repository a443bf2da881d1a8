"""Live updates on the real stack (issue 22): DEBUG=0, PostgreSQL, Redis as the channel
layer, two web nodes of `python -m goonsite web` and two django-q2 clusters. A move made
through one node reaches a page connected to the other; a deadline fired by a cluster
reaches it too; and the live-updates benchmark (games/hall/ops/livebench.py) run tiny loses
no update and meets no error.

Runs when SYSTEM_DATABASE_URL and SYSTEM_REDIS_URL are set, like tests/system/test_stack.py
(`.ci/run` sets them).
"""

from __future__ import annotations

import asyncio
import html
import json
import os
from pathlib import Path
from urllib.parse import quote

import httpx
import pytest
from websockets.asyncio.client import connect

from games.hall.ops.livebench import LEAD, drive, seat
from games.hall.ops.pages import CSRF, TOKEN, version_in
from goonsite.stack import Stack, free_ports

DATABASE_URL = os.environ.get("SYSTEM_DATABASE_URL")
REDIS_URL = os.environ.get("SYSTEM_REDIS_URL")
HTMX = {"HX-Request": "true"}

pytestmark = pytest.mark.skipif(
    not (DATABASE_URL and REDIS_URL),
    reason="the system test needs SYSTEM_DATABASE_URL and SYSTEM_REDIS_URL (see .ci/run)",
)

DEADLINE_PASSED = """
import datetime as dt, json
from games.hall.models import Game
from goonsite import clock
passed = clock.now() - dt.timedelta(minutes=1)
print(json.dumps(Game.objects.filter(pk={game}).update(deadline=passed)))
"""
STAGE = """
import html
import json
from games.hall.models import Game
print(json.dumps(Game.objects.get(pk={game}).stage))
"""


@pytest.fixture(scope="module")
def stack(tmp_path_factory):
    log_dir = Path(os.environ.get("SYSTEM_LOG_DIR", tmp_path_factory.mktemp("live-logs")))
    stack = Stack(
        database_url=DATABASE_URL, redis_url=REDIS_URL, ports=free_ports(2), log_dir=log_dir
    )
    stack.prepare()
    stack.set_clock(lead=LEAD)  # no Hall boundary comes during the tests
    stack.start()
    yield stack
    stack.stop()


def seat_of(text: str, name: str) -> str:
    """The HTML of one seat on a table's parts."""
    start = text.index(f'data-player="{name}"')
    end = text.find("data-player=", start + 1)
    return text[start : end if end > 0 else len(text)]


async def next_message(socket, timeout: float) -> dict:
    return json.loads(await asyncio.wait_for(socket.recv(), timeout))


async def a_move_through_a_reaches_b(stack: Stack, table: dict) -> None:
    node_a, node_b = stack.urls
    game, group = table["game"], f"table.hall.game.{table['game']}"
    page = f"/hall/games/{game}/"
    other = {"sessionid": table["other"]}
    mover = {"sessionid": table["mover"], "csrftoken": CSRF}
    async with (
        httpx.AsyncClient(base_url=node_b, cookies=other, timeout=30) as b,
        httpx.AsyncClient(base_url=node_a, cookies=mover, timeout=30) as a,
    ):
        # The other seat's page, rendered by node B: its token and the version it shows.
        text = (await b.get(page)).text
        token = html.unescape(TOKEN.search(text).group(1))
        shown = version_in(text)
        assert "Chosen" not in seat_of(text, "Live 0 mover")
        ws_b = node_b.replace("http", "ws", 1) + f"/live/?t={quote(token)}"
        cookie = {"Cookie": f"sessionid={table['other']}"}
        async with connect(ws_b, origin=node_b, additional_headers=cookie) as socket:
            assert await next_message(socket, 10) == {"type": "subscribed", "groups": [group]}

            # H7.5 the first seat chooses a hand through node A, as its page posts it.
            move = await a.post(
                f"{page}hand/",
                data={"cards": table["hands"][0]},
                headers=HTMX | {"X-CSRFToken": CSRF},
            )
            assert move.status_code == 200
            assert "Hand chosen" in move.text
            made = version_in(move.text)
            assert made == shown + 1

            # Node B's page hears of it over Redis, then fetches its parts from node B.
            assert await next_message(socket, 10) == {"type": "changed", "group": group}
            parts = await b.get(f"{page}poll/", params={"v": shown}, headers=HTMX)
            assert parts.status_code == 200
            assert version_in(parts.text) == made
            assert "Chosen" in seat_of(parts.text, "Live 0 mover")
            again = await b.get(f"{page}poll/", params={"v": made}, headers=HTMX)
            assert again.status_code == 204  # current now: nothing to swap

            # H7.5 the hand-choice deadline passes: a cluster's timer job reveals without
            # the seat that never chose, and node B's page hears of that too.
            # (In a thread: the socket keeps answering the server's pings meanwhile.)
            passed = await asyncio.to_thread(stack.python, DEADLINE_PASSED.format(game=game))
            assert passed == 1
            assert await next_message(socket, 180) == {"type": "changed", "group": group}
            parts = await b.get(f"{page}poll/", params={"v": made}, headers=HTMX)
            assert parts.status_code == 200
            assert version_in(parts.text) > made
    assert stack.python(STAGE.format(game=game)) != "choosing"


def test_a_move_through_one_node_reaches_a_page_on_the_other(stack):
    [table] = seat(stack, 1)["tables"]
    asyncio.run(a_move_through_a_reaches_b(stack, table))


def test_the_live_benchmark_run_tiny_misses_no_update(stack):
    seated = seat(stack, 2, onlookers=2)  # 6 pages: per table the two seats and an onlooker
    result = asyncio.run(drive(stack, seated, seconds=3, interval=1))
    assert result.errors == []
    assert result.sockets == 6
    assert result.moves >= 4  # each table moved on its beat
    assert result.missed == 0
    assert result.behind == 0
    # Every move reached the table's two other pages.
    assert len(result.latencies) == 2 * result.moves
