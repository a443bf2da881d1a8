"""Counting words: "1 Chip", never "1 Chips" (issue 28's wording)."""

import pytest

from goonsite.words import count, signed_count


@pytest.mark.parametrize(
    ("n", "word", "said"),
    [
        (1, "Chip", "1 Chip"),
        (0, "Chip", "0 Chips"),
        (2, "Chip", "2 Chips"),
        (1, "Vertebra", "1 Vertebra"),
        (25, "Vertebra", "25 Vertebrae"),
        (3, "Mini Gooner trophy", "3 Mini Gooner trophies"),
        (-1, "card", "-1 card"),
    ],
)
def test_count_says_one_in_the_singular(n, word, said):
    assert count(n, word) == said


def test_signed_count_for_changes():
    assert signed_count(1, "point") == "+1 point"
    assert signed_count(2, "trophy") == "+2 trophies"
    assert signed_count(-3, "Chip") == "-3 Chips"
    assert signed_count(0, "point") == "0 points"
