from django import template

from ..engine import CATALOGUE, CardId

register = template.Library()


@register.filter
def card(card_id: str):
    """The catalogue entry of a card id: `{{ held.card|card }}`."""
    return CATALOGUE[CardId(card_id)]
