"""The real stack, from outside (issue 10): DEBUG=0, PostgreSQL and Redis, two gunicorn web
nodes on two ports and two django-q2 clusters on the Redis broker. Players sign up, open
packs, vote, play and redeem a code over HTTP on both nodes; the site's noon comes (every
process shares a clock offset) and the scheduled job resolves it: once, every vote the
site acknowledged counted once.

Runs when SYSTEM_DATABASE_URL (a database it may drop and recreate) and SYSTEM_REDIS_URL
(a Redis database it may flush) are set; `.ci/run` sets them:

    SYSTEM_DATABASE_URL=postgres://postgres@127.0.0.1:5432/goonsite_sys \\
    SYSTEM_REDIS_URL=redis://127.0.0.1:6379/3 .venv/bin/python -m pytest tests/system
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from games.ladder.ops.players import Player, Recorder
from games.ladder.ops.reconcile import reconcile
from games.ladder.ops.stack import Stack, free_ports

DATABASE_URL = os.environ.get("SYSTEM_DATABASE_URL")
REDIS_URL = os.environ.get("SYSTEM_REDIS_URL")
PLAYERS = 10
LEAD = 45  # seconds of the day left when the stack is up; the players need about 20

pytestmark = pytest.mark.skipif(
    not (DATABASE_URL and REDIS_URL),
    reason="the system test needs SYSTEM_DATABASE_URL and SYSTEM_REDIS_URL (see .ci/run)",
)

CREATE_DROP = """
import json
from accounts.models import User
from games.ladder.services.codes import create_drop
admin = User.objects.create_user("drops", password=None, display_name="Drops", is_staff=True)
drop = create_drop(name="System", reward="booster_pack", count=1, created_by=admin)
print(json.dumps([c.code for c in drop.codes.all()]))
"""


@pytest.fixture
def stack(tmp_path):
    log_dir = Path(os.environ.get("SYSTEM_LOG_DIR", tmp_path / "logs"))
    stack = Stack(
        database_url=DATABASE_URL, redis_url=REDIS_URL, ports=free_ports(2), log_dir=log_dir
    )
    stack.prepare()
    stack.set_clock(lead=LEAD)
    stack.start()
    yield stack
    stack.stop()


async def play_the_day(stack: Stack, code: str) -> tuple[list[Player], Recorder]:
    recorder = Recorder()
    players = [Player(f"gooner{n}", stack.urls, recorder) for n in range(PLAYERS)]
    try:
        await asyncio.gather(*(p.sign_up("a-long-system-password-9") for p in players))
        await asyncio.gather(
            *(p.play_a_day(code=code if n == 0 else None) for n, p in enumerate(players))
        )
    finally:
        await asyncio.gather(*(p.close() for p in players))
    return players, recorder


def test_a_day_on_the_real_stack_resolves_once_and_counts_every_vote(stack):
    [code] = stack.python(CREATE_DROP)
    players, recorder = asyncio.run(play_the_day(stack, code))
    assert not recorder.errors, recorder.errors[:10]
    assert sum(len(p.votes) for p in players) == 3 * PLAYERS, "every vote before noon lands"
    assert sum(len(p.plays) for p in players) == PLAYERS
    stack.wait_for_noon()
    facts, problems = reconcile(stack, players)
    assert problems == [], problems
    assert facts["clusters"] == 2  # both clusters beat through Redis
    assert facts["plays"] == PLAYERS
    # The code redeemed through the Redis-backed rate limit and cache.
    assert (
        stack.python(
            "import json; from games.ladder.models import Redemption; "
            "print(json.dumps(Redemption.objects.count()))"
        )
        == 1
    )
