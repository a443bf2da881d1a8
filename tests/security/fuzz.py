"""A small fuzzer for the site's own forms: it finds them, it does not list them.

`crawl` walks the pages a client can see (from every URL in the URLconf that takes no
arguments), and reads each page's forms, htmx posts and links; `url_patterns` walks the
URLconf itself, for the addresses no page links to. `payloads` makes the bad inputs: NUL
bytes, numbers no database column holds, wrong types, lists where one value is expected.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

from django.urls import URLPattern, URLResolver, get_resolver, resolve
from django.urls.exceptions import Resolver404

HUGE = "9" * 25
# In a URL's path: the largest id any key column holds. Past it PostgreSQL answers "no such
# row" while SQLite cannot be asked at all (OverflowError in its driver), for every lookup
# Django makes; tests run on both, so paths stop there (form fields go further, see above).
HUGE_ID = str(2**63 - 1)
BAD_VALUES = [
    "\x00",
    "ab\x00cd",
    HUGE,
    "2147483648",  # one past PostgreSQL's integer
    "-2147483649",
    "abc",
    "1e400",
    "x" * 5000,
]
# Tampered admin action selections.
BAD_IDS = ["abc", "\x00", "1\x00", HUGE, "-1", "1.5"]
# Addresses that end the session or send mail: skipped, the rest is all fair game.
SKIPPED_NAMES = {"accounts:logout", "admin:logout", "accounts:password_reset"}


@dataclass
class Form:
    action: str
    method: str
    fields: dict[str, list[str]] = field(default_factory=dict)  # name -> values offered
    select_options: dict[str, list[str]] = field(default_factory=dict)

    @property
    def defaults(self) -> dict[str, list[str]]:
        return {name: values[:1] for name, values in self.fields.items()}


class _PageParser(HTMLParser):
    def __init__(self, base: str) -> None:
        super().__init__(convert_charrefs=True)
        self.base = base
        self.links: set[str] = set()
        self.forms: list[Form] = []
        self.htmx_posts: set[str] = set()
        self._form: Form | None = None
        self._select: str | None = None

    def _url(self, value: str | None) -> str | None:
        if value is None:
            return self.base
        url = urljoin(self.base, value)
        parts = urlsplit(url)
        if parts.netloc not in ("", "testserver") or not parts.path.startswith("/"):
            return None
        return parts.path + (f"?{parts.query}" if parts.query else "")

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and (href := self._url(a.get("href"))):
            self.links.add(href)
        for attr in ("hx-post", "hx-put", "hx-delete"):
            if a.get(attr) and (url := self._url(a[attr])):
                self.htmx_posts.add(url)
        if (attr_get := a.get("hx-get")) and (url := self._url(attr_get)):
            self.links.add(url)
        if tag == "form":
            action = self._url(a.get("action") or None)
            if action:
                self._form = Form(action=action, method=(a.get("method") or "get").lower())
                self.forms.append(self._form)
        if self._form is None:
            return
        name = a.get("name")
        if tag in ("input", "button", "textarea") and name:
            self._form.fields.setdefault(name, []).append(a.get("value") or "")
        if tag == "select" and name:
            self._select = name
            self._form.fields.setdefault(name, [])
        if tag == "option" and self._select:
            self._form.fields[self._select].append(a.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        if tag == "select":
            self._select = None


@dataclass
class Site:
    pages: dict[str, int] = field(default_factory=dict)  # GET url -> status
    forms: dict[tuple[str, str], Form] = field(default_factory=dict)  # (route, method)
    htmx_posts: set[str] = field(default_factory=set)


def route_of(url: str) -> str | None:
    try:
        match = resolve(urlsplit(url).path)
    except Resolver404:
        return None
    return match.route if match.view_name not in SKIPPED_NAMES else None


def crawl(client, starts: list[str], *, per_route: int = 2, limit: int = 400) -> Site:
    """GET pages breadth first from `starts`, at most `per_route` pages of each route."""
    site = Site()
    seen_routes: dict[str, int] = {}
    queue = list(starts)
    while queue and len(site.pages) < limit:
        url = queue.pop(0)
        route = route_of(url)
        if url in site.pages or route is None or seen_routes.get(route, 0) >= per_route:
            continue
        seen_routes[route] = seen_routes.get(route, 0) + 1
        response = client.get(url)
        site.pages[url] = response.status_code
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        parser = _PageParser(url)
        parser.feed(response.content.decode())
        queue.extend(sorted(parser.links))
        site.htmx_posts |= parser.htmx_posts
        for form in parser.forms:
            key = (route_of(form.action) or form.action, form.method)
            known = site.forms.setdefault(key, form)
            for name, values in form.fields.items():
                known.fields.setdefault(name, values)
    return site


def url_patterns() -> Iterator[tuple[str, str, dict[str, type]]]:
    """(view name, route, {argument: converter class}) for every URL in the URLconf."""

    def walk(patterns, prefix: str, namespace: str, converters: dict):
        for p in patterns:
            if isinstance(p, URLResolver):
                ns = f"{namespace}{p.namespace}:" if p.namespace else namespace
                yield from walk(
                    p.url_patterns,
                    prefix + str(p.pattern),
                    ns,
                    converters | getattr(p.pattern, "converters", {}),
                )
            elif isinstance(p, URLPattern) and p.name:
                found = converters | getattr(p.pattern, "converters", {})
                yield f"{namespace}{p.name}", prefix + str(p.pattern), found

    yield from walk(get_resolver().url_patterns, "", "", {})


def payloads(form: Form) -> Iterator[dict[str, list[str]]]:
    """Every field at once set to each bad value; every field a list of bad values; then
    each field alone a NUL byte or a huge number, the others as the page offered them."""
    names = [n for n in form.fields if n != "csrfmiddlewaretoken"]
    for value in BAD_VALUES:
        yield {name: [value] for name in names}
    yield {name: ["1", "abc", "\x00"] for name in names}
    for name in names:
        for value in ("\x00", HUGE):
            yield form.defaults | {name: [value]}
