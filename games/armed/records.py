"""A player's record at Armed tables: on /armed/ and on their profile (GameListing)."""

from __future__ import annotations

from django.db.models import Count, Q

from .models import ArmedSeat, ArmedTable, Policy


def stats_of(user) -> dict:
    """The player's finished armed games, wins and win rate by bot policy."""
    rows = (
        ArmedSeat.objects.filter(user=user, bot=False, table__stage=ArmedTable.Stage.OVER)
        .values("table__policy")
        .annotate(games=Count("pk"), wins=Count("pk", filter=Q(won=True, left_at__isnull=True)))
    )
    by_policy = []
    for row in rows:
        games, wins = row["games"], row["wins"]
        by_policy.append(
            {
                "policy": Policy(row["table__policy"]).label,
                "games": games,
                "wins": wins,
                "rate": round(100 * wins / games) if games else 0,
            }
        )
    games = sum(r["games"] for r in by_policy)
    wins = sum(r["wins"] for r in by_policy)
    return {
        "games": games,
        "wins": wins,
        "rate": round(100 * wins / games) if games else 0,
        "by_policy": sorted(by_policy, key=lambda r: r["policy"]),
    }


def profile_record(user) -> dict | None:
    """The profile's section: the record, or nothing for a player who never finished one."""
    stats = stats_of(user)
    return {"stats": stats} if stats["games"] else None
