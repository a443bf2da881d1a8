"""`{% url %}` as Django's, with each address reversed once per process.

A page of the ladder holds some twenty `{% url %}` tags, and Django reverses each on every
render (20 µs a `reverse`, 35 µs a tag here): over half a millisecond of every board drawn,
the noon rush's dearest request included (`bench_actions`). What a tag gives depends only
on its arguments and on the URLconf, the script prefix and the current namespace it is
reversed under, so those name the address kept. Added to every template as a builtin
(settings.TEMPLATES), after Django's own: the same tag, the same syntax, the same errors.
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.conf import settings
from django.template import defaulttags
from django.urls import get_script_prefix, get_urlconf, reverse
from django.utils.html import conditional_escape

register = template.Library()


def _names_for_good(value) -> bool:
    """Text and numbers (a literal is a SafeString); not a model, a lazy object or a bool,
    which reverses as "True" where the key would take it for 1."""
    return isinstance(value, (str, int)) and not isinstance(value, bool)


@lru_cache(maxsize=4096)
def _reversed(view_name, args, kwargs, current_app, prefix, urlconf, root) -> str:
    return reverse(view_name, args=list(args), kwargs=dict(kwargs), current_app=current_app)


class KeptURLNode(defaulttags.URLNode):
    def render(self, context):
        args = tuple(arg.resolve(context) for arg in self.args)
        kwargs = tuple(sorted((k, v.resolve(context)) for k, v in self.kwargs.items()))
        view_name = self.view_name.resolve(context)
        values = (view_name, *args, *(v for _, v in kwargs))
        if self.asvar or not all(map(_names_for_good, values)):
            return super().render(context)  # `as` swallows a miss: Django's own way
        try:  # as Django's node finds it
            current_app = context.request.current_app
        except AttributeError:
            try:
                current_app = context.request.resolver_match.namespace
            except AttributeError:
                current_app = None
        url = _reversed(
            view_name,
            args,
            kwargs,
            current_app,
            get_script_prefix(),
            get_urlconf(),
            settings.ROOT_URLCONF,
        )
        return conditional_escape(url) if context.autoescape else url


@register.tag
def url(parser, token):
    node = defaulttags.url(parser, token)
    node.__class__ = KeptURLNode
    return node
