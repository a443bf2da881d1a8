"""`make run`'s job runner reaches the pages through the web server (goonsite.live.relay):
without Redis the two processes share no channel layer (issue 22, left alone last round:
a deadline or bot move done by the cluster showed only at the 60 s backstop)."""

from __future__ import annotations

import json

import pytest

from games.ladder.management.commands.serve import child_environments
from goonsite.live import publish
from goonsite.live.relay import HEADER
from tests.live.helpers import listening

SECRET = "relay-test-secret"


def post(client, body, secret=SECRET):
    return client.post(
        "/live/relay/",
        data=json.dumps(body),
        content_type="application/json",
        headers={HEADER: secret} if secret is not None else {},
    )


@pytest.fixture
def relay_on(settings):
    settings.LIVE_RELAY_SECRET = SECRET
    return settings


def test_there_is_no_relay_unless_make_run_turned_it_on(client, settings):
    settings.LIVE_RELAY_SECRET = ""
    assert post(client, {"groups": ["ladder.board"]}).status_code == 404


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("secret", [None, "", "not-the-secret"])
def test_a_caller_without_the_secret_is_refused_and_nothing_is_sent(client, relay_on, secret):
    with listening("ladder.board") as heard:
        answer = post(client, {"groups": ["ladder.board"]}, secret=secret)
    assert answer.status_code == 403
    assert answer.json() == {"error": "not our job runner"}
    assert heard == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("body", [{}, {"groups": "ladder.board"}, {"groups": ["no spaces!"]}])
def test_a_malformed_relay_is_refused_in_words(client, relay_on, body):
    with listening("ladder.board") as heard:
        answer = post(client, body)
    assert answer.status_code == 400 and answer.json()["error"]
    assert heard == []


@pytest.mark.django_db(transaction=True)
def test_the_relay_sends_on_the_web_servers_layer(client, relay_on):
    with listening("ladder.board", "table.armed.armedtable.7") as heard:
        answer = post(client, {"groups": ["table.armed.armedtable.7", "ladder.board"]})
    assert answer.status_code == 204
    assert heard == ["table.armed.armedtable.7", "ladder.board"]


@pytest.mark.django_db(transaction=True)
def test_the_job_runners_publish_goes_through_the_web_server(live_server, relay_on):
    """The cluster's side: `publish` posts to the relay instead of its own (empty) layer;
    the listener sits on the server's layer (one process here, so the same one)."""
    relay_on.LIVE_RELAY_URL = f"{live_server.url}/live/relay/"
    with listening("hall.home") as heard:
        publish("hall.home")
    assert heard == ["hall.home"]


@pytest.mark.django_db(transaction=True)
def test_a_web_server_that_is_down_loses_the_push_not_the_task(relay_on, caplog):
    relay_on.LIVE_RELAY_URL = "http://127.0.0.1:9/live/relay/"  # discard port: nobody there
    publish("hall.home")  # does not raise: the pages' backstop poll covers it
    assert "could not publish hall.home" in caplog.text


def test_serve_gives_the_cluster_the_relay_and_both_one_fresh_secret():
    web, cluster = child_environments("0.0.0.0:8123", {"PATH": "/bin"})
    assert web["LIVE_RELAY_SECRET"] == cluster["LIVE_RELAY_SECRET"]
    assert len(web["LIVE_RELAY_SECRET"]) >= 32
    assert "LIVE_RELAY_URL" not in web  # the web server sends on its own layer
    assert cluster["LIVE_RELAY_URL"] == "http://127.0.0.1:8123/live/relay/"
    again, _ = child_environments("0.0.0.0:8123", {"PATH": "/bin"})
    assert again["LIVE_RELAY_SECRET"] != web["LIVE_RELAY_SECRET"]


def test_with_redis_every_process_shares_the_layer_and_no_relay_is_made():
    environ = {"PATH": "/bin", "REDIS_URL": "redis://127.0.0.1:6379/0"}
    web, cluster = child_environments("127.0.0.1:8000", environ)
    assert web == cluster == environ
