"""goonsite.csrf: the form token, masked as Django masks it, and read by Django's
middleware as its own."""

import re
from collections import Counter

import pytest
from django.middleware import csrf as django_csrf
from django.test import Client, RequestFactory

from goonsite import csrf

TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([A-Za-z0-9]{64})"')


def test_a_masked_secret_unmasks_to_the_secret_as_django_reads_it():
    secret = django_csrf._get_new_csrf_string()
    tokens = {csrf.mask(secret) for _ in range(200)}
    assert len(tokens) == 200  # a fresh mask each time
    for token in tokens:
        assert len(token) == django_csrf.CSRF_TOKEN_LENGTH
        assert set(token) <= set(csrf.CHARS)
        assert django_csrf._unmask_cipher_token(token) == secret


def test_every_character_is_as_likely_in_the_mask():
    drawn = Counter("".join(csrf.mask("a" * 32)[:32] for _ in range(800)))
    assert set(drawn) == set(csrf.CHARS)
    # 25,600 draws of 62 characters: about 413 each. Bytes taken modulo 62 without
    # refusing the last eight would favour the first eight characters (5 bytes of 256 each,
    # not 4): about 515 each. Their mean lies within 30 of 413 unless something is wrong.
    first = sum(drawn[c] for c in csrf.CHARS[:8]) / 8
    assert abs(first - 25_600 / 62) < 30, drawn


def test_bytes_past_the_last_whole_alphabet_are_refused(monkeypatch):
    batches = iter([bytes([248, 255, 61, 62, 247]), bytes(range(40))])
    monkeypatch.setattr(csrf.secrets, "token_bytes", lambda n: next(batches))
    assert csrf._random_places(5) == [61, 0, 61, 0, 1]  # 62 → 0, 247 → 61


def test_a_request_without_a_secret_gets_djangos_new_one(rf: RequestFactory):
    request = rf.get("/")
    token = csrf.get_token(request)
    assert request.META["CSRF_COOKIE_NEEDS_UPDATE"] is True
    assert django_csrf._unmask_cipher_token(token) == request.META["CSRF_COOKIE"]


@pytest.mark.django_db
def test_a_page_draws_this_token_and_the_middleware_takes_it(monkeypatch):
    drawn = []
    real = csrf.mask
    monkeypatch.setattr(csrf, "mask", lambda secret: drawn.append(secret) or real(secret))
    client = Client(enforce_csrf_checks=True)
    client.get("/accounts/login/")  # sets the cookie
    page = client.get("/accounts/login/")
    (token,) = TOKEN.findall(page.content)
    assert drawn, "the page's token was masked here, not by Django"
    sent = client.post("/accounts/login/", {"csrfmiddlewaretoken": token.decode()})
    assert sent.status_code == 200  # the form again, with its errors: not a 403
    forged = client.post("/accounts/login/", {"csrfmiddlewaretoken": "a" * 64})
    assert forged.status_code == 403
