"""Chips at stake are stored on the seat (H3.4: read by the Hall's services without the
engine's JSON), and a game nobody can finish is marked (issue 28). Both are filled in for
the games under way from their stored engine state."""

from django.db import migrations, models
from django.utils import timezone


def fill_in(apps, schema_editor):
    from games.hall.engine.legality import legal_now  # pure rules, no models

    Game = apps.get_model("hall", "Game")
    Seat = apps.get_model("hall", "Seat")
    now = timezone.now()
    for game in Game.objects.filter(stage__in=["betting", "playing"]).exclude(state={}):
        players = game.state.get("players", [])
        for entry in players:
            Seat.objects.filter(game=game, player_id=int(entry["id"][1:])).update(
                stake=entry["put"]
            )
        if game.stage == "playing" and game.state.get("stage") == "playing":
            pile = game.state.get("pile") or []
            legal = legal_now(pile[-1] if pile else None)
            playing = [p for p in players if p["status"] == "playing"]
            if not any(c in legal for p in playing for c in p["hand"]) and not any(
                p["inventory"] for p in playing
            ):
                Game.objects.filter(pk=game.pk).update(stalled_since=now)


class Migration(migrations.Migration):
    dependencies = [
        ("hall", "0006_announcements_to_outbox"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="stalled_since",
            field=models.DateTimeField(
                blank=True,
                help_text="Since when nobody at the table has any possible play (the admin may abandon).",
                null=True,
            ),
        ),
        migrations.AddField(
            model_name="seat",
            name="stake",
            field=models.PositiveIntegerField(
                default=0,
                help_text="H3.4 Chips this player has put at stake: locked until the end.",
            ),
        ),
        migrations.RunPython(fill_in, migrations.RunPython.noop),
        migrations.AlterField(  # the audit record's columns come from goonsite.audit now
            model_name="adminrecord",
            name="target",
            field=models.CharField(blank=True, help_text="Who or what it acted on.", max_length=200),
        ),
        # The table kit's columns (goonsite.tables.models.TableGame) say what they hold for
        # any game; only their help texts changed.
        migrations.AlterField(
            model_name="game",
            name="deadline",
            field=models.DateTimeField(
                blank=True, help_text="When the site acts for the awaited seat (the job).", null=True
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="seed",
            field=models.BigIntegerField(
                help_text="Secret until the game ends; its SHA-256 is shown from the start."
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="settled_at",
            field=models.DateTimeField(
                blank=True, help_text="The exactly-once claim of the game's end (payouts).", null=True
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="setup",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="The engine's input at the start (seed, seats, deal).",
            ),
        ),
    ]
