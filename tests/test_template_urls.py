"""goonsite.template_urls: `{% url %}` gives what Django's gives, each address reversed
once per process, under the script prefix and URLconf it was asked under."""

import pytest
from django.template import engines
from django.urls import NoReverseMatch, reverse, set_script_prefix

from goonsite import template_urls

VERIFY = "accounts:verify_email"  # a <str:token>: any text names an address


def render(source: str, **context) -> str:
    return engines["django"].from_string(source).render(context)


@pytest.fixture(autouse=True)
def _fresh():
    template_urls._reversed.cache_clear()
    yield
    set_script_prefix("/")


def test_every_template_has_it_and_it_gives_what_django_gives():
    assert render('{% url "ladder:board" %}') == reverse("ladder:board")
    assert render('{% url "ladder:open" 12 %}') == reverse("ladder:open", args=[12])
    assert render('{% url "ladder:open" item_id=n %}', n=7) == reverse("ladder:open", args=[7])
    assert render("{% url name n %}", name="ladder:open", n="8") == "/sealed/8/open/"


def test_an_address_is_reversed_once(monkeypatch):
    calls = []
    real = template_urls.reverse
    monkeypatch.setattr(template_urls, "reverse", lambda *a, **k: calls.append(a) or real(*a, **k))
    for n in (1, 1, 2, 1):
        render('{% url "ladder:open" n %}', n=n)
    assert calls == [("ladder:open",), ("ladder:open",)]  # 1, then 2


def test_a_new_script_prefix_is_a_new_address():
    assert render('{% url "ladder:board" %}') == "/"
    set_script_prefix("/goon/")
    assert render('{% url "ladder:board" %}') == "/goon/"


def test_what_names_no_address_for_good_is_reversed_as_django_does(monkeypatch):
    calls = []
    real = template_urls.reverse
    monkeypatch.setattr(template_urls, "reverse", lambda *a, **k: calls.append(a) or real(*a, **k))
    assert render(f'{{% url "{VERIFY}" t %}}', t=True).endswith("/verify/True/")
    assert render(f'{{% url "{VERIFY}" t %}}', t=1).endswith("/verify/1/")  # not True's
    assert calls == [(VERIFY,)]  # the bool went Django's way, uncounted


def test_a_name_that_is_no_address_fails_as_before_and_as_var_swallows_it():
    with pytest.raises(NoReverseMatch):
        render('{% url "no-such-view" %}')
    assert render('{% url "no-such-view" as there %}[{{ there }}]') == "[]"
    assert render('{% url "ladder:board" as there %}[{{ there }}]') == "[/]"


def test_it_escapes_as_django_does():
    address = reverse(VERIFY, args=["a&b"])
    assert "&" in address
    assert render(f'{{% url "{VERIFY}" t %}}', t="a&b") == address.replace("&", "&amp;")
    assert (
        render(f'{{% autoescape off %}}{{% url "{VERIFY}" t %}}{{% endautoescape %}}', t="a&b")
        == address
    )
