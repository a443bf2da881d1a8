"""`{% load static %}` as Django's, with each file's address found once per process.

A board page holds six `{% static %}` tags, and Django asks the storage for each on every
render (the manifest's hashed name, joined and quoted: 10-20 µs a tag here, timed by
template node inside `bench_actions`), about 0.1 ms of every page drawn whole, a new
player's first board and the page after an action included. A file's address depends
only on its path and the static settings, which a process reads once (the manifest too);
a setting changed in a test forgets them all. Put in place of Django's library of the
same name (settings.TEMPLATES' `libraries`): the same tags, the same syntax, the same
errors.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.templatetags import static as djangos

register = template.Library()
register.tags.update(djangos.register.tags)  # get_static_prefix, get_media_prefix
register.filters.update(djangos.register.filters)


@lru_cache(maxsize=1024)
def _address(path: str) -> str:
    return djangos.StaticNode.handle_simple(path)


class KeptStaticNode(djangos.StaticNode):
    @classmethod
    def handle_simple(cls, path):
        if not isinstance(path, str):  # a lazy or odd value: Django's own way, each time
            return super().handle_simple(path)
        return _address(path)


@register.tag("static")
def do_static(parser, token):
    return KeptStaticNode.handle_token(parser, token)


@receiver(setting_changed)
def _forget(**kwargs) -> None:
    _address.cache_clear()
