from django import template

from ..cards import face_symbol as _face_symbol

register = template.Library()


@register.filter
def face_symbol(face: str) -> str:
    return _face_symbol(face)
