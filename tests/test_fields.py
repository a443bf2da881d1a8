"""goonsite.fields: JSON stored whole (PostgreSQL `json`), and text encoded ahead of time."""

import pytest
from django.db import connection

from games.ladder.models import GameDay, NoonReport, Season
from goonsite.fields import Encoded

DOCUMENT = {"plays": [{"player": "Zoë ⚡", "effect": {"hit": [1, 2]}}], "drew": 3, "nil": None}


@pytest.fixture
def day(db) -> GameDay:
    season = Season.objects.create(name="Fields", starts_on="2026-12-01", is_active=True)
    return GameDay.objects.create(season=season, noon_on="2026-12-08", seed=1)


def test_a_document_comes_back_as_it_went_in(day):
    NoonReport.objects.create(day=day, outcome=DOCUMENT, ladder=[{"rank": 1}])
    report = NoonReport.objects.get(day=day)
    assert report.outcome == DOCUMENT and report.ladder == [{"rank": 1}]
    assert NoonReport.objects.values_list("outcome", flat=True).get() == DOCUMENT


def test_encoded_text_is_stored_as_it_is(day):
    encoded = Encoded(DOCUMENT)
    encoded.text = encoded.text.replace('"drew": 3', '"drew": 4')  # proves the text is used
    NoonReport.objects.create(day=day, outcome=encoded, ladder=Encoded([]))
    assert NoonReport.objects.get(day=day).outcome == {**DOCUMENT, "drew": 4}


@pytest.mark.postgres
def test_on_postgresql_the_column_is_json_not_jsonb(day):
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT data_type FROM information_schema.columns "
            "WHERE table_name = 'ladder_noonreport' AND column_name = 'outcome'"
        )
        assert cursor.fetchone() == ("json",)
