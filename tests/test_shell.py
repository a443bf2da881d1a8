"""The shell names no game (issue 21): its header, the admin's index and the URLs come from
the games' listings; each game's page carries its own stylesheet and no other game's."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from goonsite import games
from goonsite.games import GameListing

LISTED = [
    GameListing(
        name="Gooner Ladder", emoji="🪜", url_name="ladder:board", blurb="", nav_name="Ladder"
    ),
    GameListing(
        name="Armed", emoji="🔫", url_name="home", blurb="", admin_panel="hall/admin_panel.html"
    ),
]


def stylesheets(body: str) -> list[str]:
    return re.findall(r'<link rel="stylesheet" href="/static/([^"]+)"', body)


def header(body: str) -> str:
    return body.split('<header class="site-header">')[1].split("</header>")[0]


def test_the_header_links_every_listed_game_and_only_those(alice_client, monkeypatch):
    monkeypatch.setattr(games, "listed_games", lambda: LISTED)
    nav = header(alice_client.get(reverse("home")).content.decode())
    assert f'href="{reverse("ladder:board")}"><span aria-hidden="true">🪜</span> Ladder</a>' in nav
    assert '<span aria-hidden="true">🔫</span> Armed</a>' in nav
    assert "Gilded Hall" not in nav and "Chaos Report Archive" not in nav


def test_a_visitor_sees_no_game_links_in_the_header(client, db):
    nav = header(client.get(reverse("home")).content.decode())
    assert "Ladder" not in nav and "Hall" not in nav and "Log in" in nav


def test_the_admin_index_shows_each_games_panel(admin_client):
    body = admin_client.get(reverse("admin:index")).content.decode()
    assert "<h2>Gooner Ladder</h2>" in body and reverse("ladder:noon_preview") in body
    assert "<h2>The Gilded Hall</h2>" in body and reverse("hall:preview") in body


def test_a_games_page_loads_its_own_stylesheet_only(alice_client, season, ann, in_phase_one):
    """Rendered, not only scanned: the board carries the ladder's CSS, the Hall's home the
    Hall's, the games list neither."""
    assert stylesheets(alice_client.get(reverse("ladder:board")).content.decode()) == [
        "css/site.css",
        "ladder/ladder.css",
    ]
    alice_client.force_login(ann.user)
    assert stylesheets(alice_client.get(reverse("hall:home")).content.decode()) == [
        "css/site.css",
        "hall/hall.css",
    ]
    assert stylesheets(alice_client.get(reverse("home")).content.decode()) == ["css/site.css"]


@pytest.mark.parametrize("path", ["/", "/archive/", "/rules/", "/hall/"])
def test_each_game_mounts_its_urls_from_its_listing(path):
    from django.urls import resolve

    assert resolve(path).namespace in {"ladder", "hall"}


def log_in(client, username: str = "alice"):
    return client.post(
        reverse("accounts:login"), {"username": username, "password": "correct-horse-battery"}
    )


def test_a_log_in_lands_on_the_game_this_browser_last_opened(client, ann, in_phase_one):
    """The games list the first time; then the game whose page this browser last opened,
    remembered across the log-out."""
    assert log_in(client).url == reverse("home")
    assert client.get(reverse("hall:home")).status_code == 200
    assert client.cookies["last_game"].value == "hall"
    client.post(reverse("accounts:logout"))
    assert log_in(client).url == reverse("hall:home")


def test_an_unknown_last_game_lands_on_the_games_list(client, alice):
    client.cookies["last_game"] = "https://evil.example/"
    assert log_in(client).url == reverse("home")


def test_a_next_address_still_wins_over_the_last_game(client, alice):
    client.cookies["last_game"] = "hall"
    response = client.post(
        reverse("accounts:login") + "?next=/archive/",
        {"username": "alice", "password": "correct-horse-battery"},
    )
    assert response.url == "/archive/"
