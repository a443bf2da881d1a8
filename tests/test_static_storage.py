"""goonsite.static_storage: each static file's address worked out once per process, the
same address whitenoise's manifest storage gives; production's storage (DEBUG off)."""

import json

import pytest

from goonsite import static_storage
from goonsite.static_storage import KeptCompressedManifestStaticFilesStorage, KeptURLs
from tests.test_settings import run_settings


class Counted:
    def __init__(self) -> None:
        self.asked: list[tuple] = []

    def url(self, name, force=False):
        self.asked.append((name, force))
        return f"/static/{name}#{len(self.asked)}"


class KeptCounted(KeptURLs, Counted):
    pass


def test_an_address_is_worked_out_once_per_name():
    storage = KeptCounted()
    assert storage.url("css/site.css") == storage.url("css/site.css") == "/static/css/site.css#1"
    assert storage.url("js/live.js") == "/static/js/live.js#2"
    assert storage.asked == [("css/site.css", False), ("js/live.js", False)]


def test_force_asks_every_time_and_is_not_kept():
    storage = KeptCounted()
    assert storage.url("a.css", force=True) == "/static/a.css#1"
    assert storage.url("a.css", force=True) == "/static/a.css#2"
    assert storage.url("a.css") == "/static/a.css#3"  # the forced ones were not kept


def test_past_its_bound_it_works_addresses_out_every_time(monkeypatch):
    monkeypatch.setattr(static_storage, "KEPT", 1)
    storage = KeptCounted()
    storage.url("a.css")
    storage.url("b.css")
    storage.url("b.css")
    assert storage.asked == [("a.css", False), ("b.css", False), ("b.css", False)]


def test_it_gives_the_manifests_hashed_address(tmp_path, settings):
    settings.DEBUG = False
    (tmp_path / "staticfiles.json").write_text(
        json.dumps({"paths": {"css/site.css": "css/site.0123abcd.css"}, "version": "1.1"})
    )
    storage = KeptCompressedManifestStaticFilesStorage(location=tmp_path, base_url="/static/")
    assert storage.url("css/site.css") == "/static/css/site.0123abcd.css"
    assert storage.url("css/site.css") == "/static/css/site.0123abcd.css"
    with pytest.raises(ValueError, match="Missing staticfiles manifest entry"):
        storage.url("css/nowhere.css")  # as whitenoise's storage says it, each time
    with pytest.raises(ValueError):
        storage.url("css/nowhere.css")


def test_production_serves_static_files_through_it():
    proc = run_settings(
        {"DEBUG": "0", "SECRET_KEY": "x" * 60, "ALLOWED_HOSTS": "goonsite.example"},
        "settings.STORAGES['staticfiles']['BACKEND']",
    )
    assert proc.stdout.strip() == "goonsite.static_storage.KeptCompressedManifestStaticFilesStorage"
