"""The Chaos Report through the site's Discord outbox, against a real local HTTP server
standing in for Discord (R8.1)."""

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

import pytest

from games.ladder import public
from games.ladder.discord_messages import DESCRIPTION_LIMIT, MESSAGE_LIMIT, message_size, payloads
from games.ladder.models import NoonReport
from games.ladder.services.discord import queue_post
from games.ladder.services.noon import resolve_due_noons
from games.ladder.services.plays import play_face_down
from games.ladder.services.votes import cast_vote
from goonsite.outbox import services as outbox
from goonsite.outbox.models import DiscordPost
from goonsite.outbox.services import deliver, resend
from tests.ladder.fixtures import TUESDAY_NOON, give


class FakeDiscord:
    """Answers webhook posts from a script of (status, body) replies, then 200s with ids."""

    def __init__(self) -> None:
        self.requests: list[dict] = []
        self.script: list[tuple[int, dict]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers["Content-Length"])
                body = json.loads(self.rfile.read(length))
                fake.requests.append({"query": parse_qs(urlparse(self.path).query), "body": body})
                status, reply = (
                    fake.script.pop(0) if fake.script else (200, {"id": str(len(fake.requests))})
                )
                data = json.dumps(reply).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/webhooks/1/token"
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    @property
    def bodies(self) -> list[dict]:
        return [r["body"] for r in self.requests]


@pytest.fixture
def fake_discord(settings):
    fake = FakeDiscord()
    settings.DISCORD_WEBHOOK_URL = fake.url
    settings.SITE_URL = "https://goonsite.example"
    yield fake
    fake.close()


@pytest.fixture
def waits(monkeypatch) -> list[float]:
    slept: list[float] = []
    monkeypatch.setattr(outbox, "pause", slept.append)
    return slept


@pytest.fixture
def report(
    alice,
    bob,
    alice_player,
    bob_player,
    entries,
    now,
    fake_discord,
    django_capture_on_commit_callbacks,
):
    give(alice_player, "shield")
    give(bob_player, "skip")
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    play_face_down(user=alice, card="shield", target_id=entries["ava"].pk, now=now)
    play_face_down(user=bob, card="skip", target_id=entries["ava"].pk, now=now)
    with django_capture_on_commit_callbacks(execute=False):
        [report] = resolve_due_noons(TUESDAY_NOON)
    return report


def post_of(report: NoonReport) -> DiscordPost:
    return DiscordPost.objects.get(game="ladder", kind="report", ref=str(report.pk))


def test_noon_posts_its_report_after_commit(
    fake_discord, report, django_capture_on_commit_callbacks, waits
):
    post = post_of(report)
    assert post.status == DiscordPost.Status.PENDING and not fake_discord.requests
    assert deliver(post.pk) == "sent"
    [request] = fake_discord.requests
    assert request["query"] == {"wait": ["true"]}
    body = request["body"]
    assert body["allowed_mentions"] == {"parse": []}
    [embed] = body["embeds"]
    assert embed["title"] == "Chaos Report · Tuesday, December 8"
    assert embed["url"] == f"https://goonsite.example/archive/{report.pk}/"
    assert "⏭️ Bob played Skip on Ava: blocked by Alice's Shield" in embed["description"]
    assert "🛡️ Alice played Shield on Ava: landed, blocked Bob's Skip" in embed["description"]
    assert "1 gooner(s) drew a card" not in embed["description"]  # Alice used 1 of 3 votes
    post.refresh_from_db()
    assert (post.status, post.attempts, post.message_ids) == ("sent", 1, ["1"])
    assert post.payloads is None  # made from the report when sent, not in the noon
    assert post.summary == "Chaos Report of Tue Dec 08, 2026"  # what the admin's list shows


def test_running_the_task_twice_posts_once(fake_discord, report, waits):
    assert deliver(post_of(report).pk) == "sent"
    assert deliver(post_of(report).pk) == "skipped"
    assert len(fake_discord.requests) == 1


def test_429_waits_as_discord_says(fake_discord, report, waits):
    fake_discord.script = [(429, {"message": "slow down", "retry_after": 2.5, "global": False})]
    assert deliver(post_of(report).pk) == "sent"
    assert waits == [2.5]
    assert len(fake_discord.requests) == 2


def test_500_then_success_backs_off(fake_discord, report, waits):
    fake_discord.script = [(500, {}), (502, {})]
    assert deliver(post_of(report).pk) == "sent"
    assert waits == [1.0, 2.0]


def test_400_fails_at_once_and_an_admin_resends(
    fake_discord, report, waits, django_capture_on_commit_callbacks
):
    fake_discord.script = [(400, {"message": "Invalid Form Body"})]
    assert deliver(post_of(report).pk) == "failed"
    post = DiscordPost.objects.get()
    assert post.status == "failed" and "400" in post.last_error and waits == []
    with django_capture_on_commit_callbacks(execute=True):
        resend(post)
    post.refresh_from_db()
    assert (post.status, post.attempts) == ("sent", 2)


def test_gives_up_after_five_tries_and_the_noon_stands(fake_discord, report, waits):
    fake_discord.script = [(503, {})] * 5
    assert deliver(post_of(report).pk) == "failed"
    assert "gave up after 5 tries: Discord answered 503" in DiscordPost.objects.get().last_error
    assert waits == [1.0, 2.0, 4.0, 8.0]
    assert NoonReport.objects.get().pk == report.pk


def test_unreachable_discord_fails_cleanly(settings, report, waits):
    settings.DISCORD_WEBHOOK_URL = "http://127.0.0.1:9/nothing-listens-here"
    assert deliver(post_of(report).pk) == "failed"
    assert "network error" in DiscordPost.objects.get().last_error


def test_a_retry_resumes_after_the_parts_already_sent(fake_discord, report, waits):
    """A long report in three parts: part 2 fails; the re-send posts parts 2 and 3 only."""
    report.outcome["plays"] = report.outcome["plays"] * 120
    report.save()
    parts = payloads(
        report.outcome, f"https://goonsite.example/archive/{report.pk}/", report.ladder
    )
    assert len(parts) >= 3
    fake_discord.script = [(200, {"id": "p1"})] + [(503, {})] * 5
    assert deliver(post_of(report).pk) == "failed"
    assert DiscordPost.objects.get().message_ids == ["p1"]
    post = DiscordPost.objects.get()
    resend(post)
    assert deliver(post.pk) == "sent"
    descriptions = [b["embeds"][0]["description"] for b in fake_discord.bodies]
    assert descriptions.count(parts[0]["embeds"][0]["description"]) == 1
    assert descriptions[-(len(parts) - 1) :] == [p["embeds"][0]["description"] for p in parts[1:]]


def test_a_post_stuck_sending_is_not_retried_by_itself(fake_discord, report, waits):
    """The crash window: a worker died after Discord accepted a part. At most once: no
    automatic retry; the admin's re-send is the way out."""
    DiscordPost.objects.update(status=DiscordPost.Status.SENDING)
    assert deliver(post_of(report).pk) == "skipped"
    assert fake_discord.requests == []


def test_long_reports_split_within_discord_limits():
    outcome = {
        "noon": "2026-12-09",
        "plays": [
            {
                "player": "P" * 40 + str(n),
                "card": "boost",
                "target": "Ava",
                "outcome": "landed",
                "by": None,
            }
            for n in range(400)
        ],
        "winners": ["Ava", "Bo", "Cy"],
        "drew": 3,
    }
    bodies = payloads(outcome, "https://goonsite.example/archive/1/")
    assert len(bodies) > 2
    for n, body in enumerate(bodies, start=1):
        assert len(body["embeds"]) == 1
        assert message_size(body) < MESSAGE_LIMIT
        assert len(body["embeds"][0]["description"]) <= DESCRIPTION_LIMIT
        assert body["embeds"][0]["footer"]["text"] == f"Part {n} of {len(bodies)}"
    text = "\n".join(b["embeds"][0]["description"] for b in bodies)
    assert text.count(" played Boost on Ava: landed") == 400
    assert text.index("Wednesday winners") < text.index("Boost")


def test_names_cannot_ping_or_format():
    outcome = {
        "noon": "2026-12-08",
        "plays": [
            {
                "player": "@everyone *bold*",
                "card": "skip",
                "target": "Ava",
                "outcome": "landed",
                "by": None,
            }
        ],
        "drew": 0,
    }
    [body] = payloads(outcome, "u")
    assert "@everyone \\*bold\\*" in body["embeds"][0]["description"]
    assert body["allowed_mentions"] == {"parse": []}


def test_no_webhook_no_outbox(settings, report):
    settings.DISCORD_WEBHOOK_URL = None
    assert queue_post(report) is None


def test_the_task_runs_after_the_noon_commits(
    alice, entries, now, fake_discord, waits, django_capture_on_commit_callbacks
):
    """End to end in django-q2's sync mode: the noon commits, then the task posts."""
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        resolve_due_noons(TUESDAY_NOON)
    posts = [c for c in callbacks if c is not public._bump]  # the rest refresh the board
    assert len(posts) == 1
    assert DiscordPost.objects.get().status == DiscordPost.Status.SENT
    assert len(fake_discord.requests) == 1


def test_a_wednesday_with_a_golden_winner_posts_the_whole_story(
    alice,
    bob,
    alice_player,
    bob_player,
    season,
    entries,
    now,
    fake_discord,
    waits,
    django_capture_on_commit_callbacks,
):
    """The top ten with movement, the winners with their Golden mark, every card with its
    reason, Chaos once and the link, within Discord's limits (R8.1-R8.3)."""
    from games.ladder.models import Contestant, LadderEntry
    from games.ladder.services.noon import resolve_now
    from games.ladder.services.plays import pin_golden

    for joined, name in enumerate(["Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"], start=6):
        LadderEntry.objects.create(
            season=season, contestant=Contestant.objects.create(name=name), joined=joined
        )
    bob_player.golden_holder = True
    bob_player.save()
    give(bob_player, "golden_gooner", "boost", "chaos")
    give(alice_player, "skip", "reverse")
    with django_capture_on_commit_callbacks(execute=False):
        resolve_now(now)  # Tuesday
    play_face_down(user=alice, card="skip", target_id=entries["eli"].pk, now=now)
    pin_golden(user=bob, target_id=entries["eli"].pk, now=now)  # the Skip waits on a Golden
    cast_vote(user=alice, entry_id=entries["ava"].pk, direction="up", now=now)
    play_face_down(user=bob, card="boost", target_id=entries["ava"].pk, now=now)  # no vote
    play_face_down(user=alice, card="reverse", target_id=entries["ava"].pk, now=now)
    play_face_down(user=bob, card="chaos", target_id=None, now=now)
    with django_capture_on_commit_callbacks(execute=True):
        wednesday = resolve_now(now)
    assert wednesday.day.noon_on.weekday() == 2
    text = "\n".join(b["embeds"][0]["description"] for b in fake_discord.bodies)
    assert "**Wednesday winners**\n🥇 Eli 👑 was Golden: the pin came off" in text
    assert "🌟 Bob pinned Eli" in text
    assert "**The ladder (top 10)**" in text
    top = [line for line in text.splitlines() if line.startswith("#")]
    assert len(top) == 10 and top[0].startswith("#1 ") and top[9].startswith("#10 ")
    assert "🚀 Bob played Boost on Ava: wasted (no vote of its player on them)" in text
    assert "⏭️ Alice played Skip on Eli: wasted (Golden)" in text
    assert "🔄 Alice played Reverse on Ava: landed, flipped 1 vote: +5 became -5" in text
    assert text.count("Chaos hit") == 1
    assert f"https://goonsite.example/archive/{wednesday.pk}/" in text
    for body in fake_discord.bodies:
        assert message_size(body) < MESSAGE_LIMIT
        assert len(body["embeds"][0]["description"]) <= DESCRIPTION_LIMIT
