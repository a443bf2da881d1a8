"""goonsite.template_static: `{% load static %}` gives what Django's gives, each file's
address found once per process, and found again after a static setting changes."""

import pytest
from django.template import engines
from django.templatetags.static import static
from django.test import override_settings

from goonsite import template_static


def render(source: str, **context) -> str:
    return engines["django"].from_string("{% load static %}" + source).render(context)


@pytest.fixture(autouse=True)
def _fresh():
    template_static._address.cache_clear()


def test_every_template_that_loads_static_gets_it():
    assert engines["django"].engine.template_libraries["static"] is template_static.register


def test_it_gives_what_django_gives():
    assert render('{% static "css/site.css" %}') == static("css/site.css")
    assert render("{% static p %}", p="js/live.js") == static("js/live.js")
    assert render('{% static "css/site.css" as css %}[{{ css }}]') == f"[{static('css/site.css')}]"
    assert render('{% static "a b&c.css" %}') == static("a b&c.css").replace("&", "&amp;")
    assert render("{% get_static_prefix %}") == static("")


def test_an_address_is_found_once(monkeypatch):
    calls = []
    real = template_static.djangos.StaticNode.handle_simple
    monkeypatch.setattr(
        template_static.djangos.StaticNode,
        "handle_simple",
        classmethod(lambda cls, path: calls.append(path) or real(path)),
    )
    for path in ("css/site.css", "css/site.css", "js/live.js", "css/site.css"):
        render("{% static p %}", p=path)
    assert calls == ["css/site.css", "js/live.js"]


def test_a_changed_static_setting_is_a_new_address():
    before = render('{% static "css/site.css" %}')
    with override_settings(STATIC_URL="/elsewhere/"):
        assert render('{% static "css/site.css" %}').startswith("/elsewhere/")
    assert render('{% static "css/site.css" %}') == before
