"""The Hall's tests play whole weeks in a few calls: the job keeps up with them.

In production only the job runs a phase boundary; an action that finds one due waits for
the job a moment, then is refused (games/hall/services/due.py). Here the job runs the
moment an action waits for it, so a test written as "at day 3, ann votes" finds days 1
and 2 decided as they would be on the site. The tests of the policy itself (marked
`job_runs_apart`) see the real wait.
"""

from __future__ import annotations

import pytest

from games.hall.services import due
from games.hall.services.timers import run_due


@pytest.fixture(autouse=True)
def the_job_keeps_up(request, monkeypatch):
    if request.node.get_closest_marker("job_runs_apart"):
        return
    waits = due.wait_for_due_work

    def job_runs_then_wait(cycle, now):
        run_due(now)
        waits(cycle, now)

    monkeypatch.setattr(due, "wait_for_due_work", job_runs_then_wait)
