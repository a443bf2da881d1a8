"""The two games' old outboxes move into the one outbox with nothing queued lost."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.migrating import migrate, migrate_to_latest

BEFORE = [("ladder", "0011_report_lz4"), ("hall", "0004_tables"), ("outbox", "0001_initial")]
AFTER = [("ladder", "0012_discord_posts_to_outbox"), ("hall", "0006_announcements_to_outbox")]


@pytest.mark.django_db(transaction=True)
def test_pending_failed_and_sent_posts_of_both_games_survive_the_move(settings):
    settings.SITE_URL = "https://goonsite.example"
    old = migrate(BEFORE)
    Season = old.get_model("ladder", "Season")
    GameDay = old.get_model("ladder", "GameDay")
    NoonReport = old.get_model("ladder", "NoonReport")
    LadderPost = old.get_model("ladder", "DiscordPost")
    Cycle = old.get_model("hall", "Cycle")
    Announcement = old.get_model("hall", "Announcement")
    season = Season.objects.create(name="Season 9", starts_on=dt.date(2026, 12, 7))
    day = GameDay.objects.create(season=season, noon_on=dt.date(2026, 12, 8), seed=1)
    report = NoonReport.objects.create(day=day, outcome={}, ladder=[])
    LadderPost.objects.create(report=report, status="failed", attempts=2, message_ids=["p1"])
    start = dt.datetime(2026, 12, 7, 18, tzinfo=dt.UTC)
    cycle = Cycle.objects.create(number=16, name="Cycle 16", starts_at=start)
    Announcement.objects.create(cycle=cycle, text="🎰 **Cycle 16** · queued", status="pending")
    Announcement.objects.create(cycle=cycle, text="sent", status="sent", message_id="42")

    new = migrate(AFTER)
    Post = new.get_model("outbox", "DiscordPost")
    ladder = Post.objects.get(game="ladder")
    assert (ladder.kind, ladder.ref, ladder.payloads) == ("report", str(report.pk), None)
    assert (ladder.status, ladder.attempts, ladder.message_ids) == ("failed", 2, ["p1"])
    queued, sent = Post.objects.filter(game="hall").order_by("pk")
    assert queued.status == "pending" and queued.message_ids == []
    assert queued.payloads == [
        {
            "content": "🎰 **Cycle 16** · queued\nhttps://goonsite.example/hall/log/",
            "allowed_mentions": {"parse": []},
        }
    ]
    assert (sent.status, sent.message_ids) == ("sent", ["42"])
    migrate_to_latest()
    for model in (Post, NoonReport, GameDay, Season, Cycle):  # children first, for the flush
        new.get_model(model._meta.app_label, model._meta.model_name).objects.all().delete()
