"""The site's `Refusal`, shared by every game (goonsite/refusal.py)."""

from goonsite.refusal import Refusal

__all__ = ["Refusal"]
