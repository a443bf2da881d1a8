from django import template
from django.utils.html import format_html

from ..services.intent import new_key

register = template.Library()


@register.simple_tag
def intent_field() -> str:
    """The one-time key of a spending form: one press spends once (services/intent.py)."""
    return format_html('<input type="hidden" name="intent" value="{}">', new_key())
