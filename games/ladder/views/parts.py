"""The site's `render_parts`, shared by every game (goonsite/parts.py)."""

from goonsite.parts import render_parts

__all__ = ["render_parts"]
