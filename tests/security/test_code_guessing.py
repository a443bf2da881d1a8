"""Wrong codes are counted per address as well as per player (R7.5; issue 28: code guessing
across accounts): ten accounts behind one address get the guesses of one."""

import itertools

import pytest
from django.test import Client
from django.urls import reverse

from games.ladder.services.codes import create_drop
from tests.conftest import make_user
from tests.ladder.fixtures import HTMX

pytestmark = pytest.mark.django_db
_names = itertools.count()

WRONG = "That code doesn&#x27;t work"
TOO_MANY = "Too many codes that didn&#x27;t work"


def farm_guesses(n: int, **address) -> list[str]:
    pages = []
    for _ in range(n):
        tab = Client()
        tab.force_login(make_user(f"farm{next(_names)}"))
        pages.append(
            tab.post(
                reverse("ladder:code"), {"code": "GOON-AAAA-AAAA"}, **HTMX, **address
            ).content.decode()
        )
    return pages


def verdicts(pages: list[str]) -> list[str]:
    return ["wrong" if WRONG in p else "too many" if TOO_MANY in p else "?" for p in pages]


def test_a_farm_of_accounts_behind_one_address_gets_five_guesses(season, admin_user):
    pages = farm_guesses(10, REMOTE_ADDR="203.0.113.20")
    assert verdicts(pages) == ["wrong"] * 5 + ["too many"] * 5
    # A player elsewhere is not held up by them, and a right code still works there.
    code = create_drop(name="D", reward="god_pack", count=1, created_by=admin_user).codes.get()
    tab = Client()
    tab.force_login(make_user("elsewhere"))
    page = tab.post(
        reverse("ladder:code"), {"code": code.code}, **HTMX, REMOTE_ADDR="198.51.100.7"
    ).content.decode()
    assert "Code accepted" in page


def test_behind_a_trusted_proxy_the_count_is_per_client_address(settings, season):
    settings.TRUSTED_PROXY = True
    proxy = {"REMOTE_ADDR": "10.0.0.2"}
    farm = farm_guesses(6, **proxy, HTTP_X_FORWARDED_FOR="203.0.113.30")
    assert verdicts(farm) == ["wrong"] * 5 + ["too many"]
    # Another client through the same proxy has its own count.
    other = farm_guesses(1, **proxy, HTTP_X_FORWARDED_FOR="203.0.113.31")
    assert verdicts(other) == ["wrong"]


def test_a_code_that_works_is_not_counted_against_the_address(season, admin_user):
    drop = create_drop(name="D", reward="god_pack", count=10, created_by=admin_user)
    pages = []
    for i, code in enumerate(drop.codes.values_list("code", flat=True)):
        tab = Client()
        tab.force_login(make_user(f"friend{i}"))
        pages.append(
            tab.post(
                reverse("ladder:code"), {"code": code}, **HTMX, REMOTE_ADDR="203.0.113.40"
            ).content.decode()
        )
    assert all("Code accepted" in p for p in pages)
