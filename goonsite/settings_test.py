"""Settings for the test suite: production-like (DEBUG off) but plain HTTP and fast hashing."""

import os

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
