"""No 500 anywhere a player or an admin can post (issue 28: 2,431 fuzzed requests on the
Hall and its admin, 1,046 on the ladder, found 500s). Every form, htmx post, admin form and
admin action of every game is found by crawling the pages and walking the URLconf and the
admin registry, then sent NUL bytes, numbers no column holds, wrong types, lists and
tampered ids, as a player and as an admin. A new game's forms are covered the day they
appear on a page."""

from __future__ import annotations

import sys
import traceback

import pytest
from django.core.signals import got_request_exception
from django.test import Client
from django.urls import NoReverseMatch, reverse

from games.hall.models import Cycle, JusticeRequest
from games.hall.services.elections import submit_candidacy
from games.hall.services.judge import issue_ruling, open_confidence_vote, submit_request
from games.hall.services.proposals import submit_proposal
from games.ladder.services.codes import create_drop
from games.ladder.services.players import join_season
from tests.hall.fixtures import grant, reputable
from tests.ladder.fixtures import give

from . import fuzz

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def world(admin_user, alice, bob, season, entries, cycle, ann, bo, in_phase_one):
    """Both games under way, with one of everything a form can point at."""
    give(join_season(alice, season), "boost", "skip", "shield")
    join_season(bob, season)
    create_drop(name="Drop", reward="god_pack", count=2, created_by=admin_user)
    grant(ann, "9S", "KH", "2C", vertebrae=30, chips=3)
    grant(bo, "8H", "QD", vertebrae=30, chips=2)
    reputable(alice)
    submit_proposal(user=alice, title="Jokers", text="Jokers count 13.", klass="urgent")
    submit_request(user=bob, kind="question", text="Does a holo count twice?")
    Cycle.objects.filter(pk=cycle.pk).update(judge=ann, judge_term=1)
    ruling = issue_ruling(
        user=alice, request_id=JusticeRequest.objects.get().pk, answer="No.", truth=None
    )
    open_confidence_vote(user=bob, ruling_id=ruling.pk)
    submit_candidacy(user=alice)
    bob_client = Client()
    bob_client.force_login(bob)
    bob_client.post(
        reverse("hall:trade_offer", args=[ann.pk]),
        {"give_vertebrae": 1, "give_chips": 0, "ask_vertebrae": 0, "ask_chips": 0},
    )
    bob_client.post(reverse("hall:duel_request"), {"opponents": [ann.pk]})


class Fuzzer:
    def __init__(self, user) -> None:
        self.client = Client(raise_request_exception=False)
        self.user = user
        self.client.force_login(user)
        self.sent = 0
        self.failures: list[str] = []
        self._last_error = ""

    def __enter__(self) -> Fuzzer:
        got_request_exception.connect(self._record)
        return self

    def __exit__(self, *exc) -> None:
        got_request_exception.disconnect(self._record)

    def _record(self, sender, request=None, **kwargs) -> None:
        """The error and the deepest line of the project's own code that raised it."""
        frames = [f for f in traceback.extract_tb(sys.exc_info()[2]) if ".venv" not in f.filename]
        where = f"{frames[-1].filename}:{frames[-1].lineno}" if frames else "?"
        self._last_error = f"{traceback.format_exc().splitlines()[-1][:200]} at {where}"

    def send(self, method: str, url: str, data: dict | None = None, **extra) -> None:
        if "_auth_user_id" not in self.client.session:
            self.client.force_login(self.user)  # a fuzzed form may have logged us out
        self._last_error = ""
        response = getattr(self.client, method)(url, data or {}, **extra)
        self.sent += 1
        if response.status_code >= 500:
            shown = {k: [v[:20] for v in vs] for k, vs in (data or {}).items()}
            self.failures.append(f"{method.upper()} {url} {shown}: {self._last_error}")

    def fuzz_forms(self, site: fuzz.Site) -> None:
        for (_route, method), form in sorted(site.forms.items()):
            if fuzz.route_of(form.action) is None:
                continue
            verb = "post" if method == "post" else "get"
            for data in fuzz.payloads(form):
                self.send(verb, form.action, data)
            if verb == "post":
                self.send(verb, form.action, {k: ["\x00"] for k in form.fields}, **HTMX)

    def fuzz_unlinked(self, site: fuzz.Site, *, admin: bool) -> None:
        """Every address in the URLconf, with ids no row has and every field name seen."""
        names = sorted({n for f in site.forms.values() for n in f.fields} | {"id", "pk"})
        for view_name, _route, converters in fuzz.url_patterns():
            if view_name in fuzz.SKIPPED_NAMES or view_name.startswith("admin:") != admin:
                continue
            kwargs = {
                name: (fuzz.HUGE_ID if conv.regex == "[0-9]+" else "x\x00")
                for name, conv in converters.items()
            }
            try:
                url = reverse(view_name, kwargs=kwargs)
            except NoReverseMatch:
                continue
            if converters:  # an id no row has
                self.send("post", url, {n: ["\x00"] for n in names})
            else:  # a list or a page with junk in its query string
                self.send("get", url, {"page": "\x00", "q": "\x00", "o": "abc", "p": fuzz.HUGE})
        for url in sorted(site.htmx_posts):
            self.send("post", url, {n: ["\x00"] for n in names}, **HTMX)

    def fuzz_admin_actions(self, site: fuzz.Site) -> None:
        for (_route, method), form in sorted(site.forms.items()):
            if method != "post" or "action" not in form.fields:
                continue
            real_ids = form.fields.get("_selected_action", [])[:2]
            for action in [a for a in form.fields["action"] if a]:
                for ids in [*([i] for i in fuzz.BAD_IDS), [*real_ids, "abc"], real_ids]:
                    data = {"action": [action], "_selected_action": ids, "index": ["0"]}
                    self.send("post", form.action, data)
                self.send("post", form.action, {"action": [action], "select_across": ["\x00"]})


def starting_points(*, admin: bool) -> list[str]:
    urls = []
    for view_name, _route, converters in fuzz.url_patterns():
        if converters or view_name in fuzz.SKIPPED_NAMES:
            continue
        if view_name.startswith("admin:") == admin:
            try:
                urls.append(reverse(view_name))
            except NoReverseMatch:
                continue
    return urls


def test_a_player_finds_no_500(world, alice):
    with Fuzzer(alice) as fuzzer:
        site = fuzz.crawl(fuzzer.client, starting_points(admin=False))
        assert {"/hall/proposals/", "/"} <= set(site.pages)
        assert any("/vote/" in action for (action, _m) in site.forms)
        fuzzer.fuzz_forms(site)
        fuzzer.fuzz_unlinked(site, admin=False)
    assert not fuzzer.failures, "\n".join(sorted(set(fuzzer.failures)))
    assert fuzzer.sent > 300


def test_an_admin_finds_no_500(world, admin_user):
    with Fuzzer(admin_user) as fuzzer:
        site = fuzz.crawl(fuzzer.client, ["/admin/", *starting_points(admin=True)], per_route=1)
        assert any(route.startswith("admin/hall/player/") for route, _m in site.forms)
        fuzzer.fuzz_admin_actions(site)
        fuzzer.fuzz_forms(site)
        fuzzer.fuzz_unlinked(site, admin=True)
    assert not fuzzer.failures, "\n".join(sorted(set(fuzzer.failures)))
    assert fuzzer.sent > 300
