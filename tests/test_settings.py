"""Settings come from the environment and refuse to start on bad values."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PROBE = "import django; django.setup(); from django.conf import settings; print({expr})"


SETTING_VARIABLES = {
    "DEBUG",
    "SECRET_KEY",
    "DATABASE_URL",
    "ALLOWED_HOSTS",
    "REDIS_URL",
    "TRUSTED_PROXY",
    "GAME_CLOCK_OFFSET_SECONDS",
    "NOON_WAIT_SECONDS",
    "Q_SYNC",
    "SECURE_SSL_REDIRECT",
    "SECURE_COOKIES",
    "SECURE_HSTS_SECONDS",
    "DJANGO_SETTINGS_MODULE",
    "DJANGO_ALLOW_ASYNC_UNSAFE",  # set by the browser tests' conftest
    "DB_POOL_SIZE",
    "CONN_MAX_AGE",
}


def clean_environment(**env: str) -> dict[str, str]:
    """This process's environment without any setting the test settings put there."""
    keep = {k: v for k, v in os.environ.items() if k not in SETTING_VARIABLES}
    return keep | {"DJANGO_SETTINGS_MODULE": "goonsite.settings", **env}


def run_settings(env: dict[str, str], expr: str = "'ok'") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", PROBE.format(expr=expr)],
        cwd=ROOT,
        env=clean_environment(**env),
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_refuses_to_start_without_secret_key_when_debug_is_off():
    proc = run_settings({"DEBUG": "0"})
    assert proc.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in proc.stderr


def test_development_key_only_with_debug_on():
    proc = run_settings({"DEBUG": "1"}, "settings.SECRET_KEY.startswith('django-insecure')")
    assert proc.stdout.strip() == "True"


def test_bad_boolean_fails_loudly():
    proc = run_settings({"DEBUG": "maybe"})
    assert proc.returncode != 0
    assert "DEBUG must be a boolean" in proc.stderr


def test_database_defaults_to_sqlite_file_in_project():
    proc = run_settings(
        {"DEBUG": "1"},
        "settings.DATABASES['default']['ENGINE'], settings.DATABASES['default']['NAME']",
    )
    assert "django.db.backends.sqlite3" in proc.stdout
    assert str(ROOT / "db.sqlite3") in proc.stdout


def test_database_url_switches_to_postgresql():
    proc = run_settings(
        {"DEBUG": "1", "DATABASE_URL": "postgres://goon:pw@db.example:5433/ladder"},
        "settings.DATABASES['default']['ENGINE'], settings.DATABASES['default']['NAME'],"
        " settings.DATABASES['default']['PORT']",
    )
    assert proc.stdout.split() == ["django.db.backends.postgresql", "ladder", "5433"]


def test_redis_url_switches_the_job_broker():
    proc = run_settings({"DEBUG": "1"}, "'orm' in settings.Q_CLUSTER")
    assert proc.stdout.strip() == "True"
    proc = run_settings(
        {"DEBUG": "1", "REDIS_URL": "redis://127.0.0.1:6379/0"}, "settings.Q_CLUSTER.get('redis')"
    )
    assert proc.stdout.strip() == "redis://127.0.0.1:6379/0"


def test_redis_url_switches_the_cache_to_one_client_per_pool():
    proc = run_settings(
        {"DEBUG": "1", "REDIS_URL": "redis://127.0.0.1:6379/0"},
        "settings.CACHES['default']['BACKEND'], settings.CACHES['default']['KEY_FUNCTION']",
    )
    # Its keys name the database (tests/test_redis.py: two databases sharing one Redis).
    assert proc.stdout.split() == ["goonsite.cache.RedisCache", "goonsite.cache.database_key"]


def test_check_deploy_is_clean_with_production_environment():
    env = clean_environment(
        DEBUG="0",
        SECRET_KEY="k" * 20 + "-production-like-secret-key-with-enough-entropy-0123456789",
        ALLOWED_HOSTS="goonsite.example",
    )
    proc = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "no issues" in proc.stdout


def test_forwarded_proto_is_believed_only_behind_a_trusted_proxy():
    """Without a proxy we put there, a client could claim HTTPS with the header."""
    expr = "getattr(settings, 'SECURE_PROXY_SSL_HEADER', None)"
    assert run_settings({"DEBUG": "1"}, expr).stdout.strip() == "None"
    proc = run_settings({"DEBUG": "1", "TRUSTED_PROXY": "1"}, expr)
    assert proc.stdout.strip() == "('HTTP_X_FORWARDED_PROTO', 'https')"


PG = "postgres://postgres@127.0.0.1:5432/nowhere"  # never connected to: settings only


def test_web_nodes_keep_a_bounded_connection_pool_on_postgres():
    """Under ASGI each request opens its own connection; DB_POOL_SIZE (set by `python -m
    goonsite web`) bounds them per process instead (issue 22: a live push's burst)."""
    default = "settings.DATABASES['default']"
    expr = f"({default}['OPTIONS'].get('pool'), {default}['CONN_MAX_AGE'])"
    pooled = run_settings({"DEBUG": "1", "DATABASE_URL": PG, "DB_POOL_SIZE": "8"}, expr)
    assert pooled.stdout.strip() == "({'min_size': 1, 'max_size': 8, 'timeout': 20}, 0)"
    plain = run_settings({"DEBUG": "1", "DATABASE_URL": PG}, expr)
    assert plain.stdout.strip() == "(None, 60)"


def test_sqlite_never_gets_a_pool():
    expr = "'pool' in settings.DATABASES['default']['OPTIONS']"
    proc = run_settings({"DEBUG": "1", "DB_POOL_SIZE": "8"}, expr)
    assert proc.stdout.strip() == "False"


def test_the_redis_channel_layer_outwaits_its_blocking_pop():
    """channels_redis blocks up to `brpop_timeout` in BZPOPMIN; a socket timeout no longer
    than that (redis-py 8's default 5 s) kills every idle live socket's consumer."""
    from channels_redis.core import RedisChannelLayer

    expr = "settings.CHANNEL_LAYERS['default']['CONFIG']['hosts'][0]['socket_timeout']"
    proc = run_settings({"DEBUG": "1", "REDIS_URL": "redis://127.0.0.1:6379/0"}, expr)
    assert float(proc.stdout.strip()) > RedisChannelLayer.brpop_timeout
