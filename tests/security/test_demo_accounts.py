"""No demo account with a published password outside DEBUG (issue 28: demo accounts in
production). `demo_season` already keeps its admin to DEBUG; the Hall's demo commands
refuse outright, since they also act as whoever is called ivy, rook or sable."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from accounts.models import User
from games.hall.management.commands.demo_cycle import DEMO_PASSWORD, DEMO_PLAYERS
from games.hall.models import Cycle, Game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("command", ["demo_cycle", "demo_duel"])
def test_hall_demo_commands_refuse_when_debug_is_off(settings, admin_user, command):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG is off"):
        call_command(command, stdout=StringIO())
    assert not User.objects.filter(username__in=[u for u, _ in DEMO_PLAYERS]).exists()
    assert not Cycle.objects.exists() and not Game.objects.exists()


def test_a_real_player_called_ivy_is_left_alone_in_production(settings, admin_user):
    settings.DEBUG = False
    ivy = User.objects.create_user("ivy", password="her-own-secret", display_name="Ivy")
    with pytest.raises(CommandError):
        call_command("demo_cycle", stdout=StringIO())
    ivy.refresh_from_db()
    assert ivy.check_password("her-own-secret")
    assert not ivy.hall_players.exists()


def test_in_development_the_demo_players_have_the_published_password(settings, admin_user):
    settings.DEBUG = True
    out = StringIO()
    call_command("demo_cycle", stdout=out)
    assert DEMO_PASSWORD in out.getvalue()
    for username, _ in DEMO_PLAYERS:
        assert User.objects.get(username=username).check_password(DEMO_PASSWORD)


@pytest.mark.parametrize("debug", [False, True])
def test_no_demo_command_leaves_a_known_password_account_without_debug(settings, debug):
    """Every demo command in one go: with DEBUG off not one account opens with a
    published password (the demo admin's or the demo players')."""
    from games.ladder.management.commands.demo_season import ADMIN_PASSWORD

    settings.DEBUG = debug
    for command in ("demo_season", "demo_cycle", "demo_duel"):
        try:
            call_command(command, stdout=StringIO())
        except CommandError:
            assert not debug
    known = [
        user.username
        for user in User.objects.all()
        if user.check_password(DEMO_PASSWORD) or user.check_password(ADMIN_PASSWORD)
    ]
    assert bool(known) == debug
