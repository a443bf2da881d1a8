"""What the database says about one noon, as JSON: run inside `manage.py shell -c` by the
system test and the load benchmark, and compared with what the players were told."""

RECONCILE = """
import json
from django_q.models import Task
from django_q.status import Stat
from games.ladder.models import GameDay, NoonReport, Play, PlayerSeason, Vote
from goonsite.clock import noon_of
day = GameDay.objects.get(noon_on="{noon_on}")
print(json.dumps({{
    "status": day.status,
    "reports": NoonReport.objects.filter(day=day).count(),
    "votes": sorted(
        [v.player.user.username, v.entry_id, v.direction, v.points, v.day.noon_on.strftime("%A")]
        for v in Vote.objects.select_related("player__user", "day")
    ),
    "season_votes": {{
        p.user.username: p.season_votes for p in PlayerSeason.objects.select_related("user")
    }},
    "plays": Play.objects.filter(day=day).count(),
    "plays_without_outcome": Play.objects.filter(day=day, outcome="").count(),
    "noon_jobs_that_resolved": sum(
        t.result for t in Task.objects.filter(func="games.ladder.tasks.noon_job", success=True)
    ),
    # A failed run's result is its traceback: the first lines of each, to be reported.
    "noon_jobs_failed": [
        str(t.result).splitlines()[0]
        for t in Task.objects.filter(func="games.ladder.tasks.noon_job", success=False)
    ],
    "noon_seconds": day.resolve_seconds,
    # By the site's clock, which both noon and resolved_at are read from.
    "resolved_late_seconds": (
        (day.resolved_at - noon_of(day.noon_on)).total_seconds() if day.resolved_at else None
    ),
    "clusters": len(Stat.get_all()),
}}))
"""


def reconcile(stack, players) -> tuple[dict, list[str]]:
    """The database's view of the noon and every disagreement with what players were told."""
    facts = stack.python(RECONCILE.format(noon_on=stack.noon_date.isoformat()))
    problems = []
    noon_day = stack.noon_date.strftime("%A")
    told = sorted(
        [a.player, a.entry, a.direction, a.points, a.noon_day] for p in players for a in p.votes
    )
    if told != facts["votes"]:
        problems.append(f"votes told {len(told)} != votes stored {len(facts['votes'])}")
    for p in players:
        counted = sum(1 for a in p.votes if a.noon_day == noon_day)
        if facts["season_votes"].get(p.name, 0) != counted:
            problems.append(
                f"{p.name}: {counted} votes counted at noon, season total says "
                f"{facts['season_votes'].get(p.name)}"
            )
    if facts["status"] != "resolved":
        problems.append(f"the day is {facts['status']}")
    if facts["reports"] != 1:
        problems.append(f"{facts['reports']} reports for the day")
    if facts["noon_jobs_that_resolved"] != 1:
        problems.append(f"noon jobs resolved {facts['noon_jobs_that_resolved']} days, not 1")
    if facts["noon_jobs_failed"]:
        problems.append(f"noon job runs failed: {facts['noon_jobs_failed']}")
    if facts["plays_without_outcome"]:
        problems.append(f"{facts['plays_without_outcome']} plays without an outcome")
    return facts, problems
