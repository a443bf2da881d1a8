"""Settings for the test suite: production-like (DEBUG off) but plain HTTP and fast hashing."""

import os
import tempfile
from pathlib import Path

os.environ.setdefault("SECRET_KEY", "test-only-secret-key-" + "x" * 50)
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
os.environ.setdefault("SECURE_COOKIES", "0")
os.environ.setdefault("SECURE_HSTS_SECONDS", "0")
os.environ.setdefault("Q_SYNC", "1")
# An action after noon waits this long for the job before it is refused (tests run no job).
os.environ.setdefault("NOON_WAIT_SECONDS", "0.3")
# A job run near the real noon would otherwise wait for it (tests/ladder/test_noon.py sets it).
os.environ.setdefault("NOON_JOB_LEAD_SECONDS", "0")

from . import settings as base
from .settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES = {
    **base.STORAGES,
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# In memory, emptied before every test (tests/conftest.py): the cached public board and the
# rate limits never leak from one test into the next. Redis is tested in tests/test_redis.py.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):  # noqa: F405
    # A file, not Django's default shared-cache memory database: there a request that meets
    # another's table lock fails at once ("database table is locked") instead of waiting,
    # so the live server's pages (two polling while a third plays) got 500s that `make
    # run`'s database, a file in WAL mode, never gives: it waits on the lock. In /dev/shm
    # where there is one, so it costs no disk; the pid keeps two runs apart.
    _shm = Path("/dev/shm")
    _dir = _shm if _shm.is_dir() and os.access(_shm, os.W_OK) else Path(tempfile.gettempdir())
    DATABASES["default"]["TEST"] = {  # noqa: F405
        "NAME": str(_dir / f"goonsite-test-{os.getpid()}.sqlite3")
    }
