"""Game time (R1.1), from the site's clock shared by every game (goonsite/clock.py)."""

from goonsite.clock import CENTRAL, NOON, noon_date_for, noon_of, now

__all__ = ["CENTRAL", "NOON", "noon_date_for", "noon_of", "now"]
