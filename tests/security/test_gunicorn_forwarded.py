"""gunicorn believes "this came over HTTPS" headers only when TRUSTED_PROXY says a proxy
of ours sits in front (issue 28: HTTPS by header without a proxy).

gunicorn itself trusts X-Forwarded-Proto from 127.0.0.1 and ::1 unless told otherwise, and
turns it into wsgi.url_scheme, which Django believes whatever SECURE_PROXY_SSL_HEADER says.
"""

from __future__ import annotations

import os
import runpy
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONF = ROOT / "goonsite" / "gunicorn_conf.py"


def load_conf(monkeypatch, **env: str) -> dict:
    for name in ("TRUSTED_PROXY", "FORWARDED_ALLOW_IPS"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    return runpy.run_path(str(CONF))


def test_without_a_trusted_proxy_no_peer_may_claim_https(monkeypatch):
    assert load_conf(monkeypatch)["forwarded_allow_ips"] == ""
    assert load_conf(monkeypatch, TRUSTED_PROXY="0")["forwarded_allow_ips"] == ""
    # FORWARDED_ALLOW_IPS alone does not open it: the switch is TRUSTED_PROXY.
    conf = load_conf(monkeypatch, TRUSTED_PROXY="0", FORWARDED_ALLOW_IPS="10.0.0.5")
    assert conf["forwarded_allow_ips"] == ""


def test_with_a_trusted_proxy_its_addresses_are_believed(monkeypatch):
    assert load_conf(monkeypatch, TRUSTED_PROXY="1")["forwarded_allow_ips"] == "127.0.0.1,::1"
    conf = load_conf(monkeypatch, TRUSTED_PROXY="1", FORWARDED_ALLOW_IPS="10.0.0.5")
    assert conf["forwarded_allow_ips"] == "10.0.0.5"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def get(url: str, headers: dict[str, str]) -> tuple[int, str]:
    opener = urllib.request.build_opener(NoRedirects)
    try:
        with opener.open(urllib.request.Request(url, headers=headers), timeout=5) as response:
            return response.status, response.headers.get("Location", "")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location", "")


def serve_and_ask(tmp_path: Path, *, trusted_proxy: str) -> tuple[int, str]:
    """Start `python -m goonsite web` on a free loopback port, ask /ping/ claiming HTTPS."""
    port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"FORWARDED_ALLOW_IPS"}},
        "DJANGO_SETTINGS_MODULE": "goonsite.settings",
        "DEBUG": "0",
        "SECRET_KEY": "gunicorn-forwarded-test-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "SECURE_SSL_REDIRECT": "1",
        "TRUSTED_PROXY": trusted_proxy,
        "WEB_BIND": f"127.0.0.1:{port}",
        "WEB_WORKERS": "1",
        "WEB_ACCESS_LOG": "",
        "HOME": str(tmp_path),
    }
    env.pop("REDIS_URL", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "goonsite", "web"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                return get(f"http://127.0.0.1:{port}/ping/", {"X-Forwarded-Proto": "https"})
            except (ConnectionError, urllib.error.URLError):
                if server.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(server.stderr.read().decode()) from None
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_a_real_gunicorn_without_a_trusted_proxy_sends_the_https_claimer_to_https(tmp_path):
    status, location = serve_and_ask(tmp_path, trusted_proxy="0")
    assert status == 301  # not believed: sent to HTTPS like any plain-HTTP request
    assert location.startswith("https://127.0.0.1:") and location.endswith("/ping/")


def test_a_real_gunicorn_behind_a_trusted_proxy_believes_it(tmp_path):
    status, location = serve_and_ask(tmp_path, trusted_proxy="1")
    # Already HTTPS: the page answers (here: log in first), no redirect to https://.
    assert status != 301
    assert not location.startswith("https://")
