"""The ladder's pages keep the addresses they had before the site hosted other games:
players' bookmarks and the report links already posted to Discord go on working."""

import pytest
from django.urls import resolve, reverse

from games.ladder.views import actions, archive, board, codes, pages

ADDRESSES = [
    ("/", "ladder:board", board.board, {}),
    ("/vote/", "ladder:vote", actions.vote, {}),
    ("/play/", "ladder:play", actions.play, {}),
    ("/play/confirm/", "ladder:play_confirm", actions.play_confirm, {}),
    ("/sealed/7/open/", "ladder:open", actions.open_item, {"item_id": 7}),
    ("/code/", "ladder:code", codes.code, {}),
    ("/cards/", "ladder:my_cards", pages.my_cards, {}),
    ("/rules/", "ladder:rules", pages.rules, {}),
    ("/archive/", "ladder:archive", archive.archive, {}),
    ("/archive/season/3/", "ladder:season_archive", archive.archive, {"season_id": 3}),
    ("/archive/42/", "ladder:report", archive.report, {"report_id": 42}),
]


@pytest.mark.parametrize(("path", "name", "view", "kwargs"), ADDRESSES)
def test_ladder_pages_keep_their_addresses(path, name, view, kwargs):
    match = resolve(path)
    assert match.func == view and match.kwargs == kwargs
    assert reverse(name, kwargs=kwargs) == path


def test_the_site_home_lists_the_ladder_for_anyone(client, db):
    page = client.get(reverse("home"))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Gooner Ladder" in body and f'href="{reverse("ladder:board")}"' in body
