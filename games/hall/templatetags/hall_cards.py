from django import template

from goonsite.words import count, signed_count

from ..cards import card_names
from ..cards import face_symbol as _face_symbol

register = template.Library()

ASSET_WORDS = {"vertebrae": "Vertebra", "chips": "Chip"}


@register.filter
def face_symbol(face: str) -> str:
    return _face_symbol(face)


@register.filter
def card_name(code: str) -> str:
    """ "Queen of Diamonds ✦" for "QD*": players never read the codes."""
    return card_names([code])


@register.filter
def cards_named(codes: list[str]) -> str:
    return card_names(codes)


@register.filter
def amount(n: int, word: str) -> str:
    """`{{ me.chips|amount:"Chip" }}` → "1 Chip", "3 Chips"."""
    return count(n, word)


@register.filter
def signed_amount(n: int, word: str) -> str:
    """`{{ delta|signed_amount:"Chip" }}` → "+1 Chip", "-3 Chips"."""
    return signed_count(n, word)


@register.filter
def ledger_change(row) -> str:
    """One ledger row's change in words: "+1 7 of Diamonds", "-25 Vertebrae", "+1 Chip"."""
    if row.asset == "card":
        return f"{row.change:+d} {card_names([row.card])}"
    return signed_count(row.change, ASSET_WORDS.get(row.asset, row.asset))
