"""Counting words for every game's pages and messages: "1 Chip", "2 Chips", "1 Vertebra"."""

from __future__ import annotations

# Words whose plural is not the singular plus "s".
IRREGULAR = {
    "Vertebra": "Vertebrae",
    "trophy": "trophies",
    "Mini Gooner trophy": "Mini Gooner trophies",
}


def plural_of(word: str) -> str:
    """ "Chips", "Vertebrae", "Mini Gooner trophies": the last word decides."""
    head, _, last = word.rpartition(" ")
    return f"{head} {IRREGULAR.get(last, last + 's')}".lstrip()


def count(n: int, word: str) -> str:
    """`n` and the word, singular for exactly one (and minus one): "1 Chip", "0 Chips"."""
    return f"{n} {word if abs(n) == 1 else plural_of(word)}"


def signed_count(n: int, word: str) -> str:
    """A change: "+1 point", "+2 trophies", "-1 Chip", "0 points"."""
    number = f"{n:+d}" if n else "0"
    return f"{number} {word if abs(n) == 1 else plural_of(word)}"
