"""A8.1 The bit checks of table chat (S51): exactly the examples of armed.md and the
edges of "ASCII only, no other normalisation"."""

import pytest

from games.armed.engine import bit_ok


@pytest.mark.parametrize(
    ("bit", "text", "keeps"),
    [
        ("cluck", "Bawk!", True),
        ("cluck", "i fire at bo BAWK bawk.", True),
        ("cluck", "bawk bawk yes", False),
        ("cluck", "bAwK ~?!. \t\r\n", True),
        ("cluck", "bawK\u00a0", False),  # a no-break space is not one of the four spaces
        ("cluck", "BAW\u212a", False),  # KELVIN SIGN lowers to k in Unicode, not here
        ("cluck", "", False),
        ("shout", "I COMPLY!!", True),
        ("shout", "I COMPLY!! ok", False),
        ("shout", "ÉTÉ é", True),  # lower-case letters are ASCII a-z only
        ("shout", "", True),
        ("pose", "*strikes a pose* fine", True),
        ("pose", " \t\r\n*pose", True),
        ("pose", "\u00a0*pose", False),
        ("pose", "fine *pose*", False),
    ],
)
def test_bit_examples(bit, text, keeps):
    assert bit_ok(bit, text) is keeps


def test_an_unknown_bit_is_a_programming_error():
    with pytest.raises(ValueError):
        bit_ok("yodel", "hi")
