from django import template

from ..tables.models import seats_in_play

register = template.Library()


@register.simple_tag
def my_game(player):
    """The unfinished game this player is in (H7.1: at most one), or None."""
    if player is None:
        return None
    seat = seats_in_play().filter(player=player).select_related("game").first()
    return seat.game if seat else None
