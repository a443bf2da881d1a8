"""`make run` seats ivy and rook at a duel in play, once."""

from io import StringIO

from django.core.management import call_command

from games.hall.models import Game


def test_demo_duel_starts_one_game_in_play(db, admin_user, settings):
    settings.DEBUG = True
    call_command("demo_cycle", stdout=StringIO())
    out = StringIO()
    call_command("demo_duel", stdout=out)
    game = Game.objects.get()
    assert game.stage == "playing" and f"/hall/games/{game.pk}/" in out.getvalue()
    call_command("demo_duel", stdout=StringIO())
    assert Game.objects.count() == 1
