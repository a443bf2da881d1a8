"""The Hall's django-q2 job (installed by a migration through goonsite.schedules)."""

from __future__ import annotations

from goonsite.schedules import Job

# Every minute, like the ladder's noon: the job is idempotent and a few queries when
# nothing is due, so a missed run is retried within a minute, a cluster that was down
# catches up in order (H12.1), and the 48 h / 24 h timers need no schedule of their own.
TIMERS = Job("hall-timers", "games.hall.tasks.hall_job", "* * * * *")
