"""django-axes' database handler, with a log-in's success resetting only that username.

Stock django-axes (8.3) with AXES_RESET_ON_SUCCESS deletes every attempt matching any of
the lockout parameters, the address's included: an attacker spraying one password over many
usernames could log in to their own account now and then and start the address's count
again. Here a success deletes the failures typed against that username (wherever they came
from: the person who knows its password made them) and nothing else, so failures against
other usernames keep counting towards the address's limit.
"""

from __future__ import annotations

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from django.http import HttpRequest


class UsernameResetHandler(AxesDatabaseHandler):
    def reset_user_attempts(self, request: HttpRequest, credentials: dict | None = None) -> int:
        username = get_client_username(request, credentials)
        deleted, _ = AccessAttempt.objects.filter(username=username).delete()
        return deleted
