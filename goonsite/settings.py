"""goonsite settings, read from the environment (see README: Configuration)."""

import datetime as dt
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from .env import env_bool, env_float, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)
SECRET_KEY = env_str("SECRET_KEY") or ""
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "django-insecure-development-only-key-never-use-it-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = (env_str("SITE_URL") or "http://127.0.0.1:8000").rstrip("/")
DISCORD_WEBHOOK_URL = env_str("DISCORD_WEBHOOK_URL") or None
# Behind a reverse proxy that sets X-Forwarded-For and X-Forwarded-Proto: only then is the
# client's address read from the proxy's header (accounts.client_ip).
TRUSTED_PROXY = env_bool("TRUSTED_PROXY", False)
# How often an open ladder board asks whether noon, a Golden pin or an admin changed it.
LADDER_POLL_SECONDS = max(1, env_int("LADDER_POLL_SECONDS", 15))

INSTALLED_APPS = [
    "goonsite.apps.GoonsiteAdminConfig",  # django.contrib.admin, with goonsite.admin's site
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_q",
    "axes",
    "allauth",
    "allauth.account",
    "allauth.socialaccount",
    "allauth.socialaccount.providers.discord",
    "accounts",
    "goonsite.outbox",
    "goonsite.live",
    "games.ladder",
    "games.hall",
    "games.armed",
    "games.party",
    "games.chaos",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "accounts.middleware.TimeZoneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "goonsite.games.LastGameMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "axes.middleware.AxesMiddleware",  # last, as django-axes asks
]

ROOT_URLCONF = "goonsite.urls"
WSGI_APPLICATION = "goonsite.wsgi.application"
ASGI_APPLICATION = "goonsite.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "goonsite.csrf.csrf",  # in place of Django's, which always runs first
                "goonsite.games.games",
            ],
            # {% url %}, each address reversed once per process (goonsite/template_urls.py)
            "builtins": ["goonsite.template_urls"],
        },
    },
]

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=env_int("CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # IMMEDIATE takes the write lock at BEGIN, so the web server and the job runner queue
    # up instead of failing half-way with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
elif env_int("DB_POOL_SIZE", 0) > 0:
    # Every page runs in a context of its own (goonsite.asgi_http) and opens its own connection
    # (persistent ones are off there): a burst of requests (every page of a table fetching
    # its parts after a live push) opened hundreds at once, past PostgreSQL's
    # max_connections, and paid a connection's set-up each time. psycopg's pool keeps at
    # most this many per web worker and makes the rest wait for one.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": env_int("DB_POOL_SIZE", 0),
        "timeout": 20,
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"  # the games list, when the browser has played no game yet
LOGOUT_REDIRECT_URL = "accounts:login"
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses locked-out log-ins
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]

# Failed log-ins (django-axes): five per username, or per address, then a cool-down.
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = dt.timedelta(minutes=env_int("LOGIN_COOLOFF_MINUTES", 15))
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_RESET_ON_SUCCESS = True
# A success resets that username's failures only, never the address's (password spraying).
AXES_HANDLER = "accounts.lockout.UsernameResetHandler"
# The cool-down runs from the lockout: tries during it (refused unchecked) do not extend it,
# so a player who tries again after a few minutes is not kept out for ever.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_CLIENT_IP_CALLABLE = "accounts.client_ip.client_ip"
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
AXES_USERNAME_FORM_FIELD = "username"
AXES_VERBOSE = False
# Sign-ups per address (accounts.client_ip), form and Discord alike.
SIGNUP_LIMIT = env_int("SIGNUP_LIMIT", 5)
SIGNUP_WINDOW = dt.timedelta(hours=env_int("SIGNUP_WINDOW_HOURS", 24))

# Sign in with Discord (django-allauth): on only when both values are set.
DISCORD_CLIENT_ID = env_str("DISCORD_CLIENT_ID") or ""
DISCORD_CLIENT_SECRET = env_str("DISCORD_CLIENT_SECRET") or ""
SOCIALACCOUNT_PROVIDERS = {
    "discord": {
        "APPS": (
            [{"client_id": DISCORD_CLIENT_ID, "secret": DISCORD_CLIENT_SECRET, "key": ""}]
            if DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET
            else []
        ),
        "SCOPE": ["identify"],
    }
}
SOCIALACCOUNT_ADAPTER = "accounts.discord.DiscordAdapter"
SOCIALACCOUNT_AUTO_SIGNUP = True
SOCIALACCOUNT_LOGIN_ON_GET = False  # the button posts: a link can't start a log-in
SOCIALACCOUNT_STORE_TOKENS = False
ACCOUNT_ADAPTER = "accounts.discord.AccountAdapter"
ACCOUNT_LOGIN_METHODS = {"username"}
ACCOUNT_SIGNUP_FIELDS = ["username*", "password1*"]
ACCOUNT_EMAIL_VERIFICATION = "none"  # our own (accounts.verification) for typed emails
ACCOUNT_USER_DISPLAY = "accounts.discord.user_display"

# Email: SMTP from EMAIL_HOST…, the console in development.
_email_host = env_str("EMAIL_HOST") or ""
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL") or "goonsite <noreply@localhost>"
MAILERS = {
    "default": (
        {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
        if DEBUG and not _email_host
        else {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {
                "host": _email_host or "localhost",
                "port": env_int("EMAIL_PORT", 587),
                "username": env_str("EMAIL_HOST_USER") or "",
                "password": env_str("EMAIL_HOST_PASSWORD") or "",
                "use_tls": env_bool("EMAIL_USE_TLS", True),
                "timeout": 10,
            },
        }
    )
}

# Web Push reminders: VAPID keys from the environment (README: Reminders).
VAPID_PUBLIC_KEY = env_str("VAPID_PUBLIC_KEY") or ""
VAPID_PRIVATE_KEY = env_str("VAPID_PRIVATE_KEY") or ""
VAPID_CONTACT = env_str("VAPID_CONTACT") or "mailto:admin@localhost"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "America/Chicago"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "goonsite.static_storage.KeptCompressedManifestStaticFilesStorage"
        )
    },
}

# Production hardening: on whenever DEBUG is off, each switch overridable for local runs.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
# Uptime monitors may ask the app server itself, over plain HTTP.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
# Only a proxy we put in front may say the request came over HTTPS: without one, any
# client reaching the app server directly could claim it with the header (TRUSTED_PROXY,
# above, is the same switch that lets accounts read the client's address from the proxy).
if TRUSTED_PROXY:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:", "https://cdn.discordapp.com"],
    "frame-ancestors": [CSP.NONE],
    # Signing in with Discord posts here and is redirected on to Discord's consent page.
    "form-action": [CSP.SELF, "https://discord.com"],
}

# The game's clock. A shift in seconds, for rehearsals and the system test only: it moves
# noon for every process that shares the setting (games.ladder.clock.now).
GAME_CLOCK_OFFSET_SECONDS = env_int("GAME_CLOCK_OFFSET_SECONDS", 0)
# How long an action that arrives after noon waits for the noon job before it is refused
# with "noon is being counted" (the board itself never waits).
NOON_WAIT_SECONDS = env_float("NOON_WAIT_SECONDS", 1.0)
# The noon job runs every minute and django-q2 starts a run up to 30 s after its minute, so
# left alone noon would land up to a minute and a half late. The run that finds noon at
# most this many seconds ahead waits for it and resolves it on the dot (0: never waits).
NOON_JOB_LEAD_SECONDS = env_float("NOON_JOB_LEAD_SECONDS", 90.0)

# django-q2: the ORM broker needs no extra server; REDIS_URL switches to Redis.
REDIS_URL = env_str("REDIS_URL")
Q_CLUSTER = {
    "name": "goonsite",
    "time_zone": TIME_ZONE,
    "workers": env_int("Q_WORKERS", 2),
    "timeout": 300,  # must stay below retry, or a slow task is delivered twice
    "retry": 600,
    "max_attempts": 1,
    "catch_up": False,  # the noon job backfills missed days itself
    "sync": env_bool("Q_SYNC", False),
    **({"redis": REDIS_URL} if REDIS_URL else {"orm": "default"}),
}

CACHES = {
    "default": (
        # Every key names the database (goonsite.cache.database_key): one Redis may serve
        # several sites' databases.
        {
            "BACKEND": "goonsite.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_FUNCTION": "goonsite.cache.database_key",
        }
        if REDIS_URL
        else {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "cache"}
    )
}
# Live updates (goonsite.live): with Redis every web node and the job runner share one
# channel layer; without it, the in-memory layer of the one process `make run` serves.
CHANNEL_LAYERS = {
    "default": (
        {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                # redis-py 8 reads with a 5 s socket timeout by default, the very time
                # channels_redis blocks in BZPOPMIN waiting for a message: every idle
                # socket's consumer died after ~5 s (django/channels_redis#422). A read may
                # take the pop's 5 s and then some; a dead Redis is still noticed.
                "hosts": [{"address": REDIS_URL, "socket_timeout": 15}],
                "prefix": "goonsite-live",
                "expiry": 30,
            },
        }
        if REDIS_URL
        else {"BACKEND": "channels.layers.InMemoryChannelLayer"}
    )
}
# `make run` only (goonsite.live.relay): its job runner posts pushes to the web server,
# since without Redis the two processes share no layer. `serve` sets both for its children.
LIVE_RELAY_SECRET = "" if REDIS_URL else env_str("LIVE_RELAY_SECRET", "")
LIVE_RELAY_URL = env_str("LIVE_RELAY_URL", "") if LIVE_RELAY_SECRET else ""
# How long a page's signed subscription (goonsite.live.tokens) stays good.
LIVE_TOKEN_MAX_AGE = env_int("LIVE_TOKEN_MAX_AGE", 24 * 3600)

# With Redis, sessions are read through it (every request reads one): written to the
# database too, so a flushed Redis logs nobody out, and read with the keys nearly every
# request reads next, in one round trip (goonsite.sessions). Without it the cache is a
# table anyway.
if REDIS_URL:
    SESSION_ENGINE = "goonsite.sessions"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    # django-axes logs every log-in at INFO; lockouts are still logged as warnings.
    "loggers": {"axes": {"level": "WARNING"}},
}

# Push services are HTTPS endpoints; the tests' stand-in push service is plain HTTP.
PUSH_ENDPOINT_SCHEMES = env_list("PUSH_ENDPOINT_SCHEMES", ["https"])
# The only hosts reminders are pushed to (accounts.push_endpoints): the push services of the
# browsers that support Web Push. An entry names a host; one starting with a dot, that
# domain's subdomains; ":port" allows that port instead of 443.
PUSH_SERVICES = env_list(
    "PUSH_SERVICES",
    [
        "fcm.googleapis.com",  # Chrome, Opera, Samsung Internet, Brave (Firebase)
        "updates.push.services.mozilla.com",  # Firefox (Mozilla autopush)
        "web.push.apple.com",  # Safari on macOS, iOS and iPadOS
        ".notify.windows.com",  # Edge on Windows (WNS: wns2-<region>.notify.windows.com)
    ],
)
