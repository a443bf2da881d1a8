from django import template

from ..engine import CATALOGUE, CardId

register = template.Library()


@register.filter
def card(card_id: str):
    """The catalogue entry of a card id: `{{ held.card|card }}`."""
    return CATALOGUE[CardId(card_id)]


@register.filter
def card_or_none(item: str):
    """The catalogue entry of a card id, or None for a pack: `{{ entry.item|card_or_none }}`."""
    return CATALOGUE.get(CardId(item)) if item in CardId else None
