"""Answer an htmx request with named partials, each swapped out of band into its DOM id."""

from __future__ import annotations

import re
from collections.abc import Iterable

from django.http import HttpRequest, HttpResponse
from django.template.context import make_context
from django.template.loader import get_template

_FIRST_TAG = re.compile(r"^\s*<([a-z][a-z0-9]*)\b([^>]*)>")
_OOB_STYLE = re.compile(r'\bdata-oob="([a-zA-Z]+)"')


def render_parts(
    request: HttpRequest,
    template: str,
    parts: Iterable[str],
    context: dict,
    rendered: dict[str, str] | None = None,
    *,
    marked: str = "",
) -> HttpResponse:
    """`template#part` for each part, marked `hx-swap-oob` on its root element; a part
    given in `rendered` (kept from an earlier rendering, say) is used as it is. `marked`:
    more parts, each already marked, sent after them as they are.

    A partial's name is the id of its root element, so the swap lands where the page
    rendered it; a partial that breaks this is a bug, and says so. A root element marked
    `data-oob="innerHTML"` keeps its node and gets new children instead (a live region
    must stay the same node for screen readers to announce what arrives in it).
    """
    parts, rendered = tuple(parts), rendered or {}
    drawn = _draw(request, template, [p for p in parts if not rendered.get(p)], context)
    chunks = []
    for part in parts:
        html = rendered.get(part) or drawn[part]
        tag = _FIRST_TAG.match(html)
        if tag is None or f'id="{part}"' not in tag.group(2):
            raise ValueError(f"{template}#{part} must start with an element whose id is {part!r}")
        style = _OOB_STYLE.search(tag.group(2))
        swap = style.group(1) if style else "true"
        chunks.append(f'<{tag.group(1)} hx-swap-oob="{swap}"{tag.group(2)}>{html[tag.end() :]}')
    chunks.append(marked)
    return HttpResponse("".join(chunks))


def _draw(request: HttpRequest, template: str, parts: list[str], context: dict) -> dict[str, str]:
    """Each part rendered in one context, whose processors (the user, the messages, CSRF,
    CSP, the games) run once, not once per part: a vote's answer drew its parts in 1.57 ms
    where it took 1.82 (the bench's votes, each drawn both ways, in turn)."""
    if not parts:
        return {}
    found = {part: get_template(f"{template}#{part}") for part in parts}
    first = found[parts[0]]
    bound = make_context(context, request, autoescape=first.backend.engine.autoescape)
    with bound.bind_template(first.template):
        # In order: the messages part, last, uses the messages up.
        return {part: found[part].template.render(bound) for part in parts}
