"""`{% live_attrs "ladder.board" poll=15 %}` or `{% live_attrs game poll=3 %}`: the
attributes that make an element a live subscriber (static/js/live.js): its signed token,
its groups, its polling cadence while the socket is down. Give the element `hx-get` and
`hx-trigger="live"`."""

from django import template
from django.utils.html import format_html

from ..tokens import token_for

register = template.Library()


@register.simple_tag(takes_context=True)
def live_attrs(context, *groups, poll: int = 15, token=None) -> str:
    """Each of `groups` is a group name, or an object naming its own (`live_group`, as a
    table kit game does). `token`: one `token_for` signed already (or a slot for it, in a
    part drawn once for many viewers), for the request's user and these groups."""
    names = sorted({getattr(g, "live_group", g) for g in groups if g})
    if not token:
        user = getattr(context.get("request"), "user", None)
        token = token_for(user, names)
    return format_html(
        'data-live="{}" data-live-groups="{}" data-live-poll="{}"',
        token,
        " ".join(names),
        int(poll),
    )
