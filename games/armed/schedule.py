"""The armed tables' django-q2 job (installed by a migration through goonsite.schedules)."""

from __future__ import annotations

from goonsite.schedules import Job

# The safety net under the per-deadline tasks (tables/timeouts.py): idempotent, a few
# queries when nothing is due.
TIMERS = Job("armed-timers", "games.armed.tasks.armed_job", "* * * * *")
