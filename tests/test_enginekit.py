"""goonsite/enginekit: the command line and strict JSON reader every engine's `__main__.py`
is, and the SplitMix64 stream of the table games. Each engine's own tests (test_cli.py,
test_stream.py, the case books) check the engines through it; these check the kit's
switches on their own."""

from __future__ import annotations

import pytest

from goonsite.enginekit import cli
from goonsite.enginekit.splitmix import SplitMix64, SplitMix64High


class Unreadable(ValueError):
    pass


def echo(game: object) -> object:
    if game == "refuse":
        raise Unreadable("the game says no")
    return {"got": game}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("[1]".encode("utf-16"), "the input is not UTF-8 (byte 0)"),
        (b'{"seed": NaN}', "not JSON: NaN is not a JSON number"),
        (b"[-Infinity]", "not JSON: -Infinity is not a JSON number"),
        (b"{", "not JSON: Expecting property name enclosed in double quotes"),
        (b"[" * 100_000 + b"]" * 100_000, "the input nests deeper than this engine can read"),
        (b"9" * 5000, "an integer in the input has more than 4300 digits"),
    ],
)
def test_unreadable_input_is_the_engines_own_error(data: bytes, message: str):
    with pytest.raises(Unreadable) as caught:
        cli.read_json(data, Unreadable)
    assert str(caught.value).startswith(message)


def test_a_lone_surrogate_is_refused_only_where_the_contract_asks():
    """party-engine.md refuses a lone `\\ud800` escape; the other engines read it."""
    data = b'{"seats": [{"id": "ok \\u00e9"}, {"id": "\\ud800"}]}'
    assert cli.read_json(data, Unreadable)["seats"][1]["id"] == "\ud800"
    with pytest.raises(Unreadable, match="lone surrogate"):
        cli.read_json(data, Unreadable, unicode_only=True)
    paired = b'["\\ud83d\\ude00"]'
    assert cli.read_json(paired, Unreadable, unicode_only=True) == ["\U0001f600"]


def test_the_command_line(tmp_path, capsys):
    game = tmp_path / "game.json"
    game.write_text('{"a": [1, "\\u00e9"]}')
    assert cli.main([str(game)], echo, prog="games.x.engine", error=Unreadable) == 0
    out, err = capsys.readouterr()
    assert (out, err) == ('{"got": {"a": [1, "\\u00e9"]}}\n', "")

    game.write_text('"refuse"')
    assert cli.main([str(game)], echo, prog="games.x.engine", error=Unreadable) == 2
    assert capsys.readouterr() == ("", "error: the game says no\n")

    assert cli.main(["a", "b"], echo, prog="games.x.engine", error=Unreadable) == 2
    assert capsys.readouterr().err == "error: usage: python -m games.x.engine [FILE]\n"

    missing = str(tmp_path / "missing.json")
    assert cli.main([missing], echo, prog="games.x.engine", error=Unreadable) == 2
    assert capsys.readouterr().err == f"error: cannot read {missing}: No such file or directory\n"


def test_the_two_reductions_share_one_stream():
    """armed-engine.md and chaos-engine.md draw `next() mod n`, party-engine.md the high
    word of `next() * n`: the same words, other numbers (party's own check values)."""
    low, high = SplitMix64(42), SplitMix64High(42)
    assert [low.next() for _ in range(3)] == [high.next() for _ in range(3)]
    low, high = SplitMix64(42), SplitMix64High(42)
    assert [high.below(10) for _ in range(5)] == [7, 1, 2, 3, 0]
    assert [low.below(10) for _ in range(5)] != [7, 1, 2, 3, 0]
    items = list(range(10))
    SplitMix64High(7).shuffle(items)
    assert items == [9, 5, 8, 6, 1, 2, 4, 7, 0, 3]
