"""Seat two demo players at an Exoptosis table when the demo cycle has no game (`make run`).

Ivy challenges Rook, Rook accepts, both choose four of their starting cards and press
Ready, so /hall/games/<id>/ shows a duel in play; Sable stays free to be challenged.
Log in as ivy or rook (password in demo_cycle) to play it.
"""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse

from games.hall.models import Card, Game, Player
from games.hall.services.cycles import current_cycle
from games.hall.tables.duels import answer_duel, request_duel
from games.hall.tables.moves import choose_hand, ready
from goonsite.refusal import Refusal


class Command(BaseCommand):
    help = "Start a demo duel between ivy and rook if the current cycle has no game yet."

    def handle(self, **options) -> None:
        if not settings.DEBUG:
            # ivy and rook are demo players only on a development site (see demo_cycle).
            raise CommandError("No demo duel: DEBUG is off, so there are no demo players.")
        cycle = current_cycle()
        if cycle is None or Game.objects.filter(cycle=cycle).exists():
            self.stdout.write("No demo duel: no cycle running, or it has games already.")
            return
        players = {
            p.user.username: p
            for p in Player.objects.filter(
                cycle=cycle, user__username__in=["ivy", "rook"]
            ).select_related("user")
        }
        if len(players) < 2:
            self.stdout.write("No demo duel: the demo players are not in this cycle.")
            return
        ivy, rook = players["ivy"], players["rook"]
        try:
            request = request_duel(user=ivy.user, opponent_ids=[rook.pk])
            game = answer_duel(user=rook.user, request_id=request.pk, accept=True).game
            for p in (ivy, rook):
                cards = Card.objects.filter(owner=p, locked=False).order_by("pk")[:4]
                choose_hand(user=p.user, game_id=game.pk, card_ids=[c.pk for c in cards])
            for p in (ivy, rook):
                ready(user=p.user, game_id=game.pk)
        except Refusal as refusal:
            self.stdout.write(f"No demo duel: {refusal.message}")
            return
        self.stdout.write(f"Demo duel in play: {reverse('hall:game', args=[game.pk])}")
