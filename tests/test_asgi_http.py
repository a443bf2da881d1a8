"""HTTP through the ASGI application (goonsite.asgi), as `python -m goonsite web` serves it:
Django's WSGI handler in a pool of threads kept for the process (goonsite.asgi_http), the
middleware chain sync in the request's one thread, as in the test client, with the same
sessions, CSRF and answers."""

from __future__ import annotations

import threading
from http.cookies import SimpleCookie

import pytest
from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from asgiref.testing import ApplicationCommunicator
from django.core.signals import request_finished, request_started
from django.urls import reverse

from goonsite.asgi import application, django_http
from goonsite.asgi_http import Pages
from goonsite.live.sync import call_sync

pytestmark = pytest.mark.django_db(transaction=True)  # the request runs in another thread


@pytest.fixture(autouse=True)
def connections_closed_after_each_request(monkeypatch):
    """The request's thread ends with the request: its connection must not outlive it."""
    from django.db import connections

    monkeypatch.setitem(connections.settings["default"], "CONN_MAX_AGE", 0)


def asgi_request(
    method: str,
    path: str,
    *,
    cookies: str = "",
    body: bytes = b"",
    headers=(),
    query: bytes = b"",
    app=None,
):
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "https",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query,
        "root_path": "",
        "headers": [(b"host", b"testserver"), (b"cookie", cookies.encode()), *headers],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 443),
    }

    async def run():
        communicator = ApplicationCommunicator(app or application, scope)
        await communicator.send_input({"type": "http.request", "body": body})
        start = await communicator.receive_output(5)
        content = b""
        while True:
            message = await communicator.receive_output(5)
            content += message.get("body", b"")
            if not message.get("more_body"):
                break
        await communicator.wait(1)
        headers = [(name.decode().lower(), value.decode()) for name, value in start["headers"]]
        return start["status"], headers, content

    return call_sync(run)  # Playwright's sync API may hold this thread's loop


def test_the_middleware_chain_is_sync_as_under_the_test_client():
    """Django's WSGI handler: no chain that switches to async for the middleware that can
    be either and back to a thread for the view."""
    assert not iscoroutinefunction(django_http._wsgi.app._middleware_chain)


class Recording:
    """A middleware noting the thread it runs in, sync or async as its chain is (as
    htmx's, allauth's and axes's are)."""

    sync_capable = True
    async_capable = True
    seen: list[tuple[str, int]] = []

    def __init__(self, get_response) -> None:
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request):
        self.seen.append((type(self).__name__, threading.get_ident()))
        return self.get_response(request)  # in an async chain, a coroutine the caller awaits


class Outermost(Recording):
    async_capable = False


class Innermost(Recording):
    pass


def test_a_request_through_asgi_runs_every_middleware_in_one_thread(settings, client, alice):
    """Django's own ASGI handler would run the innermost middleware, which can be async, on
    the event loop and the rest in a thread."""
    here = __name__
    settings.MIDDLEWARE = [f"{here}.Outermost", *settings.MIDDLEWARE, f"{here}.Innermost"]
    Recording.seen = []
    client.force_login(alice)
    cookies = f"sessionid={client.cookies['sessionid'].value}"
    status, _, content = asgi_request("GET", reverse("ping"), cookies=cookies, app=Pages(threads=1))
    assert (status, content) == (200, b"pong")
    assert [name for name, _ in Recording.seen] == ["Outermost", "Innermost"]
    assert len({thread for _, thread in Recording.seen}) == 1


def test_requests_run_in_a_thread_kept_for_the_process_and_finish_in_it():
    """Issue 27: Django's ASGI handler started a thread for each request; in the arrival
    rush hundreds at once contended for one interpreter. The pages' threads are kept, and
    each request ends (request_finished, which hands its database connection back) in the
    thread that began it."""
    pages = Pages(threads=1)
    began, ended = [], []

    def note_began(environ=None, **_kwargs) -> None:
        if environ and environ.get("QUERY_STRING") == "probe=kept-thread":
            began.append(threading.current_thread())  # ours, not another test's server

    def note_ended(**_kwargs) -> None:
        ended.append(threading.current_thread())

    request_started.connect(note_began)
    request_finished.connect(note_ended)
    try:
        for _ in range(2):
            status, _, _ = asgi_request(
                "GET", reverse("accounts:login"), query=b"probe=kept-thread", app=pages
            )
            assert status == 200
    finally:
        request_started.disconnect(note_began)
        request_finished.disconnect(note_ended)
    assert len(began) == 2
    assert began[0] is began[1], "each request had a thread started for it"
    assert began[0] is not threading.current_thread()
    assert ended.count(began[0]) == 2


def test_a_signed_in_bare_view_through_the_site_application(client, alice):
    client.force_login(alice)
    cookies = f"sessionid={client.cookies['sessionid'].value}"
    assert asgi_request("GET", reverse("ping"), cookies=cookies)[::2] == (200, b"pong")


def test_a_post_without_its_csrf_token_is_refused_through_asgi(client, alice):
    client.force_login(alice)
    cookies = f"sessionid={client.cookies['sessionid'].value}"
    status, _, _ = asgi_request(
        "POST",
        reverse("ladder:vote"),
        cookies=cookies,
        body=b"entry=1&direction=up",
        headers=[(b"content-type", b"application/x-www-form-urlencoded")],
    )
    assert status == 403


def test_the_first_page_through_asgi_sets_the_csrf_cookie():
    status, headers, _ = asgi_request("GET", reverse("accounts:login"))
    assert status == 200
    cookies = SimpleCookie()
    for name, value in headers:
        if name == "set-cookie":
            cookies.load(value)
    assert cookies["csrftoken"].value
