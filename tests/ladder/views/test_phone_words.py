"""The ladder's words on a phone (issue 28): the rules page's title is plain text, and
changes are counted in the singular for one: "+1 point", "+2 trophies"."""

import re

from django.template import Context, Template
from django.urls import reverse

from games.ladder.report_text import status


def test_the_rules_title_is_plain_text(client, alice):
    client.force_login(alice)
    page = client.get(reverse("ladder:rules")).content.decode()
    title = re.search(r"<title>(.*?)</title>", page, re.S).group(1)
    assert "<" not in title and title.startswith("Rules")
    assert page.count('id="fair"') == 1  # the provably-fair section is on the page, once


def test_the_recap_counts_points_in_the_singular_for_one():
    template = Template("{% load report_words %}{{ a|signed_points }}, {{ b|signed_points }}")
    said = template.render(Context({"a": 1, "b": -6}))
    assert said == "+1 point, -6 points"


def test_trophies_gained_are_plural():
    assert "🥈 +2 trophies" in status({"trophies_gained": 2})
    assert "🥈 +1 trophy" in status({"trophies_gained": 1})
